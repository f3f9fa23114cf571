import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { signUpViaApi, storeToken, trpc } from './session';

/**
 * Issue 16, item 4, the three defects defects.spec.ts does not cover: the SMS segment count, two leads typed in for
 * one number, and phone numbers in the CSV export. Against the real server and its phone simulator.
 */

type Data<T> = { result: { data: T } };
const call = async <T>(request: APIRequestContext, procedure: string, input: unknown, token: string) => ((await trpc(request, procedure, input, token)) as Data<T>).result.data;

test('the composer counts SMS segments as carriers bill them: 153 GSM-7 or 67 UCS-2 characters per part', async ({ page, request, mail, uniqueEmail }) => {
  const account = await signUpViaApi(request, mail, uniqueEmail('segments'));
  await call(request, 'phone.useSimulator', {}, account.token);
  const device = await call<{ id: string }>(request, 'phone.simulator.addDevice', { phone: null }, account.token);
  await call(request, 'phone.simulator.send', { deviceId: device.id, body: 'Hi, can you quote a new water heater?' }, account.token);
  await storeToken(page, account.token);
  await page.goto('/conversations');
  await page.getByRole('list', { name: 'Conversations' }).getByRole('button').first().click();
  const composer = page.getByRole('textbox', { name: /^Text to / });

  // 96 letters and an emoji: UCS-2, so two parts of at most 67 (it said 1 when it divided by 160).
  await composer.fill(`${'a'.repeat(96)}😀`);
  await expect(page.getByText(/· 2 segments · emoji or special characters: 67 per segment/)).toBeVisible();
  // 160 GSM letters fit one part; 320 need three parts of 153 (it said 2).
  await composer.fill('a'.repeat(160));
  await expect(page.getByText('160/1600 · 1 segment', { exact: true })).toBeVisible();
  await composer.fill('a'.repeat(320));
  await expect(page.getByText('320/1600 · 3 segments', { exact: true })).toBeVisible();
});

test('a second lead typed in for the same number within 24 hours opens the first instead of adding another', async ({ page, request, mail, uniqueEmail }) => {
  const account = await signUpViaApi(request, mail, uniqueEmail('dedupe'));
  await storeToken(page, account.token);
  await page.goto('/leads');
  for (const attempt of [1, 2]) {
    await page.getByRole('button', { name: 'New lead' }).click();
    const form = page.getByRole('form', { name: 'New lead' });
    await form.getByRole('textbox', { name: /^First name/ }).fill('Dana');
    await form.getByRole('textbox', { name: /^Mobile phone/ }).fill('(312) 555-0177');
    await form.getByRole('button', { name: 'Add lead' }).click();
    await expect(form).toHaveCount(0);
    // The second time the screen says it opened the lead already there (it used to say "Lead added").
    if (attempt === 2) await expect(page.getByText('Dana already has an open lead from the last 24 hours')).toBeVisible();
    await page.getByRole('dialog', { name: 'Lead details' }).getByRole('button', { name: 'Close' }).click();
  }
  await expect(page.getByTestId('lead-row')).toHaveCount(1);
});

test('the CSV export writes phone numbers as a spreadsheet keeps them, not as "+1…" text with a quote', async ({ page, request, mail, uniqueEmail }) => {
  const account = await signUpViaApi(request, mail, uniqueEmail('export'));
  await call(request, 'leads.create', { firstName: 'Ruth', lastName: 'Ng', phone: '+15125550199', summary: '=SUM(A1)', consentConfirmed: true }, account.token);
  await storeToken(page, account.token);
  await page.goto('/leads');
  await expect(page.getByTestId('lead-row')).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  expect(csv).toContain('(512) 555-0199');
  expect(csv).not.toContain("'+1512");
  // Formula protection stays for a cell that needs it.
  expect(csv).toContain("'=SUM(A1)");
});
