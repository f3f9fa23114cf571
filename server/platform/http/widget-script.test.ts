import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp, type ServerApp } from '@server/app';
import { loadEnv } from '@server/platform/config/env';
import { ManualClock } from '@server/platform/lib/clock';
import { createLogger } from '@server/platform/lib/logger';
import { createTestDatabase, type TestDatabase } from '@server/platform/testing/test-database';
import { createMemoryMailer } from '@server/testing/test-app';

/** GET /widget.js: the website widget's embed, loaded by other sites' pages (decision 0031). */
let database: TestDatabase;
let app: ServerApp;
let distDir: string;
const WIDGET_JS = `(function(){console.log(${JSON.stringify('w'.repeat(3000))})})();`;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'leadloop-widget-dist-'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(join(distDir, 'widget.js'), WIDGET_JS);
  writeFileSync(join(distDir, 'widget.js.br'), brotliCompressSync(WIDGET_JS));
  writeFileSync(join(distDir, 'widget.js.gz'), gzipSync(WIDGET_JS));
  database = await createTestDatabase();
  app = await createServerApp({
    env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    database,
    mailer: createMemoryMailer(),
    clock: new ManualClock(),
    logger: createLogger('silent'),
    distDir,
  });
});

afterAll(async () => {
  await app.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('/widget.js', () => {
  it('is served to any site: JavaScript, CORS *, cross-origin resource policy, short cache with an ETag', async () => {
    const res = await app.http.inject({ method: 'GET', url: '/widget.js', headers: { origin: 'https://acme.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.body).toBe(WIDGET_JS);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['x-content-type-options']).toBe('nosniff');

    // The app's own pages keep their policy.
    const page = await app.http.inject({ method: 'GET', url: '/dashboard' });
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('answers 304 to a revalidation with its ETag, and pre-compressed when asked', async () => {
    const first = await app.http.inject({ method: 'GET', url: '/widget.js' });
    const again = await app.http.inject({ method: 'GET', url: '/widget.js', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const br = await app.http.inject({ method: 'GET', url: '/widget.js', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['access-control-allow-origin']).toBe('*');
    expect(br.headers['cache-control']).toBe('public, max-age=300');
    expect(br.rawPayload.length).toBeLessThan(WIDGET_JS.length / 10);
  });

  it('is never answered by the SPA: a build without the embed says 404', async () => {
    unlinkSync(join(distDir, 'widget.js'));
    unlinkSync(join(distDir, 'widget.js.br'));
    unlinkSync(join(distDir, 'widget.js.gz'));
    const res = await app.http.inject({ method: 'GET', url: '/widget.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });
});
