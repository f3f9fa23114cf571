import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '@server/platform/db/database';
import { apiIdempotencyKeys } from '@server/platform/db/schema';
import { DAY } from '@server/platform/lib/clock';

/** How long a first answer is replayed. */
export const IDEMPOTENCY_TTL_MS = 1 * DAY;

export type IdempotencyStart =
  | { kind: 'new'; id: string }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'mismatch' }
  | { kind: 'in_progress' };

/** What makes two requests "the same": the method, the route's address and the exact JSON body. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${url}\n${JSON.stringify(body ?? null)}`).digest('hex');
}

/**
 * Claims `key` for this API key, or says what the first request with it answered. Called inside the transaction
 * that also runs the request and stores its answer (api.routes.ts), so a claim is never seen without its answer:
 * a second request with the key waits on the unique (api key, key) index until the first commits (then replays
 * it) or rolls back (then claims it). `in_progress` is only for a claim left unanswered by the older two-step code.
 */
export async function beginIdempotent(db: DbOrTx, input: { companyId: string; apiKeyId: string; key: string; requestHash: string; now: Date }): Promise<IdempotencyStart> {
  const { now } = input;
  const mine = and(eq(apiIdempotencyKeys.apiKeyId, input.apiKeyId), eq(apiIdempotencyKeys.key, input.key));
  // Past its 24 hours a key is free again.
  await db.delete(apiIdempotencyKeys).where(and(mine, lt(apiIdempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))));
  const [claimed] = await db
    .insert(apiIdempotencyKeys)
    .values({ companyId: input.companyId, apiKeyId: input.apiKeyId, key: input.key, requestHash: input.requestHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: apiIdempotencyKeys.id });
  if (claimed) return { kind: 'new', id: claimed.id };
  const [row] = await db.select().from(apiIdempotencyKeys).where(mine).limit(1);
  if (!row) return { kind: 'in_progress' };
  if (row.requestHash !== input.requestHash) return { kind: 'mismatch' };
  if (row.status !== null) return { kind: 'replay', status: row.status, body: row.body ?? '' };
  return { kind: 'in_progress' };
}

/**
 * Stores the answer to replay, in the request's transaction. A server error answered (not thrown) is not an answer
 * to keep: the claim is dropped, so a retry with the same key runs again. (A thrown error rolls everything back.)
 */
export async function finishIdempotent(db: DbOrTx, id: string, answer: { status: number; body: string }, now: Date): Promise<void> {
  if (answer.status >= 500) {
    await db.delete(apiIdempotencyKeys).where(eq(apiIdempotencyKeys.id, id));
    return;
  }
  await db.update(apiIdempotencyKeys).set({ status: answer.status, body: answer.body, completedAt: now }).where(eq(apiIdempotencyKeys.id, id));
}

export async function pruneIdempotencyKeys(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(apiIdempotencyKeys).where(lt(apiIdempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
}
