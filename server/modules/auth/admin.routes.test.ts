import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp, type ServerApp } from '@server/app';
import { loadEnv } from '@server/platform/config/env';
import { createLogger } from '@server/platform/lib/logger';
import { createTestDatabase } from '@server/platform/testing/test-database';
import { createMemoryMailer } from '@server/testing/test-app';

const SECRET = 'a'.repeat(64);
let app: ServerApp;
const mailer = createMemoryMailer();

beforeAll(async () => {
  app = await createServerApp({
    env: loadEnv({ NODE_ENV: 'test', SERVE_SPA: 'false' }),
    database: await createTestDatabase(),
    mailer,
    logger: createLogger('silent'),
    adminSecret: SECRET,
  });
  await app.http.inject({
    method: 'POST',
    url: '/trpc/createNewUserAccount',
    headers: { 'content-type': 'application/json' },
    payload: { email: 'owner@example.test', firstName: 'O', lastName: 'W', companyName: 'Co', signupPhone: null },
  });
});
afterAll(async () => {
  await app.close();
});

const request = (headers: Record<string, string>, payload: object, remoteAddress = '127.0.0.1') =>
  app.http.inject({ method: 'POST', url: '/internal/admin-token', headers: { 'content-type': 'application/json', ...headers }, payload, remoteAddress });

describe('POST /internal/admin-token', () => {
  it('issues an impersonation token from this machine with the secret', async () => {
    const res = await request({ 'x-admin-secret': SECRET }, { email: 'owner@example.test', operator: 'ops' });
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    const me = await app.http.inject({ method: 'GET', url: '/trpc/getCurrentLoggedInUser', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().result.data.user.email).toBe('owner@example.test');
  });

  it('refuses a wrong or missing secret, and any other machine', async () => {
    expect((await request({}, { email: 'owner@example.test', operator: 'ops' })).statusCode).toBe(403);
    expect((await request({ 'x-admin-secret': 'b'.repeat(64) }, { email: 'owner@example.test', operator: 'ops' })).statusCode).toBe(403);
    expect((await request({ 'x-admin-secret': SECRET }, { email: 'owner@example.test', operator: 'ops' }, '10.1.2.3')).statusCode).toBe(403);
  });

  it('answers 404 for an unknown email and 400 for a bad body', async () => {
    expect((await request({ 'x-admin-secret': SECRET }, { email: 'nobody@example.test', operator: 'ops' })).statusCode).toBe(404);
    expect((await request({ 'x-admin-secret': SECRET }, { email: 'nope' })).statusCode).toBe(400);
  });
});
