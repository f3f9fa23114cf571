import { and, eq, isNull } from 'drizzle-orm';
import { truncate } from '@contracts/text';
import type { Database, DbOrTx } from '@server/platform/db/database';
import { companies, sessions, users } from '@server/platform/db/schema';
import { DAY, MINUTE } from '@server/platform/lib/clock';
import { generateToken, sha256Hex } from '@server/platform/lib/crypto';
import type { AuthenticatedSession, SessionResolver } from '@server/platform/auth/session';
import { type CachedSession, SessionCache } from './session-cache';

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

/** The live (not revoked) session of a token hash with its user and company, only the columns used. */
async function loadSession(db: Database, tokenHash: string): Promise<CachedSession | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      kind: sessions.kind,
      sessionCompanyId: sessions.companyId,
      expiresAt: sessions.expiresAt,
      lastUsedAt: sessions.lastUsedAt,
      impersonatedBy: sessions.impersonatedBy,
      userId: users.id,
      userCompanyId: users.companyId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      userCreatedAt: users.createdAt,
      companyId: companies.id,
      companyName: companies.name,
      signupPhone: companies.signupPhone,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, sessions.companyId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
    .limit(1);
  if (!row) return null;
  if (row.userCompanyId !== row.sessionCompanyId) return null;
  return {
    sessionId: row.sessionId,
    kind: row.kind,
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
    impersonatedBy: row.impersonatedBy,
    user: Object.freeze({ id: row.userId, companyId: row.userCompanyId, email: row.email, firstName: row.firstName, lastName: row.lastName, createdAt: row.userCreatedAt, role: row.role }),
    company: Object.freeze({ id: row.companyId, name: row.companyName, signupPhone: row.signupPhone }),
  };
}

/**
 * Resolves a bearer token to its live session, user and company, or null when the token is unknown, expired or
 * revoked. A user session's 30-day idle expiry slides forward with use; an impersonation session never does.
 * With a cache (the server's), a session read in the last few seconds is not read again
 * (docs/decisions/0019-session-cache.md).
 */
export async function resolveSession(db: Database, token: string, now: Date, cache?: SessionCache): Promise<AuthenticatedSession | null> {
  if (!token || token.length > 256) return null;
  const tokenHash = sha256Hex(token);
  const nowMs = now.getTime();
  let session = cache ? await cache.get(tokenHash, nowMs, () => loadSession(db, tokenHash)) : await loadSession(db, tokenHash);
  if (session && cache && session.expiresAt.getTime() <= nowMs) {
    // Expired by the cached copy: another instance may have extended it since. Ask the database.
    cache.forgetToken(tokenHash);
    session = await cache.get(tokenHash, nowMs, () => loadSession(db, tokenHash));
  }
  if (!session) return null;
  const { expiresAt } = session;
  if (expiresAt.getTime() <= nowMs) return null;

  if (session.kind === 'user' && nowMs - session.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
    // Marked first, so concurrent requests of this session (sharing the cached copy) write it once.
    session.lastUsedAt = now;
    session.expiresAt = new Date(nowMs + SESSION_IDLE_TTL_MS);
    try {
      await db.update(sessions).set({ lastUsedAt: now, expiresAt: session.expiresAt }).where(eq(sessions.id, session.sessionId));
      await db.update(users).set({ lastActiveAt: now }).where(eq(users.id, session.user.id));
    } catch (error) {
      cache?.forgetToken(tokenHash);
      throw error;
    }
  }
  return { sessionId: session.sessionId, kind: session.kind, expiresAt, impersonatedBy: session.impersonatedBy, user: session.user, company: session.company };
}

/** Ends a session; on this process at once, even for a token read into the cache a moment ago. */
export async function revokeSession(executor: DbOrTx, sessionId: string, now: Date, cache?: Pick<SessionResolver, 'forgetSession'>): Promise<void> {
  cache?.forgetSession(sessionId);
  await executor
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * The server's session resolver (the platform's port): sessions read from the database, each kept a few seconds
 * in this process's cache. How it stays true across instances: docs/decisions/0019-session-cache.md.
 */
export class CachedSessionResolver extends SessionCache implements SessionResolver {
  constructor(
    private readonly db: Database,
    options: ConstructorParameters<typeof SessionCache>[0] = {},
  ) {
    super(options);
  }

  resolve(token: string, now: Date): Promise<AuthenticatedSession | null> {
    return resolveSession(this.db, token, now, this);
  }
}
