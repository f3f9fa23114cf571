import { randomInt } from 'node:crypto';
import { and, asc, count, eq, isNotNull, gt, sql } from 'drizzle-orm';
import { REFERRAL_REWARD_DAYS, REFERRAL_REWARD_MAX, REFERRAL_REWARD_WORDS, type ReferralState } from '@contracts/billing';
import type { DbOrTx, Tx } from '@server/platform/db/database';
import { companies, referralCodes, referrals, users } from '@server/platform/db/schema';
import type { CompanyScope } from '@server/platform/db/scope';
import { hasPostgresCode } from '@server/platform/db/pg-errors';
import { DAY } from '@server/platform/lib/clock';

/**
 * Referrals (issue 28 item 3, decision 0052): each user's code and link (`/?ref=CODE`, which the sign-in screen reads
 * and sends with the registration), the attribution of a sign-up to the code's owner, the referrer's list with each
 * business's state, and the one reward the code gives: days added to the referrer's trial when a referred business
 * starts paying (REFERRAL_REWARD_WORDS says it in the owner's words).
 */

/** No 0/O or 1/I: a code read aloud or copied by hand still works. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** The user's referral code, made the first time it is asked for (a collision draws again). */
export async function referralCodeOf(db: DbOrTx, user: { userId: string; companyId: string }, now: Date): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [existing] = await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.userId, user.userId)).limit(1);
    if (existing) return existing.code;
    try {
      await db.insert(referralCodes).values({ userId: user.userId, companyId: user.companyId, code: newCode(), createdAt: now }).onConflictDoNothing({ target: referralCodes.userId });
    } catch (error) {
      if (!hasPostgresCode(error, '23505')) throw error;
    }
  }
  throw new Error('could not make a unique referral code');
}

/**
 * A sign-up with a code (in the registration's transaction): attributed to the code's owner when the code is
 * someone's. Any other code is kept as the sign-in screen sent it (signup_attributions) and attributes nothing.
 */
export async function attributeSignup(tx: Tx, input: { referredCompanyId: string; code: string; now: Date }): Promise<boolean> {
  const [owner] = await tx.select().from(referralCodes).where(eq(referralCodes.code, input.code.trim().toUpperCase())).limit(1);
  if (!owner || owner.companyId === input.referredCompanyId) return false;
  const rows = await tx
    .insert(referrals)
    .values({ referrerUserId: owner.userId, referrerCompanyId: owner.companyId, referredCompanyId: input.referredCompanyId, code: owner.code, createdAt: input.now })
    .onConflictDoNothing()
    .returning({ id: referrals.id });
  return rows.length > 0;
}

/**
 * A referred business chose its first paid plan (in the billing change's transaction): the referrer's trial gets
 * REFERRAL_REWARD_DAYS more, if their company is still on the trial and has had fewer than REFERRAL_REWARD_MAX such
 * rewards. Either way the referral is settled once; returns the days added.
 */
export async function rewardReferrer(tx: Tx, referredCompanyId: string, now: Date): Promise<number> {
  const [referral] = await tx.select().from(referrals).where(eq(referrals.referredCompanyId, referredCompanyId)).for('update').limit(1);
  if (!referral || referral.rewardedAt) return 0;
  const [referrer] = await tx.select({ id: companies.id, plan: companies.plan, trialEndsAt: companies.trialEndsAt }).from(companies).where(eq(companies.id, referral.referrerCompanyId)).for('update').limit(1);
  const [given] = await tx
    .select({ n: count() })
    .from(referrals)
    .where(and(eq(referrals.referrerCompanyId, referral.referrerCompanyId), isNotNull(referrals.rewardedAt), gt(referrals.rewardDays, 0)));
  const days = referrer?.plan === 'trial' && (given?.n ?? 0) < REFERRAL_REWARD_MAX ? REFERRAL_REWARD_DAYS : 0;
  if (days > 0 && referrer) {
    const from = Math.max(referrer.trialEndsAt.getTime(), now.getTime());
    await tx.update(companies).set({ trialEndsAt: new Date(from + days * DAY), updatedAt: now }).where(eq(companies.id, referrer.id));
  }
  await tx.update(referrals).set({ rewardedAt: now, rewardDays: days }).where(eq(referrals.id, referral.id));
  return days;
}

export function referralState(company: { plan: string; trialEndsAt: Date }, ownerVerified: boolean, now: Date): ReferralState {
  if (company.plan === 'starter' || company.plan === 'pro') return 'paying';
  if (company.plan === 'cancelled') return 'cancelled';
  if (!ownerVerified) return 'signed_up';
  return company.trialEndsAt > now ? 'on_trial' : 'trial_ended';
}

/** /referral-thank-you: the caller's link, the businesses that signed up with it, and the reward rule. */
export async function myReferrals(scope: CompanyScope, publicUrl: string) {
  const code = await referralCodeOf(scope.db, scope, scope.now);
  const rows = await scope.db
    .select({
      id: referrals.id,
      createdAt: referrals.createdAt,
      rewardDays: referrals.rewardDays,
      name: companies.name,
      plan: companies.plan,
      trialEndsAt: companies.trialEndsAt,
      verified: sql<boolean>`exists (select 1 from ${users} where ${users.companyId} = ${companies.id} and ${users.role} = 'owner' and ${users.emailVerifiedAt} is not null)`,
    })
    .from(referrals)
    .innerJoin(companies, eq(companies.id, referrals.referredCompanyId))
    .where(eq(referrals.referrerUserId, scope.userId))
    .orderBy(asc(referrals.createdAt));
  return {
    code,
    link: `${publicUrl}/?ref=${code}`,
    rule: REFERRAL_REWARD_WORDS,
    referrals: rows.map((row) => ({
      id: row.id,
      businessName: row.name,
      joinedAt: row.createdAt.getTime(),
      state: referralState(row, Boolean(row.verified), scope.now),
      rewardDays: row.rewardDays ?? 0,
    })),
  };
}
