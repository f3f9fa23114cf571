import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { truncate } from '@contracts/text';
import type { Database, Tx } from '@server/platform/db/database';
import { companies, signupAttributions, users, verificationCodes } from '@server/platform/db/schema';
import { hasPostgresCode } from '@server/platform/db/pg-errors';
import { EMAIL_QUEUE, type EmailJobPayload } from '@server/platform/jobs/email.jobs';
import type { JobQueue } from '@server/platform/jobs/job-queue';
import { DAY, HOUR, MINUTE, type Clock } from '@server/platform/lib/clock';
import { generateNumericCode, generateSalt, safeEqualHex, sha256Hex } from '@server/platform/lib/crypto';
import { tooManyRequests } from '@server/platform/errors/app-error';
import type { AuthLimits } from '@server/platform/services';
import type { CreateNewUserAccountInput } from './auth.schema';
import { writeAudit } from '@server/modules/audit/audit.service';
import { attributeSignup } from '@server/modules/referrals/referrals.service';
import { checkLimits, countHits, type Limit, lockKey, recordHit } from '@server/platform/db/rate-limit';
import { createSession, type RequestMeta } from './session.service';
import { buildVerificationEmail } from './verification-email';
import { TRIAL_DAYS } from '@contracts/trial';

export const CODE_TTL_MS = 10 * MINUTE;
export const MAX_ATTEMPTS_PER_CODE = 5;
export const MAX_FAILED_CHECKS_PER_EMAIL = 10;
export const FAILED_CHECKS_WINDOW_MS = DAY;

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  codeCooldownMs: 30_000,
  codeSendsPerEmailPerHour: 5,
  codeSendsPerIpPerHour: 20,
};

export interface AuthDeps {
  db: Database;
  clock: Clock;
  queue: JobQueue;
  limits: AuthLimits;
}

export interface AuthResult {
  success: boolean;
  message: string;
}

export interface VerifyResult extends AuthResult {
  authToken: string | null;
}

const emailKey = (email: string) => `code-send:email:${email}`;
const ipKey = (ip: string) => `code-send:ip:${ip}`;
const failedChecksKey = (email: string) => `code-check-failed:email:${email}`;

export function hashCode(code: string, salt: string): string {
  return sha256Hex(`${salt}:${code}`);
}

/** Throws TOO_MANY_REQUESTS when this IP may not ask for another code yet. Call inside the transaction. */
async function enforceIpLimit(tx: Tx, deps: AuthDeps, ip: string | null, now: Date): Promise<void> {
  if (!ip) return;
  await lockKey(tx, ipKey(ip));
  const check = await checkLimits(tx, ipKey(ip), [{ max: deps.limits.codeSendsPerIpPerHour, windowMs: HOUR }], now);
  if (!check.allowed) {
    throw tooManyRequests('Too many codes were requested from your network. Try again in {wait}.', check.retryAfterMs);
  }
}

async function enforceEmailLimits(tx: Tx, deps: AuthDeps, email: string, now: Date): Promise<void> {
  await lockKey(tx, emailKey(email));
  const cooldown: Limit = { max: 1, windowMs: deps.limits.codeCooldownMs };
  const hourly: Limit = { max: deps.limits.codeSendsPerEmailPerHour, windowMs: HOUR };
  const cooldownCheck = await checkLimits(tx, emailKey(email), [cooldown], now);
  if (!cooldownCheck.allowed) {
    throw tooManyRequests('Please wait {wait} before requesting another code.', cooldownCheck.retryAfterMs);
  }
  const hourlyCheck = await checkLimits(tx, emailKey(email), [hourly], now);
  if (!hourlyCheck.allowed) {
    throw tooManyRequests('Too many codes were requested for this email. Try again in {wait}.', hourlyCheck.retryAfterMs);
  }
}

/** Voids every open code of the user (only the latest is ever valid), stores a new one hashed and queues the email. */
async function issueCode(
  tx: Tx,
  deps: AuthDeps,
  user: { id: string; companyId: string; email: string; firstName: string },
  purpose: 'register' | 'login',
  meta: RequestMeta,
  now: Date,
): Promise<void> {
  await tx
    .update(verificationCodes)
    .set({ voidedAt: now })
    .where(and(eq(verificationCodes.userId, user.id), isNull(verificationCodes.consumedAt), isNull(verificationCodes.voidedAt)));
  const code = generateNumericCode(6);
  const salt = generateSalt();
  await tx.insert(verificationCodes).values({
    companyId: user.companyId,
    userId: user.id,
    purpose,
    codeHash: hashCode(code, salt),
    salt,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  });
  const email: EmailJobPayload = buildVerificationEmail({
    to: user.email,
    firstName: user.firstName,
    code,
    purpose,
    validMinutes: CODE_TTL_MS / MINUTE,
  });
  await deps.queue.enqueue(tx, EMAIL_QUEUE, email, { companyId: user.companyId });
  await recordHit(tx, emailKey(user.email), now);
  if (meta.ip) await recordHit(tx, ipKey(meta.ip), now);
}

const isUniqueViolation = (error: unknown): boolean => hasPostgresCode(error, '23505');

const ALREADY_EXISTS = 'An account with this email already exists. Please log in instead.';

export async function createNewUserAccount(
  deps: AuthDeps,
  input: CreateNewUserAccountInput,
  meta: RequestMeta,
): Promise<AuthResult> {
  const now = deps.clock.now();
  try {
    const result = await deps.db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
      if (existing) return { success: false, message: ALREADY_EXISTS };
      await enforceIpLimit(tx, deps, meta.ip, now);

      const [company] = await tx
        .insert(companies)
        .values({
          name: input.companyName,
          signupPhone: input.signupPhone?.e164 ?? null,
          country: input.signupPhone?.country ?? null,
          trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!company) throw new Error('company insert returned nothing');
      const [user] = await tx
        .insert(users)
        .values({
          companyId: company.id,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          role: 'owner',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!user) throw new Error('user insert returned nothing');
      await tx.insert(signupAttributions).values({
        companyId: company.id,
        userId: user.id,
        referralCode: input.referralCode ?? null,
        referrer: input.referrer ?? null,
        params: input.params ?? null,
        ip: meta.ip,
        userAgent: meta.userAgent ? truncate(meta.userAgent, 512) : null,
        createdAt: now,
      });
      // A code that is someone's referral code attributes the sign-up to them (decision 0052); any code is kept above.
      if (input.referralCode) await attributeSignup(tx, { referredCompanyId: company.id, code: input.referralCode, now });
      await writeAudit(tx, {
        companyId: company.id,
        actorUserId: user.id,
        actorKind: 'user',
        action: 'account.created',
        targetType: 'company',
        targetId: company.id,
        ip: meta.ip,
        at: now,
      });
      await issueCode(tx, deps, user, 'register', meta, now);
      return {
        success: true,
        message: `Account created successfully. We sent a 6-digit verification code to ${input.email}.`,
      };
    });
    if (result.success) deps.queue.wake();
    return result;
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index decides, the loser hears "already exists".
    if (isUniqueViolation(error)) return { success: false, message: ALREADY_EXISTS };
    throw error;
  }
}

export async function initializeUserLoginVerification(
  deps: AuthDeps,
  input: { email: string },
  meta: RequestMeta,
): Promise<AuthResult> {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    await enforceIpLimit(tx, deps, meta.ip, now);
    const [user] = await tx.select().from(users).where(eq(users.email, input.email)).limit(1);
    if (!user) {
      // Unknown emails count against the network's limit too, so probing for accounts is slow.
      if (meta.ip) await recordHit(tx, ipKey(meta.ip), now);
      return { success: false, message: 'Account not found for this email address.' };
    }
    await enforceEmailLimits(tx, deps, user.email, now);
    await issueCode(tx, deps, user, 'login', meta, now);
    return { success: true, message: `Verification code sent successfully to ${user.email}.` };
  });
  if (result.success) deps.queue.wake();
  return result;
}

export async function verifyUserEmail(
  deps: AuthDeps,
  input: { email: string; code: string },
  meta: RequestMeta,
): Promise<VerifyResult> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx): Promise<VerifyResult> => {
    const failKey = failedChecksKey(input.email);
    await lockKey(tx, failKey);
    const failures = await checkLimits(tx, failKey, [{ max: MAX_FAILED_CHECKS_PER_EMAIL, windowMs: FAILED_CHECKS_WINDOW_MS }], now);
    if (!failures.allowed) {
      throw tooManyRequests('Too many incorrect codes for this email. Try again in {wait}.', failures.retryAfterMs);
    }
    const fail = async (message: string): Promise<VerifyResult> => {
      await recordHit(tx, failKey, now);
      return { success: false, authToken: null, message };
    };

    const [user] = await tx.select().from(users).where(eq(users.email, input.email)).limit(1);
    if (!user) return fail('Invalid verification code. Check the code or request a new one.');

    const [latest] = await tx
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, user.id))
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1);
    if (!latest || latest.consumedAt) return fail('No active code for this email. Request a new code.');
    if (latest.voidedAt) return fail('This code was used up by too many incorrect attempts. Request a new code.');
    if (latest.expiresAt.getTime() <= now.getTime()) return fail('This code has expired. Request a new code.');

    const submitted = input.code.replace(/\s+/g, '');
    const matches = /^\d{6}$/.test(submitted) && safeEqualHex(hashCode(submitted, latest.salt), latest.codeHash);
    if (!matches) {
      const [updated] = await tx
        .update(verificationCodes)
        .set({
          attempts: sql`${verificationCodes.attempts} + 1`,
          voidedAt: sql`case when ${verificationCodes.attempts} + 1 >= ${MAX_ATTEMPTS_PER_CODE} then ${now.toISOString()}::timestamptz else null end`,
        })
        .where(eq(verificationCodes.id, latest.id))
        .returning({ attempts: verificationCodes.attempts });
      const left = MAX_ATTEMPTS_PER_CODE - (updated?.attempts ?? MAX_ATTEMPTS_PER_CODE);
      return fail(
        left > 0
          ? `Invalid verification code. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`
          : 'Invalid verification code. This code can no longer be used — request a new one.',
      );
    }

    const consumed = await tx
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.consumedAt), isNull(verificationCodes.voidedAt)))
      .returning({ id: verificationCodes.id });
    if (consumed.length === 0) return fail('No active code for this email. Request a new code.');

    if (!user.emailVerifiedAt) {
      await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
      await writeAudit(tx, {
        companyId: user.companyId,
        actorUserId: user.id,
        actorKind: 'user',
        action: 'user.email_verified',
        targetType: 'user',
        targetId: user.id,
        ip: meta.ip,
        at: now,
      });
    }
    await tx.update(users).set({ lastActiveAt: now }).where(eq(users.id, user.id));
    const session = await createSession(tx, { userId: user.id, companyId: user.companyId, kind: 'user', now, meta });
    await writeAudit(tx, {
      companyId: user.companyId,
      actorUserId: user.id,
      actorKind: 'user',
      action: 'session.created',
      targetType: 'session',
      targetId: session.sessionId,
      ip: meta.ip,
      at: now,
    });
    return { success: true, authToken: session.token, message: 'Email verified successfully.' };
  });
}

export async function failedChecksInWindow(db: Database, email: string, now: Date): Promise<number> {
  return countHits(db, failedChecksKey(email), FAILED_CHECKS_WINDOW_MS, now);
}
