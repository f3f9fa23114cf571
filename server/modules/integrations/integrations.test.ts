import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { integrationConnections, integrationSyncLog, notifications, sessions, users } from '@server/platform/db/schema';
import { callerFor, setUpTestApp, type TestDeps } from '@server/testing/test-app';
import { businessWithNumber } from '@server/testing/business';
import { type FakeProviders, startFakeProviders } from '@server/testing/fake-integrations';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';
import { createSecretBox, TEST_KEY } from '@server/platform/lib/secret-box';
import { DAY, HOUR, MINUTE } from '@server/platform/lib/clock';
import { integrationsConfigFromEnv } from './config';
import { refreshConnection, RefreshInProgress } from './connection';
import { loadEnv } from '@server/platform/config/env';

/**
 * Issue 29, the OAuth framework against a local OAuth server (oauth2-mock-server) and fake APIs: PKCE and a state
 * bound to the session, used once; tokens sealed at rest; refreshed before expiry; a refused refresh asks to
 * reconnect (told once); disconnect revokes; cards say what a server without a client id needs; another company
 * reaches nothing of this one's.
 */
let fake: FakeProviders;
beforeAll(async () => {
  fake = await startFakeProviders();
});
afterAll(async () => {
  await fake.close();
});
const t = setUpTestApp({ integrations: () => fake.config() });

beforeEach(() => {
  t.deps.clock.set(Date.parse('2027-01-11T14:00:00Z'));
});

/** Follows the provider's authorization URL (the fake consents at once) to the callback's code and state. */
export async function authorize(url: string): Promise<{ code: string; state: string; redirect: URL }> {
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (!location) throw new Error(`no redirect from ${url}: ${response.status}`);
  const redirect = new URL(location);
  return { code: redirect.searchParams.get('code')!, state: redirect.searchParams.get('state')!, redirect };
}

export async function connectGoogle(deps: TestDeps, token: string) {
  const caller = callerFor(deps, { authToken: token });
  const { url } = await caller.integrations.connect({ provider: 'google_calendar' });
  const { code, state } = await authorize(url);
  return caller.integrations.complete({ provider: 'google_calendar', code, state });
}

async function ownerOf(companyId: string) {
  const [owner] = await t.deps.db.select().from(users).where(eq(users.companyId, companyId)).limit(1);
  return owner!;
}

describe('OAuth connections', () => {
  it('sends PKCE (S256) and a state to the provider, returns to the spec’s callback path, and connects with the account named', async () => {
    const s = await businessWithNumber(t.deps);
    const caller = callerFor(t.deps, { authToken: s.token });
    const { url } = await caller.integrations.connect({ provider: 'google_calendar' });
    const sent = new URL(url);
    expect(sent.searchParams.get('code_challenge_method')).toBe('S256');
    expect(sent.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sent.searchParams.get('access_type')).toBe('offline');
    const { code, state, redirect } = await authorize(url);
    expect(`${redirect.origin}${redirect.pathname}`).toBe('http://localhost:3000/google-oauth-cal');
    const done = await caller.integrations.complete({ provider: 'google_calendar', code, state });
    expect(done).toEqual({ provider: 'google_calendar', account: 'owner@example.test' });
    const cards = await caller.integrations.list();
    const google = cards.find((c) => c.provider === 'google_calendar')!;
    expect(google).toMatchObject({ status: 'connected', account: 'owner@example.test', lastError: null, writeCalendarId: 'owner@example.test' });
    expect(google.calendars).toEqual([
      { id: 'owner@example.test', name: 'Dana Rivera', primary: true, busy: true },
      { id: 'family@group.calendar.test', name: 'Family', primary: false, busy: false },
    ]);
    expect(cards.find((c) => c.provider === 'jobber')!.status).toBe('not_connected');
    const log = await caller.integrations.syncLog({});
    expect(log[0]).toMatchObject({ provider: 'google_calendar', status: 'ok', summary: 'Connected Google Calendar (owner@example.test).' });
  });

  it('stores the tokens sealed: the raw columns are not the tokens, and open only with the key', async () => {
    const s = await businessWithNumber(t.deps);
    await connectGoogle(t.deps, s.token);
    const [row] = await t.deps.db.select().from(integrationConnections).where(eq(integrationConnections.companyId, s.companyId));
    expect(row!.accessTokenSealed).toMatch(/^v1\./);
    expect(row!.refreshTokenSealed).toMatch(/^v1\./);
    const access = createSecretBox(TEST_KEY).open(row!.accessTokenSealed)!;
    expect(access.split('.')).toHaveLength(3); // the fake's JWT access token
    expect(row!.accessTokenSealed).not.toContain(access);
    expect(createSecretBox(Buffer.alloc(32, 7)).open(row!.accessTokenSealed)).toBeNull();
  });

  it('refuses a replayed state, a state from another session, and a code exchanged with the wrong PKCE verifier', async () => {
    const s = await businessWithNumber(t.deps);
    const caller = callerFor(t.deps, { authToken: s.token });
    const first = await authorize((await caller.integrations.connect({ provider: 'google_calendar' })).url);
    await caller.integrations.complete({ provider: 'google_calendar', ...first });
    // Replay: the same state again.
    const replay = await trpcErrorOf(caller.integrations.complete({ provider: 'google_calendar', ...first }));
    expect(replay.message).toMatch(/isn’t valid any more/);

    // Another session of the same user cannot finish what this one started.
    const owner = await ownerOf(s.companyId);
    const otherToken = 'other-session-token-' + 'x'.repeat(20);
    const { sha256Hex } = await import('@server/platform/lib/crypto');
    await t.deps.db.insert(sessions).values({ companyId: s.companyId, userId: owner.id, tokenHash: sha256Hex(otherToken), expiresAt: new Date(t.deps.clock.now().getTime() + DAY), createdAt: t.deps.clock.now(), lastUsedAt: t.deps.clock.now() });
    const started = await authorize((await caller.integrations.connect({ provider: 'google_calendar' })).url);
    const elsewhere = await trpcErrorOf(callerFor(t.deps, { authToken: otherToken }).integrations.complete({ provider: 'google_calendar', ...started }));
    expect(elsewhere.message).toMatch(/isn’t valid any more/);

    // A state for one provider is not accepted for another.
    const wrongProvider = await trpcErrorOf(caller.integrations.complete({ provider: 'jobber', ...started }));
    expect(wrongProvider.message).toMatch(/isn’t valid any more/);

    // PKCE: the code of one authorization with the state (and so the verifier) of another is refused by the provider.
    const a = await authorize((await caller.integrations.connect({ provider: 'google_calendar' })).url);
    const b = await authorize((await caller.integrations.connect({ provider: 'google_calendar' })).url);
    const mismatch = await trpcErrorOf(caller.integrations.complete({ provider: 'google_calendar', code: a.code, state: b.state }));
    expect(mismatch.message).toMatch(/Google Calendar refused the sign-in \(invalid_request\)/);
  });

  it('refuses a state after 10 minutes', async () => {
    const s = await businessWithNumber(t.deps);
    const caller = callerFor(t.deps, { authToken: s.token });
    const started = await authorize((await caller.integrations.connect({ provider: 'google_calendar' })).url);
    t.deps.clock.advance(10 * MINUTE + 1);
    expect((await trpcErrorOf(caller.integrations.complete({ provider: 'google_calendar', ...started }))).message).toMatch(/isn’t valid any more/);
  });

  it('refreshes the access token before it expires, from the job queue', async () => {
    const s = await businessWithNumber(t.deps);
    await connectGoogle(t.deps, s.token);
    const [before] = await t.deps.db.select().from(integrationConnections).where(eq(integrationConnections.companyId, s.companyId));
    const expiresAt = before!.accessTokenExpiresAt!.getTime();
    expect(expiresAt).toBe(t.deps.clock.now().getTime() + HOUR); // the fake's tokens live an hour
    t.deps.clock.set(expiresAt - 5 * MINUTE);
    await t.deps.queue.drain();
    const [after] = await t.deps.db.select().from(integrationConnections).where(eq(integrationConnections.companyId, s.companyId));
    expect(after!.accessTokenSealed).not.toBe(before!.accessTokenSealed);
    expect(after!.refreshTokenSealed).not.toBe(before!.refreshTokenSealed);
    expect(after!.accessTokenExpiresAt!.getTime()).toBe(expiresAt - 5 * MINUTE + HOUR);
    expect(after!.status).toBe('connected');
  });

  it('two refreshes at once spend the refresh token once: the second waits for the first (a lease)', async () => {
    const s = await businessWithNumber(t.deps);
    await connectGoogle(t.deps, s.token);
    const [row] = await t.deps.db.select().from(integrationConnections).where(eq(integrationConnections.companyId, s.companyId));
    const results = await Promise.allSettled([refreshConnection(t.deps, row!.id), refreshConnection(t.deps, row!.id)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    expect(refused.reason).toBeInstanceOf(RefreshInProgress);
    // The lease is released with the new tokens: the next refresh goes ahead.
    await expect(refreshConnection(t.deps, row!.id)).resolves.toEqual(expect.any(String));
  });

  it('a revoked refresh token turns the card to “Reconnect needed” with the reason, and the owner is told once', async () => {
    const s = await businessWithNumber(t.deps);
    await connectGoogle(t.deps, s.token);
    fake.revokeAll();
    const [before] = await t.deps.db.select().from(integrationConnections).where(eq(integrationConnections.companyId, s.companyId));
    t.deps.clock.set(before!.accessTokenExpiresAt!.getTime() - 5 * MINUTE);
    await t.deps.queue.drain();
    const caller = callerFor(t.deps, { authToken: s.token });
    const card = (await caller.integrations.list()).find((c) => c.provider === 'google_calendar')!;
    expect(card.status).toBe('reconnect');
    expect(card.lastError).toBe('Google Calendar no longer accepts LeadLoop’s access (it was revoked or has expired): reconnect it.');
    // A calendar read now fails the same way without telling anyone again.
    t.deps.clock.advance(10 * MINUTE);
    await t.deps.queue.drain();
    const told = await t.deps.db.select().from(notifications).where(and(eq(notifications.companyId, s.companyId), eq(notifications.event, 'integration_failed')));
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe('Google Calendar: a sync failed');
    // Connecting again clears it.
    await connectGoogle(t.deps, s.token);
    expect((await caller.integrations.list()).find((c) => c.provider === 'google_calendar')).toMatchObject({ status: 'connected', lastError: null });
  });

  it('disconnect revokes the token at the provider and forgets the connection', async () => {
    const s = await businessWithNumber(t.deps);
    await connectGoogle(t.deps, s.token);
    const revocations = fake.revoked.length;
    const caller = callerFor(t.deps, { authToken: s.token });
    expect(await caller.integrations.disconnect({ provider: 'google_calendar' })).toEqual({ revoked: true });
    expect(fake.revoked.length).toBe(revocations + 1);
    expect(await t.deps.db.select().from(integrationConnections).where(eq(integrationConnections.companyId, s.companyId))).toHaveLength(0);
    expect((await caller.integrations.list()).find((c) => c.provider === 'google_calendar')!.status).toBe('not_connected');
    const [log] = await t.deps.db.select().from(integrationSyncLog).where(eq(integrationSyncLog.companyId, s.companyId)).orderBy(integrationSyncLog.createdAt);
    expect(log).toBeDefined();
  });

  it('another company reaches nothing of this one’s: its list, disconnect and calendars are its own', async () => {
    const a = await businessWithNumber(t.deps);
    const b = await businessWithNumber(t.deps);
    await connectGoogle(t.deps, a.token);
    const other = callerFor(t.deps, { authToken: b.token });
    expect((await other.integrations.list()).find((c) => c.provider === 'google_calendar')!.status).toBe('not_connected');
    expect((await trpcErrorOf(other.integrations.disconnect({ provider: 'google_calendar' }))).code).toBe('NOT_FOUND');
    expect((await trpcErrorOf(other.integrations.setCalendars({ busyCalendarIds: ['owner@example.test'], writeCalendarId: null }))).code).toBe('NOT_FOUND');
    // A's state cannot be completed by B.
    const started = await authorize((await callerFor(t.deps, { authToken: a.token }).integrations.connect({ provider: 'google_calendar' })).url);
    expect((await trpcErrorOf(other.integrations.complete({ provider: 'google_calendar', ...started }))).message).toMatch(/isn’t valid any more/);
    expect(await other.integrations.syncLog({})).toEqual([]);
  });

  it('staff see the cards but cannot connect', async () => {
    const s = await businessWithNumber(t.deps);
    const owner = await ownerOf(s.companyId);
    await t.deps.db.update(users).set({ role: 'staff' }).where(eq(users.id, owner.id));
    t.deps.sessions.forgetCompany(s.companyId);
    const caller = callerFor(t.deps, { authToken: s.token });
    expect(await caller.integrations.list()).toHaveLength(3);
    expect((await trpcErrorOf(caller.integrations.connect({ provider: 'google_calendar' }))).code).toBe('FORBIDDEN');
  });
});

describe('a server without client ids', () => {
  it('reads the provider URLs and client ids from the environment, and allows private addresses only outside production', () => {
    const source = { NODE_ENV: 'development', GOOGLE_OAUTH_CLIENT_ID: 'id', GOOGLE_OAUTH_CLIENT_SECRET: 'secret', GOOGLE_CALENDAR_API_URL: 'http://127.0.0.1:9999/calendar/v3' };
    const env = loadEnv(source);
    const config = integrationsConfigFromEnv(env);
    expect(config.google_calendar?.tokenUrl).toBe('https://oauth2.googleapis.com/token');
    expect(config.jobber).toBeNull();
    expect(config.allowAddresses).toEqual(['127.0.0.1']);
    expect(integrationsConfigFromEnv(loadEnv({ ...source, NODE_ENV: 'production', PUBLIC_URL: 'https://app.example.com' })).allowAddresses).toEqual([]);
    expect(() => loadEnv({ JOBBER_CLIENT_ID: 'only-the-id' })).toThrow(/set both JOBBER_CLIENT_ID and JOBBER_CLIENT_SECRET/);
  });
});
