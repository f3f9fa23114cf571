import { useQuery } from '@tanstack/react-query';
import { onlyRoleCan, type Role, roleAllows } from '@contracts/team';
import { useTRPC } from '@/shared/api-react';

/**
 * The caller's role (`currentSession`, the same query as the support banner's): screens hide what it cannot do and
 * say why. Only a guide: the server refuses anything below a procedure's role (server/platform/trpc/roles.ts).
 */
export function useMyRole(): Role | null {
  const trpc = useTRPC();
  const session = useQuery({ ...trpc.currentSession.queryOptions(), staleTime: Infinity });
  return session.data?.role ?? null;
}

/** null when the role may do it (or is not known yet); otherwise the sentence saying who can ("Only the owner can …"). */
export function refusalFor(role: Role | null, minimum: Role, what: string): string | null {
  if (role === null || roleAllows(role, minimum)) return null;
  return onlyRoleCan(minimum, what);
}
