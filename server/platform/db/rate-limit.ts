import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from './database';
import { rateLimitHits } from './schema';

export interface Limit {
  /** Counted events allowed inside the window. */
  max: number;
  windowMs: number;
}

export interface LimitCheck {
  allowed: boolean;
  /** When not allowed: how long until one more event fits in every window. */
  retryAfterMs: number;
}

/**
 * Sliding-window limits over `rate_limit_hits`. `check` and `record` run inside the caller's transaction after
 * `lock`, so two concurrent requests for one key cannot both squeeze under the limit.
 */
export async function lockKey(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

export async function checkLimits(executor: DbOrTx, key: string, limits: Limit[], now: Date): Promise<LimitCheck> {
  // A limit with max 0 or an empty window is switched off (configurable limits, see env.ts).
  const active = limits.filter((l) => l.max > 0 && l.windowMs > 0);
  if (active.length === 0) return { allowed: true, retryAfterMs: 0 };
  const longest = Math.max(...active.map((l) => l.windowMs));
  const rows = await executor
    .select({ createdAt: rateLimitHits.createdAt })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.createdAt, new Date(now.getTime() - longest))))
    .orderBy(asc(rateLimitHits.createdAt));
  const times = rows.map((r) => r.createdAt.getTime());
  let retryAfterMs = 0;
  for (const limit of active) {
    const inWindow = times.filter((t) => t > now.getTime() - limit.windowMs);
    if (inWindow.length >= limit.max) {
      // The window frees a slot when the hit that put it at the limit ages out.
      const blocking = inWindow[inWindow.length - limit.max] ?? now.getTime();
      retryAfterMs = Math.max(retryAfterMs, blocking + limit.windowMs - now.getTime());
    }
  }
  return { allowed: retryAfterMs === 0, retryAfterMs };
}

export async function recordHit(executor: DbOrTx, key: string, now: Date): Promise<void> {
  await executor.insert(rateLimitHits).values({ key, createdAt: now });
}

/**
 * One attempt counted against several keys at once (per IP and per company, say), all or none: each key is locked,
 * every limit checked, and only when all allow it is a hit recorded on each. Returns 0, or how long until the
 * attempt would fit under every limit.
 */
export async function takeHits(tx: Tx, checks: Array<{ key: string; limits: Limit[] }>, now: Date): Promise<number> {
  for (const { key } of checks) await lockKey(tx, key);
  let retryAfterMs = 0;
  for (const { key, limits } of checks) retryAfterMs = Math.max(retryAfterMs, (await checkLimits(tx, key, limits, now)).retryAfterMs);
  if (retryAfterMs > 0) return retryAfterMs;
  for (const { key } of checks) await recordHit(tx, key, now);
  return 0;
}

export async function countHits(executor: DbOrTx, key: string, windowMs: number, now: Date): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.createdAt, new Date(now.getTime() - windowMs))));
  return row?.count ?? 0;
}

/** Deletes hits older than the longest window any limit uses. */
export async function pruneHits(executor: DbOrTx, olderThan: Date): Promise<number> {
  const deleted = await executor
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.createdAt, olderThan))
    .returning({ id: rateLimitHits.id });
  return deleted.length;
}
