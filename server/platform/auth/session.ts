import type { companies, users } from '@server/platform/db/schema';

/** The columns of the caller that procedures use (getCurrentLoggedInUser, the role table): no more is read or kept. */
export type SessionUser = Pick<typeof users.$inferSelect, 'id' | 'companyId' | 'email' | 'firstName' | 'lastName' | 'createdAt' | 'role'>;
export type SessionCompany = Pick<typeof companies.$inferSelect, 'id' | 'name' | 'signupPhone'>;

/** A live session with its user and company, as every authenticated edge (tRPC, HTTP routes) sees the caller. */
export interface AuthenticatedSession {
  sessionId: string;
  kind: 'user' | 'impersonation';
  /** When the session ends unless used again (an impersonation session is never extended). */
  expiresAt: Date;
  /** Support access: who asked for it (the operator named to `npm run admin:token`), when known. */
  impersonatedBy: string | null;
  user: Readonly<SessionUser>;
  company: Readonly<SessionCompany>;
}

/**
 * The port through which the platform's edges learn who is calling; the auth module implements it (sessions in
 * the database behind a short in-process cache, docs/decisions/0019-session-cache.md), so the platform needs no
 * module to authenticate a request.
 */
export interface SessionResolver {
  /** The live session of a bearer token, or null when it is missing, unknown, expired or revoked. */
  resolve(token: string, now: Date): Promise<AuthenticatedSession | null>;
  /** After a change that may touch what sessions carry (a company's name, a sign-out): read them again. */
  forgetCompany(companyId: string): void;
  /** A session revoked on this process ends here at once. */
  forgetSession(sessionId: string): void;
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
