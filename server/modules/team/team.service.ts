import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@server/platform/db/database';
import { users } from '@server/platform/db/schema';
import { notFound } from '@server/platform/errors/app-error';
import type { CompanyScope } from '@server/platform/db/scope';

/** The company's people by first name; `me` marks the caller. */
export async function listTeam(scope: Pick<CompanyScope, 'db' | 'companyId' | 'userId'>) {
  const rows = await scope.db.select().from(users).where(eq(users.companyId, scope.companyId)).orderBy(asc(users.firstName));
  return rows.map((u) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email, role: u.role, me: u.id === scope.userId }));
}

/** NOT_FOUND unless `userId` (when given) is one of the company's people. */
export async function assertTeamMember(executor: DbOrTx, companyId: string, userId: string | null | undefined) {
  if (!userId) return;
  const [member] = await executor.select({ id: users.id }).from(users).where(and(eq(users.id, userId), eq(users.companyId, companyId))).limit(1);
  if (!member) throw notFound('Team member');
}
