import { and, eq, isNull } from 'drizzle-orm';
import { truncate } from '@contracts/text';
import type { Database, DbOrTx } from '@server/platform/db/database';
import { companies, sessions, users } from '@server/platform/db/schema';
import { DAY, MINUTE } from '@server/platform/lib/clock';
import { generateToken, sha256Hex } from '@server/platform/lib/crypto';

export const SESSION_IDLE_TTL_MS = 30 * DAY;
export const IMPERSONATION_TTL_MS = 60 * MINUTE;
/** Sliding expiry is written at most this often per session, not on every request. */
const TOUCH_INTERVAL_MS = 5 * MINUTE;

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

export interface NewSession {
  token: string;
  sessionId: string;
  expiresAt: Date;
}

export async function createSession(
  executor: DbOrTx,
  input: {
    userId: string;
    companyId: string;
    kind: 'user' | 'impersonation';
    now: Date;
    meta: RequestMeta;
    impersonatedBy?: string;
  },
): Promise<NewSession> {
  const token = generateToken();
  const ttl = input.kind === 'impersonation' ? IMPERSONATION_TTL_MS : SESSION_IDLE_TTL_MS;
  const expiresAt = new Date(input.now.getTime() + ttl);
  const [row] = await executor
    .insert(sessions)
    .values({
      userId: input.userId,
      companyId: input.companyId,
      tokenHash: sha256Hex(token),
      kind: input.kind,
      impersonatedBy: input.impersonatedBy ?? null,
      ip: input.meta.ip,
      userAgent: input.meta.userAgent ? truncate(input.meta.userAgent, 512) : null,
      createdAt: input.now,
      lastUsedAt: input.now,
      expiresAt,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return { token, sessionId: row.id, expiresAt };
}

export interface AuthenticatedSession {
  sessionId: string;
  kind: 'user' | 'impersonation';
  /** When the session ends unless used again (an impersonation session is never extended). */
  expiresAt: Date;
  /** Support access: who asked for it (the operator named to `npm run admin:token`), when known. */
  impersonatedBy: string | null;
  user: typeof users.$inferSelect;
  company: typeof companies.$inferSelect;
}

/**
 * Resolves a bearer token to its live session, user and company, or null when the token is unknown, expired or
 * revoked. A user session's 30-day idle expiry slides forward with use; an impersonation session never does.
 */
export async function resolveSession(db: Database, token: string, now: Date): Promise<AuthenticatedSession | null> {
  if (!token || token.length > 256) return null;
  const [row] = await db
    .select({ session: sessions, user: users, company: companies })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, sessions.companyId))
    .where(and(eq(sessions.tokenHash, sha256Hex(token)), isNull(sessions.revokedAt)))
    .limit(1);
  if (!row) return null;
  if (row.session.expiresAt.getTime() <= now.getTime()) return null;
  if (row.user.companyId !== row.session.companyId) return null;

  if (row.session.kind === 'user' && now.getTime() - row.session.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + SESSION_IDLE_TTL_MS) })
      .where(eq(sessions.id, row.session.id));
    await db.update(users).set({ lastActiveAt: now }).where(eq(users.id, row.user.id));
  }
  return { sessionId: row.session.id, kind: row.session.kind, expiresAt: row.session.expiresAt, impersonatedBy: row.session.impersonatedBy, user: row.user, company: row.company };
}

export async function revokeSession(executor: DbOrTx, sessionId: string, now: Date): Promise<void> {
  await executor
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Accepts `Bearer <token>` or the bare token, as the spec's clients send either. */
export function parseAuthorizationHeader(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const trimmed = value.trim();
  const match = /^bearer\s+(.+)$/i.exec(trimmed);
  const token = (match ? match[1] : trimmed)?.trim();
  return token ? token : null;
}
