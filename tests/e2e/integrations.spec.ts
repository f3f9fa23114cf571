import { createServer } from 'node:net';
import { test as base, e2eServerEnv, expect } from './fixtures';
import { signUpViaApi, storeToken, trpc, trpcQuery } from './session';
import { startServerProcess } from '../support/server-process';
import { type FakeProviders, startFakeProviders } from '@server/testing/fake-integrations';

/**
 * Issue 29, in Chromium against the real server and a local fake Google (its consent page, oauth2-mock-server behind
 * it, a fake Calendar API): the owner connects Google Calendar from its card, allows access on the fake's consent
 * screen, comes back through /google-oauth-cal to the card saying "Connected"; a busy block put in the fake
 * calendar then removes that slot from the times the assistant offers (the slots every offer is made from).
 */

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const test = base.extend<object, { fake: FakeProviders }>({
  fake: [
    async ({}, use) => {
      const fake = await startFakeProviders();
      await use(fake);
      await fake.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ mail, fake }, use) => {
      const port = await freePort();
      const server = await startServerProcess({ env: { ...e2eServerEnv(mail.url), ...fake.env(), PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } });
      await use(server);
      await server.stop();
    },
    // (As the shared server fixture: a start from source can pass 60 s on a loaded machine.)
    { scope: 'worker', timeout: 180_000 },
  ],
});

const ALL_DAY = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((day) => [day, [{ start: 0, end: 24 * 60 }]]));

test('connect Google Calendar on the fake’s consent screen; the card says Connected; a busy block removes that slot from the offers', async ({ page, request, mail, uniqueEmail, fake }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const account = await signUpViaApi(request, mail, uniqueEmail('calendar'), 'Harbor Plumbing');
  const [owner] = await trpcQuery<Array<{ id: string }>>(request, 'team.members', undefined, account.token);
  await trpc(request, 'scheduling.availability.set', { userId: owner!.id, weekly: ALL_DAY, overrides: {} }, account.token);
  const type = ((await trpc(request, 'scheduling.types.create', { name: 'Drain cleaning visit', durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeMinutes: 60, horizonDays: 7, location: 'customer_address', userIds: [] }, account.token)) as { result: { data: { id: string } } }).result.data;
  const slots = async () => (await trpcQuery<{ slots: Array<{ start: number; end: number }> }>(request, 'scheduling.slots', { typeId: type.id }, account.token)).slots.map((slot) => slot.start);
  await storeToken(page, account.token);

  await page.goto('/external-integrations');
  const card = page.getByRole('region', { name: 'Google Calendar' });
  await expect(card.getByText('Not connected')).toBeVisible();
  await card.getByRole('button', { name: 'Connect' }).click();

  // The provider's consent screen (the fake's), then back through the spec's callback page.
  await expect(page.getByRole('heading', { name: 'LeadLoop wants to see your calendars' })).toBeVisible();
  await page.getByRole('link', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/external-integrations\?connected=google_calendar$/);
  await expect(page.getByText('Google Calendar is connected')).toBeVisible();
  await expect(card.getByText('Connected', { exact: true })).toBeVisible();
  await expect(card.getByText('Account: owner@example.test')).toBeVisible();
  // The address bar never kept the code or state.
  expect(page.url()).not.toMatch(/code=|state=/);

  // A meeting lands on the first time the assistant would offer; a sync later, that time is gone.
  const before = await slots();
  const first = before[0]!;
  expect(before).toContain(first);
  fake.google.addBusy('owner@example.test', new Date(first), new Date(first + 60 * 60_000), 'Dentist');
  await card.getByRole('button', { name: 'Sync now' }).click();
  await expect.poll(async () => (await slots()).includes(first), { timeout: 15_000 }).toBe(false);
  await page.reload();
  await expect(card.getByText(/^Last sync: /)).toBeVisible();

  // The sync log says what came in.
  await page.goto('/logs?tab=integrations');
  await expect(page.getByRole('table', { name: 'Integrations log' })).toContainText('Connected Google Calendar (owner@example.test).');
  await expect(page.getByRole('table', { name: 'Integrations log' })).toContainText(/Read \d+ busy time changes? from Google Calendar\./);
  expect(errors).toEqual([]);
});
