import { existsSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { Page } from '@playwright/test';
import { buildIfStale, ROOT } from '@scripts/web-build';
import { expect, test } from './fixtures';
import { signUpViaApi } from './session';

/**
 * The QA inspector (VITE_XSTATE_INSPECT=true) in Chromium against the real server: drive the sign-in machine's
 * clock from the panel instead of waiting — the 2 s switch, the 30 s countdown, the 20-minute saved state.
 *
 * The normal build (dist/, what every other test and `npm run bench:bundle` use) stays without the inspector: this
 * spec builds its own copy into .tmp/dist-qa (once, only when stale) and serves the page and its assets from
 * there, while API calls go to the worker's real server.
 */
const QA_DIST = join(ROOT, '.tmp', 'dist-qa');
const API = /^\/(trpc|api|healthz|webhooks)(\/|$)/;

async function serveQaBuild(page: Page, baseURL: string) {
  await page.route(
    (url) => url.origin === new URL(baseURL).origin && !API.test(url.pathname),
    async (route) => {
      const { pathname } = new URL(route.request().url());
      const file = normalize(join(QA_DIST, decodeURIComponent(pathname)));
      const isAsset = file.startsWith(QA_DIST) && existsSync(file) && statSync(file).isFile();
      await route.fulfill({ path: isAsset ? file : join(QA_DIST, 'index.html') });
    },
  );
}

// The QA copy is served by page.route, which does not see requests a service worker makes: with LeadLoop's worker
// in control, a reload would fetch the normal build. Block the worker here (Playwright's advice for page.route).
test.use({ serviceWorkers: 'block' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await buildIfStale((reason) => console.log(`building the QA bundle into .tmp/dist-qa (${reason})…`), {
    outDir: QA_DIST,
    env: { VITE_XSTATE_INSPECT: 'true' },
  });
});

test('QA steps through the sign-in machine: 2 s switch, countdown and 20-minute expiry without waiting', async ({ page, request, mail, uniqueEmail, baseURL }) => {
  const email = uniqueEmail('qa');
  await signUpViaApi(request, mail, email);
  await serveQaBuild(page, baseURL ?? '');
  await page.goto('/');

  const panel = page.getByRole('complementary', { name: 'QA inspector' });
  const screen = page.getByRole('main');
  const active = panel.getByTestId('qa-active-states');
  const state = (path: string) => panel.locator(`[data-state-path="${path}"]`);
  await expect(active).toHaveText('register.editing');
  await expect(screen.getByRole('heading', { name: 'Start Your Free 14-Day Trial' })).toBeVisible();

  // Time stands still unless QA moves it: the 2 s switch can only happen through the panel.
  await panel.getByRole('button', { name: 'Pause clock' }).click();
  await expect(panel.getByText('(paused)')).toBeVisible();

  // Register an existing email by driving the machine from the panel (no form needed).
  await panel.getByLabel('register.submit email').fill(email);
  await panel.getByRole('button', { name: 'Send register.submit' }).click();
  await expect(active).toHaveText('register.switchingToLogin');
  await expect(state('register.switchingToLogin')).toHaveAttribute('data-active', 'true');
  await expect(screen.getByRole('alert')).toContainText('already exists');
  await expect(panel.getByText(/next delay: after switchDelay → login in 2\.000 s/)).toBeVisible();
  await expect(screen.getByRole('heading', { name: 'Start Your Free 14-Day Trial' })).toBeVisible();

  // The event log has the submit, expandable to its payload and the transition it caused.
  const submitEntry = panel.getByRole('list', { name: 'Event log' }).locator('details[data-event="register.submit"]');
  await submitEntry.locator('summary').click();
  await expect(submitEntry).toContainText(email);
  await expect(submitEntry).toContainText('register.editing → register.submitting');

  const clockBefore = await panel.getByTestId('qa-clock').textContent();
  const startedAt = Date.now();
  await panel.getByRole('button', { name: 'Jump to next delay' }).click();
  await expect(screen.getByRole('heading', { name: 'Log in to LeadLoop' })).toBeVisible();
  expect(Date.now() - startedAt).toBeLessThan(2_000);
  await expect(active).toHaveText('login.editing');
  await expect(state('login')).toHaveAttribute('data-active', 'true');
  await expect(state('register')).toHaveAttribute('data-active', 'false');
  const clockAfter = await panel.getByTestId('qa-clock').textContent();
  expect(Date.parse(`1970-01-01T${clockAfter}Z`) - Date.parse(`1970-01-01T${clockBefore}Z`)).toBe(2_000);

  // Log in with the form (the email was carried over): verify-code with the 30 s countdown.
  await expect(screen.getByLabel('Email')).toHaveValue(email);
  const sent = mail.messages.length;
  await screen.getByRole('button', { name: 'Send Login Code' }).click();
  await expect(screen.getByRole('heading', { name: 'Enter Verification Code' })).toBeVisible();
  await expect(active).toHaveText('verifyCode.form.idle + verifyCode.countdown.running');
  await expect(screen.getByRole('button', { name: 'Resend (30s)' })).toBeDisabled();
  await mail.waitForCode(email, { after: sent });

  await panel.getByRole('button', { name: 'Advance 1 s' }).click();
  await expect(screen.getByRole('button', { name: 'Resend (29s)' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Jump to end of countdown' }).click();
  await expect(active).toHaveText('verifyCode.form.idle + verifyCode.countdown.ready');
  const resend = screen.getByRole('button', { name: 'Resend', exact: true });
  await expect(resend).toBeEnabled();
  await resend.click();
  await expect(screen.getByRole('status').filter({ hasText: 'Verification code resent successfully.' })).toBeVisible();
  await expect(screen.getByRole('button', { name: 'Resend (30s)' })).toBeDisabled();

  // A wrong code: the server says so, and the panel logs the attempt with the code hidden.
  await screen.getByRole('textbox', { name: 'Verification code' }).fill('000000');
  await screen.getByRole('button', { name: 'Verify' }).click();
  await expect(screen.getByRole('alert')).toContainText('Invalid verification code');
  const codeEntry = panel.locator('details[data-event="code.submit"]');
  await codeEntry.locator('summary').click();
  await expect(codeEntry).toContainText('•••••• (hidden)');
  await expect(panel).not.toContainText('000000');

  // 19:59 old: a reload restores verify-code; 20:00 old: a reload shows the fresh screen.
  await panel.getByRole('button', { name: 'Age saved state to 19:59' }).click();
  await expect(panel.getByTestId('qa-saved-state')).toContainText('19:59 old');
  await panel.getByRole('button', { name: 'Reload page' }).click();
  await expect(screen.getByRole('heading', { name: 'Enter Verification Code' })).toBeVisible();
  await expect(screen.getByText(email)).toBeVisible();

  await panel.getByRole('button', { name: 'Age saved state to 20:00' }).click();
  await expect(panel.getByTestId('qa-saved-state')).toContainText('20:00 old');
  await panel.getByRole('button', { name: 'Reload page' }).click();
  await expect(screen.getByRole('heading', { name: 'Start Your Free 14-Day Trial' })).toBeVisible();
  await expect(active).toHaveText('register.editing');
  await expect(panel.getByTestId('qa-saved-state')).toHaveText('saved state: none');
  await expect(screen.getByLabel('Email')).toHaveValue('');

  // A scenario replays on its own sandbox copy of the machine, each step checked against what it expects.
  await panel.getByRole('button', { name: 'Scenarios' }).click();
  await panel.getByLabel('Scenario', { exact: true }).selectOption('existing-email');
  await panel.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(panel.getByText('1/4 steps')).toBeVisible();
  await panel.getByRole('button', { name: 'Run to the end' }).click();
  await expect(panel.getByText('4/4 steps · all as expected')).toBeVisible();
  await expect(screen.getByRole('heading', { name: 'Start Your Free 14-Day Trial' })).toBeVisible();
});
