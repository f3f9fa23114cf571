import type { APIRequestContext, Page } from '@playwright/test';
import type { MailCatcher } from '@server/platform/testing/mail-catcher';
import { expect, test } from './fixtures';
import { signUpViaApi } from './session';

/**
 * The sign-in screen against the real server, in Chromium: register → code by SMTP → /onboarding, login →
 * /dashboard or the `from` page, the resend countdown and the reload rules under a fake page clock, the 2 s
 * switches, and the form's validation.
 */

async function fillRegistration(page: Page, email: string, phone?: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Rivera');
  await page.getByLabel('Company name').fill('Acme Plumbing');
  if (phone) await page.getByRole('textbox', { name: /Phone/ }).fill(phone);
}

const codeBox = (page: Page) => page.getByRole('textbox', { name: 'Verification code' });

/**
 * A fake page clock that does not flow on its own (`install()` alone lets time pass in real time): timers fire only
 * when a test moves it, however busy the machine is. Set before the first navigation; it holds across reloads.
 */
async function freezeClock(page: Page) {
  const start = new Date('2026-11-21T15:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1_000));
}

/**
 * Does `action` and, on a frozen clock, nudges time forward 1 ms at a time until the tRPC call to `procedure`
 * leaves: the batch link sends on a `setTimeout`, which a paused clock would hold forever. A few ms at most.
 */
async function callingApi(page: Page, procedure: string, action: () => Promise<void>) {
  let sent = false;
  const request = page.waitForRequest((r) => r.url().includes(`/trpc/${procedure}`)).then(() => {
    sent = true;
  });
  await action();
  for (let i = 0; i < 500 && !sent; i += 1) {
    await page.clock.runFor(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await request;
}

test.describe('first paint', () => {
  test('`/` paints the sign-in form from the server before any script runs; the app then takes over the same form', async ({ page, uniqueEmail }) => {
    // Hold the app back: what shows is the server's snapshot alone.
    await page.route('**/assets/index-*.js', (route) => route.abort());
    await page.goto('/');
    await expect(page.locator('#root[data-snapshot="sign-in"] form')).toBeVisible();
    await expect(page.locator('#root[data-snapshot] [inert]')).toHaveCount(1);
    const snapshotBox = await page.locator('#root form').boundingBox();

    await page.unroute('**/assets/index-*.js');
    await page.reload();
    await expect(page.locator('#root[data-snapshot]')).toHaveCount(0);
    await expect(page.locator('#root [inert]')).toHaveCount(0);
    await expect(page.getByLabel('Email')).toBeEditable();
    // The same form in the same place: nothing moved when the app replaced the snapshot.
    expect(await page.locator('#root form').boundingBox()).toEqual(snapshotBox);
    const email = uniqueEmail('first-paint');
    await fillRegistration(page, email);
    await expect(page.getByLabel('Email')).toHaveValue(email);
  });

  test('someone signed in never sees the sign-in snapshot', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('authToken', 'a-token-the-server-does-not-know'));
    await page.route('**/assets/index-*.js', (route) => route.abort());
    await page.goto('/');
    await expect(page.locator('#root[data-snapshot]')).toBeHidden();
  });
});

test.describe('register', () => {
  test('register → code from the email → /onboarding, with the exact payload stored', async ({ page, mail, uniqueEmail }) => {
    const email = uniqueEmail('register');
    await page.goto('/?ref=FRIEND42&utm_source=google');
    await expect(page.getByRole('heading', { name: 'Start Your Free 14-Day Trial' })).toBeVisible();
    await expect(page.getByLabel('Referral code')).toHaveValue('FRIEND42');
    await fillRegistration(page, email, '4155552671');
    const submit = page.getByRole('button', { name: 'Start Free Trial' });
    await expect(submit).toBeDisabled();
    await page.getByRole('checkbox').check();
    const before = mail.messages.length;
    const [request] = await Promise.all([page.waitForRequest('**/trpc/createNewUserAccount**'), submit.click()]);
    // The payload of spec section 3 (batched: {"0": payload}).
    expect(JSON.parse(request.postData() ?? '{}')['0']).toEqual({
      email,
      firstName: 'Dana',
      lastName: 'Rivera',
      companyName: 'Acme Plumbing',
      referralCode: 'FRIEND42',
      signupPhone: '+14155552671',
      referrer: '',
      params: { ref: 'FRIEND42', utm_source: 'google' },
    });
    expect(request.headers()['authorization']).toBeUndefined();

    await expect(page.getByRole('heading', { name: 'Enter Verification Code' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('successfully');
    const code = await mail.waitForCode(email, { after: before });
    await codeBox(page).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole('heading', { name: /Welcome to LeadLoop, Dana!/ })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('authToken'))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await page.evaluate(() => window.sessionStorage.getItem('leadloop.signInState'))).toBeNull();
  });

  test('"already exists" switches to login after 2 s with the email kept', async ({ page, request, mail, uniqueEmail }) => {
    const email = uniqueEmail('exists');
    await signUpViaApi(request, mail, email, 'Lee Heating');
    await freezeClock(page);
    await page.goto('/');
    await fillRegistration(page, email);
    await page.getByRole('checkbox').check();
    await callingApi(page, 'createNewUserAccount', () => page.getByRole('button', { name: 'Start Free Trial' }).click());
    await expect(page.getByRole('alert')).toContainText('already exists');
    await page.clock.runFor(1_900);
    await expect(page.getByRole('heading', { name: 'Start Your Free 14-Day Trial' })).toBeVisible();
    await page.clock.runFor(100);
    await expect(page.getByRole('button', { name: 'Send Login Code' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
  });

  test('an invalid phone number is refused with the spec message', async ({ page, uniqueEmail }) => {
    await page.goto('/');
    await fillRegistration(page, uniqueEmail('phone'), '8765550123'); // +1 876 is Jamaica
    await page.getByLabel('Company name').focus();
    await expect(page.getByText('Please enter a valid US or Canadian phone number.')).toBeVisible();
    await page.getByRole('checkbox').check();
    let called = false;
    page.on('request', (r) => {
      if (r.url().includes('createNewUserAccount')) called = true;
    });
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await expect(page.getByText('Please enter a valid US or Canadian phone number.')).toBeVisible();
    expect(called).toBe(false);
  });

  test('the terms must be ticked: submit stays disabled and says why', async ({ page, uniqueEmail }) => {
    await page.goto('/');
    await fillRegistration(page, uniqueEmail('terms'));
    await expect(page.getByRole('button', { name: 'Start Free Trial' })).toBeDisabled();
    await expect(page.getByText('You must agree to the Terms of Service and Privacy Policy')).toBeVisible();
    await page.getByRole('checkbox').check();
    await expect(page.getByRole('button', { name: 'Start Free Trial' })).toBeEnabled();
    await expect(page.getByText('You must agree to the Terms of Service and Privacy Policy')).toBeHidden();
  });
});

test.describe('login', () => {
  async function logIn(page: Page, mail: MailCatcher, email: string) {
    const before = mail.messages.length;
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Login Code' }).click();
    await expect(page.getByRole('heading', { name: 'Enter Verification Code' })).toBeVisible();
    await codeBox(page).fill(await mail.waitForCode(email, { after: before }));
    await page.getByRole('button', { name: 'Verify' }).click();
  }

  test('login → /dashboard', async ({ page, request, mail, uniqueEmail }) => {
    const email = uniqueEmail('login');
    await signUpViaApi(request, mail, email, 'Lee Heating');
    await page.goto('/');
    await page.getByRole('button', { name: 'Log in' }).click();
    await logIn(page, mail, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('company-name')).toHaveText('Lee Heating');
  });

  test('login → back to the page originally asked for', async ({ page, request, mail, uniqueEmail }) => {
    const email = uniqueEmail('from');
    await signUpViaApi(request, mail, email, 'Lee Heating');
    await page.goto('/leads');
    await expect(page).toHaveURL(/\/\?from=%2Fleads$/);
    await expect(page.getByRole('button', { name: 'Send Login Code' })).toBeVisible();
    await logIn(page, mail, email);
    await expect(page).toHaveURL(/\/leads$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  });

  test('"not found" says so and switches to register after 2 s', async ({ page, uniqueEmail }) => {
    await freezeClock(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Log in' }).click();
    const email = uniqueEmail('nobody');
    await page.getByLabel('Email').fill(email);
    await callingApi(page, 'initializeUserLoginVerification', () => page.getByRole('button', { name: 'Send Login Code' }).click());
    await expect(page.getByRole('alert')).toHaveText('Account not found. Would you like to create one?');
    await page.clock.runFor(1_900);
    await expect(page.getByRole('button', { name: 'Send Login Code' })).toBeVisible();
    await page.clock.runFor(100);
    await expect(page.getByRole('heading', { name: 'Start Your Free 14-Day Trial' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
  });
});

test.describe('verify-code: countdown and reloads', () => {
  /** On a frozen clock: signs up through the API, then asks for a login code in the browser. */
  async function toVerifyStep(page: Page, request: APIRequestContext, mail: MailCatcher, email: string) {
    await freezeClock(page);
    await signUpViaApi(request, mail, email, 'Lee Heating');
    await page.goto('/');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByLabel('Email').fill(email);
    await callingApi(page, 'initializeUserLoginVerification', () => page.getByRole('button', { name: 'Send Login Code' }).click());
    await expect(page.getByRole('heading', { name: 'Enter Verification Code' })).toBeVisible();
  }

  test('resend counts down from 30 s second by second, then resends', async ({ page, request, mail, uniqueEmail }) => {
    const email = uniqueEmail('resend');
    await toVerifyStep(page, request, mail, email);
    await expect(page.getByRole('button', { name: 'Resend (30s)' })).toBeDisabled();
    for (const seconds of [29, 28, 27]) {
      await page.clock.runFor(1_000);
      await expect(page.getByRole('button', { name: `Resend (${seconds}s)` })).toBeDisabled();
    }
    await page.clock.runFor(26_000);
    await expect(page.getByRole('button', { name: 'Resend (1s)' })).toBeDisabled();
    await page.clock.runFor(1_000);
    const resend = page.getByRole('button', { name: 'Resend', exact: true });
    await expect(resend).toBeEnabled();
    const before = mail.messages.length;
    await callingApi(page, 'initializeUserLoginVerification', () => resend.click());
    await expect(page.getByRole('status')).toHaveText('Verification code resent successfully.');
    await expect(page.getByRole('button', { name: 'Resend (30s)' })).toBeDisabled();
    // The new code works (only the latest one does).
    await codeBox(page).fill(await mail.waitForCode(email, { after: before }));
    await callingApi(page, 'verifyUserEmail', () => page.getByRole('button', { name: 'Verify' }).click());
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a reload keeps the verify step and the countdown where it was', async ({ page, request, mail, uniqueEmail }) => {
    const email = uniqueEmail('reload');
    await toVerifyStep(page, request, mail, email);
    await page.clock.runFor(10_000);
    await expect(page.getByRole('button', { name: 'Resend (20s)' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Enter Verification Code' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend (20s)' })).toBeDisabled();
    await page.clock.runFor(1_000);
    await expect(page.getByRole('button', { name: 'Resend (19s)' })).toBeDisabled();
  });

  test('a saved state older than 20 minutes is ignored', async ({ page, request, mail, uniqueEmail }) => {
    await toVerifyStep(page, request, mail, uniqueEmail('stale'));
    await page.clock.fastForward('19:59');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Enter Verification Code' })).toBeVisible();
    await page.clock.fastForward('00:01'); // 20:00 (and a little) after it was saved
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Start Your Free 14-Day Trial' })).toBeVisible();
  });

  test('a wrong code shows the server message and stays on the step', async ({ page, request, mail, uniqueEmail }) => {
    await toVerifyStep(page, request, mail, uniqueEmail('wrong'));
    await codeBox(page).fill('000000');
    await callingApi(page, 'verifyUserEmail', () => page.getByRole('button', { name: 'Verify' }).click());
    await expect(page.getByRole('alert')).toContainText(/Invalid verification code/);
    await expect(page.getByRole('heading', { name: 'Enter Verification Code' })).toBeVisible();
  });
});
