import { and, eq } from 'drizzle-orm';
import { onlyRoleCan, type Role, roleAllows } from '@contracts/team';
import type { DbOrTx } from '@server/platform/db/database';
import { users } from '@server/platform/db/schema';
import type { CompanyScope } from '@server/platform/db/scope';
import { AppError } from '@server/platform/errors/app-error';
import { PROCEDURE_ROLES, type ProcedurePath } from '@server/platform/trpc/roles';

/** The caller's role read in the caller's transaction (so a role changed a moment ago counts), or null if they left. */
async function roleOf(executor: DbOrTx, scope: Pick<CompanyScope, 'companyId' | 'userId'>): Promise<Role | null> {
  const [user] = await executor
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, scope.userId), eq(users.companyId, scope.companyId)))
    .limit(1);
  return user?.role ?? null;
}

/** The minimum role of a signed-in procedure, from the one role table (server/platform/trpc/roles.ts). */
function minimumOf(procedure: ProcedurePath): Role {
  const access = PROCEDURE_ROLES[procedure];
  if (access === 'public') throw new Error(`${procedure} is public: no role to check`);
  return access;
}

/**
 * Whether the caller may call `procedure` now, by the role table: what a screen's `canEdit` says. Services check it
 * again inside their transaction (a role changed a moment ago counts) and for callers outside tRPC (HTTP routes).
 */
export async function mayCallNow(executor: DbOrTx, scope: Pick<CompanyScope, 'companyId' | 'userId'>, procedure: ProcedurePath): Promise<boolean> {
  const role = await roleOf(executor, scope);
  return role !== null && roleAllows(role, minimumOf(procedure));
}

/** Refuses a change to `what` (e.g. "the price book") unless the role table lets the caller call `procedure`. */
export async function assertMayCall(executor: DbOrTx, scope: Pick<CompanyScope, 'companyId' | 'userId'>, procedure: ProcedurePath, what: string): Promise<void> {
  if (!(await mayCallNow(executor, scope, procedure))) throw new AppError('FORBIDDEN', onlyRoleCan(minimumOf(procedure), `change ${what}`));
}

/** For a rule the table cannot say (it depends on the input: someone else's hours): owner or admin. */
export async function isOwnerOrAdmin(executor: DbOrTx, scope: Pick<CompanyScope, 'companyId' | 'userId'>): Promise<boolean> {
  const role = await roleOf(executor, scope);
  return role !== null && roleAllows(role, 'admin');
}
