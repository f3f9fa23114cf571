import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { FIRST_NAME, LAST_NAME, mainNav, signUpViaApi, storeToken } from './session';

/**
 * Issue "Protected app", browser part: route guards (deep links, `from`, history replacement), tab and unknown-path
 * redirects, `adminAuth`, UNAUTHORIZED handling, sign-out, the application shell and the company settings form.
 * Every test registers its own account through the API so tests never share state.
 */

const REGISTER_TITLE = 'Start Your Free 14-Day Trial';

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('authToken'));
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

// ── 1. Logged-out deep link ────────────────────────────────────────────────────────────────────────────────────
test.describe('logged-out deep link', () => {
  const DEEP_LINK = '/settings/address?x=1';

  test('goes to / with `from`, shows the login form, and returns to the deep link after signing in', async ({ page, request, mail, uniqueEmail }) => {
    const account = await signUpViaApi(request, mail, uniqueEmail('deep-link'));

    await page.goto(DEEP_LINK);
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.searchParams.get('from') === DEEP_LINK);
    expect(new URL(page.url()).search).toBe('?from=%2Fsettings%2Faddress%3Fx%3D1');

    // `from` present → the screen opens in login mode, not register.
    await expect(page.getByRole('button', { name: 'Send Login Code' })).toBeVisible();
    await expect(page.getByRole('heading', { name: REGISTER_TITLE })).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    const after = mail.messages.length;
    await page.getByRole('button', { name: 'Send Login Code' }).click();
    await expect(page.getByRole('heading', { name: 'Enter Verification Code' })).toBeVisible();
    const code = await mail.waitForCode(account.email, { after });
    await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();

    await expect(page).toHaveURL((url) => url.pathname + url.search === DEEP_LINK);
    await expect(page.getByRole('heading', { name: 'Business address' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Address' })).toHaveAttribute('aria-selected', 'true');
    expect(await storedToken(page)).not.toBeNull();
  });

  test('replaces the protected entry in history', async ({ page }) => {
    // A real previous entry first, so "back" has somewhere to go and the count is meaningful.
    await page.goto('/');
    await expect(page.getByRole('heading', { name: REGISTER_TITLE })).toBeVisible();
    // Counted rather than assumed: Playwright's initial about:blank is an entry of its own.
    const entriesBefore = await page.evaluate(() => window.history.length);

    await page.goto(DEEP_LINK);
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.searchParams.get('from') === DEEP_LINK);
    // The visit adds one entry, `/?from=…`: the redirect replaced the deep link's entry instead of pushing.
    expect(await page.evaluate(() => window.history.length)).toBe(entriesBefore + 1);

    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
    await expect(page.getByRole('heading', { name: REGISTER_TITLE })).toBeVisible();
  });
});

// ── 2. Tab parents and unknown tabs ──────────────────────────────────────────────────────────────────────────
test.describe('tabbed areas', () => {
  const REDIRECTS: [from: string, to: string, title: string][] = [
    ['/chat-widget', '/chat-widget/styles', 'Chat widget'],
    ['/missed-calls', '/missed-calls/basic', 'Missed calls'],
    ['/ai-call-answering', '/ai-call-answering/basic', 'AI call answering'],
    ['/settings', '/settings/company', 'Settings'],
    ['/microsites', '/microsites/basic', 'Microsite'],
    ['/chat-widget/nope', '/chat-widget/styles', 'Chat widget'],
    ['/ai-call-answering/x', '/ai-call-answering/basic', 'AI call answering'],
    ['/settings/whatever', '/settings/company', 'Settings'],
    ['/microsites/zzz', '/microsites/basic', 'Microsite'],
  ];

  test('a bare parent and an unknown tab land on the default tab', async ({ page, request, mail, uniqueEmail }) => {
    // (A full page load per redirect in REDIRECTS: over 60 s on a loaded 2-core machine.)
    test.setTimeout(120_000);
    const account = await signUpViaApi(request, mail, uniqueEmail('tabs'));
    await storeToken(page, account.token);

    for (const [from, to, title] of REDIRECTS) {
      await test.step(`${from} → ${to}`, async () => {
        await page.goto(from);
        await expect(page).toHaveURL((url) => url.pathname === to);
        await expect(h1(page)).toHaveText(title);
      });
    }
  });
});

// ── 3. Unknown paths ─────────────────────────────────────────────────────────────────────────────────────────
test.describe('unknown path', () => {
  test('signed out: goes to the sign-in screen at /', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
    await expect(page.getByRole('heading', { name: REGISTER_TITLE })).toBeVisible();
  });

  test('signed in: goes to / which sends a signed-in visitor on to /dashboard', async ({ page, request, mail, uniqueEmail }) => {
    const account = await signUpViaApi(request, mail, uniqueEmail('unknown-path'));
    await storeToken(page, account.token);

    await page.goto('/no-such-page');
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    await expect(h1(page)).toHaveText('Dashboard');
  });
});

// ── 4. adminAuth ─────────────────────────────────────────────────────────────────────────────────────────────
test.describe('adminAuth', () => {
  test('stores the token, lands on /dashboard and leaves no trace in the URL or history', async ({ page, request, mail, uniqueEmail }) => {
    // The app stores whatever token it is given as the session credential; a normal session token stands in for
    // a support token (minting one needs the server's admin secret).
    const account = await signUpViaApi(request, mail, uniqueEmail('admin-auth'));

    // A previous entry, so going back has somewhere to go (the fixture's context is fresh: no stored token).
    await page.goto('/');
    await expect(page.getByRole('heading', { name: REGISTER_TITLE })).toBeVisible();
    const entriesBefore = await page.evaluate(() => window.history.length);

    await page.goto(`/?adminAuth=${encodeURIComponent(account.token)}`);
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard' && url.search === '' && url.hash === '');
    expect(page.url()).not.toContain('adminAuth');
    // One new entry (/dashboard): the `/?adminAuth=…` entry was replaced, not kept underneath.
    expect(await page.evaluate(() => window.history.length)).toBe(entriesBefore + 1);
    expect(await storedToken(page)).toBe(account.token);
    await expect(h1(page)).toHaveText('Dashboard');
    await expect(page.getByTestId('company-name')).toHaveText(account.companyName);

    await page.goBack();
    await expect(page).toHaveURL((url) => !url.href.includes('adminAuth'));
    expect(page.url()).not.toContain('adminAuth');
  });
});

// ── 5. Stale token ───────────────────────────────────────────────────────────────────────────────────────────
test.describe('stale token', () => {
  test('UNAUTHORIZED removes the token, logs the error and goes back to the sign-in screen', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });

    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const staleToken = Array.from({ length: 43 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
    await storeToken(page, staleToken);

    await page.goto('/dashboard');
    // The app sends the browser to the origin: a full load of `/`.
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
    await expect(page.getByRole('heading', { name: REGISTER_TITLE })).toBeVisible();
    expect(await storedToken(page)).toBeNull();
    await expect.poll(() => errors.some((text) => text.includes('UNAUTHORIZED')), { message: `console errors: ${errors.join(' | ')}` }).toBe(true);
  });
});

// ── 6. Sign-out ──────────────────────────────────────────────────────────────────────────────────────────────
test.describe('sign-out', () => {
  test('forgets the token, shows the sign-in screen and revokes the session on the server', async ({ page, request, mail, uniqueEmail }) => {
    const account = await signUpViaApi(request, mail, uniqueEmail('sign-out'));
    await storeToken(page, account.token);
    await page.goto('/dashboard');
    await expect(h1(page)).toHaveText('Dashboard');

    // Marks this document: a reload after sign-out (a request sent without the token answered UNAUTHORIZED) would lose it.
    await page.evaluate(() => Object.assign(window, { __beforeSignOut: true }));
    await page.getByRole('button', { name: `Account menu for ${FIRST_NAME} ${LAST_NAME}` }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
    await expect(page.getByRole('heading', { name: REGISTER_TITLE })).toBeVisible();
    // Long enough for requests still open with the revoked token to be refused.
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => (window as unknown as { __beforeSignOut?: boolean }).__beforeSignOut)).toBe(true);
    expect(await storedToken(page)).toBeNull();

    const response = await request.get('/trpc/getCurrentLoggedInUser', { headers: { authorization: `Bearer ${account.token}` } });
    expect(response.status()).toBe(401);
  });
});

// ── 7. The application shell ─────────────────────────────────────────────────────────────────────────────────
test.describe('application shell', () => {
  test('header, active navigation item and navigation between screens', async ({ page, request, mail, uniqueEmail }) => {
    const account = await signUpViaApi(request, mail, uniqueEmail('shell-nav'));
    await storeToken(page, account.token);
    await page.goto('/dashboard');

    await expect(page.getByTestId('company-name')).toHaveText(account.companyName);
    const dashboardLink = mainNav(page).getByRole('link', { name: 'Dashboard', exact: true });
    const leadsLink = mainNav(page).getByRole('link', { name: 'Leads', exact: true });
    await expect(dashboardLink).toHaveAttribute('aria-current', 'page');
    await expect(leadsLink).not.toHaveAttribute('aria-current', /.*/);

    await leadsLink.click();
    await expect(page).toHaveURL((url) => url.pathname === '/leads');
    await expect(h1(page)).toHaveText('Leads');
    await expect(leadsLink).toHaveAttribute('aria-current', 'page');
    await expect(dashboardLink).not.toHaveAttribute('aria-current', /.*/);
  });

  /** Holds every script of the app (not the boot hint) until `release`: what shows meanwhile is the HTML and CSS alone. */
  async function holdScripts(page: Page) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      if (!/\/boot-hint-[0-9a-f]+\.js$/.test(route.request().url())) await held;
      await route.continue();
    });
    return release;
  }

  test('a cold load paints the shell and the screen’s skeleton before any script has run, then the screen', async ({ page, request, mail, uniqueEmail }) => {
    const account = await signUpViaApi(request, mail, uniqueEmail('shell-boot'));
    await storeToken(page, account.token);
    const release = await holdScripts(page);
    await page.goto('/leads', { waitUntil: 'commit' });
    // No script of the app has run, and the page is not white: the header, the navigation's place, the spinner.
    await expect(page.locator('header').getByText('LeadLoop', { exact: true })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading…' })).toBeVisible();
    await expect(page.locator('.ll-boot-nav')).toBeVisible();
    expect(await page.evaluate(() => document.querySelectorAll('.mantine-AppShell-root').length)).toBe(0);
    release();
    await expect(h1(page)).toHaveText('Leads');
    await expect(page.locator('.ll-boot')).toHaveCount(0);
    await expect(mainNav(page).getByRole('link', { name: 'Leads', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('signed out, a deep link paints no shell before the sign-in screen', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/leads', { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('data-signed-out', '');
    await expect(page.locator('.ll-boot')).toBeHidden();
    release();
    await expect(page.getByRole('button', { name: 'Send Login Code' })).toBeVisible();
  });

  test('the trial banner counts the days left and stays dismissed after a reload', async ({ page, request, mail, uniqueEmail }) => {
    const account = await signUpViaApi(request, mail, uniqueEmail('shell-banner'));
    await storeToken(page, account.token);
    await page.goto('/dashboard');

    const banner = page.getByTestId('trial-banner');
    await expect(banner).toContainText('14 days left in your free 14-day trial.');
    await banner.getByRole('button', { name: 'Dismiss trial reminder' }).click();
    await expect(banner).toHaveCount(0);

    // After the reload, wait until the company settings (which the banner is drawn from) have arrived and been
    // rendered before asserting absence — otherwise "no banner" would pass trivially while still loading.
    const companyLoaded = page.waitForResponse((response) => response.url().includes('company.get') && response.ok());
    await page.reload();
    await companyLoaded;
    await expect(h1(page)).toHaveText('Dashboard');
    await expect(page.getByTestId('company-name')).toHaveText(account.companyName);
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    await expect(banner).toHaveCount(0);
  });

  test('on a phone the navigation is hidden until the burger opens it', async ({ page, request, mail, uniqueEmail }) => {
    const account = await signUpViaApi(request, mail, uniqueEmail('shell-phone'));
    await page.setViewportSize({ width: 360, height: 780 });
    await storeToken(page, account.token);
    await page.goto('/dashboard');
    await expect(h1(page)).toHaveText('Dashboard');

    // Mantine slides the collapsed navbar off-screen (a transform), so "in the viewport" is the visible test.
    const leadsLink = mainNav(page).getByRole('link', { name: 'Leads', exact: true });
    await expect(leadsLink).not.toBeInViewport();

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(leadsLink).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Close navigation' })).toBeVisible();

    // Choosing an item closes the drawer again.
    await leadsLink.click();
    await expect(page).toHaveURL((url) => url.pathname === '/leads');
    await expect(leadsLink).not.toBeInViewport();
  });
});

// ── 8. Settings → Company ────────────────────────────────────────────────────────────────────────────────────
test.describe('settings → company', () => {
  test('saves the time zone and business name, confirms with a toast and keeps them after a reload', async ({ page, request, mail, uniqueEmail }) => {
    const account = await signUpViaApi(request, mail, uniqueEmail('company-form'));
    await storeToken(page, account.token);
    await page.goto('/settings/company');

    const timeZone = page.getByRole('combobox', { name: 'Time zone' });
    const businessName = page.getByRole('textbox', { name: 'Business name', exact: true });
    await expect(businessName).toHaveValue(account.companyName);

    await timeZone.click();
    await page.getByRole('option', { name: 'Central (Chicago, Dallas)' }).click();
    await expect(timeZone).toHaveValue('Central (Chicago, Dallas)');
    const newName = `Renamed ${Date.now().toString(36)} Plumbing`;
    await businessName.fill(newName);
    await page.getByRole('button', { name: 'Save changes' }).click();

    const toast = page.getByRole('alert').filter({ hasText: 'Company settings saved' });
    await expect(toast).toBeVisible();
    // Spec: toasts appear at the top right — in Mantine's top-right container, and drawn there.
    await expect(page.locator('[data-position="top-right"]').getByText('Company settings saved')).toBeVisible();
    const box = await toast.boundingBox();
    const viewport = page.viewportSize();
    expect(box).not.toBeNull();
    expect(viewport).not.toBeNull();
    expect(box!.y).toBeLessThan(viewport!.height / 4);
    expect(box!.x + box!.width).toBeGreaterThan(viewport!.width * 0.75);
    expect(box!.x).toBeGreaterThan(viewport!.width / 2);
    await expect(page.getByTestId('company-name')).toHaveText(newName);

    await page.reload();
    await expect(businessName).toHaveValue(newName);
    await expect(timeZone).toHaveValue('Central (Chicago, Dallas)');
    await expect(page.getByTestId('company-name')).toHaveText(newName);
  });
});
