import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/platform/db/database';
import { apiRateWindows } from '@server/platform/db/schema';
import { MINUTE } from '@server/platform/lib/clock';

export interface RateState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window ends (RateLimit-Reset, and Retry-After when refused). */
  resetSeconds: number;
}

/**
 * Counts one request against a key's per-minute limit: a fixed window, one row per key and minute, incremented in
 * one statement (`insert … on conflict do update … returning`), so every instance sees the same count without a
 * lock or a read of past hits (decision 0042: the sliding log of rate_limit_hits reads every hit of the window on
 * each request, too much at API rates).
 */
export async function countRequest(db: DbOrTx, apiKeyId: string, limit: number, now: Date): Promise<RateState> {
  const windowStart = new Date(Math.floor(now.getTime() / MINUTE) * MINUTE);
  const [row] = await db
    .insert(apiRateWindows)
    .values({ apiKeyId, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [apiRateWindows.apiKeyId, apiRateWindows.windowStart], set: { count: sql`${apiRateWindows.count} + 1` } })
    .returning({ count: apiRateWindows.count });
  const used = row?.count ?? 1;
  return {
    allowed: used <= limit,
    limit,
    remaining: Math.max(0, limit - used),
    resetSeconds: Math.max(1, Math.ceil((windowStart.getTime() + MINUTE - now.getTime()) / 1000)),
  };
}

/** The IETF draft's headers (draft-ietf-httpapi-ratelimit-headers): limit, what is left, seconds to the reset. */
export function rateLimitHeaders(state: RateState): Record<string, string> {
  return {
    'ratelimit-limit': String(state.limit),
    'ratelimit-remaining': String(state.remaining),
    'ratelimit-reset': String(state.resetSeconds),
    'ratelimit-policy': `${state.limit};w=60`,
  };
}

/** Windows that ended are only history: the cleanup job deletes them. */
export async function pruneRateWindows(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(apiRateWindows).where(lt(apiRateWindows.windowStart, before));
}
