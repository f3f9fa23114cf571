import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { mainNav, signUpViaApi, storeToken, trpc } from './session';

/**
 * Issue "Messaging core", browser part, against the real server and its built-in phone simulator: the test phone
 * texts the business → the lead shows in /leads and the thread in /conversations (both already open, no reload)
 * → staff reply → the test phone gets it → STOP → a further send is refused, with the reason on screen and from
 * the server.
 */

const FIRST_TEXT = 'Hi, my AC stopped blowing cold air. Can someone come today?';
const STAFF_REPLY = 'Hi! We can be there at 3 pm today. Does that work?';

async function textTheBusiness(phone: Locator, body: string) {
  await phone.getByRole('textbox', { name: 'Text the business' }).fill(body);
  await phone.getByRole('button', { name: 'Send text' }).click();
  await expect(phone.getByRole('textbox', { name: 'Text the business' })).toHaveValue('');
}

test('a text from the test phone becomes a live lead and thread; staff reply; STOP blocks further sends', async ({ page, context, request, mail, uniqueEmail }) => {
  const account = await signUpViaApi(request, mail, uniqueEmail('messaging'));
  await storeToken(page, account.token);

  // ── Settings → Phone: take a test number and add a test phone ──
  await page.goto('/settings/phone');
  await page.getByRole('button', { name: 'Use a test number' }).click();
  await expect(page.getByText('Test number (simulator)')).toBeVisible();
  await page.getByRole('button', { name: 'Add a test phone' }).click();
  const phone = page.getByRole('region', { name: /^Test phone \(\d{3}\) \d{3}-\d{4}$/ });
  await expect(phone).toBeVisible();
  const customer = (await phone.getAttribute('aria-label'))!.replace('Test phone ', '');
  const phoneTexts = phone.getByRole('list', { name: 'Texts on this phone' });

  // ── /leads and /conversations open in other tabs before anything arrives ──
  const leadsTab = await context.newPage();
  await leadsTab.goto('/leads');
  await expect(leadsTab.getByText('No leads yet')).toBeVisible();
  const inbox = await context.newPage();
  await inbox.goto('/conversations');
  await expect(inbox.getByRole('heading', { level: 1, name: 'Conversations' })).toBeVisible();
  await expect(inbox.getByRole('list', { name: 'Conversations' })).toHaveCount(0);

  // ── The customer texts the business ──
  await textTheBusiness(phone, FIRST_TEXT);
  await expect(phoneTexts).toContainText(FIRST_TEXT);

  // The lead appears in the open /leads tab, without a reload.
  const leadRow = leadsTab.getByTestId('lead-row').filter({ hasText: customer });
  await expect(leadRow).toBeVisible();
  await expect(leadRow).toContainText('Text message');
  await expect(leadRow).toContainText('New');

  // The thread appears in the open inbox, unread, with a count on the navigation.
  const threads = inbox.getByRole('list', { name: 'Conversations' });
  const threadRow = threads.getByRole('button').filter({ hasText: customer });
  await expect(threadRow).toBeVisible();
  await expect(threadRow).toContainText(FIRST_TEXT);
  await expect(threadRow).toContainText('1 unread');
  await expect(mainNav(inbox).getByLabel('1 unread')).toBeVisible();

  // ── Staff open the thread and reply ──
  await threadRow.click();
  await expect(inbox).toHaveURL(/[?&]c=[0-9a-f-]{36}/);
  const conversationId = new URL(inbox.url()).searchParams.get('c')!;
  const history = inbox.getByRole('log', { name: `Texts with ${customer}` });
  await expect(history).toContainText(FIRST_TEXT);
  const composer = inbox.getByRole('textbox', { name: `Text to ${customer}` });
  await composer.fill(STAFF_REPLY);
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  await expect(mainNav(inbox).getByLabel('1 unread')).toHaveCount(0);

  // The test phone receives the reply, and the thread shows it delivered.
  await expect(phoneTexts).toContainText(STAFF_REPLY);
  await expect(history).toContainText('Delivered');

  // ── The customer replies STOP (any case, spaces) and gets the one confirmation ──
  await textTheBusiness(phone, '  stop ');
  await expect(phoneTexts).toContainText("You're unsubscribed and will get no more texts from us. Reply START to resubscribe.");

  // The open thread now refuses to send, and says why.
  const reason = inbox.getByRole('status').filter({ hasText: 'Opted out' });
  await expect(reason).toContainText(`${customer} opted out`);
  await expect(reason).toContainText('LeadLoop won’t text them unless they reply START.');
  await expect(composer).toBeDisabled();
  await expect(threadRow).toContainText('Opted out');

  // The server refuses too, whatever the screen shows: the text is stored as not sent, with the reason.
  const sent = (await trpc(request, 'conversations.send', { conversationId, body: 'One more thing…' }, account.token)) as {
    result: { data: { status: string; problem: string | null } };
  };
  expect(sent.result.data.status).toBe('blocked');
  expect(sent.result.data.problem).toMatch(/opted out/i);
  await expect(history).toContainText('Not sent:');
  await expect(phoneTexts).not.toContainText('One more thing…');
});
