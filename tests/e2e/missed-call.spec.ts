import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { signUpViaApi, storeToken, trpc } from './session';

/**
 * Issue "Calls", browser part, with the built-in phone simulator: the test phone calls the business, nobody answers,
 * the caller leaves a typed voicemail → the call shows in Missed calls → History with its transcript, the test phone
 * gets the text-back, the lead appears, and the caller's reply lands in the thread.
 */
type Data<T> = { result: { data: T } };
const call = async <T>(request: APIRequestContext, procedure: string, input: unknown, token: string) => ((await trpc(request, procedure, input, token)) as Data<T>).result.data;

test('a missed call with a voicemail becomes a call in History, a text-back on the phone, a lead and a thread', async ({ page, context, request, mail, uniqueEmail }) => {
  test.setTimeout(120_000);
  const account = await signUpViaApi(request, mail, uniqueEmail('missed-call'));
  await call(request, 'phone.useSimulator', {}, account.token);
  // Calls forwarded to LeadLoop are already missed; the text-back goes 2 s after the voicemail ends.
  await call(request, 'missedCalls.settings.update', { routingMode: 'forwarded_missed', textBackDelaySeconds: 2 }, account.token);
  await storeToken(page, account.token);

  const history = await context.newPage();
  await history.goto('/missed-calls/history');
  await expect(history.getByRole('heading', { name: 'No calls yet' })).toBeVisible();

  await page.goto('/settings/phone');
  await page.getByRole('button', { name: 'Add a test phone' }).click();
  const phone = page.getByRole('region', { name: /^Test phone / });
  const callForm = phone.getByRole('form', { name: 'Call the business' });
  await callForm.getByLabel(/Voicemail/).fill('Hi, my water heater is leaking in the garage. Please call me back.');
  await callForm.getByRole('button', { name: 'Call' }).click();
  await expect(callForm.getByRole('status')).toContainText('Missed');

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
