import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { API_KEY_MARK, type ApiKeyScope, MAX_ACTIVE_API_KEYS } from '@contracts/api-keys';
import { apiKeys, users } from '@server/platform/db/schema';
import type { DbOrTx } from '@server/platform/db/database';
import type { CompanyScope } from '@server/platform/db/scope';
import { AppError, notFound } from '@server/platform/errors/app-error';
import { MINUTE } from '@server/platform/lib/clock';
import { sha256Hex } from '@server/platform/lib/crypto';
import type { AppServices } from '@server/platform/services';
import { writeUserAudit } from '@server/modules/audit/audit.service';

type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * Key management is the owner's (decision 0042): a key reads and writes the whole company's leads. The role table
 * of issue 25 part 1 names these procedures owner-only too; this check stays as the service's own word.
 */
export async function assertOwner(executor: DbOrTx, scope: Pick<CompanyScope, 'companyId' | 'userId'>): Promise<void> {
  const [user] = await executor
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, scope.userId), eq(users.companyId, scope.companyId)))
    .limit(1);
  if (user?.role !== 'owner') throw new AppError('FORBIDDEN', 'Only the owner can see and manage API keys.');
}

/** `ll_live_<8 hex>_<43 base64url>`: 256 random bits of secret; the prefix only tells keys apart. */
export function generateApiKey(): { key: string; prefix: string; secretHash: string } {
  const prefix = `${API_KEY_MARK}${randomBytes(4).toString('hex')}`;
  const key = `${prefix}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix, secretHash: sha256Hex(key) };
}

function keyView(row: ApiKeyRow, creator: { firstName: string; lastName: string } | null) {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    rateLimitPerMinute: row.rateLimitPerMinute,
    createdAt: row.createdAt.getTime(),
    createdBy: creator ? `${creator.firstName} ${creator.lastName}`.trim() : null,
    lastUsedAt: row.lastUsedAt?.getTime() ?? null,
    lastUsedIp: row.lastUsedIp,
    revokedAt: row.revokedAt?.getTime() ?? null,
  };
}

export async function listApiKeys(scope: CompanyScope) {
  await assertOwner(scope.db, scope);
  const rows = await scope.db
    .select({ key: apiKeys, firstName: users.firstName, lastName: users.lastName })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(eq(apiKeys.companyId, scope.companyId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => keyView(row.key, row.firstName !== null && row.lastName !== null ? { firstName: row.firstName, lastName: row.lastName } : null));
}

/** Makes a key and answers it this once (only its hash is stored). */
export async function createApiKey(scope: CompanyScope, deps: Pick<AppServices, 'apiKeyRequestsPerMinute'>, input: { name: string; scopes: ApiKeyScope[] }) {
  return scope.db.transaction(async (tx) => {
    await assertOwner(tx, scope);
    const [active] = await tx.select({ n: count() }).from(apiKeys).where(and(eq(apiKeys.companyId, scope.companyId), isNull(apiKeys.revokedAt)));
    if ((active?.n ?? 0) >= MAX_ACTIVE_API_KEYS) {
      throw new AppError('CONFLICT', `You have ${MAX_ACTIVE_API_KEYS} active keys, the most a company may have. Revoke one you no longer use first.`);
    }
    const made = generateApiKey();
    const [row] = await tx
      .insert(apiKeys)
      .values({
        companyId: scope.companyId,
        name: input.name,
        prefix: made.prefix,
        secretHash: made.secretHash,
        scopes: [...new Set(input.scopes)],
        rateLimitPerMinute: deps.apiKeyRequestsPerMinute,
        createdByUserId: scope.userId,
        createdAt: scope.now,
      })
      .returning();
    if (!row) throw new Error('api key insert returned nothing');
    await writeUserAudit(tx, scope, { action: 'api_key.created', targetType: 'api_key', targetId: row.id, metadata: { name: row.name, prefix: row.prefix, scopes: row.scopes } });
    return { key: made.key, apiKey: keyView(row, null) };
  });
}

/** Revokes a key: its next request answers 401 (keys are looked up on every request, never cached). */
export async function revokeApiKey(scope: CompanyScope, id: string) {
  return scope.db.transaction(async (tx) => {
    await assertOwner(tx, scope);
    const [row] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, scope.companyId)))
      .limit(1);
    if (!row) throw notFound('API key');
    if (row.revokedAt) return keyView(row, null);
    const [revoked] = await tx.update(apiKeys).set({ revokedAt: scope.now, revokedByUserId: scope.userId }).where(eq(apiKeys.id, row.id)).returning();
    await writeUserAudit(tx, scope, { action: 'api_key.revoked', targetType: 'api_key', targetId: row.id, metadata: { name: row.name, prefix: row.prefix } });
    return keyView(revoked ?? row, null);
  });
}

/** The key a bearer token names (revoked or not), or null: looked up by the hash of the whole token. */
export async function findApiKey(db: DbOrTx, token: string): Promise<ApiKeyRow | null> {
  if (!token.startsWith(API_KEY_MARK) || token.length > 200) return null;
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.secretHash, sha256Hex(token))).limit(1);
  return row ?? null;
}

/** Last used time and address, written at most once a minute per key (and when the address changes), not on every request. */
export async function touchApiKey(db: DbOrTx, key: ApiKeyRow, ip: string | null, now: Date): Promise<void> {
  if (key.lastUsedAt && now.getTime() - key.lastUsedAt.getTime() < MINUTE && key.lastUsedIp === ip) return;
  const aMinuteAgo = new Date(now.getTime() - MINUTE);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now, lastUsedIp: ip })
    .where(and(eq(apiKeys.id, key.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, aMinuteAgo), sql`${apiKeys.lastUsedIp} is distinct from ${ip}`)));
}
