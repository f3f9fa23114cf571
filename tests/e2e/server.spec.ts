import { expect, test } from './fixtures';

test('the server answers health checks and serves the app with its security headers', async ({ page, request }) => {
  const health = await request.get('/healthz');
  expect(await health.json()).toMatchObject({ status: 'ok', db: 'up' });

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['referrer-policy']).toBe('no-referrer');
  await expect(page.locator('#root')).not.toBeEmpty();
});
