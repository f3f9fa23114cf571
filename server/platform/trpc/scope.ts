import type { Context } from './context';

/** The caller's company and identity, for services: every query filters on `companyId`. */
export interface CompanyScope {
  db: Context['deps']['db'];
  companyId: string;
  userId: string;
  now: Date;
  ip: string | null;
}

export function companyScope(ctx: Context & { companyId: string; userId: string }): CompanyScope {
  return { db: ctx.deps.db, companyId: ctx.companyId, userId: ctx.userId, now: ctx.deps.clock.now(), ip: ctx.ip };
}
