import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signUpViaApi, storeToken, trpc, trpcQuery } from './session';

/**
 * Issue 14, browser part, against the real server with the built-in assistant and the phone simulator: the test
 * phone texts the business → the assistant asks the first question after its reply delay → the tester answers every
 * question → /leads (already open) shows the lead "Qualified", and the lead shows the answers and the summary; a
 * second thread is taken over by staff and the assistant stays silent there.
 */
type Data<T> = { result: { data: T } };
const mutate = async <T>(request: APIRequestContext, procedure: string, input: unknown, token: string) => ((await trpc(request, procedure, input, token)) as Data<T>).result.data;
const query = trpcQuery;

const QUESTIONS = [
  { key: 'service', text: 'What do you need help with?', kind: 'choice', choices: ['Water heater', 'Drain cleaning', 'Leak repair'], required: true },
  { key: 'postal_code', text: 'What’s the ZIP code for the job?', kind: 'zip', choices: [], required: true },
  { key: 'urgent', text: 'Is it urgent?', kind: 'yes_no', choices: [], required: true },
];

async function textTheBusiness(phone: Locator, body: string) {
  await phone.getByRole('textbox', { name: 'Text the business' }).fill(body);
  await phone.getByRole('button', { name: 'Send text' }).click();
  await expect(phone.getByRole('textbox', { name: 'Text the business' })).toHaveValue('');
}

/** Settings → Phone shows one test phone at a time: the one just added. */
async function addTestPhone(page: Page, previous: string | null) {
  await page.getByRole('button', { name: 'Add a test phone' }).click();
  const region = page.getByRole('region', { name: /^Test phone \(\d{3}\) \d{3}-\d{4}$/ });
  if (previous) await expect(region).not.toHaveAccessibleName(`Test phone ${previous}`);
  await expect(region).toBeVisible();
  const number = (await region.getAttribute('aria-label'))!.replace('Test phone ', '');
  const phone = page.getByRole('region', { name: `Test phone ${number}` });
  return { phone, number, texts: phone.getByRole('list', { name: 'Texts on this phone' }) };
}

test('the assistant qualifies a texting lead live; a thread staff took over gets no assistant reply', async ({ page, context, request, mail, uniqueEmail }) => {
  test.setTimeout(120_000);
  const account = await signUpViaApi(request, mail, uniqueEmail('assistant'), 'Bayside Plumbing');
  await storeToken(page, account.token);
  await mutate(request, 'phone.useSimulator', {}, account.token);
  // A short reply delay keeps the test quick; the engine's behaviour is the same at the default 8 s.
  const settings = await query<{ version: number }>(request, 'ai.settings.get', undefined, account.token);
  await mutate(request, 'ai.settings.update', { expectedVersion: settings.version, enabled: true, replyDelaySeconds: 2, services: ['Water heater', 'Drain cleaning', 'Leak repair'], questions: QUESTIONS }, account.token);

  // Settings → AI says the assistant is on now.
  await page.goto('/settings/ai');
  await expect(page.getByText(/The assistant is on now/)).toBeVisible();

  await page.goto('/settings/phone');
  const first = await addTestPhone(page, null);

  // /leads is open in another tab before anything arrives.
  const leadsTab = await context.newPage();
  await leadsTab.goto('/leads');
  await expect(leadsTab.getByText('No leads yet')).toBeVisible();

  // ── The first customer texts; the assistant asks its questions one by one ──
  await textTheBusiness(first.phone, 'Hi, my water heater stopped working');
  await expect(first.texts).toContainText('ZIP code', { timeout: 30_000 });
  await textTheBusiness(first.phone, '60614');
  await expect(first.texts).toContainText('urgent', { timeout: 30_000 });
  await textTheBusiness(first.phone, 'yes please, no hot water');

  // The lead is qualified in the open /leads tab, without a reload…
  const row = leadsTab.getByTestId('lead-row').filter({ hasText: first.number });
  await expect(row).toContainText('Qualified', { timeout: 30_000 });
  // …and shows the answers and the assistant's summary.
  await row.getByRole('link').first().click();
  await expect(leadsTab.getByTestId('ai-summary')).toContainText('Water heater');
  const lead = leadsTab.getByRole('dialog', { name: 'Lead details' });
  await expect(lead).toContainText('From the AI assistant');
  await expect(lead).toContainText('60614');
  await expect(lead).toContainText('Water heater');

  // ── A second customer; staff take the thread over after the first question ──
  const second = await addTestPhone(page, first.number);
  await textTheBusiness(second.phone, 'My drain is clogged');
  await expect(second.texts).toContainText('ZIP code', { timeout: 30_000 });
  const inbox = await context.newPage();
  await inbox.goto('/conversations');
  await inbox.getByRole('list', { name: 'Conversations' }).getByRole('button').filter({ hasText: second.number }).click();
  await expect(inbox.getByText('AI replying').first()).toBeVisible();
  await inbox.getByRole('button', { name: 'Take over' }).click();
  await expect(inbox.getByRole('button', { name: 'Hand back to AI' })).toBeVisible();
  await expect(inbox.getByText('You’re in control').first()).toBeVisible();

  const before = await second.texts.getByRole('listitem').count();
  await textTheBusiness(second.phone, '60614');
  await expect(inbox.getByRole('log').first()).toContainText('60614');
  // Well past the reply delay: the assistant said nothing more in this thread.
  await inbox.waitForTimeout(5_000);
  // The phone shows its own text and nothing new from the business.
  await expect(second.texts.getByRole('listitem')).toHaveCount(before + 1);
});

test('a customer who writes in Spanish is answered in Spanish, and the lead shows the answers in the owner’s words', async ({ page, request, mail, uniqueEmail }) => {
  test.setTimeout(120_000);
  const account = await signUpViaApi(request, mail, uniqueEmail('assistant-es'), 'Bayside Plumbing');
  await storeToken(page, account.token);
  await mutate(request, 'phone.useSimulator', {}, account.token);
  const settings = await query<{ version: number }>(request, 'ai.settings.get', undefined, account.token);
  await mutate(request, 'ai.settings.update', { expectedVersion: settings.version, enabled: true, replyDelaySeconds: 2, services: ['Water heater', 'Drain cleaning', 'Leak repair'], questions: QUESTIONS }, account.token);

  await page.goto('/settings/phone');
  const customer = await addTestPhone(page, null);
  await textTheBusiness(customer.phone, 'Hola, buenas tardes. Mi calentador de agua ya no calienta');
  // The next question, in Spanish: the service was understood from "calentador de agua".
  await expect(customer.texts).toContainText('¿Cuál es el código postal', { timeout: 30_000 });
  await textTheBusiness(customer.phone, '60614');
  await expect(customer.texts).toContainText('¿Es urgente?', { timeout: 30_000 });
  await textTheBusiness(customer.phone, 'no es urgente, gracias');
  await expect(customer.texts).toContainText('le escribirá pronto', { timeout: 30_000 });

  await page.goto('/leads');
  const row = page.getByTestId('lead-row').filter({ hasText: customer.number });
  await expect(row).toContainText('Qualified', { timeout: 30_000 });
  await row.getByRole('link').first().click();
  const lead = page.getByRole('dialog', { name: 'Lead details' });
  // The owner reads the answers as their own list and words: the service, the ZIP, "no".
  const answers = lead.getByRole('table', { name: 'Qualifier answers' });
  await expect(answers).toContainText('Water heater');
  await expect(answers).toContainText('60614');
  await expect(answers).toContainText('Is it urgent?no');
  await expect(page.getByTestId('ai-summary')).toContainText('writes in Spanish');
});
