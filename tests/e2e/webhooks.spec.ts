import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect, test } from './fixtures';
import { signUpViaApi, storeToken } from './session';

/**
 * Issue 25 item 4, browser part: the owner adds a webhook endpoint pointing at a receiver on 127.0.0.1 (the e2e
 * server runs with WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true), keeps the secret shown once, a text arrives from the test
 * phone, and the receiver gets a signed `message.received` that the Standard Webhooks library verifies — listed
 * in the endpoint's delivery log as delivered.
 */
test('a text from the test phone reaches the owner’s webhook endpoint, signed', async ({ page, request, mail, uniqueEmail }) => {
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/leadloop`;
  try {
    const account = await signUpViaApi(request, mail, uniqueEmail('webhooks'));
    await storeToken(page, account.token);

    // The test number, and a test phone to play the customer.
    await page.goto('/settings/phone');
    await page.getByRole('button', { name: 'Use a test number' }).click();
    await expect(page.getByText('Test number (simulator)')).toBeVisible();
    await page.getByRole('button', { name: 'Add a test phone' }).click();
    const phone = page.getByRole('region', { name: /^Test phone \(\d{3}\) \d{3}-\d{4}$/ });
    await expect(phone).toBeVisible();

    // ── /integrations: add the endpoint, keep the secret ──
    const hooks = await page.context().newPage();
    await hooks.goto('/integrations');
    await expect(hooks.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await hooks.getByRole('button', { name: 'Add an endpoint' }).first().click();
    const dialog = hooks.getByRole('dialog', { name: 'Add an endpoint' });
    await dialog.getByRole('textbox', { name: /Address/ }).fill(url);
    await dialog.getByRole('textbox', { name: /Description/ }).fill('Dispatch sheet');
    await dialog.getByRole('button', { name: 'Add the endpoint' }).click();
    const secretDialog = hooks.getByRole('dialog', { name: 'Your signing secret' });
    const secret = await secretDialog.getByRole('textbox', { name: 'Secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'I’ve saved it' }).click();
    const card = hooks.getByRole('listitem', { name: /^Endpoint 127\.0\.0\.1:\d+$/ });
    await expect(card.getByText('Text received')).toBeVisible();

    // ── a text from the test phone ──
    await phone.getByRole('textbox', { name: 'Text the business' }).fill('Hi, is anyone free to fix a leaking tap today?');
    await phone.getByRole('button', { name: 'Send text' }).click();

    await expect.poll(() => received.map((r) => JSON.parse(r.body).type), { timeout: 20_000 }).toContain('message.received');
    const hit = received.find((r) => JSON.parse(r.body).type === 'message.received')!;
    const payload = new Webhook(secret).verify(hit.body, {
      'webhook-id': String(hit.headers['webhook-id']),
      'webhook-timestamp': String(hit.headers['webhook-timestamp']),
      'webhook-signature': String(hit.headers['webhook-signature']),
    }) as { type: string; data: { message: { text: string; direction: string }; contact: { phone: string }; lead: { status: string } | null } };
    expect(payload.type).toBe('message.received');
    expect(payload.data.message).toMatchObject({ text: 'Hi, is anyone free to fix a leaking tap today?', direction: 'inbound' });
    expect(payload.data.contact.phone).toMatch(/^\+1\d{10}$/);
    expect(payload.data.lead).not.toBeNull();

    // The endpoint's delivery log says so.
    await card.getByRole('button', { name: 'Deliveries' }).click();
    const row = card.getByTestId('webhook-delivery').filter({ hasText: 'Text received' }).first();
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText('answered 200');
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});
