import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signUpViaApi, storeToken, trpc } from './session';

/**
 * Issue 13, the embed (decision 0031): a company's own website — here a tiny server on a second origin whose
 * Content-Security-Policy allows only the LeadLoop origin for scripts and requests — carries the one script tag.
 * A visitor opens the chat launcher, then fills the inline form: the success state shows, the lead is in /leads with
 * its pages and UTM, the test phone gets the first text, the host page logs no error and does not move (CLS 0).
 * The popup fires on exit intent once and then keeps to its frequency cap.
 */
type Data<T> = { result: { data: T } };
const mutate = async <T>(request: APIRequestContext, procedure: string, input: unknown, token: string) => ((await trpc(request, procedure, input, token)) as Data<T>).result.data;
async function query<T>(request: APIRequestContext, procedure: string, input: unknown, token: string): Promise<T> {
  const response = await request.get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${procedure} answered ${response.status()}`).toBe(true);
  return ((await response.json()) as Data<T>).result.data;
}

interface HostSite {
  origin: string;
  csp: string;
  close: () => Promise<void>;
}

/** The company's website: every path is a page with the tag (and an inline-form container), under a strict CSP. */
async function startHostSite(appOrigin: string, key: string): Promise<HostSite> {
  const csp = `default-src 'none'; script-src ${appOrigin}; connect-src ${appOrigin}; style-src 'self'`;
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === '/site.css') {
      res.writeHead(200, { 'content-type': 'text/css' });
      // The site reserves the inline form's space, as the form-embed instructions say.
      res.end('body{margin:0;font:16px/1.5 Georgia,serif}header{height:64px;background:#234}main{padding:16px;max-width:640px}[data-leadloop-form]{min-height:560px}.tall{height:1400px}');
      return;
    }
    if (path === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bayside Plumbing</title><link rel="stylesheet" href="/site.css"></head>
<body><header></header><main><h1>Bayside Plumbing — ${path}</h1><p>Leaks, water heaters, drains. Same-day service.</p>
<div data-leadloop-form></div><p id="after">Licensed and insured since 1998.</p><div class="tall"></div></main>
<script src="${appOrigin}/widget.js" data-key="${key}" async></script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // `localhost`, not 127.0.0.1: another origin than the app's (http://127.0.0.1:PORT), and a host a company may list.
  return { origin: `http://localhost:${port}`, csp, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Console errors and page errors of the host page, and its layout shifts (CLS) from the first paint on. */
async function watchHostPage(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) w.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return { errors, cls: () => page.evaluate(() => (window as unknown as { __cls: number }).__cls) };
}

async function setUpCompany(request: APIRequestContext, token: string, popup?: Record<string, unknown>) {
  await mutate(request, 'phone.useSimulator', {}, token);
  const device = await mutate<{ id: string; e164: string }>(request, 'phone.simulator.addDevice', { phone: null }, token);
  const settings = await query<{ version: number; publicKey: string; popup: Record<string, unknown> }>(request, 'widget.settings.get', undefined, token);
  await mutate(
    request,
    'widget.settings.update',
    {
      expectedVersion: settings.version,
      enabled: true,
      allowedDomains: ['localhost'],
      greeting: 'Hi! Tell us what needs fixing and we will text you right back.',
      ...(popup ? { popup: { ...settings.popup, ...popup } } : {}),
    },
    token,
  );
  return { device, key: settings.publicKey };
}

test('the embed on another site: chat panel, inline form → success, the lead with its pages in /leads, the first text on the test phone, the conversation going on in the chat panel with the staff reply; no console error, CLS 0', async ({
  page,
  context,
  request,
  mail,
  uniqueEmail,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const account = await signUpViaApi(request, mail, uniqueEmail('widget'), 'Bayside Plumbing');
  const { device, key } = await setUpCompany(request, account.token);
  const site = await startHostSite(new URL(baseURL!).origin, key);
  try {
    const host = await watchHostPage(page);
    await page.clock.install();

    // The visit lands from an ad on one page, then goes on to the contact page, where the visitor writes.
    await page.goto(`${site.origin}/services/water-heaters?utm_source=google&utm_medium=cpc&utm_campaign=spring&gclid=g-123`, { referer: 'https://www.google.com/' });
    const response = await page.goto(`${site.origin}/contact`);
    expect(response!.headers()['content-security-policy']).toBe(site.csp);

    // The chat launcher opens a panel with the greeting and the form, and says how the conversation goes on.
    const launcher = page.getByRole('button', { name: 'Text us' });
    await expect(launcher).toBeVisible();
    await launcher.click();
    const panel = page.getByRole('dialog', { name: 'Text Bayside Plumbing' });
    await expect(panel).toContainText('Hi! Tell us what needs fixing and we will text you right back.');
    await expect(panel.getByRole('checkbox')).not.toBeChecked();
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toHaveCount(0);

    // Staff have /leads open before the visitor writes: the lead must arrive there live.
    const app = await context.newPage();
    await storeToken(app, account.token);
    await app.goto('/leads');
    await expect(app.getByText('No leads yet')).toBeVisible();

    // The inline form: errors beside their fields first, nothing lost, then the success state.
    const form = page.locator('leadloop-form');
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toBeVisible();
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Ana Ruiz');
    await form.getByRole('textbox', { name: 'Mobile number' }).pressSequentially(device.e164.slice(2));
    await expect(form.getByRole('textbox', { name: 'Mobile number' })).toHaveValue(/^\(\d{3}\) \d{3}-\d{4}$/);
    await form.getByRole('textbox', { name: 'Message', exact: true }).fill('Water heater leaking in the garage');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByText('Please tick the box to agree to receive texts.')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Ana Ruiz');
    await form.getByRole('checkbox').check();
    await page.clock.fastForward(5_000); // the visitor took a few seconds (the endpoint refuses a form sent within 3 s)
    await form.getByRole('button', { name: 'Send' }).click();
    const masked = `(${device.e164.slice(2, 5)}) ${device.e164.slice(5, 8)}-…`;
    await expect(form.getByRole('status')).toContainText(`We just texted you at ${masked}`);

    // The test phone gets the first text from the business number.
    await expect
      .poll(async () => (await query<Array<{ fromPhone: boolean; body: string }>>(request, 'phone.simulator.thread', { deviceId: device.id }, account.token)).map((m) => m.body).join('\n'), {
        timeout: 20_000,
      })
      .toContain('Hi Ana, thanks for reaching Bayside Plumbing!');

    // The host page logged no error and did not move.
    expect(host.errors).toEqual([]);
    expect(await host.cls()).toBe(0);

    // /leads shows the lead without a reload, from the form, with its last and first page and the ad's UTM.
    const row = app.getByTestId('lead-row').filter({ hasText: 'Ana Ruiz' });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Website form');
    await row.getByRole('link', { name: /Ana Ruiz/ }).click();
    const tracking = app.getByRole('table', { name: 'Tracking data' });
    await expect(tracking).toContainText(`Page${site.origin}/contact`);
    await expect(tracking).toContainText(`${site.origin}/services/water-heaters?utm_source=google`);
    await expect(tracking).toContainText('google');
    await expect(tracking).toContainText('spring');
    await expect(tracking).toContainText('g-123');

    // The conversation goes on in the chat panel for the rest of the visit: it shows the first text…
    await launcher.click();
    const chat = page.getByRole('log', { name: 'Conversation with Bayside Plumbing' });
    await expect(chat).toContainText('Hi Ana, thanks for reaching Bayside Plumbing!');
    // The visitor's own question opens their conversation, before the first text.
    await expect(chat.locator('.msg').first()).toContainText('Water heater leaking in the garage');
    await expect(panel.getByRole('status')).toContainText(`We just texted you at ${masked}`);
    // …what the visitor types there reaches the thread staff see, marked as website chat…
    await panel.getByRole('textbox', { name: 'Your message' }).fill('Also, can you come before noon?');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(chat).toContainText('Also, can you come before noon?');
    await app.goto('/conversations');
    await app.getByRole('list', { name: 'Conversations' }).getByRole('button').filter({ hasText: 'Ana Ruiz' }).click();
    const history = app.getByRole('log', { name: 'Texts with Ana Ruiz' });
    await expect(history).toContainText('Also, can you come before noon?');
    // The form's message is the thread's first message, marked as from the website.
    await expect(history.locator('[data-message-id]').first()).toContainText('Water heater leaking in the garage');
    await expect(history.locator('[data-message-id]').first()).toContainText('Website chat');
    await expect(history).toContainText('Website chat');
    // …and the staff reply (a text to the phone) shows in the visitor's panel too.
    const composer = app.getByRole('textbox', { name: 'Text to Ana Ruiz' });
    await composer.fill('Sure, we can be there at 11.');
    await composer.press('Enter');
    await expect(chat).toContainText('Sure, we can be there at 11.', { timeout: 15_000 });
    await expect
      .poll(async () => (await query<Array<{ body: string }>>(request, 'phone.simulator.thread', { deviceId: device.id }, account.token)).map((m) => m.body).join('\n'), { timeout: 20_000 })
      .toContain('Sure, we can be there at 11.');
    expect(host.errors).toEqual([]);
    expect(await host.cls()).toBe(0);
  } finally {
    await site.close();
  }
});

test('the popup opens on exit intent, once, and keeps to its frequency cap on the next pages', async ({ page, request, mail, uniqueEmail, baseURL }) => {
  const account = await signUpViaApi(request, mail, uniqueEmail('widget-popup'), 'Harbor HVAC');
  const { key } = await setUpCompany(request, account.token, { enabled: true, trigger: 'exit_intent', frequencyDays: 7, includePaths: [], excludePaths: ['/careers'] });
  const site = await startHostSite(new URL(baseURL!).origin, key);
  try {
    const host = await watchHostPage(page);
    await page.goto(`${site.origin}/careers`);
    await expect(page.getByRole('button', { name: 'Text us' })).toBeVisible();
    await page.mouse.move(400, 300);
    await page.mouse.move(400, -5);
    await page.mouse.move(400, 300);
    // Excluded page: no popup.
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goto(`${site.origin}/pricing`);
    await expect(page.getByRole('button', { name: 'Text us' })).toBeVisible();
    await page.mouse.move(400, 300);
    const popup = page.getByRole('dialog', { name: 'Harbor HVAC' });
    await expect(popup).toHaveCount(0);
    // The pointer heads for the tabs: the popup opens with the form.
    await page.mouse.move(400, -5);
    await expect(popup).toBeVisible();
    await expect(popup.getByRole('textbox', { name: 'Mobile number' })).toBeVisible();
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toHaveCount(0);

    // Next page, same visitor: capped for 7 days.
    await page.goto(`${site.origin}/about`);
    await expect(page.getByRole('button', { name: 'Text us' })).toBeVisible();
    await page.mouse.move(400, 300);
    await page.mouse.move(400, -5);
    await page.mouse.move(400, 300);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(host.errors).toEqual([]);
  } finally {
    await site.close();
  }
});

test('a visitor who types the number of a client on file: greeted with the name they typed, their question kept in the thread and found by search', async ({ page, context, request, mail, uniqueEmail, baseURL }) => {
  test.setTimeout(90_000);
  const account = await signUpViaApi(request, mail, uniqueEmail('widget-privacy'), 'Bayside Plumbing');
  const { device, key } = await setUpCompany(request, account.token);
  // The number belongs to a client on file, Linda Park.
  await mutate(request, 'leads.create', { firstName: 'Linda', lastName: 'Park', phone: device.e164, summary: 'Gutter cleaning quote', consentConfirmed: true }, account.token);
  const site = await startHostSite(new URL(baseURL!).origin, key);
  try {
    await page.clock.install();
    await page.goto(`${site.origin}/contact`);
    const form = page.locator('leadloop-form');
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Paul Lindqvist');
    await form.getByRole('textbox', { name: 'Mobile number' }).pressSequentially(device.e164.slice(2));
    await form.getByRole('textbox', { name: 'Message', exact: true }).fill('Do you install tankless water heaters?');
    await form.getByRole('checkbox').check();
    await page.clock.fastForward(5_000);
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByRole('status')).toContainText('We just texted you at');

    // The visitor's panel: their question and a greeting with the name they typed; nothing of Linda's.
    await page.getByRole('button', { name: 'Text us' }).click();
    const chat = page.getByRole('log', { name: 'Conversation with Bayside Plumbing' });
    await expect(chat).toContainText('Do you install tankless water heaters?');
    await expect(chat).toContainText('Hi Paul, thanks for reaching Bayside Plumbing!');
    await expect(page.getByRole('dialog', { name: 'Text Bayside Plumbing' })).not.toContainText('Linda');

    // Staff: the question in Linda's thread, found by searching its words.
    const app = await context.newPage();
    await storeToken(app, account.token);
    await app.goto('/conversations');
    await app.getByRole('searchbox', { name: 'Search conversations' }).fill('tankless');
    const item = app.getByRole('list', { name: 'Conversations' }).getByRole('button').filter({ hasText: 'Linda Park' });
    await expect(item).toBeVisible();
    await item.click();
    await expect(app.getByRole('log', { name: 'Texts with Linda Park' })).toContainText('Do you install tankless water heaters?');
  } finally {
    await site.close();
  }
});

