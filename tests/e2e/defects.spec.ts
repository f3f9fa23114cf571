import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import { ROOT } from '@scripts/web-build';
import { expect, test } from './fixtures';
import { FIRST_NAME, signUpViaApi, storeToken, trpc } from './session';

/**
 * Issue 16, item 4: the defects a new owner found, one browser test each, against the real server and its phone
 * simulator. Each test fails on the code before its fix.
 */

const run = promisify(execFile);

type Data<T> = { result: { data: T } };

async function call<T>(request: APIRequestContext, procedure: string, input: unknown, token: string): Promise<T> {
  return ((await trpc(request, procedure, input, token)) as Data<T>).result.data;
}

interface CreatedLead {
  id: string;
  contact: { id: string; name: string };
}

async function manualLead(request: APIRequestContext, token: string, input: { firstName: string; phone: string; consentConfirmed: boolean }) {
  return call<CreatedLead>(request, 'leads.create', { lastName: 'Ng', summary: 'Roof leak', ...input }, token);
}

const drawer = (page: Page) => page.getByRole('dialog', { name: 'Lead details' });

test('"Text this client" opens a conversation from the lead drawer and the client page, or says why it cannot', async ({ page, request, mail, uniqueEmail }) => {
  const account = await signUpViaApi(request, mail, uniqueEmail('text-client'));
  await call(request, 'phone.useSimulator', {}, account.token);
  const agreed = await manualLead(request, account.token, { firstName: 'Ruth', phone: '+13125550170', consentConfirmed: true });
  const unknown = await manualLead(request, account.token, { firstName: 'Bo', phone: '+13125550171', consentConfirmed: false });
  await storeToken(page, account.token);

  // From the lead drawer: the thread opens in the inbox, ready to write.
  await page.goto(`/leads?lead=${agreed.id}`);
  await drawer(page).getByRole('button', { name: 'Text this client' }).click();
  await expect(page).toHaveURL(/\/conversations\?c=[0-9a-f-]{36}$/);
  const conversationId = new URL(page.url()).searchParams.get('c');
  await expect(page.getByRole('textbox', { name: `Text to ${agreed.contact.name}` })).toBeEnabled();

  // From the client page: the same conversation, not a second one.
  await page.goto(`/clients/${agreed.contact.id}`);
  await page.getByRole('button', { name: 'Text this client' }).click();
  await expect(page).toHaveURL(new RegExp(`/conversations\\?c=${conversationId}$`));

  // Nobody recorded that Bo agreed to texts: the button says so instead of doing nothing.
  await page.goto(`/clients/${unknown.contact.id}`);
  await page.getByRole('button', { name: 'Text this client' }).click();
  const refusal = page.getByRole('dialog', { name: `No consent to text ${unknown.contact.name}` });
  await expect(refusal).toContainText('agreed to get texts');
  await expect(page).toHaveURL(new RegExp(`/clients/${unknown.contact.id}$`));
});

test('register form: the phone error appearing on blur does not move the terms checkbox, and the click on it counts', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Start Your Free 14-Day Trial' })).toBeVisible();
  const phone = page.getByLabel('Phone (optional)');
  await phone.click();
  await phone.pressSequentially('555 12');
  const terms = page.getByRole('checkbox');
  const before = await terms.boundingBox();
  expect(before).not.toBeNull();

  // One click on the checkbox: the press blurs the phone field (its error appears), the release must land on the
  // same checkbox.
  await page.mouse.click(before!.x + before!.width / 2, before!.y + before!.height / 2);
  await expect(page.getByText('Please enter a valid US or Canadian phone number.')).toBeVisible();
  const after = await terms.boundingBox();
  expect(after!.y).toBeCloseTo(before!.y, 0);
  expect(after!.x).toBeCloseTo(before!.x, 0);
  await expect(terms).toBeChecked();
});

test('lead drawer: a status change is confirmed where it was made, and the drawer says what saves how', async ({ page, request, mail, uniqueEmail }) => {
  const account = await signUpViaApi(request, mail, uniqueEmail('save-model'));
  const lead = await manualLead(request, account.token, { firstName: 'Ruth', phone: '+13125550172', consentConfirmed: true });
  await storeToken(page, account.token);
  await page.goto(`/leads?lead=${lead.id}`);

  const saveState = drawer(page).getByRole('status');
  await expect(saveState).toHaveText('Status and owner are saved as soon as you choose them.');
  await drawer(page).getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Qualified' }).click();
  await expect(saveState).toHaveText(/^✓ Status set to Qualified · saved \d{1,2}:\d{2}/);
  // The typed fields have their own button, named for what it saves; nothing unsaved is pending.
  await expect(drawer(page).getByRole('button', { name: 'Save notes' })).toBeDisabled();

  const stored = await request.get(`/trpc/leads.get?input=${encodeURIComponent(JSON.stringify({ id: lead.id }))}`, { headers: { Authorization: `Bearer ${account.token}` } });
  expect(((await stored.json()) as Data<{ status: string }>).result.data.status).toBe('qualified');
});

test('Settings → Company: unsaved changes are not dropped silently when switching tabs or leaving the page', async ({ page, request, mail, uniqueEmail }) => {
  const account = await signUpViaApi(request, mail, uniqueEmail('unsaved'));
  await storeToken(page, account.token);
  await page.goto('/settings/company');
  const businessName = page.getByRole('textbox', { name: 'Business name', exact: true });
  await expect(businessName).toHaveValue(account.companyName);
  await businessName.fill('Rapid Rooter Plumbing');

  await page.getByRole('tab', { name: 'Address' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/company$/);
  await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(leave).toBeHidden();
  await expect(businessName).toHaveValue('Rapid Rooter Plumbing');

  await page.getByRole('tab', { name: 'Address' }).click();
  await leave.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/settings\/address$/);

  // Closing or reloading the page with changes: the browser asks.
  await page.getByRole('tab', { name: 'Company' }).click();
  await businessName.fill('Rapid Rooter Plumbing');
  const dialog = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const asked = await dialog;
  expect(asked.type()).toBe('beforeunload');
  await asked.accept();
});

test('support access through an adminAuth link shows a banner on every screen and can be ended', async ({ page, request, mail, server, uniqueEmail }) => {
  test.setTimeout(90_000);
  const account = await signUpViaApi(request, mail, uniqueEmail('impersonate'));
  // The support token as support gets it: `npm run admin:token -- <email>` against the running server.
  const { stdout } = await run('npm', ['run', '--silent', 'admin:token', '--', account.email, '--operator', 'QA desk'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '', PUBLIC_URL: server.url },
  });
  const lines = stdout.trim().split('\n');
  const token = lines[lines.findIndex((line) => line.startsWith('Support token for')) + 1]!.trim();
  expect(token).toMatch(/^\S{20,}$/);

  await page.goto(`/?adminAuth=${encodeURIComponent(token)}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  const banner = page.getByRole('status', { name: 'Support access' });
  await expect(banner).toContainText(new RegExp(`^You are signed in as ${FIRST_NAME} \\(support access, ends \\d{1,2}:\\d{2}( [AP]M)?\\)`));
  for (const path of ['/leads', '/settings/company', '/onboarding']) {
    await page.goto(path);
    await expect(banner, path).toBeVisible();
  }

  await banner.getByRole('button', { name: 'End support session' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(banner).toHaveCount(0);
  const after = await request.get('/trpc/currentSession', { headers: { Authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
});

test('a contact without a name shows its number once; a test phone is named as a customer, not like the business number', async ({ page, request, mail, uniqueEmail }) => {
  const account = await signUpViaApi(request, mail, uniqueEmail('unnamed'));
  await storeToken(page, account.token);
  await page.goto('/settings/phone');
  await page.getByRole('button', { name: 'Use a test number' }).click();
  await expect(page.getByText('Test number (simulator)')).toBeVisible();
  await page.getByRole('button', { name: 'Add a test phone' }).click();
  const handset = page.getByRole('region', { name: /^Test phone \(\d{3}\) \d{3}-\d{4}$/ });
  const customer = (await handset.getAttribute('aria-label'))!.replace('Test phone ', '');
  await expect(page.getByRole('radio', { name: `Test customer 1 · ${customer}` })).toBeChecked();
  await expect(handset).toContainText('Texting your business number');
  await handset.getByRole('textbox', { name: 'Text the business' }).fill('Is anyone around today?');
  await handset.getByRole('button', { name: 'Send text' }).click();

  await page.goto('/conversations');
  await page.getByRole('list', { name: 'Conversations' }).getByRole('button').filter({ hasText: customer }).click();
  const title = page.getByRole('heading', { level: 2, name: customer });
  await expect(title).toBeVisible();
  const header = title.locator('xpath=..');
  await expect(header).toContainText('No name yet');
  expect((await header.innerText()).split(customer).length - 1).toBe(1);
});

test("a screen whose file cannot be downloaded reloads once, then raises 'Lazy import failed' naming the export", async ({ page, request, mail, uniqueEmail }) => {
  const account = await signUpViaApi(request, mail, uniqueEmail('lazy'));
  await storeToken(page, account.token);
  let attempts = 0;
  await page.route(/\/assets\/referral-thank-you-[^/]+\.js$/, (route) => {
    attempts += 1;
    return route.abort('internetdisconnected');
  });

  await page.goto('/referral-thank-you');
  const error = page.getByRole('alert').filter({ hasText: 'Lazy import failed' });
  await expect(error).toContainText('ReferralThankYouPage');
  await expect(error).not.toContainText('Failed to fetch dynamically imported module');
  expect(attempts).toBe(2); // the first load and the one reload
});
