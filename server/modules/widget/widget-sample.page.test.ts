import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp, type ServerApp } from '@server/app';
import { loadEnv } from '@server/platform/config/env';
import { companies } from '@server/platform/db/schema';
import { ManualClock } from '@server/platform/lib/clock';
import { createLogger } from '@server/platform/lib/logger';
import { createTestDatabase, type TestDatabase } from '@server/platform/testing/test-database';
import { createMemoryMailer } from '@server/testing/test-app';
import { clearWidgetConfigCache } from './widget-config.cache';
import { ensureWidgetSettings } from './widget-settings.service';

let database: TestDatabase;
let app: ServerApp;
const clock = new ManualClock(Date.parse('2026-11-19T18:00:00Z'));

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createServerApp({ env: loadEnv({ NODE_ENV: 'test', SERVE_SPA: 'false', PUBLIC_URL: 'https://app.leadloop.test' }), database, clock, mailer: createMemoryMailer(), logger: createLogger('silent') });
});

afterAll(async () => {
  await app.close();
});

describe('GET /public/widget/sample-page', () => {
  it('is a sample page with the real script tag and the business name as text, framable by the app only, keeping the Referer', async () => {
    clearWidgetConfigCache();
    const [company] = await database.db.insert(companies).values({ name: 'Acme <b>Plumbing</b>', timezone: 'America/Chicago', trialEndsAt: new Date(clock.now().getTime() + 864e5) }).returning();
    const { publicKey } = await ensureWidgetSettings(database.db, company!.id, clock.now());

    const page = await app.http.inject({ method: 'GET', url: `/public/widget/sample-page?key=${publicKey}&form=1` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`<script src="/widget.js" data-key="${publicKey}" async></script>`);
    expect(page.body).toContain('<div data-leadloop-form></div>');
    expect(page.body).toContain('Acme &lt;b&gt;Plumbing&lt;/b&gt;');
    expect(page.body).not.toContain('<b>Plumbing</b>');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

    const withoutForm = await app.http.inject({ method: 'GET', url: `/public/widget/sample-page?key=${publicKey}` });
    expect(withoutForm.body).not.toContain('<div data-leadloop-form>');
  });

  it('an unknown or malformed key is a 404; other responses keep no-referrer and DENY', async () => {
    for (const key of ['wk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'nope']) {
      const page = await app.http.inject({ method: 'GET', url: `/public/widget/sample-page?key=${key}` });
      expect(page.statusCode).toBe(404);
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
    }
  });
});
