/**
 * A small in-process cache of live sessions, by SHA-256 of the token, so a signed-in request does not read the
 * database to learn who is calling (docs/decisions/0019-session-cache.md):
 *
 * - an entry lives `ttlMs` (a few seconds) of the server's clock, then the session is read again;
 * - a revocation on this process is immediate: `forgetSession` / `forgetCompany` drop the entries, and a lookup
 *   that was already reading the database when they were called does not put its (older) answer in the cache;
 * - on another process (several instances on one Postgres server) it shows within `ttlMs`;
 * - at most `maxEntries`; beyond that the oldest entries go first;
 * - unknown tokens are never cached, so guessing tokens cannot push live sessions out;
 * - concurrent lookups of one token share one database read.
 */
import type { SessionCompany, SessionUser } from '@server/platform/auth/session';

export interface CachedSession {
  sessionId: string;
  kind: 'user' | 'impersonation';
  expiresAt: Date;
  lastUsedAt: Date;
  impersonatedBy: string | null;
  user: Readonly<SessionUser>;
  company: Readonly<SessionCompany>;
}

export const SESSION_CACHE_TTL_MS = 5_000;
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

interface Entry {
  session: CachedSession;
  until: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<CachedSession | null>>();
  /** Bumped by every forget: a lookup that started before one does not store its answer. */
  private generation = 0;
  readonly ttlMs: number;
  readonly maxEntries: number;

  constructor(options: { ttlMs?: number; maxEntries?: number } = {}) {
    this.ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
    this.maxEntries = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached session of `tokenHash`, or `load()`'s answer (cached when it is a session). */
  async get(tokenHash: string, nowMs: number, load: () => Promise<CachedSession | null>): Promise<CachedSession | null> {
    const entry = this.entries.get(tokenHash);
    if (entry) {
      if (entry.until > nowMs) return entry.session;
      this.entries.delete(tokenHash);
    }
    const pending = this.loading.get(tokenHash);
    if (pending) return pending;

    const generation = this.generation;
    const done = () => {
      if (this.loading.get(tokenHash) === loaded) this.loading.delete(tokenHash);
    };
    const loaded: Promise<CachedSession | null> = load().then(
      (session) => {
        done();
        if (session && generation === this.generation && this.ttlMs > 0) this.store(tokenHash, session, nowMs);
        return session;
      },
      (error: unknown) => {
        done();
        throw error;
      },
    );
    this.loading.set(tokenHash, loaded);
    return loaded;
  }

  private store(tokenHash: string, session: CachedSession, nowMs: number): void {
    this.entries.delete(tokenHash);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(tokenHash, { session, until: nowMs + this.ttlMs });
  }

  forgetToken(tokenHash: string): void {
    this.generation += 1;
    this.entries.delete(tokenHash);
    this.loading.delete(tokenHash);
  }

  forgetSession(sessionId: string): void {
    this.forgetWhere((session) => session.sessionId === sessionId);
  }

  /** After a change to a company, its users or its sessions: every session of that company is read again. */
  forgetCompany(companyId: string): void {
    this.forgetWhere((session) => session.company.id === companyId);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }

  private forgetWhere(matches: (session: CachedSession) => boolean): void {
    this.generation += 1;
    // Lookups in flight may carry the old state: they still answer their callers, but are no longer shared.
    this.loading.clear();
    for (const [hash, entry] of this.entries) if (matches(entry.session)) this.entries.delete(hash);
  }
}
