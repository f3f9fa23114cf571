import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import { Agent, createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '@server/platform/db/schema';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { isKnownPushService } from './push.service';

/** A certificate for 127.0.0.1, made for this run with Debian's openssl (push services are HTTPS only). */
const certDir = mkdtempSync(join(tmpdir(), 'leadloop-push-'));
execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(certDir, 'key.pem'), '-out', join(certDir, 'cert.pem')], { stdio: 'ignore' });
const tls = { key: readFileSync(join(certDir, 'key.pem')), cert: readFileSync(join(certDir, 'cert.pem')) };
rmSync(certDir, { recursive: true, force: true });

/** A local stand-in for a browser push service: records each push, answers 201 (or 410 for a gone endpoint). */
const received: Array<{ path: string; headers: IncomingMessage['headers']; body: Buffer }> = [];
let pushService: Server;
let origin = '';
beforeAll(async () => {
  pushService = createServer(tls, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = request.url?.startsWith('/gone') ? 410 : 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => pushService.close(resolve)));

const vapid = webpush.generateVAPIDKeys();
const t = setUpTestApp({ push: { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: 'mailto:test@leadloop.test', allowEndpoint: (url) => url.origin === origin, agent: new Agent({ ca: tls.cert }) } });

/** A browser's subscription: its own keys, so the test can read what arrives like the browser would. */
function browser(path: string) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16).toString('base64url');
  return {
    subscription: { endpoint: `${origin}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } },
    read: (body: Buffer) => JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString()) as Record<string, unknown>,
  };
}

async function ownerWithNumber() {
  const token = await signUp(t.deps, { email: 'mike@push.test', companyName: 'Rapid Rooter Plumbing', signupPhone: null });
  const caller = callerFor(t.deps, { authToken: token });
  await caller.phone.useSimulator();
  return caller;
}

describe('Web Push', () => {
  it('stores a subscription per device; a new lead pushes to the devices that chose it, with no more than their preview', async () => {
    received.length = 0;
    const caller = await ownerWithNumber();
    expect(await caller.notifications.push.config()).toEqual({ available: true, publicKey: vapid.publicKey });
    const phone = browser('/phone');
    const laptop = browser('/laptop');
    const quiet = browser('/quiet');
    await caller.notifications.push.subscribe({ ...phone.subscription, label: 'Chrome on Android', events: ['new_lead'], preview: 'title' });
    await caller.notifications.push.subscribe({ ...laptop.subscription, label: 'Firefox on Mac', events: ['new_lead', 'opt_out'], preview: 'full' });
    await caller.notifications.push.subscribe({ ...quiet.subscription, label: 'Tablet', events: ['opt_out'], preview: 'full' });
    // Subscribing the same browser again updates its row.
    await caller.notifications.push.subscribe({ ...phone.subscription, label: 'Chrome on Android', events: ['new_lead'], preview: 'title' });
    expect((await caller.notifications.push.devices()).map((d) => d.label).sort()).toEqual(['Chrome on Android', 'Firefox on Mac', 'Tablet']);

    const device = await caller.phone.simulator.addDevice({ phone: '+13125550190' });
    await caller.phone.simulator.send({ deviceId: device.id, body: 'My basement is flooding, can someone come today?', mediaUrls: [] });
    await t.deps.queue.drain();

    expect(received.map((r) => r.path).sort()).toEqual(['/laptop', '/phone']);
    const byPath = Object.fromEntries(received.map((r) => [r.path, r]));
    expect(byPath['/phone']!.headers.authorization).toMatch(/^vapid t=/);
    expect(phone.read(byPath['/phone']!.body)).toEqual({ title: 'New lead: (312) 555-0190', url: expect.stringMatching(/^\/conversations\?c=/) });
    expect(laptop.read(byPath['/laptop']!.body)).toEqual({
      title: 'New lead: (312) 555-0190',
      body: '"My basement is flooding, can someone come today?"',
      url: expect.stringMatching(/^\/conversations\?c=/),
    });
  });

  it('removes a subscription the push service says is gone, and refuses endpoints that are not push services', async () => {
    received.length = 0;
    const caller = await ownerWithNumber();
    const gone = browser('/gone');
    await caller.notifications.push.subscribe({ ...gone.subscription, label: 'Old phone', events: ['new_lead'], preview: 'none' });
    const device = await caller.phone.simulator.addDevice({ phone: '+13125550191' });
    await caller.phone.simulator.send({ deviceId: device.id, body: 'Hello', mediaUrls: [] });
    await t.deps.queue.drain();
    expect(received).toHaveLength(1);
    expect(gone.read(received[0]!.body)).toEqual({ title: 'New activity in LeadLoop', url: expect.any(String) });
    expect(await t.deps.db.select().from(pushSubscriptions)).toHaveLength(0);

    await expect(caller.notifications.push.subscribe({ ...browser('/x').subscription, endpoint: 'https://169.254.169.254/latest', label: 'Evil', events: [], preview: 'full' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(isKnownPushService(new URL('https://fcm.googleapis.com/fcm/send/abc'))).toBe(true);
    expect(isKnownPushService(new URL('https://web.push.apple.com/abc'))).toBe(true);
    expect(isKnownPushService(new URL('http://fcm.googleapis.com/x'))).toBe(false);
    expect(isKnownPushService(new URL('https://googleapis.com.evil.test/x'))).toBe(false);
  });

  it("another person's or company's device is NOT_FOUND", async () => {
    const a = await ownerWithNumber();
    const sub = await a.notifications.push.subscribe({ ...browser('/a').subscription, label: 'A', events: ['new_lead'], preview: 'full' });
    const token = await signUp(t.deps, { email: 'other@push.test', companyName: 'Other Co', signupPhone: null });
    const b = callerFor(t.deps, { authToken: token });
    await expect(b.notifications.push.remove({ id: sub.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(b.notifications.push.update({ id: sub.id, preview: 'none' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await b.notifications.push.devices()).toEqual([]);
  });
});
