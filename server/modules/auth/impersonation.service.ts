import { eq } from 'drizzle-orm';
import type { Database } from '@server/platform/db/database';
import { users } from '@server/platform/db/schema';
import { writeAudit } from '@server/modules/audit/audit.service';
import { createSession, IMPERSONATION_TTL_MS } from './session.service';

export interface ImpersonationToken {
  token: string;
  expiresAt: Date;
  user: { id: string; email: string; companyId: string };
}

/**
 * Support impersonation for the spec's `adminAuth`: a session credential for the user that lives at most 60
 * minutes, never slides, is flagged as impersonation and leaves an audit entry in the user's company.
 */
export async function issueImpersonationToken(
  db: Database,
  input: { email: string; operator: string; now: Date },
): Promise<ImpersonationToken | null> {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    if (!user) return null;
    const session = await createSession(tx, {
      userId: user.id,
      companyId: user.companyId,
      kind: 'impersonation',
      impersonatedBy: input.operator,
      now: input.now,
      meta: { ip: null, userAgent: null },
    });
    await writeAudit(tx, {
      companyId: user.companyId,
      actorUserId: null,
      actorKind: 'support',
      action: 'support.impersonation_started',
      targetType: 'user',
      targetId: user.id,
      metadata: { operator: input.operator, sessionId: session.sessionId, expiresAt: session.expiresAt.toISOString(), ttlMinutes: IMPERSONATION_TTL_MS / 60_000 },
      at: input.now,
    });
    return { token: session.token, expiresAt: session.expiresAt, user: { id: user.id, email: user.email, companyId: user.companyId } };
  });
}
