import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { signUpViaApi, storeToken, trpc } from './session';

/**
 * Issue "Calls", where a call is shown: a missed call with a voicemail appears live as a call item between the texts
 * of its thread (with the transcript and the text-back), in the client's timeline, and in the dashboard's missed
 * calls → texted back → replied funnel once the caller replies. The call is placed by a scripted test phone
 * (phone.simulator.placeCall with the voicemail's words) so this test is about the screens, not the phone panel.
 */
type Data<T> = { result: { data: T } };
const call = async <T>(request: APIRequestContext, procedure: string, input: unknown, token: string) => ((await trpc(request, procedure, input, token)) as Data<T>).result.data;

test('a missed call shows in the thread between the texts, in the client timeline and in the dashboard funnel', async ({ page, request, mail, uniqueEmail }) => {
  test.setTimeout(120_000);
  const account = await signUpViaApi(request, mail, uniqueEmail('call-items'));
  await call(request, 'phone.useSimulator', {}, account.token);
  // Mode b: the call is missed on arrival and goes straight to the greeting; the text-back 2 s after the voicemail.
  await call(request, 'missedCalls.settings.update', { routingMode: 'forwarded_missed', textBackDelaySeconds: 2 }, account.token);
  const device = await call<{ id: string }>(request, 'phone.simulator.addDevice', { phone: '+13125550177' }, account.token);
  await storeToken(page, account.token);

  await page.goto('/conversations');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await call(request, 'phone.simulator.placeCall', { deviceId: device.id, voicemail: 'My <b>sink</b> is blocked. Please call me back.' }, account.token);

  // The thread appears live; opened, it shows the call with the voicemail written out, then the text-back after it.
  const threads = page.getByRole('list', { name: 'Conversations' });
  await expect(threads.getByRole('button')).toHaveCount(1, { timeout: 20_000 });
  await threads.getByRole('button').first().click();
  const log = page.getByRole('log');
  const item = log.getByRole('article', { name: /^Missed call from / });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('voicemail-transcript')).toHaveText('“My <b>sink</b> is blocked. Please call me back.”', { timeout: 30_000 });
  await expect(item.getByTestId('call-outcome')).toHaveText('Texted', { timeout: 30_000 });
  await expect(item.getByRole('link', { name: 'Call history' })).toHaveAttribute('href', '/missed-calls/history');
  const textBack = log.locator('[data-message-id]').filter({ hasText: 'Sorry we missed your call' });
  await expect(textBack).toBeVisible();
  // In time order: the call, then its text-back.
  const order = await log.locator('[data-call-id], [data-message-id]').evaluateAll((nodes) => nodes.map((n) => (n.hasAttribute('data-call-id') ? 'call' : 'text')));
  expect(order).toEqual(['call', 'text']);

  // The caller replies from the test phone; the reply lands below.
  await call(request, 'phone.simulator.send', { deviceId: device.id, body: 'Tomorrow at 9 works', mediaUrls: [] }, account.token);
  await expect(log.locator('[data-message-id]').filter({ hasText: 'Tomorrow at 9 works' })).toBeVisible({ timeout: 20_000 });

  // The client's timeline has the same call.
  const calls = await request.get(`/trpc/calls.list?input=${encodeURIComponent(JSON.stringify({ limit: 5 }))}`, { headers: { Authorization: `Bearer ${account.token}` } });
  const clientId = ((await calls.json()) as Data<{ items: Array<{ contact: { id: string } | null }> }>).result.data.items[0]!.contact!.id;
  await page.goto(`/clients/${clientId}`);
  const timeline = page.getByTestId('timeline-entry').filter({ hasText: /^Missed call from / });
  await expect(timeline).toHaveCount(1);
  await expect(timeline).toContainText('My <b>sink</b> is blocked.');
  await expect(timeline.getByTestId('call-outcome')).toHaveText('Texted');

  // The dashboard counts it: one missed call, texted back, replied.
  await page.goto('/dashboard');
  const funnel = page.getByRole('list', { name: 'Missed calls funnel' });
  await expect(funnel.getByRole('listitem', { name: 'Missed calls: 1' })).toBeVisible();
  await expect(funnel.getByRole('listitem', { name: 'Texted back: 1' })).toBeVisible();
  await expect(funnel.getByRole('listitem', { name: 'Replied: 1' })).toBeVisible();
});
