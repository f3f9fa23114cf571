import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, companies, jobs, sessions, signupAttributions, users, verificationCodes } from '@server/platform/db/schema';
import { DAY, MINUTE, SECOND } from '@server/platform/lib/clock';
import type { AppError } from '@server/platform/errors/app-error';
import { callerFor, setUpTestApp, signUp, validRegistration } from '@server/testing/test-app';
import { DEFAULT_HOURS } from '@contracts/company';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';
import { SESSION_CACHE_TTL_MS } from './session-cache';

const t = setUpTestApp();


const EMAIL = 'owner@acme-plumbing.test';

describe('createNewUserAccount', () => {
  it('creates the company with a 14-day trial and its unverified owner, stores attribution and emails a code', async () => {
    const result = await callerFor(t.deps).createNewUserAccount(validRegistration({ email: ' Owner@ACME-Plumbing.test ' }));
    expect(result.success).toBe(true);
    expect(result.message).toContain('successfully');

    const [user] = await t.deps.db.select().from(users);
    expect(user).toMatchObject({ email: EMAIL, firstName: 'Dana', lastName: 'Rivera', role: 'owner', emailVerifiedAt: null });
    const [company] = await t.deps.db.select().from(companies);
    expect(company).toMatchObject({ name: 'Acme Plumbing', signupPhone: '+14155552671', country: 'US', plan: 'trial' });
    expect(company!.trialEndsAt.getTime() - t.deps.clock.now().getTime()).toBe(14 * DAY);
    expect(user!.companyId).toBe(company!.id);

    const [attribution] = await t.deps.db.select().from(signupAttributions);
    expect(attribution).toMatchObject({
      companyId: company!.id,
      userId: user!.id,
      referralCode: 'FRIEND42',
      referrer: 'https://www.google.com/',
      params: { utm_source: 'google', gclid: 'abc123' },
      ip: '203.0.113.7',
    });

    expect(t.deps.mailer.sent).toHaveLength(0); // sent by the queue, not the request
    await t.deps.queue.drain();
    expect(t.deps.mailer.sent).toHaveLength(1);
    expect(t.deps.mailer.sent[0]!.to).toBe(EMAIL);
    expect(t.deps.mailer.lastCode(EMAIL)).toMatch(/^\d{6}$/);
    expect(await t.deps.db.select().from(jobs)).toHaveLength(0); // the job row (holding the code) is gone once sent
  });

  it('stores the code hashed, never in clear text', async () => {
    await callerFor(t.deps).createNewUserAccount(validRegistration());
    await t.deps.queue.drain();
    const code = t.deps.mailer.lastCode(EMAIL);
    const [row] = await t.deps.db.select().from(verificationCodes);
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * MINUTE);
  });

  it('accepts a Canadian phone, a null phone, and no referral data at all', async () => {
    await callerFor(t.deps).createNewUserAccount(validRegistration({ signupPhone: '+14165550123' }));
    const [company] = await t.deps.db.select().from(companies);
    expect(company).toMatchObject({ signupPhone: '+14165550123', country: 'CA' });

    const result = await callerFor(t.deps).createNewUserAccount({
      email: 'second@example.test',
      firstName: 'Sam',
      lastName: 'Ng',
      companyName: 'Ng Movers',
      signupPhone: null,
      referrer: '',
    });
    expect(result.success).toBe(true);
  });

  it('answers success false with "already exists" for a known email, whatever its case', async () => {
    await callerFor(t.deps).createNewUserAccount(validRegistration());
    const again = await callerFor(t.deps).createNewUserAccount(validRegistration({ email: 'OWNER@acme-plumbing.test', companyName: 'Other' }));
    expect(again.success).toBe(false);
    expect(again.message).toContain('already exists');
    expect(await t.deps.db.select().from(companies)).toHaveLength(1);
  });

  it('rejects +1 numbers of other countries, non-E.164 numbers and bad fields with BAD_REQUEST naming the field', async () => {
    const jamaica = await trpcErrorOf(callerFor(t.deps).createNewUserAccount(validRegistration({ signupPhone: '+18765550123' })));
    expect(jamaica.code).toBe('BAD_REQUEST');
    expect(jamaica.message).toContain('signupPhone');
    expect(jamaica.message).toContain('Please enter a valid US or Canadian phone number.');

    const national = await trpcErrorOf(callerFor(t.deps).createNewUserAccount(validRegistration({ signupPhone: '(415) 555-2671' })));
    expect(national.message).toContain('signupPhone');

    const email = await trpcErrorOf(callerFor(t.deps).createNewUserAccount(validRegistration({ email: 'not-an-email' })));
    expect(email.code).toBe('BAD_REQUEST');
    expect(email.message).toMatch(/email: Enter a valid email address/);

    const names = await trpcErrorOf(callerFor(t.deps).createNewUserAccount(validRegistration({ firstName: '  ', companyName: '' })));
    expect(names.message).toContain('firstName: First name is required');
    expect(names.message).toContain('companyName: Company name is required');

    const params = await trpcErrorOf(callerFor(t.deps).createNewUserAccount(validRegistration({ params: { a: 1 } })));
    expect(params.message).toContain('params.a');

    const referral = await trpcErrorOf(callerFor(t.deps).createNewUserAccount(validRegistration({ referralCode: '<script>' })));
    expect(referral.message).toContain('referralCode');
    expect(await t.deps.db.select().from(users)).toHaveLength(0);
  });
});

describe('initializeUserLoginVerification', () => {
  it('answers "not found" for an unknown email', async () => {
    const result = await callerFor(t.deps).initializeUserLoginVerification({ email: 'nobody@example.test' });
    expect(result).toEqual({ success: false, message: expect.stringContaining('not found') });
  });

  it('emails a fresh code to a verified or unverified account, and only the latest code works', async () => {
    await callerFor(t.deps).createNewUserAccount(validRegistration());
    await t.deps.queue.drain();
    const first = t.deps.mailer.lastCode(EMAIL);
    t.deps.clock.advance(30 * SECOND);
    const result = await callerFor(t.deps).initializeUserLoginVerification({ email: 'Owner@acme-plumbing.test' });
    expect(result.success).toBe(true);
    expect(result.message).toContain('successfully');
    await t.deps.queue.drain();
    const second = t.deps.mailer.lastCode(EMAIL);
    expect(t.deps.mailer.sent).toHaveLength(2);

    if (first !== second) {
      const stale = await callerFor(t.deps).verifyUserEmail({ email: EMAIL, code: first });
      expect(stale.success).toBe(false);
    }
    const fresh = await callerFor(t.deps).verifyUserEmail({ email: EMAIL, code: second });
    expect(fresh.success).toBe(true);
  });

  it('allows one code per email per 30 s, answering TOO_MANY_REQUESTS with the wait', async () => {
    await callerFor(t.deps).createNewUserAccount(validRegistration());
    t.deps.clock.advance(10 * SECOND);
    const error = await trpcErrorOf(callerFor(t.deps).initializeUserLoginVerification({ email: EMAIL }));
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(error.message).toBe('Please wait 20 seconds before requesting another code.');
    expect((error.cause as AppError).retryAfterSeconds).toBe(20);

    t.deps.clock.advance(19 * SECOND);
    await expect(callerFor(t.deps).initializeUserLoginVerification({ email: EMAIL })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    t.deps.clock.advance(1 * SECOND);
    expect((await callerFor(t.deps).initializeUserLoginVerification({ email: EMAIL })).success).toBe(true);
  });

  it('allows 5 codes per email per hour', async () => {
    await callerFor(t.deps).createNewUserAccount(validRegistration());
    for (let i = 0; i < 4; i += 1) {
      t.deps.clock.advance(31 * SECOND);
      expect((await callerFor(t.deps).initializeUserLoginVerification({ email: EMAIL })).success).toBe(true);
    }
    t.deps.clock.advance(31 * SECOND);
    const error = await trpcErrorOf(callerFor(t.deps).initializeUserLoginVerification({ email: EMAIL }));
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(error.message).toMatch(/Too many codes were requested for this email\. Try again in \d+ minutes\./);
    // The first send (at t=0) leaves the window one hour later; 5 × 31 s have passed.
    expect((error.cause as AppError).retryAfterSeconds).toBe(3600 - 5 * 31);
    t.deps.clock.advance((3600 - 5 * 31) * SECOND);
    expect((await callerFor(t.deps).initializeUserLoginVerification({ email: EMAIL })).success).toBe(true);
  });

  it('allows 20 code requests per hour from one IP, across emails', async () => {
    const ip = '192.0.2.50';
    for (let i = 0; i < 20; i += 1) {
      const result = await callerFor(t.deps, { ip }).createNewUserAccount(validRegistration({ email: `user${i}@example.test` }));
      expect(result.success).toBe(true);
    }
    const error = await trpcErrorOf(callerFor(t.deps, { ip }).createNewUserAccount(validRegistration({ email: 'late@example.test' })));
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(error.message).toContain('your network');
    await expect(callerFor(t.deps, { ip }).initializeUserLoginVerification({ email: 'user1@example.test' })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    expect((await callerFor(t.deps, { ip: '192.0.2.51' }).createNewUserAccount(validRegistration({ email: 'late@example.test' }))).success).toBe(true);
  });
});

describe('verifyUserEmail', () => {
  beforeEach(async () => {
    await callerFor(t.deps).createNewUserAccount(validRegistration());
    await t.deps.queue.drain();
  });

  it('marks the email verified, opens a session and answers the token', async () => {
    const code = t.deps.mailer.lastCode(EMAIL);
    const result = await callerFor(t.deps).verifyUserEmail({ email: 'OWNER@acme-plumbing.test', code });
    expect(result).toEqual({ success: true, authToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), message: expect.stringContaining('successfully') });
    const [user] = await t.deps.db.select().from(users);
    expect(user!.emailVerifiedAt).toEqual(t.deps.clock.now());

    const me = await callerFor(t.deps, { authToken: result.authToken }).getCurrentLoggedInUser();
    expect(me).toEqual({
      user: { id: user!.id, email: EMAIL, firstName: 'Dana', lastName: 'Rivera', createdAt: user!.createdAt.getTime() },
      company: { id: user!.companyId, name: 'Acme Plumbing', signupPhone: '+14155552671' },
    });
    expect(typeof me.user.createdAt).toBe('number');
  });

  it('uses a code once', async () => {
    const code = t.deps.mailer.lastCode(EMAIL);
    expect((await callerFor(t.deps).verifyUserEmail({ email: EMAIL, code })).success).toBe(true);
    const again = await callerFor(t.deps).verifyUserEmail({ email: EMAIL, code });
    expect(again).toMatchObject({ success: false, authToken: null });
  });

  it('rejects a wrong code with the tries left, and voids the code after 5 wrong tries', async () => {
    const code = t.deps.mailer.lastCode(EMAIL);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await callerFor(t.deps).verifyUserEmail({ email: EMAIL, code: wrong });
    expect(first).toEqual({ success: false, authToken: null, message: 'Invalid verification code. 4 attempts left.' });
    for (let i = 0; i < 3; i += 1) await callerFor(t.deps).verifyUserEmail({ email: EMAIL, code: wrong });
    const fifth = await callerFor(t.deps).verifyUserEmail({ email: EMAIL, code: 'abc' });
    expect(fifth.message).toContain('can no longer be used');
    const right = await callerFor(t.deps).verifyUserEmail({ email: EMAIL, code });
    expect(right.success).toBe(false);
    expect(right.message).toContain('Request a new code');
  });

  it('expires a code after 10 minutes', async () => {
    const code = t.deps.mailer.lastCode(EMAIL);
    t.deps.clock.advance(10 * MINUTE);
    const result = await callerFor(t.deps).verifyUserEmail({ email: EMAIL, code });
    expect(result).toEqual({ success: false, authToken: null, message: 'This code has expired. Request a new code.' });
  });

  it('accepts a code just before it expires', async () => {
    const code = t.deps.mailer.lastCode(EMAIL);
    t.deps.clock.advance(10 * MINUTE - 1);
    expect((await callerFor(t.deps).verifyUserEmail({ email: EMAIL, code })).success).toBe(true);
  });

  it('allows at most 10 failed checks per email per 24 h, across codes', async () => {
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 5; i += 1) await callerFor(t.deps).verifyUserEmail({ email: EMAIL, code: 'x' });
      t.deps.clock.advance(31 * SECOND);
      await callerFor(t.deps).initializeUserLoginVerification({ email: EMAIL });
      await t.deps.queue.drain();
    }
    const code = t.deps.mailer.lastCode(EMAIL);
    const error = await trpcErrorOf(callerFor(t.deps).verifyUserEmail({ email: EMAIL, code }));
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(error.message).toMatch(/Too many incorrect codes for this email\. Try again in \d+ hours\./);
    t.deps.clock.advance(DAY);
    await callerFor(t.deps).initializeUserLoginVerification({ email: EMAIL });
    await t.deps.queue.drain();
    expect((await callerFor(t.deps).verifyUserEmail({ email: EMAIL, code: t.deps.mailer.lastCode(EMAIL) })).success).toBe(true);
  });

  it('answers success false (not an error) for an unknown email', async () => {
    const result = await callerFor(t.deps).verifyUserEmail({ email: 'ghost@example.test', code: '123456' });
    expect(result).toMatchObject({ success: false, authToken: null });
  });

  it('rejects a missing code with BAD_REQUEST naming the field', async () => {
    const error = await trpcErrorOf(callerFor(t.deps).verifyUserEmail({ email: EMAIL, code: '' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain('code: Code is required');
  });
});

describe('sessions', () => {
  it('rejects a missing, unknown or malformed token with UNAUTHORIZED', async () => {
    await expect(callerFor(t.deps).getCurrentLoggedInUser()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callerFor(t.deps, { authToken: 'x'.repeat(43) }).getCurrentLoggedInUser()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callerFor(t.deps, { authToken: 'y'.repeat(5000) }).getCurrentLoggedInUser()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('stores only the SHA-256 of the token', async () => {
    const token = await signUp(t.deps);
    const rows = await t.deps.db.query.sessions.findMany();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    const { createHash } = await import('node:crypto');
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
  });

  it('expires after 30 idle days, and use keeps it alive', async () => {
    const token = await signUp(t.deps);
    t.deps.clock.advance(29 * DAY);
    await expect(callerFor(t.deps, { authToken: token }).getCurrentLoggedInUser()).resolves.toBeTruthy();
    t.deps.clock.advance(29 * DAY);
    await expect(callerFor(t.deps, { authToken: token }).getCurrentLoggedInUser()).resolves.toBeTruthy();
    t.deps.clock.advance(30 * DAY);
    await expect(callerFor(t.deps, { authToken: token }).getCurrentLoggedInUser()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('logout revokes the current session only', async () => {
    const token = await signUp(t.deps);
    t.deps.clock.advance(31 * SECOND);
    await callerFor(t.deps).initializeUserLoginVerification({ email: EMAIL });
    await t.deps.queue.drain();
    const second = (await callerFor(t.deps).verifyUserEmail({ email: EMAIL, code: t.deps.mailer.lastCode(EMAIL) })).authToken!;

    expect(await callerFor(t.deps, { authToken: token }).logout()).toEqual({ success: true });
    await expect(callerFor(t.deps, { authToken: token }).getCurrentLoggedInUser()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callerFor(t.deps, { authToken: token }).logout()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callerFor(t.deps, { authToken: second }).getCurrentLoggedInUser()).resolves.toBeTruthy();
    const actions = (await t.deps.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toContain('session.revoked');
  });

  it('a signed-out session is refused at once on this process, even just after it was read (cache)', async () => {
    const token = await signUp(t.deps);
    await callerFor(t.deps, { authToken: token }).getCurrentLoggedInUser();
    await callerFor(t.deps, { authToken: token }).getCurrentLoggedInUser();
    expect(t.deps.sessions.size).toBe(1);
    await callerFor(t.deps, { authToken: token }).logout();
    await expect(callerFor(t.deps, { authToken: token }).getCurrentLoggedInUser()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callerFor(t.deps, { authToken: token }).currentSession()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('a session revoked by another instance is refused within the cache TTL (decision 0019)', async () => {
    const token = await signUp(t.deps);
    await callerFor(t.deps, { authToken: token }).getCurrentLoggedInUser();
    // Another server on the same Postgres signs it out: this process learns it when its cached copy ends.
    await t.deps.db.update(sessions).set({ revokedAt: t.deps.clock.now() });
    await expect(callerFor(t.deps, { authToken: token }).getCurrentLoggedInUser()).resolves.toBeTruthy();
    t.deps.clock.advance(SESSION_CACHE_TTL_MS);
    await expect(callerFor(t.deps, { authToken: token }).getCurrentLoggedInUser()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('a change made through the API shows at once in the signed-in read (the company name)', async () => {
    const token = await signUp(t.deps);
    const caller = callerFor(t.deps, { authToken: token });
    expect((await caller.getCurrentLoggedInUser()).company.name).toBe('Acme Plumbing');
    const settings = await caller.company.get();
    await caller.company.update({ expectedUpdatedAt: settings.updatedAt, name: 'Acme Drains', legalName: null, trade: null, website: null, timezone: 'America/Chicago', hours: DEFAULT_HOURS });
    expect((await caller.getCurrentLoggedInUser()).company.name).toBe('Acme Drains');
  });

  it('keeps sliding the idle expiry while requests are answered from the cache', async () => {
    const token = await signUp(t.deps);
    const caller = callerFor(t.deps, { authToken: token });
    for (let day = 0; day < 40; day += 1) {
      t.deps.clock.advance(DAY);
      await caller.getCurrentLoggedInUser();
      await caller.getCurrentLoggedInUser();
    }
    const [row] = await t.deps.db.select().from(sessions);
    expect(row!.lastUsedAt).toEqual(t.deps.clock.now());
    expect(row!.expiresAt.getTime()).toBe(t.deps.clock.now().getTime() + 30 * DAY);
  });

  it('omits signupPhone when the company has none', async () => {
    const token = await signUp(t.deps, { signupPhone: null });
    const me = await callerFor(t.deps, { authToken: token }).getCurrentLoggedInUser();
    expect(me.company).not.toHaveProperty('signupPhone');
  });
});

describe('company isolation', () => {
  it('each token sees only its own user and company', async () => {
    const a = await signUp(t.deps, { email: 'a@alpha.test', companyName: 'Alpha HVAC' });
    const b = await signUp(t.deps, { email: 'b@beta.test', companyName: 'Beta Movers' });
    const meA = await callerFor(t.deps, { authToken: a }).getCurrentLoggedInUser();
    const meB = await callerFor(t.deps, { authToken: b }).getCurrentLoggedInUser();
    expect(meA.company.name).toBe('Alpha HVAC');
    expect(meB.company.name).toBe('Beta Movers');
    expect(meA.company.id).not.toBe(meB.company.id);
  });

  it('a session whose company does not match its user is rejected', async () => {
    const a = await signUp(t.deps, { email: 'a@alpha.test', companyName: 'Alpha HVAC' });
    await signUp(t.deps, { email: 'b@beta.test', companyName: 'Beta Movers' });
    const [beta] = await t.deps.db.select().from(companies).where(eq(companies.name, 'Beta Movers'));
    await t.deps.db.update((await import('@server/platform/db/schema')).sessions).set({ companyId: beta!.id });
    await expect(callerFor(t.deps, { authToken: a }).getCurrentLoggedInUser()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
