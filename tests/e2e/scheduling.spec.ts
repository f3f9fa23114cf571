import type { APIRequestContext, Locator } from '@playwright/test';
import ICAL from 'ical.js';
import { expect, test } from './fixtures';
import { signUpViaApi, storeToken, trpc, trpcQuery } from './session';

/**
 * Issue 24, browser part, against the real server with the built-in assistant and the phone simulator: the test
 * phone asks for a drain cleaning; the assistant offers two free times, the customer picks one; the booking shows on
 * /scheduling's day view and the confirmation with its `.ics` link reaches the test phone (the file read with
 * ical.js: the right UTC times); the lead is marked won → the review request reaches the test phone once time is
 * moved forward past its delay; its link redirects to the company's review URL and counts one click.
 */
type Data<T> = { result: { data: T } };
const mutate = async <T>(request: APIRequestContext, procedure: string, input: unknown, token: string) => ((await trpc(request, procedure, input, token)) as Data<T>).result.data;

const QUESTIONS = [
  { key: 'service', text: 'What do you need help with?', kind: 'choice', choices: ['Water heater', 'Drain cleaning', 'Leak repair'], required: true },
  { key: 'postal_code', text: 'What’s the ZIP code for the job?', kind: 'zip', choices: [], required: true },
  { key: 'when', text: 'What day works for you?', kind: 'date', choices: [], required: true },
];
const REVIEW_URL = 'https://g.page/r/harbor-plumbing/review';

/**
 * The customer's phone and ZIP, in a US zone where it is now inside the review request's send window (9:00–20:00
 * the recipient's local time, PRODUCT.md; an hour of margin): the request is an automated text and rightly waits for
 * the window, and the test must not depend on the hour it runs. Between about 06:00 and 14:00 UTC every US zone is
 * outside it: then the test stops once the request is moved forward, and says so in its annotations.
 */
const CUSTOMERS = [
  { phone: '+18085550100', zip: '96813', zone: 'Pacific/Honolulu' },
  { phone: '+19075550100', zip: '99501', zone: 'America/Anchorage' },
  { phone: '+14155550100', zip: '94103', zone: 'America/Los_Angeles' },
  { phone: '+13035550100', zip: '80202', zone: 'America/Denver' },
  { phone: '+13125550100', zip: '60614', zone: 'America/Chicago' },
  { phone: '+12125550100', zip: '10001', zone: 'America/New_York' },
];
const localHour = (zone: string) => Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
const inWindow = CUSTOMERS.find((c) => localHour(c.zone) >= 9 && localHour(c.zone) < 19);
const CUSTOMER = inWindow ?? CUSTOMERS[4]!;
const pick = (from: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((key) => [key, from[key]]));
const ALL_DAY = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((day) => [day, [{ start: 0, end: 24 * 60 }]]));

async function textTheBusiness(phone: Locator, body: string) {
  await phone.getByRole('textbox', { name: 'Text the business' }).fill(body);
  await phone.getByRole('button', { name: 'Send text' }).click();
  await expect(phone.getByRole('textbox', { name: 'Text the business' })).toHaveValue('');
}

test('the assistant books a drain cleaning from the test phone; the booking, its calendar file and the review request that follows the won job', async ({ page: phonePage, context, request, mail, uniqueEmail }) => {
  // The confirmation waits out the send-lock's minute after the assistant's offer (real time, as for every customer).
  test.setTimeout(180_000);
  const account = await signUpViaApi(request, mail, uniqueEmail('booking'), 'Harbor Plumbing');
  await storeToken(phonePage, account.token);
  const company = await trpcQuery<{ updatedAt: number; name: string; trade: string | null; website: string | null; legalName: string | null; hours: unknown }>(request, 'company.get', undefined, account.token);
  await mutate(request, 'company.update', { expectedUpdatedAt: company.updatedAt, name: company.name, legalName: company.legalName, trade: company.trade, website: company.website, timezone: 'America/Chicago', hours: company.hours ?? Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, null])) }, account.token);
  const settings = await trpcQuery<{ version: number }>(request, 'ai.settings.get', undefined, account.token);
  await mutate(request, 'ai.settings.update', { expectedVersion: settings.version, enabled: true, replyDelaySeconds: 1, services: ['Water heater', 'Drain cleaning', 'Leak repair'], questions: QUESTIONS }, account.token);
  // One appointment type and an owner who takes bookings at any hour (so the test does not depend on the time it runs).
  const [owner] = await trpcQuery<Array<{ id: string }>>(request, 'team.members', undefined, account.token);
  const ownerId = owner!.id;
  await mutate(request, 'scheduling.availability.set', { userId: ownerId, weekly: ALL_DAY, overrides: {} }, account.token);
  await mutate(request, 'scheduling.types.create', { name: 'Drain cleaning visit', durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeMinutes: 60, horizonDays: 14, location: 'customer_address', userIds: [] }, account.token);

  await phonePage.goto('/settings/phone');
  await phonePage.getByRole('button', { name: 'Use a test number' }).click();
  await mutate(request, 'phone.simulator.addDevice', { phone: CUSTOMER.phone }, account.token);
  await phonePage.reload();
  const phone = phonePage.getByRole('region', { name: /^Test phone \(\d{3}\) \d{3}-\d{4}$/ });
  await expect(phone).toBeVisible();
  const texts = phone.getByRole('list', { name: 'Texts on this phone' });

  // ── The customer asks; the assistant qualifies and offers two free times ──
  await textTheBusiness(phone, 'Hi, I need a drain cleaning, kitchen sink is backed up');
  await expect(texts).toContainText('ZIP code', { timeout: 20_000 });
  await textTheBusiness(phone, CUSTOMER.zip);
  await expect(texts).toContainText('What day works', { timeout: 20_000 });
  await textTheBusiness(phone, 'tomorrow');
  const offer = texts.getByRole('listitem').filter({ hasText: 'Which works for you?' });
  await expect(offer).toHaveCount(1, { timeout: 20_000 });
  const offered = (await offer.innerText()).match(/I can book Drain cleaning visit (.+?) or (.+?)\. Which works/);
  expect(offered).not.toBeNull();
  const firstTime = offered![1]!.split(' at ')[1]!; // "8:00 AM"

  // ── The customer picks the first; the confirmation with the calendar link arrives ──
  await textTheBusiness(phone, 'the first one please');
  const confirmation = texts.getByRole('listitem').filter({ hasText: "you're booked for Drain cleaning visit" });
  await expect(confirmation).toHaveCount(1, { timeout: 90_000 });
  const link = (await confirmation.innerText()).match(/https?:\/\/\S+\/a\/[\w-]+\.ics/)![0];
  const file = await request.get(new URL(link).pathname);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toMatch(/^text\/calendar/);
  const event = new ICAL.Component(ICAL.parse(await file.text())).getFirstSubcomponent('vevent')!;
  const start = (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate();
  const end = (event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate();
  expect(end.getTime() - start.getTime()).toBe(60 * 60_000);
  expect(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', hour: 'numeric', minute: '2-digit' }).format(start)).toBe(firstTime);

  // ── It shows on /scheduling's day view (tomorrow) ──
  const page = await context.newPage();
  await page.goto('/scheduling');
  await page.getByRole('button', { name: 'Next day' }).click();
  const dayView = page.getByRole('region', { name: 'Day view' });
  const block = dayView.getByRole('button', { name: new RegExp(`${firstTime.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} – .*Drain cleaning visit`) });
  await expect(block).toBeVisible();
  await block.click();
  await expect(page.getByRole('dialog')).toContainText('Drain cleaning visit');
  await page.keyboard.press('Escape');

  // ── The job is done: the lead is marked won on its page; the review request waits its 2 hours ──
  const review = await trpcQuery<Record<string, unknown>>(request, 'reviews.settings.get', undefined, account.token);
  await mutate(request, 'reviews.settings.set', { ...pick(review, ['template', 'automatic', 'delayMinutes', 'reminder', 'reminderAfterDays']), links: [{ id: 'google', site: 'google', url: REVIEW_URL }], primaryLinkId: 'google' }, account.token);
  const number = ((await phone.getAttribute('aria-label')) ?? '').replace('Test phone ', '');
  await page.goto('/leads');
  const row = page.getByTestId('lead-row').filter({ hasText: number });
  await expect(row).toContainText('Booked');
  await row.getByRole('link').first().click();
  const lead = page.getByRole('dialog', { name: 'Lead details' });
  await lead.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Won', exact: true }).click();
  await expect(lead).toContainText('Marked as Won');

  // Time moved forward for test phones: the request goes (after the send-lock's minute since the confirmation).
  await page.goto('/review-requests');
  const move = page.getByRole('group', { name: 'Move time forward for test phones' });
  await move.getByRole('button', { name: '+1 hour' }).click();
  await expect(move).toContainText(/1 review request forward/);
  await move.getByRole('button', { name: '+1 hour' }).click();
  await expect(move).toContainText(/1 review request forward/);
  if (!inWindow) {
    test.info().annotations.push({ type: 'stopped early', description: `At ${new Date().toISOString()} no US zone is inside the 9:00–20:00 send window: the review request rightly waits for it.` });
    return;
  }
  const asked = texts.getByRole('listitem').filter({ hasText: 'Would you leave us a quick review?' });
  await expect(asked).toHaveCount(1, { timeout: 90_000 });

  // ── Its link redirects to the company's review page and counts one click, however often it is opened ──
  const short = (await asked.innerText()).match(/https?:\/\/\S+\/r\/[\w-]+/)![0];
  for (let i = 0; i < 2; i += 1) {
    const hop = await request.get(new URL(short).pathname, { maxRedirects: 0 });
    expect(hop.status()).toBe(302);
    expect(hop.headers()['location']).toBe(REVIEW_URL);
  }
  // Two opens, one person: the request counts as clicked once.
  const [sent] = await trpcQuery<Array<{ clicks: number; clickedAt: number | null }>>(request, 'reviews.list', { limit: 10 }, account.token);
  expect(sent).toMatchObject({ clicks: 2, clickedAt: expect.any(Number) });
  const stats = await trpcQuery<{ current: { sent: number; clicked: number } }>(request, 'reviews.stats', { from: Date.now() - 86_400_000, to: Date.now() + 60_000 }, account.token);
  expect(stats.current).toMatchObject({ sent: 1, clicked: 1 });
  await page.reload();
  await expect(page.getByRole('table').filter({ hasText: 'Clicked' })).toContainText('Yes,');
});
