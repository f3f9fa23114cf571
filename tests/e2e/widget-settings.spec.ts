import { expect, test } from './fixtures';
import { signUpViaApi, trpc } from './session';

/**
 * Issue 13 item 4 and 6: the owner sets the widget up on Chat widget → Styles (a domain, on, a button text), saves,
 * and the live preview — the real /widget.js in a frame of the settings screen — shows the saved button and opens
 * the panel with the greeting; /widget-demo shows it on a sample business page with the inline form. The app's own
 * Content-Security-Policy stays as it is, and no console error is logged.
 */
test('Styles: save the widget on, the live preview is the real widget with the saved settings; /widget-demo shows it with the inline form', async ({ page, request, mail, uniqueEmail, baseURL }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const account = await signUpViaApi(request, mail, uniqueEmail('widget-settings'), 'Harbor Electric');
  await trpc(request, 'phone.useSimulator', {}, account.token);
  // The test server's PUBLIC_URL is the address it listens on (as in a deployment): the preview and /widget-demo are
  // on the app's own origin, which is always allowed, so only the business's site is listed.
  const app = new URL(baseURL!).origin;
  await page.goto(app);
  await page.evaluate((t) => localStorage.setItem('authToken', t), account.token);

  await page.goto(`${app}/chat-widget/styles`);
  const form = page.getByRole('form', { name: 'On your website' });
  await expect(page.getByText('The widget is off', { exact: true })).toBeVisible();
  await form.getByRole('textbox', { name: 'Websites allowed to show the widget' }).fill('harbor-electric.test');
  await form.getByRole('switch', { name: /Show the chat widget on my website/ }).check({ force: true });
  await form.getByRole('textbox', { name: 'Button text' }).fill('Text Harbor');
  await form.getByRole('textbox', { name: 'Greeting' }).fill('Hi! What needs wiring?');
  // A 1 × 1 PNG as the header picture.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  await form.locator('input[type=file]').setInputFiles({ name: 'harbor.png', mimeType: 'image/png', buffer: png });
  await expect(form.getByText('harbor.png: shown after you save.')).toBeVisible();
  await form.getByRole('button', { name: 'Save chat widget' }).click();
  await expect(page.getByRole('status').filter({ hasText: '✓ Saved at' })).toBeVisible();

  const preview = page.frameLocator('iframe[title="Live preview of your chat widget"]');
  const launcher = preview.getByRole('button', { name: 'Text Harbor' });
  await expect(launcher).toBeVisible({ timeout: 20_000 });
  await page.locator('iframe[title="Live preview of your chat widget"]').evaluate((frame) => frame.scrollIntoView({ block: 'end' }));
  await launcher.click();
  await expect(preview.getByRole('dialog', { name: 'Text Harbor Electric' })).toContainText('Hi! What needs wiring?');
  // The saved picture heads the panel, loaded from the LeadLoop server.
  const picture = preview.locator('.head img.av');
  await expect(picture).toHaveAttribute('src', /\/public\/widget\/avatar\?key=wk_[\w-]+&h=[0-9a-f]{16}$/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

  await page.goto(`${app}/widget-demo`);
  await expect(page.getByRole('heading', { level: 1, name: 'Try your chat widget' })).toBeVisible();
  const demo = page.frameLocator('iframe[title="Sample business page with your chat widget"]');
  await expect(demo.getByRole('button', { name: 'Text Harbor' })).toBeVisible({ timeout: 20_000 });
  await expect(demo.locator('leadloop-form').getByRole('textbox', { name: 'Mobile number' })).toBeVisible();
  expect(errors).toEqual([]);
});
