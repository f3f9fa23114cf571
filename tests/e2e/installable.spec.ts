import { expect, test } from './fixtures';
import { signUpViaApi, storeToken } from './session';

/**
 * The owner's phone (issue "Honest screens", item 5): LeadLoop installs as an app (manifest, icons, service worker)
 * and a lost connection shows an offline page that says so, instead of the browser's error.
 */
test('the app is installable: manifest with icons, a service worker in control, and an offline page that says it is offline', async ({ page, request, mail, uniqueEmail }) => {
  const account = await signUpViaApi(request, mail, uniqueEmail('installable'));
  await storeToken(page, account.token);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const manifest = (await (await request.get(manifestHref!)).json()) as { name: string; start_url: string; display: string; icons: { src: string; sizes: string; purpose: string }[] };
  expect(manifest).toMatchObject({ name: 'LeadLoop', start_url: '/dashboard', display: 'standalone' });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const response = await request.get(icon.src);
    expect(response.headers()['content-type'], icon.src).toBe('image/png');
  }

  // The service worker registers after load and takes control of the page.
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.state ?? null)).toBe('activated');
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // Offline: a navigation answers with the offline page, not the browser's error.
  await page.context().setOffline(true);
  await page.goto('/leads').catch(() => undefined);
  await expect(page.getByRole('heading', { name: 'You’re offline' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();

  // Back online, the page the person asked for loads by itself.
  await page.context().setOffline(false);
  await expect(page.getByRole('heading', { name: 'You’re offline' })).toHaveCount(0, { timeout: 15_000 });
  await expect(page).toHaveURL(/\/leads$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
