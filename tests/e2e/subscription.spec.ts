import { expect, test } from './fixtures';
import { signUpViaApi, storeToken, trpc } from './session';

/**
 * Issue 28: the trial banner leads to Settings → Subscription, where the owner upgrades on the local plan switcher
 * (no Stripe on the test server: nothing is charged, and the screen says so); the banner is then gone.
 */
test('the trial banner → Subscription → upgrade on the local plan switcher → the banner is gone', async ({ page, request, mail, uniqueEmail }) => {
  const owner = await signUpViaApi(request, mail, uniqueEmail('owner'));
  await storeToken(page, owner.token);
  await page.goto('/dashboard');
  const banner = page.getByTestId('trial-banner');
  await expect(banner).toContainText('14 days left in your free 14-day trial.');

  await banner.getByRole('link', { name: 'Upgrade now' }).click();
  await expect(page).toHaveURL(/\/settings\/subscription$/);
  await expect(page.getByTestId('trial-status')).toContainText('Free 14-day trial · 14 days left');
  await expect(page.getByTestId('trial-end-words')).toContainText('Only AI replies and flow texts pause');
  await expect(page.getByTestId('meter-texts')).toContainText('0 of 500');
  await expect(page.getByTestId('invoices-note')).toContainText('No invoices: billing is not set up on this server');

  await page.getByTestId('plan-pro').getByRole('button', { name: 'Choose Pro' }).click();
  await expect(page.getByTestId('plan-change-result')).toContainText('Upgraded to Pro: its limits apply now. No card was charged');
  await expect(page.getByRole('heading', { name: 'Your plan: Pro' })).toBeVisible();
  await expect(page.getByTestId('meter-texts')).toContainText('0 of 5,000');
  await expect(page.getByTestId('trial-banner')).toHaveCount(0);

  // Still gone on the next visit, and the change is the company's.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('trial-banner')).toHaveCount(0);
});

test('a referral link brings a sign-up that the referrer sees on /referral-thank-you', async ({ page, request, mail, uniqueEmail }) => {
  const owner = await signUpViaApi(request, mail, uniqueEmail('referrer'));
  await storeToken(page, owner.token);
  await page.goto('/referral-thank-you');
  const link = await page.getByTestId('referral-link').textContent();
  const code = link?.match(/\?ref=([A-Z0-9]+)$/)?.[1];
  expect(code).toBeTruthy();
  await expect(page.getByRole('heading', { name: 'No referrals yet' })).toBeVisible();

  // The sign-in screen reads the code from the link and shows it on the register form.
  const visitor = await page.context().browser()!.newContext({ baseURL: new URL(link!).origin });
  const signUpPage = await visitor.newPage();
  await signUpPage.goto(`/?ref=${code}`);
  await expect(signUpPage.getByLabel('Referral code')).toHaveValue(code!);
  await visitor.close();

  await trpc(request, 'createNewUserAccount', { email: uniqueEmail('friend'), firstName: 'Bo', lastName: 'Diaz', companyName: 'Bo Drains', signupPhone: null, referralCode: code, referrer: '' });
  await page.reload();
  await expect(page.getByTestId('referral-row')).toContainText('Bo Drains');
  await expect(page.getByTestId('referral-row')).toContainText('Signed up');
});
