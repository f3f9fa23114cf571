import { createHash, createHmac } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signTwilioJson, twilioSignature, validateTwilioJsonSignature, validateTwilioSignature } from './twilio';
import { registerTwilioWebhookScope } from './twilio-webhook-scope';

const TOKEN = 'twilio-auth-token-for-signature-tests';

/** Twilio's algorithm written out (its docs): the URL, then each parameter name and value sorted by name; base64 HMAC-SHA1. */
function signedByHand(url: string, params: Record<string, string | string[]>) {
  let data = url;
  for (const key of Object.keys(params).sort()) {
    const value = params[key]!;
    for (const item of Array.isArray(value) ? [...new Set(value)].sort() : [value]) data += key + item;
  }
  return createHmac('sha1', TOKEN).update(Buffer.from(data, 'utf8')).digest('base64');
}

describe('the signature helpers follow Twilio’s algorithm', () => {
  it('signs a form like Twilio’s documentation says, repeated parameters included', () => {
    const params = { CallSid: 'CA1', From: '+14155550001', Body: 'Héllo & <bye>', MediaUrl: ['https://b.test/2', 'https://a.test/1'] };
    expect(twilioSignature(TOKEN, 'https://app.leadloop.test/webhooks/twilio/sms', params)).toBe(signedByHand('https://app.leadloop.test/webhooks/twilio/sms', params));
  });

  it('signs a JSON webhook’s URL with bodySHA256 (the body’s SHA-256) added to its query string', () => {
    const body = JSON.stringify({ CallSid: 'CA1', Event: 'ended' });
    const signed = signTwilioJson(TOKEN, 'https://app.leadloop.test/hooks/json?x=1', body);
    const hash = createHash('sha256').update(body).digest('hex');
    expect(signed.url).toBe(`https://app.leadloop.test/hooks/json?x=1&bodySHA256=${hash}`);
    expect(signed.signature).toBe(signedByHand(signed.url, {}));
    expect(validateTwilioJsonSignature(TOKEN, signed.url, body, signed.signature)).toBe(true);
    expect(validateTwilioJsonSignature(TOKEN, signed.url, `${body} `, signed.signature)).toBe(false);
    expect(validateTwilioJsonSignature(TOKEN, 'https://app.leadloop.test/hooks/json?x=1', body, signedByHand('https://app.leadloop.test/hooks/json?x=1', {}))).toBe(false);
  });

  it('accepts the URL with and without its default port, as Twilio’s code does; another port is another URL', () => {
    const params = { CallSid: 'CA1' };
    const withPort = signedByHand('https://app.leadloop.test:443/webhooks/twilio/voice', params);
    const withoutPort = signedByHand('https://app.leadloop.test/webhooks/twilio/voice', params);
    expect(validateTwilioSignature(TOKEN, 'https://app.leadloop.test/webhooks/twilio/voice', params, withPort)).toBe(true);
    expect(validateTwilioSignature(TOKEN, 'https://app.leadloop.test:443/webhooks/twilio/voice', params, withoutPort)).toBe(true);
    expect(validateTwilioSignature(TOKEN, 'http://app.leadloop.test/webhooks/twilio/voice', params, signedByHand('http://app.leadloop.test:80/webhooks/twilio/voice', params))).toBe(true);
    expect(validateTwilioSignature(TOKEN, 'https://app.leadloop.test/webhooks/twilio/voice', params, signedByHand('https://app.leadloop.test:8443/webhooks/twilio/voice', params))).toBe(false);
  });

  it('checks a WebSocket handshake (ConversationRelay): the wss URL with its query string, no parameters', () => {
    const url = 'wss://app.leadloop.test/ws/calls/relay?call=c-1&token=abc.def';
    const signature = signedByHand(url, {});
    expect(validateTwilioSignature(TOKEN, url, {}, signature)).toBe(true);
    expect(validateTwilioSignature(TOKEN, 'wss://app.leadloop.test/ws/calls/relay?call=c-1&token=abc.deg', {}, signature)).toBe(false);
    expect(validateTwilioSignature(TOKEN, 'wss://app.leadloop.test/ws/calls/relay?call=c-1', {}, signature)).toBe(false);
  });

  it('refuses a missing signature and an address no URL parser reads, without throwing', () => {
    expect(validateTwilioSignature(TOKEN, 'https://app.leadloop.test/x', {}, undefined)).toBe(false);
    expect(validateTwilioSignature(TOKEN, 'not a url', {}, 'abc')).toBe(false);
    expect(validateTwilioJsonSignature(TOKEN, 'not a url', '{}', 'abc')).toBe(false);
  });
});

describe('the webhook scope checks each request against PUBLIC_URL', () => {
  const PUBLIC_URL = 'https://app.leadloop.test';
  let app: FastifyInstance;
  const warnings: string[] = [];

  beforeAll(async () => {
    app = Fastify();
    await registerTwilioWebhookScope(app, { authToken: TOKEN, publicUrl: PUBLIC_URL, logger: { warn: (_details, message) => void warnings.push(message) } }, (scope, verified, verifiedJson) => {
      scope.post('/webhooks/test/form', async (request, reply) => {
        const params = verified(request, reply);
        if (!params) return reply;
        return { params };
      });
      scope.post('/webhooks/test/json', async (request, reply) => {
        const verifiedBody = verifiedJson(request, reply);
        if (!verifiedBody) return reply;
        return { body: verifiedBody.body };
      });
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
  });

  const postForm = (url: string, form: string, signature: string | undefined, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature ? { 'x-twilio-signature': signature } : {}), ...headers }, payload: form });

  it('accepts a signed form and hands the route its parameters (made storable)', async () => {
    const params = { CallSid: 'CA1', Body: 'Leak\u0000 under the sink' };
    const res = await postForm('/webhooks/test/form', new URLSearchParams(params).toString(), twilioSignature(TOKEN, `${PUBLIC_URL}/webhooks/test/form`, params));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ params: { CallSid: 'CA1', Body: 'Leak under the sink' } });
  });

  it('a query string is part of what is signed: signed with it passes, without it fails', async () => {
    const params = { CallSid: 'CA1' };
    const form = new URLSearchParams(params).toString();
    expect((await postForm('/webhooks/test/form?callId=42&step=dial', form, twilioSignature(TOKEN, `${PUBLIC_URL}/webhooks/test/form?callId=42&step=dial`, params))).statusCode).toBe(200);
    expect((await postForm('/webhooks/test/form?callId=42&step=dial', form, twilioSignature(TOKEN, `${PUBLIC_URL}/webhooks/test/form`, params))).statusCode).toBe(403);
    expect((await postForm('/webhooks/test/form?callId=43&step=dial', form, twilioSignature(TOKEN, `${PUBLIC_URL}/webhooks/test/form?callId=42&step=dial`, params))).statusCode).toBe(403);
  });

  it('a query value with characters a URL parser escapes passes signed either way (as received, or escaped)', async () => {
    const params = { CallSid: 'CA1' };
    const form = new URLSearchParams(params).toString();
    const path = "/webhooks/test/form?caller=O'Brien";
    expect((await postForm(path, form, twilioSignature(TOKEN, `${PUBLIC_URL}${path}`, params))).statusCode).toBe(200);
    expect((await postForm(path, form, twilioSignature(TOKEN, `${PUBLIC_URL}/webhooks/test/form?caller=O%27Brien`, params))).statusCode).toBe(200);
  });

  it('Twilio may have signed PUBLIC_URL with its default port', async () => {
    const params = { CallSid: 'CA1' };
    const res = await postForm('/webhooks/test/form', new URLSearchParams(params).toString(), twilioSignature(TOKEN, 'https://app.leadloop.test:443/webhooks/test/form', params));
    expect(res.statusCode).toBe(200);
  });

  it('behind a proxy the request’s own host and scheme are not what is checked: PUBLIC_URL is', async () => {
    const params = { CallSid: 'CA1' };
    const form = new URLSearchParams(params).toString();
    const proxied = { host: '10.0.0.7:3000', 'x-forwarded-proto': 'http', 'x-forwarded-host': 'internal.test' };
    expect((await postForm('/webhooks/test/form', form, twilioSignature(TOKEN, `${PUBLIC_URL}/webhooks/test/form`, params), proxied)).statusCode).toBe(200);
    expect((await postForm('/webhooks/test/form', form, twilioSignature(TOKEN, 'http://10.0.0.7:3000/webhooks/test/form', params), proxied)).statusCode).toBe(403);
  });

  it('signs every value of a repeated parameter; the route gets the last one', async () => {
    const form = 'MessageSid=SM1&MediaUrl=https%3A%2F%2Fa.test%2F1&MediaUrl=https%3A%2F%2Fa.test%2F2';
    const all = { MessageSid: 'SM1', MediaUrl: ['https://a.test/1', 'https://a.test/2'] };
    const res = await postForm('/webhooks/test/form', form, twilioSignature(TOKEN, `${PUBLIC_URL}/webhooks/test/form`, all));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ params: { MessageSid: 'SM1', MediaUrl: 'https://a.test/2' } });
    const onlyLast = { MessageSid: 'SM1', MediaUrl: 'https://a.test/2' };
    expect((await postForm('/webhooks/test/form', form, twilioSignature(TOKEN, `${PUBLIC_URL}/webhooks/test/form`, onlyLast))).statusCode).toBe(403);
  });

  it('refuses a missing, forged or tampered signature with 403 and logs the path only', async () => {
    warnings.length = 0;
    const params = { CallSid: 'CA1', From: '+14155550001' };
    const form = new URLSearchParams(params).toString();
    expect((await postForm('/webhooks/test/form?secret=1', form, undefined)).statusCode).toBe(403);
    expect((await postForm('/webhooks/test/form', form, 'bm90IGEgc2lnbmF0dXJl')).statusCode).toBe(403);
    const tampered = await postForm('/webhooks/test/form', form, twilioSignature(TOKEN, `${PUBLIC_URL}/webhooks/test/form`, { ...params, From: '+19005550000' }));
    expect(tampered.statusCode).toBe(403);
    expect(tampered.body).toBe('Invalid signature');
    expect(warnings).toEqual(Array(3).fill('Twilio webhook with an invalid signature refused'));
  });

  describe('JSON webhooks (bodySHA256)', () => {
    const postJson = (url: string, body: string, signature: string | undefined) =>
      app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...(signature ? { 'x-twilio-signature': signature } : {}) }, payload: body });
    const pathOf = (url: string) => url.replace(PUBLIC_URL, '');

    it('accepts a JSON body whose hash is in the signed URL, and hands the route the parsed body', async () => {
      const body = JSON.stringify({ CallSid: 'CA1', Transcript: 'Leak\u0000 downstairs', Turns: [1, 2] });
      const signed = signTwilioJson(TOKEN, `${PUBLIC_URL}/webhooks/test/json`, body);
      const res = await postJson(pathOf(signed.url), body, signed.signature);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ body: { CallSid: 'CA1', Transcript: 'Leak downstairs', Turns: [1, 2] } });
    });

    it('refuses a changed body, a URL without bodySHA256 and a forged signature', async () => {
      const body = JSON.stringify({ CallSid: 'CA1' });
      const signed = signTwilioJson(TOKEN, `${PUBLIC_URL}/webhooks/test/json`, body);
      expect((await postJson(pathOf(signed.url), JSON.stringify({ CallSid: 'CA2' }), signed.signature)).statusCode).toBe(403);
      expect((await postJson('/webhooks/test/json', body, twilioSignature(TOKEN, `${PUBLIC_URL}/webhooks/test/json`, {}))).statusCode).toBe(403);
      expect((await postJson(pathOf(signed.url), body, 'forged')).statusCode).toBe(403);
    });

    it('a signed body that is not JSON is a 400; a form on a JSON route and JSON on a form route are 415', async () => {
      const notJson = '{"CallSid": ';
      const signed = signTwilioJson(TOKEN, `${PUBLIC_URL}/webhooks/test/json`, notJson);
      expect((await postJson(pathOf(signed.url), notJson, signed.signature)).statusCode).toBe(400);
      expect((await postForm('/webhooks/test/json', 'CallSid=CA1', twilioSignature(TOKEN, `${PUBLIC_URL}/webhooks/test/json`, { CallSid: 'CA1' }))).statusCode).toBe(415);
      const json = JSON.stringify({ CallSid: 'CA1' });
      const signedJson = signTwilioJson(TOKEN, `${PUBLIC_URL}/webhooks/test/form`, json);
      expect((await postJson(pathOf(signedJson.url), json, signedJson.signature)).statusCode).toBe(415);
    });
  });
});
