import { expect, test } from './fixtures';
import { signUpViaApi, storeToken, trpc, trpcQuery } from './session';

/**
 * Issue 26, browser part: the owner fills the microsite's tabs, opens the public page in a signed-out browser, a
 * visitor sends the opt-in form there, and the lead appears live in /leads (already open) with its consent proof on
 * the client's ledger: web form, the page, the exact consent words, IP and browser.
 */
test('the owner publishes the microsite; a visitor opts in on the public page; the lead arrives live with its consent proof', async ({ page, browser, request, mail, uniqueEmail }) => {
  test.setTimeout(120_000);
  const account = await signUpViaApi(request, mail, uniqueEmail('microsite'), 'Harbor Light Plumbing');
  await trpc(request, 'phone.useSimulator', {}, account.token);
  const device = ((await trpc(request, 'phone.simulator.addDevice', { phone: null }, account.token)) as { result: { data: { id: string; e164: string } } }).result.data;
  await storeToken(page, account.token);

  // ── Basic: the first save publishes the page ──
  await page.goto('/microsites/basic');
  await expect(page.getByText('Your page isn’t live yet')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Business name' })).toHaveValue('Harbor Light Plumbing');
  await page.getByRole('textbox', { name: 'Tagline' }).fill('Leaks fixed the same day <script>alert(1)</script>');
  await page.getByRole('button', { name: 'Save and publish' }).click();
  const address = page.getByTestId('microsite-address');
  await expect(address.getByText('Live', { exact: true })).toBeVisible();
  const publicUrl = await address.getByRole('link', { name: /Open/ }).getAttribute('href');
  expect(publicUrl).toMatch(/\/m\/harbor-light-plumbing$/);

  // ── Content and Advanced ──
  await page.getByRole('tab', { name: 'Content' }).click();
  await page.getByRole('textbox', { name: 'Headline', exact: true }).fill('Plumbing help in Harbor County, today');
  await page.getByRole('button', { name: 'Save content' }).click();
  await expect(page.getByRole('button', { name: 'Save content' })).toBeVisible();
  await expect.poll(async () => (await trpcQuery<{ content: { heroHeadline: string } }>(request, 'microsites.get', undefined, account.token)).content.heroHeadline).toBe('Plumbing help in Harbor County, today');
  await page.getByRole('tab', { name: 'Advanced' }).click();
  await page.getByRole('textbox', { name: 'Search title' }).fill('Harbor Light Plumbing — same-day plumber');
  await page.getByRole('button', { name: 'Save advanced settings' }).click();
  await expect.poll(async () => (await trpcQuery<{ advanced: { seoTitle: string } }>(request, 'microsites.get', undefined, account.token)).advanced.seoTitle).toBe('Harbor Light Plumbing — same-day plumber');
  await page.getByRole('tab', { name: 'Domain' }).click();
  await expect(page.getByTestId('microsite-address')).toContainText(publicUrl!);

  // Staff keep /leads open: the lead must arrive there without a reload.
  await page.goto('/leads');
  await expect(page.getByText('No leads yet')).toBeVisible();

  // ── The public page, signed out ──
  const visitor = await browser.newContext();
  try {
    const site = await visitor.newPage();
    const errors: string[] = [];
    site.on('pageerror', (error) => errors.push(error.message));
    site.on('dialog', (dialog) => {
      errors.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    const response = await site.goto(publicUrl!);
    expect(response!.status()).toBe(200);
    await expect(site).toHaveTitle('Harbor Light Plumbing — same-day plumber');
    await expect(site.getByRole('heading', { level: 1 })).toHaveText('Plumbing help in Harbor County, today');
    // The owner's words are text, never markup.
    await expect(site.getByText('Leaks fixed the same day <script>alert(1)</script>')).toBeVisible();

    // The policy pages the carriers look for.
    await site.getByRole('link', { name: 'SMS Terms' }).first().click();
    await expect(site.getByRole('heading', { level: 1 })).toHaveText('SMS Terms');
    await expect(site.locator('main')).toContainText('Msg & data rates may apply');
    await site.goBack();
    await site.getByRole('link', { name: 'Privacy Policy' }).first().click();
    await expect(site.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(site.locator('main')).toContainText('We do not sell, rent or share your mobile phone number');
    await site.goBack();

    // The opt-in form: an unticked consent box with the carriers' wording.
    const consent = site.getByRole('checkbox');
    await expect(consent).not.toBeChecked();
    const consentText = (await site.locator('.consent label').innerText()).trim();
    expect(consentText).toContain('Harbor Light Plumbing');
    expect(consentText).toContain('text messages');
    expect(consentText).toContain('Msg & data rates may apply');
    expect(consentText).toContain('Reply STOP to opt out, HELP for help');
    await site.getByRole('textbox', { name: 'Your name' }).fill('Rosa Alvarez');
    await site.getByRole('textbox', { name: 'Mobile number' }).fill(device.e164.slice(2));
    await site.getByRole('textbox', { name: /How can we help/ }).fill('Kitchen faucet drips all night');
    await consent.check();
    await site.getByRole('button', { name: 'Send' }).click();
    await expect(site.getByRole('heading', { level: 1 })).toHaveText('Thanks, Rosa!');
    expect(errors).toEqual([]);

    // ── Live in /leads, from the microsite ──
    const row = page.getByTestId('lead-row').filter({ hasText: 'Rosa Alvarez' });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row).toContainText('Microsite');

    // The consent proof on the client's ledger.
    const clients = await trpcQuery<{ items: Array<{ id: string; name: string }> }>(request, 'clients.list', { page: 1, pageSize: 20 }, account.token);
    const client = clients.items.find((item) => item.name === 'Rosa Alvarez');
    expect(client).toBeDefined();
    await page.goto(`/clients/${client!.id}`);
    await page.getByRole('tab', { name: 'Consent' }).click();
    const proof = page.getByRole('list', { name: 'Consent ledger' }).getByTestId('consent-row').filter({ hasText: 'Web form' });
    await expect(proof).toContainText('Opted in');
    await expect(proof).toContainText(`“${consentText}”`);
    await expect(proof).toContainText(`Page: ${publicUrl}`);
    await expect(proof).toContainText('IP address:');
    await expect(proof).toContainText('Browser: Mozilla/5.0');
  } finally {
    await visitor.close();
  }
});
