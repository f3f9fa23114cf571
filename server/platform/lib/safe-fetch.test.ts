import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockedUrlError, blockedAddressReason, checkUrl, safeFetch } from './safe-fetch';

/**
 * Issue 23 (the HTTP step) and the rule that every address a customer gives goes through the SSRF guard: the
 * private, loopback, link-local and metadata addresses refused in every spelling, after DNS and on every redirect.
 * The test server listens on 127.0.0.1, so the tests that reach it allow exactly that address and nothing else.
 */
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/to-metadata') {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      return;
    }
    if (request.url === '/to-private-name') {
      response.writeHead(302, { location: 'http://localhost:9/' }).end();
      return;
    }
    if (request.url === '/to-ok') {
      response.writeHead(302, { location: '/ok' }).end();
      return;
    }
    if (request.url === '/big') {
      response.writeHead(200).end('x'.repeat(4096));
      return;
    }
    if (request.url === '/slow') return; // never answers
    response.writeHead(200, { 'content-type': 'text/plain' }).end(`ok ${request.method}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const ALLOW_TEST_SERVER = { allowAddresses: ['127.0.0.1'] };

describe('the SSRF guard', () => {
  it.each([
    'http://127.0.0.1/',
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[fd00::1]/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f.0.0.1/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://localhost/',
    'http://printer.local/',
    'ftp://example.com/file',
    'file:///etc/passwd',
    'http://user:secret@example.com/',
  ])('refuses %s before any request', async (url) => {
    expect(() => checkUrl(url)).toThrow(BlockedUrlError);
    await expect(safeFetch(url)).rejects.toBeInstanceOf(BlockedUrlError);
  });

  it('classifies addresses: public unicast only', () => {
    expect(blockedAddressReason('8.8.8.8')).toBeNull();
    expect(blockedAddressReason('2606:4700:4700::1111')).toBeNull();
    expect(blockedAddressReason('169.254.169.254')).toContain('link-local (cloud metadata)');
    expect(blockedAddressReason('::ffff:10.0.0.1')).toContain('private');
  });

  it('reaches an allowed address, and follows a redirect that stays allowed', async () => {
    expect((await safeFetch(`${base}/ok`, ALLOW_TEST_SERVER)).body.toString()).toBe('ok GET');
    expect((await safeFetch(`${base}/ok`, { ...ALLOW_TEST_SERVER, method: 'POST', body: '{}' })).body.toString()).toBe('ok POST');
    const redirected = await safeFetch(`${base}/to-ok`, ALLOW_TEST_SERVER);
    expect(redirected).toMatchObject({ status: 200, url: `${base}/ok` });
  });

  it('refuses a redirect to a metadata address or to a local name, without connecting', async () => {
    await expect(safeFetch(`${base}/to-metadata`, ALLOW_TEST_SERVER)).rejects.toThrow(/not reachable from LeadLoop/);
    await expect(safeFetch(`${base}/to-private-name`, ALLOW_TEST_SERVER)).rejects.toThrow(/not reachable from LeadLoop/);
  });

  it('refuses a name that resolves to a private address at connect time (no literal in the URL)', async () => {
    // A public-looking name whose DNS answer is private (DNS rebinding): the agent checks the address the lookup gave,
    // just before connecting. The lookup is injected so the test needs no DNS.
    const resolvingTo = (address: string) => (_host: string, options: object, callback: (error: Error | null, address: unknown, family?: number) => void) =>
      (options as { all?: boolean }).all ? callback(null, [{ address, family: 4 }]) : callback(null, address, 4);
    await expect(safeFetch('http://hooks.example.com/ok', { lookup: resolvingTo('10.0.0.5') as never })).rejects.toThrow(BlockedUrlError);
    await expect(safeFetch(`http://hooks.example.com:${new URL(base).port}/ok`, { lookup: resolvingTo('127.0.0.1') as never })).rejects.toThrow(/not reachable from LeadLoop/);
    // The same name resolving to an allowed address goes through (the check is on the address, not the name).
    expect((await safeFetch(`http://hooks.example.com:${new URL(base).port}/ok`, { lookup: resolvingTo('127.0.0.1') as never, allowAddresses: ['127.0.0.1'] })).status).toBe(200);
  });

  it('caps the size of the answer and the time it may take', async () => {
    await expect(safeFetch(`${base}/big`, { ...ALLOW_TEST_SERVER, maxBytes: 1024 })).rejects.toThrow('larger than 1024 bytes');
    await expect(safeFetch(`${base}/slow`, { ...ALLOW_TEST_SERVER, timeoutMs: 200 })).rejects.toThrow('No answer within 200 ms');
  });

  it('answers a longer answer cut at the cap when asked to (a webhook receiver’s answer is only excerpted)', async () => {
    const cut = await safeFetch(`${base}/big`, { ...ALLOW_TEST_SERVER, maxBytes: 1024, overflow: 'truncate' });
    expect(cut).toMatchObject({ status: 200, truncated: true });
    expect(cut.body.length).toBe(1024);
  });
});

describe('the SSRF guard with private networks allowed (WEBHOOKS_ALLOW_PRIVATE_NETWORKS)', () => {
  const resolvingTo = (address: string) => (_host: string, options: object, callback: (error: Error | null, address: unknown, family?: number) => void) =>
    (options as { all?: boolean }).all ? callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]) : callback(null, address, address.includes(':') ? 6 : 4);

  it.each(['http://127.0.0.1/', 'http://10.1.2.3/', 'http://192.168.1.1/', 'http://[::1]/', 'http://[fd00::1]/', 'http://localhost/', 'http://printer.local/'])(
    'lets %s through at save',
    (url) => {
      expect(() => checkUrl(url, [], true)).not.toThrow();
    },
  );

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://[fe80::1]/',
    'http://[fd00:ec2::254]/',
    'http://100.100.100.200/',
    'http://0.0.0.0/',
    'http://224.0.0.1/',
    'ftp://example.com/file',
  ])('still refuses %s', (url) => {
    expect(() => checkUrl(url, [], true)).toThrow(BlockedUrlError);
  });

  it('reaches a loopback server, and still refuses a name resolving to, or a redirect to, a metadata address', async () => {
    expect((await safeFetch(`${base}/ok`, { allowPrivateNetworks: true })).status).toBe(200);
    expect((await safeFetch(`http://hooks.example.com:${new URL(base).port}/ok`, { allowPrivateNetworks: true, lookup: resolvingTo('127.0.0.1') as never })).status).toBe(200);
    await expect(safeFetch('http://hooks.example.com/ok', { allowPrivateNetworks: true, lookup: resolvingTo('169.254.169.254') as never })).rejects.toThrow(/not reachable from LeadLoop/);
    await expect(safeFetch('http://hooks.example.com/ok', { allowPrivateNetworks: true, lookup: resolvingTo('fe80::1') as never })).rejects.toThrow(/not reachable from LeadLoop/);
    await expect(safeFetch(`${base}/to-metadata`, { allowPrivateNetworks: true })).rejects.toThrow(/not reachable from LeadLoop/);
  });

  it('without the switch the same loopback server is refused', async () => {
    await expect(safeFetch(`${base}/ok`)).rejects.toThrow(/not reachable from LeadLoop/);
  });
});
