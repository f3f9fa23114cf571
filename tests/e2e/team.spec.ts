import { expect, test } from './fixtures';
import { signUpViaApi, storeToken } from './session';

/** Issue 25, users and roles: an owner invites a staff member, who joins by the emailed link and code. */
test('the owner invites a staff member, who accepts with a code by email and cannot open Settings → Subscription or API keys', async ({ page, browser, mail, request, uniqueEmail, baseURL }) => {
  const owner = await signUpViaApi(request, mail, uniqueEmail('owner'));
  await storeToken(page, owner.token);
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

  const staffEmail = uniqueEmail('staff');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(staffEmail);
  await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('staff');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByTestId('invitation-row').filter({ hasText: staffEmail })).toContainText('Waiting');

  await expect.poll(() => mail.messages.some((m) => m.to.includes(staffEmail) && m.text.includes('/invite/')), { timeout: 10_000 }).toBe(true);
  const invitation = mail.messages.find((m) => m.to.includes(staffEmail) && m.text.includes('/invite/'))!;
  const link = invitation.text.match(/https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeTruthy();
  const after = mail.messages.length;

  // The invitee: another browser, nobody signed in.
  const context = await browser.newContext({ baseURL });
  const invitee = await context.newPage();
  await invitee.goto(link!);
  await expect(invitee.getByRole('heading', { level: 1, name: `Join ${owner.companyName}` })).toBeVisible();
  await expect(invitee.getByText(`invited ${staffEmail} to join ${owner.companyName}`)).toBeVisible();
  await invitee.getByRole('textbox', { name: 'First name' }).fill('Sam');
  await invitee.getByRole('textbox', { name: 'Last name' }).fill('Lee');
  await invitee.getByRole('button', { name: 'Email me a code' }).click();
  const code = await mail.waitForCode(staffEmail, { after });
  await invitee.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await invitee.getByRole('button', { name: `Join ${owner.companyName}` }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);

  // Staff cannot open the subscription; the server refuses owner procedures anyway (server tests).
  await invitee.goto('/settings/subscription');
  await expect(invitee.getByText('Only the owner can see and change the subscription.', { exact: false })).toBeVisible();
  await expect(invitee.getByTestId('trial-status')).toHaveCount(0);
  // Nor the API keys: the owner's alone (the role table refuses the procedures; the screen says whose they are).
  await invitee.goto('/settings/api-keys');
  await expect(invitee.getByText('API keys are the owner’s')).toBeVisible();
  await expect(invitee.getByRole('button', { name: /create/i })).toHaveCount(0);

  // The owner sees them on the team.
  await page.reload();
  await expect(page.getByTestId('member-row').filter({ hasText: 'Sam Lee' })).toContainText(staffEmail);
  await context.close();
});
