import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServerApp, type ServerApp } from '@server/app';
import { loadEnv } from '@server/platform/config/env';
import { ManualClock } from '@server/platform/lib/clock';
import { createLogger } from '@server/platform/lib/logger';
import { createTestDatabase, type TestDatabase } from '@server/platform/testing/test-database';
import { createMemoryMailer, type MemoryMailer } from '@server/testing/test-app';

let database: TestDatabase;
let app: ServerApp;
let mailer: MemoryMailer;
let distDir: string;
const clock = new ManualClock();
const ASSET_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'leadloop-dist-'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>');
  writeFileSync(join(distDir, 'sign-in.html'), '<!doctype html><html><body><div id="root" data-snapshot="sign-in"><form></form></div></body></html>');
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'assets', 'app-abc123.js'), ASSET_JS);
  writeFileSync(join(distDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(ASSET_JS));
  writeFileSync(join(distDir, 'assets', 'app-abc123.js.gz'), gzipSync(ASSET_JS));
  database = await createTestDatabase();
  mailer = createMemoryMailer();
  app = await createServerApp({
    env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    database,
    mailer,
    clock,
    logger: createLogger('silent'),
    distDir,
  });
});

afterAll(async () => {
  await app.close();
  rmSync(distDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await database.truncateAll();
  mailer.sent.length = 0;
});

const registration = {
  email: 'wire@example.test',
  firstName: 'Wire',
  lastName: 'Format',
  companyName: 'Wire Co',
  signupPhone: null,
  referrer: '',
};

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.http.inject({ method: 'POST', url: `/trpc/${path}`, payload: body as object, headers: { 'content-type': 'application/json', ...headers } });
}

async function signIn(): Promise<string> {
  await post('createNewUserAccount', registration);
  await app.services.queue.drain();
  const res = await post('verifyUserEmail', { email: registration.email, code: mailer.lastCode(registration.email) });
  return res.json().result.data.authToken as string;
}

describe('tRPC wire format (plain JSON, no transformer)', () => {
  it('answers a mutation POSTed with the raw JSON input', async () => {
    const res = await post('createNewUserAccount', registration);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: { data: { success: true, message: expect.stringContaining('successfully') } } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers a query sent as GET, with Bearer or bare token', async () => {
    const token = await signIn();
    for (const authorization of [`Bearer ${token}`, token, `bearer   ${token}`]) {
      const res = await app.http.inject({ method: 'GET', url: '/trpc/getCurrentLoggedInUser', headers: { authorization } });
      expect(res.statusCode).toBe(200);
      const data = res.json().result.data;
      expect(data.user).toMatchObject({ email: registration.email, firstName: 'Wire', lastName: 'Format' });
      expect(typeof data.user.createdAt).toBe('number');
      expect(data.company).toEqual({ id: expect.any(String), name: 'Wire Co' });
    }
  });

  it('accepts GET input in ?input= and batches calls with ?batch=1', async () => {
    const token = await signIn();
    const input = encodeURIComponent(JSON.stringify({ 0: undefined, 1: undefined }));
    const res = await app.http.inject({
      method: 'GET',
      url: `/trpc/getCurrentLoggedInUser,getCurrentLoggedInUser?batch=1&input=${input}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toHaveLength(2);
    expect(body[1].result.data.user.email).toBe(registration.email);

    const batchedMutations = await app.http.inject({
      method: 'POST',
      url: '/trpc/initializeUserLoginVerification,initializeUserLoginVerification?batch=1',
      headers: { 'content-type': 'application/json' },
      payload: { 0: { email: 'nobody@example.test' }, 1: { email: 'nobody2@example.test' } },
    });
    expect(batchedMutations.json().map((r: { result: { data: { success: boolean } } }) => r.result.data.success)).toEqual([false, false]);
  });

  it('sends a small answer in one piece with its length, not compressed (a browser asks for br)', async () => {
    const token = await signIn();
    const res = await app.http.inject({ method: 'GET', url: '/trpc/getCurrentLoggedInUser', headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().result.data.company.name).toBe('Wire Co');
  });

  it('still streams a subscription over Server-Sent Events', async () => {
    const token = await signIn();
    const address = await app.http.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    try {
      const res = await fetch(`${address}/trpc/conversations.events`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' }, signal: abort.signal });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = res.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      expect(first).toContain('event: connected');
    } finally {
      abort.abort();
    }
  });

  it('answers UNAUTHORIZED (401) for a missing or revoked session', async () => {
    const missing = await app.http.inject({ method: 'GET', url: '/trpc/getCurrentLoggedInUser' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error.data.code).toBe('UNAUTHORIZED');

    const token = await signIn();
    await post('logout', undefined, { authorization: `Bearer ${token}` });
    const revoked = await app.http.inject({ method: 'GET', url: '/trpc/getCurrentLoggedInUser', headers: { authorization: `Bearer ${token}` } });
    expect(revoked.statusCode).toBe(401);
  });

  it('answers BAD_REQUEST (400) naming the invalid fields', async () => {
    const res = await post('createNewUserAccount', { ...registration, email: 'nope', signupPhone: '+18765550123' });
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.data.code).toBe('BAD_REQUEST');
    expect(error.message).toContain('email: Enter a valid email address');
    expect(error.data.fieldErrors).toEqual({
      email: ['Enter a valid email address'],
      signupPhone: ['Please enter a valid US or Canadian phone number.'],
    });
    expect(error.data).not.toHaveProperty('stack');
  });

  it('answers TOO_MANY_REQUESTS (429) with Retry-After and the wait', async () => {
    await post('createNewUserAccount', registration);
    clock.advance(5_000);
    const res = await post('initializeUserLoginVerification', { email: registration.email });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('25');
    expect(res.json().error).toMatchObject({
      message: 'Please wait 25 seconds before requesting another code.',
      data: { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 25 },
    });
  });

  it('answers 404 for an unknown procedure, never the SPA', async () => {
    const res = await app.http.inject({ method: 'GET', url: '/trpc/noSuchProcedure' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });
});

describe('health, SPA and headers', () => {
  it('reports database reachability on /healthz', async () => {
    const res = await app.http.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', db: 'up' });
  });

  it('serves index.html for client routes, uncached, with the security headers', async () => {
    for (const url of ['/', '/dashboard', '/settings/company', '/?adminAuth=abc', '/clients/123?tab=x']) {
      const res = await app.http.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root"');
      expect(res.headers['cache-control']).toBe('no-cache');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers a plain GET / with the sign-in snapshot (scripts/prerender-sign-in.ts); with a query or on any other route, index.html', async () => {
    const plain = await app.http.inject({ method: 'GET', url: '/' });
    expect(plain.body).toContain('data-snapshot="sign-in"');
    expect(plain.headers['cache-control']).toBe('no-cache');
    for (const url of ['/?from=%2Fleads', '/?ref=abc', '/dashboard']) {
      const res = await app.http.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('data-snapshot');
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it('serves hashed assets with year-long caching, pre-compressed as brotli or gzip', async () => {
    const br = await app.http.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(ASSET_JS.length / 10);

    const gz = await app.http.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await app.http.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.body).toBe(ASSET_JS);
  });

  it('answers 404 for a missing file instead of the SPA', async () => {
    const res = await app.http.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
    const api = await app.http.inject({ method: 'GET', url: '/webhooks/unknown' });
    expect(api.statusCode).toBe(404);
  });

  it('compresses large tRPC responses', async () => {
    const res = await app.http.inject({
      method: 'POST',
      url: `/trpc/${Array.from({ length: 30 }, () => 'initializeUserLoginVerification').join(',')}?batch=1`,
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      payload: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [i, { email: `n${i}@example.test` }])),
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});
