import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signUpViaApi, storeToken, trpc, trpcQuery } from './session';

/**
 * Issue 27, browser part, against the real server with the built-in assistant and the phone simulator: AI call
 * answering is on, the test phone calls with "The AI assistant answers" on, the browser plays Twilio's side of
 * ConversationRelay over the call's WebSocket, the tester answers the intake questions by typing, the assistant ends
 * the call → the lead is qualified from an AI-answered call with the answers and the summary, and the test phone's
 * thread gets the one follow-up text (no missed-call text-back).
 */
type Data<T> = { result: { data: T } };
const mutate = async <T>(request: APIRequestContext, procedure: string, input: unknown, token: string) => ((await trpc(request, procedure, input, token)) as Data<T>).result.data;

const QUESTIONS = [
  { key: 'service', text: 'What do you need help with?', kind: 'choice', choices: ['Water heater', 'Drain cleaning', 'Leak repair'], required: true },
  { key: 'postal_code', text: 'What’s the ZIP code for the job?', kind: 'zip', choices: [], required: true },
  { key: 'urgent', text: 'Is it urgent?', kind: 'yes_no', choices: [], required: true },
];

/** Switches AI call answering on as an owner does: AI call answering → Basic, the switch, Save. */
async function switchAiCallAnsweringOn(page: Page) {
  await page.goto('/ai-call-answering/basic');
  await page.getByRole('switch', { name: 'Answer calls with the AI assistant' }).check();
  await page.getByRole('button', { name: 'Save call answering' }).click();
  await expect(page.getByText('The assistant answers calls now')).toBeVisible();
}

test('the test phone calls with AI answering on: the assistant takes the intake, ends the call, the lead is qualified and the phone gets the follow-up text', async ({ page, context, request, mail, uniqueEmail }) => {
  test.setTimeout(120_000);
  const account = await signUpViaApi(request, mail, uniqueEmail('ai-call'), 'Bayside Plumbing');
  await storeToken(page, account.token);
  await mutate(request, 'phone.useSimulator', {}, account.token);
  // Missed calls would ring the team first and text back: neither may happen for a call the assistant answers.
  await mutate(request, 'missedCalls.settings.update', { routingMode: 'ring_then_voicemail', forwardTo: '+14155550123', textBackDelaySeconds: 2 }, account.token);
  const ai = await trpcQuery<{ version: number }>(request, 'ai.settings.get', undefined, account.token);
  await mutate(request, 'ai.settings.update', { expectedVersion: ai.version, services: ['Water heater', 'Drain cleaning', 'Leak repair'], questions: QUESTIONS }, account.token);
  await switchAiCallAnsweringOn(page);

  // /leads and the call history are open in other tabs before the call.
  const leadsTab = await context.newPage();
  await leadsTab.goto('/leads');
  await expect(leadsTab.getByText('No leads yet')).toBeVisible();
  const historyTab = await context.newPage();
  await historyTab.goto('/ai-call-answering/history');
  await expect(historyTab.getByText('No answered calls yet')).toBeVisible();

  await page.goto('/settings/phone');
  await page.getByRole('button', { name: 'Add a test phone' }).click();
  const phone = page.getByRole('region', { name: /^Test phone / });
  const number = (await phone.getAttribute('aria-label'))!.replace('Test phone ', '');
  const calling = phone.getByRole('region', { name: 'Call the business' });
  await calling.getByRole('checkbox', { name: 'The AI assistant answers' }).check();
  await expect(calling.getByText('AI call answering is on: the assistant takes this call.')).toBeVisible();
  await calling.getByRole('button', { name: 'Call' }).click();

  // The assistant answers at once over the WebSocket: its greeting ends with the first intake question.
  const call = calling.getByRole('region', { name: 'Call with the assistant' });
  const transcript = call.getByRole('list', { name: 'Call transcript' });
  await expect(call.getByRole('status')).toContainText('The AI assistant answered');
  await expect(transcript).toContainText('Assistant: Thanks for calling Bayside Plumbing', { timeout: 30_000 });
  await expect(transcript).toContainText('What do you need help with?');
  // No incoming-call card: the team's phone is not rung for a call the assistant takes.
  await expect(page.getByRole('region', { name: /^Incoming call from / })).toHaveCount(0);

  const say = async (words: string) => {
    const box = call.getByRole('textbox', { name: 'What you say' });
    await box.fill(words);
    await box.press('Enter');
    await expect(transcript).toContainText(`You: ${words}`);
  };
  await say('Hi, my kitchen drain is clogged and backing up');
  await expect(transcript).toContainText('ZIP code', { timeout: 30_000 });
  await say('60614');
  await expect(transcript).toContainText('urgent', { timeout: 30_000 });
  await say('No, it is not urgent');
  // Every required answer taken: the assistant says goodbye and ends the call (`end`), the Connect action runs.
  await expect(transcript).toContainText('Goodbye', { timeout: 30_000 });
  await expect(calling.getByRole('status')).toContainText('The AI assistant answered', { timeout: 20_000 });
  await expect(calling.getByRole('button', { name: 'Call' })).toBeVisible();

  // The follow-up text reaches the test phone by itself, once; no text-back.
  const texts = phone.getByRole('list', { name: 'Texts on this phone' });
  // (The after-call work starts a few seconds after the call, then the text goes through the outbound pipeline.)
  await expect(texts).toContainText('thanks for calling Bayside Plumbing! We have your details', { timeout: 60_000 });
  await expect(texts.getByRole('listitem')).toHaveCount(1);
  await expect(texts).not.toContainText('Sorry we missed your call');

  // The lead: qualified, from an AI-answered call, with the answers and the assistant's summary.
  const row = leadsTab.getByTestId('lead-row').filter({ hasText: number });
  await expect(row).toContainText('Qualified', { timeout: 30_000 });
  await expect(row).toContainText('AI-answered call');
  await row.getByRole('link').first().click();
  const lead = leadsTab.getByRole('dialog', { name: 'Lead details' });
  await expect(lead).toContainText('60614');
  await expect(lead).toContainText('Drain cleaning');
  await expect(leadsTab.getByTestId('ai-summary')).not.toBeEmpty();

  // The call itself shows in the history tab that was open (live, no reload): summary, then the transcript turn by turn.
  const callRow = historyTab.getByTestId('ai-call-row');
  await expect(callRow).toHaveCount(1, { timeout: 30_000 });
  await expect(callRow).toContainText('Qualified.');
  await callRow.getByRole('button', { name: /^Transcript of the call from / }).click();
  const drawer = historyTab.getByRole('dialog', { name: 'Call answered by the AI' });
  await expect(drawer.getByTestId('ai-call-summary')).toContainText('Qualified.');
  await expect(drawer.getByTestId('transcript')).toContainText('Hi, my kitchen drain is clogged and backing up');
  await expect(drawer.getByTestId('transcript')).toContainText('No, it is not urgent');

  // And through the API: answered by the assistant (not missed), with every turn kept.
  const history = await trpcQuery<{ items: Array<{ id: string; outcome: string | null; summary: string | null }> }>(request, 'voiceAgent.calls.list', {}, account.token);
  expect(history.items).toHaveLength(1);
  expect(history.items[0]).toMatchObject({ outcome: 'qualified', summary: expect.stringContaining('Qualified.') });
  const detail = await trpcQuery<{ turns: Array<{ speaker: string; text: string }> }>(request, 'voiceAgent.calls.get', { id: history.items[0]!.id }, account.token);
  expect(detail.turns.map((t) => t.speaker)).toEqual(['assistant', 'caller', 'assistant', 'caller', 'assistant', 'caller', 'assistant']);
  expect(detail.turns[5]!.text).toBe('No, it is not urgent');
});
