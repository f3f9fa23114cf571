import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@server/platform/db/database';
import { users } from '@server/platform/db/schema';
import type { CompanyScope } from '@server/platform/trpc/scope';

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
