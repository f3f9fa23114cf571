import type { APIRequestContext } from '@playwright/test';
import { MISSED_CALL_LIMITS } from '@contracts/call';
import { expect, test } from './fixtures';
import { signUpViaApi, storeToken, trpc } from './session';

/**
 * Issue "Calls", browser part, with the built-in phone simulator: the test phone calls the business, it rings the
 * team in the app (the incoming-call card) for the ring timeout, nobody answers, the caller leaves a typed voicemail
 * after the greeting → the call shows in Missed calls → History with its transcript, the test phone gets the
 * text-back, the lead appears, and the caller's reply lands in the thread. And a call the team answers on the card.
 */
type Data<T> = { result: { data: T } };
const call = async <T>(request: APIRequestContext, procedure: string, input: unknown, token: string) => ((await trpc(request, procedure, input, token)) as Data<T>).result.data;

test('a missed call with a voicemail becomes a call in History, a text-back on the phone, a lead and a thread', async ({ page, context, request, mail, uniqueEmail }) => {
  test.setTimeout(120_000);
  const account = await signUpViaApi(request, mail, uniqueEmail('missed-call'));
  await call(request, 'phone.useSimulator', {}, account.token);
  // The LeadLoop number rings the team for the shortest ring timeout allowed; the text-back goes 2 s after the voicemail ends.
  await call(request, 'missedCalls.settings.update', { routingMode: 'ring_then_voicemail', forwardTo: '+14155550123', ringTimeoutSeconds: MISSED_CALL_LIMITS.ringTimeoutSeconds.min, textBackDelaySeconds: 2 }, account.token);
  await storeToken(page, account.token);

  const history = await context.newPage();
  await history.goto('/missed-calls/history');
  await expect(history.getByRole('heading', { name: 'No calls yet' })).toBeVisible();

  await page.goto('/settings/phone');
  await page.getByRole('button', { name: 'Add a test phone' }).click();
  const phone = page.getByRole('region', { name: /^Test phone / });
  const calling = phone.getByRole('region', { name: 'Call the business' });
  await calling.getByRole('button', { name: 'Call' }).click();
  await expect(calling.getByRole('status')).toContainText('Ringing');
  // It rings in the app: the incoming-call card, from the live event.
  const card = page.getByRole('region', { name: /^Incoming call from / });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Answer' })).toBeVisible();
  // Nobody answers: at the ring timeout (a server job) the card goes and the greeting plays on the test phone.
  await expect(calling.getByLabel('Greeting')).toContainText('Sorry we missed your call', { timeout: 20_000 });
  await expect(card).toBeHidden();
  await calling.getByLabel(/Your voicemail/).fill('Hi, my water heater is leaking in the garage. Please call me back.');
  await calling.getByRole('button', { name: 'Leave voicemail' }).click();
  await expect(calling.getByRole('status')).toContainText('Missed', { timeout: 20_000 });

  // The text-back reaches the test phone by itself, quoting the voicemail.
  const texts = phone.getByRole('list', { name: 'Texts on this phone' });
  await expect(texts).toContainText('Sorry we missed your call', { timeout: 60_000 });
  await expect(texts).toContainText('water heater');

  // History, open in another tab, shows the call with its transcript and the text-back.
  await expect(history.getByText('Hi, my water heater is leaking in the garage. Please call me back.')).toBeVisible({ timeout: 15_000 });

  // A lead from the missed call, and the caller's reply in its thread.
  await page.goto('/leads');
  await expect(page.getByTestId('lead-row')).toHaveCount(1);
  await expect(page.getByTestId('lead-row')).toContainText('Missed call');
  await page.goto('/settings/phone');
  await phone.getByRole('textbox', { name: 'Text the business' }).fill('Tomorrow at 9 works');
  await phone.getByRole('button', { name: 'Send text' }).click();
  await page.goto('/conversations');
  await page.getByRole('list', { name: 'Conversations' }).getByRole('button').first().click();
  await expect(page.getByRole('log', { name: /^Texts with / })).toContainText('Tomorrow at 9 works');
});

test('a call answered on the incoming-call card is answered, not missed: End call records the talk', async ({ page, request, mail, uniqueEmail }) => {
  const account = await signUpViaApi(request, mail, uniqueEmail('answered-call'));
  await call(request, 'phone.useSimulator', {}, account.token);
  await call(request, 'missedCalls.settings.update', { routingMode: 'ring_then_voicemail', forwardTo: '+14155550123', ringTimeoutSeconds: 30 }, account.token);
  await storeToken(page, account.token);
  await page.goto('/settings/phone');
  await page.getByRole('button', { name: 'Add a test phone' }).click();
  const calling = page.getByRole('region', { name: /^Test phone / }).getByRole('region', { name: 'Call the business' });
  await calling.getByRole('button', { name: 'Call' }).click();

  const card = page.getByRole('region', { name: /^Incoming call from / });
  await card.getByRole('button', { name: 'Answer' }).click();
  const onCall = page.getByRole('region', { name: /^Call with / });
  await expect(onCall).toContainText('On the call');
  await expect(calling.getByRole('status')).toContainText('Your team answered');
  await onCall.getByRole('button', { name: 'End call' }).click();
  await expect(onCall).toContainText('Call ended');
  await expect(calling.getByRole('status')).toContainText('Not a missed call');

  await page.goto('/missed-calls/history');
  await expect(page.getByText(/Answered by .+ · talked/).first()).toBeVisible();
});
