import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { INVITE_TTL_DAYS, type InvitationStatus, type Role } from '@contracts/team';
import type { Database, Tx } from '@server/platform/db/database';
import { companies, invitations, users } from '@server/platform/db/schema';
import type { CompanyScope } from '@server/platform/db/scope';
import { hasPostgresCode } from '@server/platform/db/pg-errors';
import { checkLimits, lockKey, recordHit } from '@server/platform/db/rate-limit';
import { AppError, invalidField, notFound, tooManyRequests } from '@server/platform/errors/app-error';
import { EMAIL_QUEUE } from '@server/platform/jobs/email.jobs';
import { DAY, HOUR, MINUTE } from '@server/platform/lib/clock';
import { generateNumericCode, generateSalt, generateToken, safeEqualHex, sha256Hex } from '@server/platform/lib/crypto';
import type { AppServices } from '@server/platform/services';
import { writeAudit, writeUserAudit } from '@server/modules/audit/audit.service';
import { CODE_TTL_MS, hashCode, MAX_ATTEMPTS_PER_CODE } from '@server/modules/auth/auth.service';
import { createSession, type RequestMeta } from '@server/modules/auth/session.service';
import { buildInvitationEmail, buildJoinCodeEmail } from './invitation-email';

export const INVITE_TTL_MS = INVITE_TTL_DAYS * DAY;
/** Invitation emails a company may send an hour (invites and resends together). */
export const INVITES_PER_COMPANY_PER_HOUR = 30;
const CODE_COOLDOWN_MS = 30_000;
const CODES_PER_INVITE_PER_HOUR = 5;

type Deps = Pick<AppServices, 'queue' | 'publicUrl'>;
type InvitationRow = typeof invitations.$inferSelect;

/** One login per email: the sentence an inviter (or an invitee) reads when the email already has one. */
export function alreadyHasLogin(email: string): string {
  return `${email} already has a LeadLoop login. One email is one login in one company, so it can't be invited; ask them to use another email address.`;
}

export function invitationStatus(row: Pick<InvitationRow, 'acceptedAt' | 'revokedAt' | 'expiresAt'>, now: Date): InvitationStatus {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

const inviteLink = (deps: Deps, token: string) => `${deps.publicUrl}/invite/${token}`;

async function sendInvitation(tx: Tx, deps: Deps, scope: Pick<CompanyScope, 'companyId' | 'now'>, row: { email: string; role: Role; invitedByName: string }, token: string) {
  const key = `invite-send:company:${scope.companyId}`;
  await lockKey(tx, key);
  const check = await checkLimits(tx, key, [{ max: INVITES_PER_COMPANY_PER_HOUR, windowMs: HOUR }], scope.now);
  if (!check.allowed) throw tooManyRequests('Too many invitations were sent this hour. Try again in {wait}.', check.retryAfterMs);
  await recordHit(tx, key, scope.now);
  const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, scope.companyId)).limit(1);
  const email = buildInvitationEmail({ to: row.email, inviterName: row.invitedByName, companyName: company?.name ?? 'your team', role: row.role, link: inviteLink(deps, token), validDays: INVITE_TTL_DAYS });
  await deps.queue.enqueue(tx, EMAIL_QUEUE, email, { companyId: scope.companyId });
}

/** Only an owner invites (or re-invites) an owner. */
function assertMayGrant(callerRole: Role, role: Role) {
  if (role === 'owner' && callerRole !== 'owner') throw invalidField('role', 'Only the owner can invite another owner.');
}

/**
 * Invites `email` with `role`: a new link (an open invitation of that email is replaced: its old link dies) emailed
 * from the queue. Refused when the email already has a login anywhere in LeadLoop.
 */
export async function inviteMember(scope: CompanyScope, deps: Deps, caller: { role: Role; name: string }, input: { email: string; role: Role }) {
  assertMayGrant(caller.role, input.role);
  const token = generateToken();
  const expiresAt = new Date(scope.now.getTime() + INVITE_TTL_MS);
  const result = await scope.db.transaction(async (tx) => {
    await lockKey(tx, `invite:${scope.companyId}:${input.email}`);
    const [user] = await tx.select({ companyId: users.companyId }).from(users).where(eq(users.email, input.email)).limit(1);
    if (user) throw invalidField('email', user.companyId === scope.companyId ? `${input.email} is already on your team.` : alreadyHasLogin(input.email));
    const values = { role: input.role, tokenHash: sha256Hex(token), invitedByUserId: scope.userId, invitedByName: caller.name, expiresAt, sentAt: scope.now, firstName: null, lastName: null, codeHash: null, codeSalt: null, codeAttempts: 0, codeExpiresAt: null, updatedAt: scope.now };
    const [open] = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(and(eq(invitations.companyId, scope.companyId), eq(invitations.email, input.email), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
      .limit(1);
    const [row] = open
      ? await tx.update(invitations).set(values).where(eq(invitations.id, open.id)).returning()
      : await tx.insert(invitations).values({ ...values, companyId: scope.companyId, email: input.email, createdAt: scope.now }).returning();
    if (!row) throw new Error('invitation write returned nothing');
    await sendInvitation(tx, deps, scope, row, token);
    await writeUserAudit(tx, scope, { action: 'team.invited', targetType: 'invitation', targetId: row.id, metadata: { email: input.email, role: input.role, replaced: Boolean(open) } });
    return row;
  });
  deps.queue.wake();
  return { id: result.id };
}

async function ownOpenInvitation(tx: Tx, scope: Pick<CompanyScope, 'companyId'>, invitationId: string): Promise<InvitationRow> {
  const [row] = await tx.select().from(invitations).where(and(eq(invitations.id, invitationId), eq(invitations.companyId, scope.companyId))).for('update').limit(1);
  if (!row) throw notFound('Invitation');
  if (row.acceptedAt) throw new AppError('PRECONDITION_FAILED', `${row.email} already joined.`);
  if (row.revokedAt) throw new AppError('PRECONDITION_FAILED', 'This invitation was revoked. Invite them again.');
  return row;
}

/** A new link for an open (or expired) invitation, 7 more days; the old link stops working now. */
export async function resendInvitation(scope: CompanyScope, deps: Deps, caller: { role: Role; name: string }, invitationId: string) {
  const token = generateToken();
  await scope.db.transaction(async (tx) => {
    const row = await ownOpenInvitation(tx, scope, invitationId);
    assertMayGrant(caller.role, row.role);
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, row.email)).limit(1);
    if (user) throw new AppError('PRECONDITION_FAILED', alreadyHasLogin(row.email));
    await tx
      .update(invitations)
      .set({ tokenHash: sha256Hex(token), expiresAt: new Date(scope.now.getTime() + INVITE_TTL_MS), sentAt: scope.now, codeHash: null, codeSalt: null, codeAttempts: 0, codeExpiresAt: null, updatedAt: scope.now })
      .where(eq(invitations.id, row.id));
    await sendInvitation(tx, deps, scope, row, token);
    await writeUserAudit(tx, scope, { action: 'team.invitation_resent', targetType: 'invitation', targetId: row.id, metadata: { email: row.email, role: row.role } });
  });
  deps.queue.wake();
  return { success: true };
}

export async function revokeInvitation(scope: CompanyScope, caller: { role: Role }, invitationId: string) {
  await scope.db.transaction(async (tx) => {
    const row = await ownOpenInvitation(tx, scope, invitationId);
    assertMayGrant(caller.role, row.role);
    await tx.update(invitations).set({ revokedAt: scope.now, codeHash: null, codeSalt: null, updatedAt: scope.now }).where(eq(invitations.id, row.id));
    await writeUserAudit(tx, scope, { action: 'team.invitation_revoked', targetType: 'invitation', targetId: row.id, metadata: { email: row.email, role: row.role } });
  });
  return { success: true };
}

/** The company's invitations, newest first, with their status (accepted and revoked ones stay a while as history). */
export async function listInvitations(scope: Pick<CompanyScope, 'db' | 'companyId' | 'now'>) {
  const rows = await scope.db.select().from(invitations).where(eq(invitations.companyId, scope.companyId)).orderBy(desc(invitations.sentAt)).limit(200);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    status: invitationStatus(row, scope.now),
    invitedByName: row.invitedByName,
    sentAt: row.sentAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// The invite link's screen (public: the token is the credential)

const NOT_VALID = 'This invitation link is not valid. Ask whoever invited you for a new one.';

async function byToken(executor: Database | Tx, token: string, lock = false) {
  const query = executor
    .select({ invitation: invitations, companyName: companies.name })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .where(eq(invitations.tokenHash, sha256Hex(token)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: invitations }) : await query;
  return row ?? null;
}

/** Refuses an invitation that cannot be used now, in words the invitee can act on. */
function assertUsable(row: InvitationRow, now: Date) {
  const status = invitationStatus(row, now);
  if (status === 'accepted') throw new AppError('PRECONDITION_FAILED', 'This invitation was already used. Sign in with your email instead.');
  if (status === 'revoked') throw new AppError('PRECONDITION_FAILED', 'This invitation was withdrawn. Ask whoever invited you for a new one.');
  if (status === 'expired') throw new AppError('PRECONDITION_FAILED', `This invitation expired (links last ${INVITE_TTL_DAYS} days). Ask whoever invited you to resend it.`);
}

/** Who invites whom to which company: what the invite screen shows before anything is typed. */
export async function previewInvitation(deps: Pick<AppServices, 'db' | 'clock'>, token: string) {
  const row = await byToken(deps.db, token);
  if (!row) throw notFound('Invitation');
  const { invitation } = row;
  return {
    companyName: row.companyName,
    invitedByName: invitation.invitedByName,
    email: invitation.email,
    role: invitation.role,
    status: invitationStatus(invitation, deps.clock.now()),
    expiresAt: invitation.expiresAt.getTime(),
  };
}

/** The invitee's name, and a sign-in code emailed to the invited address (also "resend the code"). */
export async function acceptInvitation(deps: Pick<AppServices, 'db' | 'clock' | 'queue'>, input: { token: string; firstName: string; lastName: string }, meta: RequestMeta) {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const row = await byToken(tx, input.token, true);
    if (!row) throw new AppError('NOT_FOUND', NOT_VALID);
    const { invitation } = row;
    assertUsable(invitation, now);
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, invitation.email)).limit(1);
    if (user) throw new AppError('PRECONDITION_FAILED', alreadyHasLogin(invitation.email));
    const key = `invite-code:${invitation.id}`;
    await lockKey(tx, key);
    const cooldown = await checkLimits(tx, key, [{ max: 1, windowMs: CODE_COOLDOWN_MS }], now);
    if (!cooldown.allowed) throw tooManyRequests('Please wait {wait} before requesting another code.', cooldown.retryAfterMs);
    const hourly = await checkLimits(tx, key, [{ max: CODES_PER_INVITE_PER_HOUR, windowMs: HOUR }], now);
    if (!hourly.allowed) throw tooManyRequests('Too many codes were requested for this invitation. Try again in {wait}.', hourly.retryAfterMs);
    await recordHit(tx, key, now);
    if (meta.ip) await recordHit(tx, `invite-code:ip:${meta.ip}`, now);

    const code = generateNumericCode(6);
    const salt = generateSalt();
    await tx
      .update(invitations)
      .set({ firstName: input.firstName, lastName: input.lastName, codeHash: hashCode(code, salt), codeSalt: salt, codeAttempts: 0, codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS), updatedAt: now })
      .where(eq(invitations.id, invitation.id));
    const email = buildJoinCodeEmail({ to: invitation.email, firstName: input.firstName, companyName: row.companyName, code, validMinutes: CODE_TTL_MS / MINUTE });
    await deps.queue.enqueue(tx, EMAIL_QUEUE, email, { companyId: invitation.companyId });
    return { success: true, email: invitation.email, message: `We sent a 6-digit code to ${invitation.email}.` };
  });
  deps.queue.wake();
  return result;
}

/**
 * The emailed code: the user is created in the inviting company with the invited role, the invitation is used up
 * (single use), and a session starts — the same session the spec's `verifyUserEmail` gives.
 */
export async function verifyInvitation(deps: Pick<AppServices, 'db' | 'clock'>, input: { token: string; code: string }, meta: RequestMeta) {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const row = await byToken(tx, input.token, true);
      if (!row) throw new AppError('NOT_FOUND', NOT_VALID);
      const { invitation } = row;
      assertUsable(invitation, now);
      if (!invitation.codeHash || !invitation.codeSalt || !invitation.codeExpiresAt || !invitation.firstName || !invitation.lastName) throw invalidField('code', 'Request a code first.');
      if (invitation.codeAttempts >= MAX_ATTEMPTS_PER_CODE) throw invalidField('code', 'This code was used up by too many incorrect attempts. Request a new code.');
      if (invitation.codeExpiresAt.getTime() <= now.getTime()) throw invalidField('code', 'This code has expired. Request a new code.');
      const submitted = input.code.replace(/\s+/g, '');
      if (!(/^\d{6}$/.test(submitted) && safeEqualHex(hashCode(submitted, invitation.codeSalt), invitation.codeHash))) {
        const [updated] = await tx
          .update(invitations)
          .set({ codeAttempts: sql`${invitations.codeAttempts} + 1` })
          .where(eq(invitations.id, invitation.id))
          .returning({ attempts: invitations.codeAttempts });
        const left = MAX_ATTEMPTS_PER_CODE - (updated?.attempts ?? MAX_ATTEMPTS_PER_CODE);
        // Returned, not thrown: the attempt must be counted (a thrown error would roll it back).
        return { success: false as const, authToken: null, message: left > 0 ? `Invalid verification code. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.` : 'Invalid verification code. This code can no longer be used — request a new one.' };
      }
      const [user] = await tx
        .insert(users)
        .values({ companyId: invitation.companyId, email: invitation.email, firstName: invitation.firstName, lastName: invitation.lastName, role: invitation.role, emailVerifiedAt: now, lastActiveAt: now, createdAt: now, updatedAt: now })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      await tx.update(invitations).set({ acceptedAt: now, acceptedUserId: user.id, codeHash: null, codeSalt: null, updatedAt: now }).where(eq(invitations.id, invitation.id));
      await writeAudit(tx, { companyId: invitation.companyId, actorUserId: user.id, actorKind: 'user', action: 'team.joined', targetType: 'user', targetId: user.id, metadata: { email: invitation.email, role: invitation.role, invitationId: invitation.id }, ip: meta.ip, at: now });
      const session = await createSession(tx, { userId: user.id, companyId: invitation.companyId, kind: 'user', now, meta });
      await writeAudit(tx, { companyId: invitation.companyId, actorUserId: user.id, actorKind: 'user', action: 'session.created', targetType: 'session', targetId: session.sessionId, ip: meta.ip, at: now });
      return { success: true as const, authToken: session.token, message: 'Email verified successfully.' };
    });
  } catch (error) {
    // The email got a login meanwhile (signed up, or another company's invitation was accepted first).
    if (hasPostgresCode(error, '23505')) throw new AppError('PRECONDITION_FAILED', 'This email already has a LeadLoop login. Sign in with it instead.');
    throw error;
  }
}
