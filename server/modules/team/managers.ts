import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@server/platform/db/database';
import { users } from '@server/platform/db/schema';
import type { CompanyScope } from '@server/platform/db/scope';
import { AppError } from '@server/platform/errors/app-error';

/**
 * Whether the caller is the company's owner or an admin: who may change what speaks or sells in the company's name
 * (the website widget, the AI assistant, the price book). Read in the caller's transaction, so a role changed a
 * moment ago counts.
 */
export async function isOwnerOrAdmin(executor: DbOrTx, scope: Pick<CompanyScope, 'companyId' | 'userId'>): Promise<boolean> {
  const [user] = await executor
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, scope.userId), eq(users.companyId, scope.companyId)))
    .limit(1);
  return user?.role === 'owner' || user?.role === 'admin';
}

/** Refuses a change to `what` (e.g. "the price book") unless the caller is the owner or an admin. */
export async function assertOwnerOrAdmin(executor: DbOrTx, scope: Pick<CompanyScope, 'companyId' | 'userId'>, what: string): Promise<void> {
  if (!(await isOwnerOrAdmin(executor, scope))) throw new AppError('FORBIDDEN', `Only the owner or an admin can change ${what}.`);
}
