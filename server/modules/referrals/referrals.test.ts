import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REFERRAL_REWARD_DAYS, REFERRAL_REWARD_MAX } from '@contracts/billing';
import { companies, referrals, signupAttributions, users } from '@server/platform/db/schema';
import { DAY } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp, signUp, validRegistration } from '@server/testing/test-app';

/**
 * Referrals (issue 28 item 3, decision 0052): each user's link, a sign-up with its code attributed to them (the
 * registration itself unchanged: any code is still accepted and kept as sent), the referrer's list with each
 * business's state, and the reward the code gives — days on the referrer's trial when a referred business pays.
 */
const t = setUpTestApp();

async function account(email: string, overrides: Record<string, unknown> = {}) {
  const token = await signUp(t.deps, { email, ...overrides });
  const [user] = await t.deps.db.select().from(users).where(eq(users.email, email));
  return { caller: callerFor(t.deps, { authToken: token }), companyId: user!.companyId, userId: user!.id };
}

const trialEnd = async (companyId: string) => (await t.deps.db.select({ at: companies.trialEndsAt }).from(companies).where(eq(companies.id, companyId)))[0]!.at.getTime();

describe('referrals', () => {
  it('gives each user a link; a sign-up with its code is attributed and listed with its state as it moves on', async () => {
    const alex = await account('alex@referrer.test');
    const mine = await alex.caller.referrals.mine();
    expect(mine.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(mine.link).toBe(`http://localhost:3000/?ref=${mine.code}`);
    expect(mine.rule).toMatch(/adds 30 days to your trial, up to 3 times/);
    expect(mine.referrals).toEqual([]);
    expect((await alex.caller.referrals.mine()).code).toBe(mine.code);

    // Registered, not yet verified: "signed up". The registration answers exactly as without a code.
    const anon = callerFor(t.deps, { ip: '198.51.100.20' });
    const created = await anon.createNewUserAccount(validRegistration({ email: 'bo@referred.test', companyName: 'Bo’s Drains', referralCode: mine.code.toLowerCase() }));
    expect(created).toEqual({ success: true, message: 'Account created successfully. We sent a 6-digit verification code to bo@referred.test.' });
    const [attribution] = await t.deps.db.select().from(signupAttributions).innerJoin(users, eq(users.id, signupAttributions.userId)).where(eq(users.email, 'bo@referred.test'));
    expect(attribution!.signup_attributions.referralCode).toBe(mine.code.toLowerCase());
    expect((await alex.caller.referrals.mine()).referrals).toEqual([{ id: expect.any(String), businessName: 'Bo’s Drains', joinedAt: t.deps.clock.now().getTime(), state: 'signed_up', rewardDays: 0 }]);

    await t.deps.queue.drain();
    const verified = await anon.verifyUserEmail({ email: 'bo@referred.test', code: t.deps.mailer.lastCode('bo@referred.test') });
    expect((await alex.caller.referrals.mine()).referrals[0]!.state).toBe('on_trial');

    // Bo chooses a plan: Alex, still on the trial, gets 30 more days, once.
    const before = await trialEnd(alex.companyId);
    const bo = callerFor(t.deps, { authToken: verified.authToken });
    await bo.billing.changePlan({ plan: 'starter' });
    expect((await alex.caller.referrals.mine()).referrals[0]).toMatchObject({ state: 'paying', rewardDays: REFERRAL_REWARD_DAYS });
    expect((await trialEnd(alex.companyId)) - before).toBe(REFERRAL_REWARD_DAYS * DAY);
    await bo.billing.changePlan({ plan: 'pro' });
    expect((await trialEnd(alex.companyId)) - before).toBe(REFERRAL_REWARD_DAYS * DAY);

    await bo.billing.cancel();
    expect((await alex.caller.referrals.mine()).referrals[0]!.state).toBe('cancelled');
  });

  it('attributes nothing for a code that is nobody’s, or for no code; another user’s list is their own', async () => {
    const alex = await account('alex@referrer.test');
    await account('cy@referred.test', { referralCode: 'NOBODY42' });
    await account('di@referred.test', { referralCode: null });
    expect(await t.deps.db.select().from(referrals)).toHaveLength(0);
    const { code } = await alex.caller.referrals.mine();
    await account('ed@referred.test', { referralCode: code });
    const cy = await account('fay@other.test');
    expect((await cy.caller.referrals.mine()).referrals).toEqual([]);
    expect((await alex.caller.referrals.mine()).referrals.map((r) => r.businessName)).toEqual(['Acme Plumbing']);
  });

  it(`rewards at most ${REFERRAL_REWARD_MAX} paying referrals, and none once the referrer pays`, async () => {
    const alex = await account('alex@referrer.test');
    const { code } = await alex.caller.referrals.mine();
    const start = await trialEnd(alex.companyId);
    for (let i = 0; i < REFERRAL_REWARD_MAX + 1; i += 1) {
      const friend = await account(`friend${i}@referred.test`, { referralCode: code });
      await friend.caller.billing.changePlan({ plan: 'starter' });
    }
    expect((await trialEnd(alex.companyId)) - start).toBe(REFERRAL_REWARD_MAX * REFERRAL_REWARD_DAYS * DAY);
    expect((await alex.caller.referrals.mine()).referrals.map((r) => r.rewardDays)).toEqual([30, 30, 30, 0]);

    await alex.caller.billing.changePlan({ plan: 'pro' });
    const late = await account('late@referred.test', { referralCode: code });
    await late.caller.billing.changePlan({ plan: 'starter' });
    expect((await alex.caller.referrals.mine()).referrals.at(-1)).toMatchObject({ state: 'paying', rewardDays: 0 });
  });
});
