import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '@server/platform/db/database';
import { apiIdempotencyKeys } from '@server/platform/db/schema';
import { DAY, MINUTE } from '@server/platform/lib/clock';

/** How long a first answer is replayed. */
export const IDEMPOTENCY_TTL_MS = 1 * DAY;
/** A first request still unanswered after this (its process died) no longer holds the key. */
const ABANDONED_MS = 1 * MINUTE;

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
 * Claims `key` for this API key, or says what the first request with it answered. The unique (api key, key) index
 * decides between two concurrent first requests: one claims it, the other hears "in progress" (409).
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
  if (now.getTime() - row.createdAt.getTime() < ABANDONED_MS) return { kind: 'in_progress' };
  const [taken] = await db
    .update(apiIdempotencyKeys)
    .set({ createdAt: now })
    .where(and(eq(apiIdempotencyKeys.id, row.id), isNull(apiIdempotencyKeys.status), lt(apiIdempotencyKeys.createdAt, new Date(now.getTime() - ABANDONED_MS))))
    .returning({ id: apiIdempotencyKeys.id });
  return taken ? { kind: 'new', id: taken.id } : { kind: 'in_progress' };
}

/**
 * Stores the answer to replay. A server error is not an answer: the claim is dropped, so a retry with the same key
 * runs again.
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
