import type { CompanyScope } from '@server/platform/db/scope';
import type { Context } from './context';

/** The company scope of a signed-in procedure's caller. */
export function companyScope(ctx: Context & { companyId: string; userId: string }): CompanyScope {
  return { db: ctx.services.db, companyId: ctx.companyId, userId: ctx.userId, now: ctx.services.clock.now(), ip: ctx.ip };
}
