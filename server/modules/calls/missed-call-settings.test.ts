import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServerApp, type ServerApp } from '@server/app';
import { loadEnv } from '@server/platform/config/env';
import { ManualClock } from '@server/platform/lib/clock';
import { createLogger } from '@server/platform/lib/logger';
import { createTestDatabase, type TestDatabase } from '@server/platform/testing/test-database';
import { createMemoryMailer, type MemoryMailer } from '@server/testing/test-app';

/**
 * Missed calls → Basic refusals as the browser receives them: over HTTP, each under the field it is about
 * (`data.fieldErrors`), which is what the form reads to show the message under "Forward calls to" or the template.
 */
let database: TestDatabase;
let app: ServerApp;
let mailer: MemoryMailer;

beforeAll(async () => {
  database = await createTestDatabase();
  mailer = createMemoryMailer();
  app = await createServerApp({ env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVE_SPA: 'false' }), database, mailer, clock: new ManualClock(), logger: createLogger('silent') });
});

afterAll(async () => {
  await app.close();
});

beforeEach(async () => {
  await database.truncateAll();
  mailer.sent.length = 0;
});

async function post(path: string, body: unknown, token?: string) {
  const res = await app.http.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    payload: body as object,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.statusCode, body: res.json() as { result?: { data: Record<string, unknown> }; error?: { message: string; data: { code: string; fieldErrors?: Record<string, string[]> } } } };
}

async function owner(email: string): Promise<{ token: string; number: string }> {
  await post('createNewUserAccount', { email, firstName: 'Dana', lastName: 'Rivera', companyName: 'Acme Plumbing', signupPhone: null, referrer: '' });
  await app.services.queue.drain();
  const verified = await post('verifyUserEmail', { email, code: mailer.lastCode(email) });
  const token = verified.body.result!.data.authToken as string;
  const number = await post('phone.useSimulator', undefined, token);
  return { token, number: number.body.result!.data.e164 as string };
}

const settingsOf = async (token: string) => {
  const res = await app.http.inject({ method: 'GET', url: '/trpc/missedCalls.settings.get', headers: { authorization: `Bearer ${token}` } });
  return res.json().result.data as { forwardTo: string | null; businessHoursTemplate: string; afterHoursTemplate: string };
};

describe('missedCalls.settings.update: field errors', () => {
  it('refuses forward-to equal to the company’s LeadLoop number, under forwardTo (it would ring itself); another company may use it', async () => {
    const acme = await owner('owner@acme.test');
    const refused = await post('missedCalls.settings.update', { routingMode: 'ring_then_voicemail', forwardTo: acme.number }, acme.token);
    expect(refused.status).toBe(400);
    expect(refused.body.error!.data.code).toBe('BAD_REQUEST');
    expect(refused.body.error!.data.fieldErrors).toEqual({ forwardTo: ['Forward calls to your own phone, not to your LeadLoop number (it would ring itself).'] });
    expect((await settingsOf(acme.token)).forwardTo).toBeNull();

    // Written the way people type it, it is still the same number.
    const national = `(${acme.number.slice(2, 5)}) ${acme.number.slice(5, 8)}-${acme.number.slice(8)}`;
    expect((await post('missedCalls.settings.update', { routingMode: 'ring_then_voicemail', forwardTo: national }, acme.token)).body.error!.data.fieldErrors).toHaveProperty('forwardTo');

    // Another company's LeadLoop number is just a phone to them.
    const other = await owner('owner@other.test');
    const saved = await post('missedCalls.settings.update', { routingMode: 'ring_then_voicemail', forwardTo: acme.number }, other.token);
    expect(saved.status).toBe(200);
    expect(saved.body.result!.data.forwardTo).toBe(acme.number);
  });

  it('refuses mode a without a phone to ring, under forwardTo', async () => {
    const acme = await owner('owner@acme.test');
    const refused = await post('missedCalls.settings.update', { routingMode: 'ring_then_voicemail', forwardTo: null }, acme.token);
    expect(refused.body.error!.data.fieldErrors?.forwardTo?.[0]).toContain('Enter the phone LeadLoop should ring first');
  });

  it('refuses a template with an unknown merge tag under that template, naming the tag; nothing is saved', async () => {
    const acme = await owner('owner@acme.test');
    const before = await settingsOf(acme.token);
    const after = await post('missedCalls.settings.update', { afterHoursTemplate: '{business_name}: hi {nickname}, we are closed', businessHoursTemplate: 'Hi {first_name}, {business_name} here.' }, acme.token);
    expect(after.status).toBe(400);
    expect(Object.keys(after.body.error!.data.fieldErrors!)).toEqual(['afterHoursTemplate']);
    expect(after.body.error!.data.fieldErrors!.afterHoursTemplate![0]).toMatch(/^Unknown merge tag: \{nickname\}\. Available: \{first_name\}/);

    const business = await post('missedCalls.settings.update', { businessHoursTemplate: 'Hi {firstname}, {business_name} here.' }, acme.token);
    expect(business.body.error!.data.fieldErrors).toEqual({ businessHoursTemplate: [expect.stringContaining('{firstname}')] });

    const anonymous = await post('missedCalls.settings.update', { businessHoursTemplate: 'Hi {first_name}, sorry we missed you.' }, acme.token);
    expect(anonymous.body.error!.data.fieldErrors).toEqual({ businessHoursTemplate: ['The business-hours text must say who is texting: include {business_name}.'] });

    expect(await settingsOf(acme.token)).toEqual(before);
  });
});
