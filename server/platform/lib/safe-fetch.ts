import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/**
 * Requests to addresses a customer typed (a flow's HTTP step, an outgoing webhook): the SSRF guard. Only http and
 * https; the host may not be, or resolve to, a private, loopback, link-local, carrier-grade NAT, multicast or cloud
 * metadata address — checked on the address actually connected to (request-filtering-agent's DNS-time check, so a
 * name that resolves to 10.0.0.5 is refused and DNS rebinding gains nothing) and on IP literals in every spelling
 * the URL parser accepts (`2130706433`, `0177.0.0.1`, `[::ffff:127.0.0.1]`). Redirects are followed by hand, each
 * hop checked the same way; a timeout and a size cap bound every request.
 *
 * `allowPrivateNetworks` (WEBHOOKS_ALLOW_PRIVATE_NETWORKS, for tests and self-hosters on a LAN) lets private,
 * loopback, unique-local and carrier-grade NAT addresses through — never link-local (where cloud metadata lives),
 * unspecified, multicast or reserved ones, nor the metadata addresses named below (decision 0043).
 */

export class BlockedUrlError extends Error {
  override readonly name = 'BlockedUrlError';
}

export interface SafeFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /**
   * Addresses allowed although private: only tests pass this (their servers listen on 127.0.0.1). Each hop's
   * address is still checked against everything else.
   */
  allowAddresses?: readonly string[];
  /** Private networks are reachable too (see above); link-local and metadata addresses still are not. */
  allowPrivateNetworks?: boolean;
  /**
   * What a longer answer than `maxBytes` does: fail the request (the default), or end it there and return the
   * first `maxBytes` with `truncated` (a webhook receiver's answer is only excerpted).
   */
  overflow?: 'fail' | 'truncate';
  /** The DNS lookup (tests give a name a private address without touching DNS). */
  lookup?: (hostname: string, options: object, callback: (error: Error | null, address: string, family: number) => void) => void;
}

export interface SafeResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  url: string;
  /** The answer was longer than `maxBytes` and cut there (`overflow: 'truncate'`). */
  truncated?: boolean;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 1024 * 1024;

/** Ranges a private-network deployment may reach (allowPrivateNetworks); every other non-public range stays refused. */
const PRIVATE_NETWORK_RANGES: ReadonlySet<string> = new Set(['private', 'loopback', 'uniqueLocal', 'carrierGradeNat']);

/** Cloud metadata services at addresses outside the link-local ranges (AWS's IPv6 one, Alibaba's): never reachable. */
const METADATA_ADDRESSES = ['fd00:ec2::254', '100.100.100.200'];

type Lookup = NonNullable<SafeFetchOptions['lookup']>;

/**
 * The DNS lookup with every answer checked like a literal (`blockedAddressReason`): with private networks allowed,
 * the request-filtering agent lets every non-public range through, so link-local and metadata answers are refused
 * here — before the agent's own check, which stays as the second line.
 */
function guardedLookup(base: Lookup | undefined, allowAddresses: readonly string[], allowPrivateNetworks: boolean): Lookup {
  const lookup = (base ?? dns.lookup) as unknown as (hostname: string, options: object, callback: (error: Error | null, address: unknown, family?: number) => void) => void;
  return (hostname, options, callback) => {
    const reply = callback as unknown as (error: Error | null, address?: unknown, family?: number) => void;
    lookup(hostname, options, (error, address, family) => {
      if (error) return reply(error);
      const answers = Array.isArray(address) ? (address as Array<{ address: string }>).map((a) => a.address) : [String(address)];
      for (const answer of answers) {
        const reason = allowAddresses.includes(answer) ? null : blockedAddressReason(answer, allowPrivateNetworks);
        if (reason) return reply(new BlockedUrlError(`That address is not reachable from LeadLoop (${hostname} resolves to ${reason})`));
      }
      reply(null, address, family);
    });
  };
}

/**
 * Why an IP may not be reached, or null: only ordinary public unicast addresses may — and, with
 * `allowPrivateNetworks`, private, loopback, unique-local and carrier-grade NAT ones.
 */
export function blockedAddressReason(address: string, allowPrivateNetworks = false): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const normalized = parsed.toString();
  if (METADATA_ADDRESSES.includes(normalized)) return `${address} is a cloud metadata address`;
  const range = parsed.range();
  if (range === 'unicast') return null;
  if (allowPrivateNetworks && PRIVATE_NETWORK_RANGES.has(range)) return null;
  return `${address} is a ${range === 'linkLocal' ? 'link-local (cloud metadata)' : range} address`;
}

/** Checks a URL before any request: scheme, credentials, and an IP literal host. Throws BlockedUrlError. */
export function checkUrl(raw: string, allowAddresses: readonly string[] = [], allowPrivateNetworks = false): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BlockedUrlError('Not a web address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BlockedUrlError('Only http and https addresses can be called');
  if (url.username || url.password) throw new BlockedUrlError('Put credentials in a header, not in the address');
  // The WHATWG parser has already turned 2130706433, 0x7f.1 and 0177.0.0.1 into 127.0.0.1.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host) && !allowAddresses.includes(host)) {
    const reason = blockedAddressReason(host, allowPrivateNetworks);
    if (reason) throw new BlockedUrlError(`That address is not reachable from LeadLoop (${reason})`);
  }
  // With private networks allowed a local name may be used: its address is still checked when it is resolved.
  if (!allowPrivateNetworks && /^(localhost|.*\.localhost|.*\.local|.*\.internal)$/i.test(host) && !allowAddresses.includes(host)) throw new BlockedUrlError('That address is not reachable from LeadLoop (a local name)');
  return url;
}

function requestOnce(url: URL, options: SafeFetchOptions): Promise<SafeResponse> {
  const allow = [...(options.allowAddresses ?? [])];
  const agentOptions = {
    allowIPAddressList: allow,
    denyIPAddressList: METADATA_ADDRESSES,
    allowPrivateIPAddress: options.allowPrivateNetworks === true,
    allowMetaIPAddress: false,
    keepAlive: false,
  };
  const agent = url.protocol === 'https:' ? new RequestFilteringHttpsAgent(agentOptions) : new RequestFilteringHttpAgent(agentOptions);
  const transport = url.protocol === 'https:' ? https : http;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      reject(error instanceof BlockedUrlError || !/is not allowed|private|meta/i.test(error.message) ? error : new BlockedUrlError(`That address is not reachable from LeadLoop (${error.message})`));
    };
    const request = transport.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent, timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, lookup: guardedLookup(options.lookup, allow, options.allowPrivateNetworks === true) as never },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (settled) return;
          size += chunk.length;
          if (size > maxBytes) {
            if (options.overflow === 'truncate') {
              chunks.push(chunk.subarray(0, chunk.length - (size - maxBytes)));
              settled = true;
              resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks), url: url.toString(), truncated: true });
            } else {
              fail(new BlockedUrlError(`The answer is larger than ${maxBytes} bytes`));
            }
            request.destroy();
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => {
          if (settled) return;
          settled = true;
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks), url: url.toString() });
        });
        response.on('error', fail);
      },
    );
    request.on('timeout', () => {
      fail(new BlockedUrlError(`No answer within ${options.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms`));
      request.destroy();
    });
    request.on('error', fail);
    if (options.body !== undefined) request.write(options.body);
    request.end();
  });
}

/** A request through the guard, following up to `maxRedirects` redirects (each hop checked). */
export async function safeFetch(raw: string, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  let url = checkUrl(raw, options.allowAddresses, options.allowPrivateNetworks);
  let method = options.method ?? 'GET';
  let body = options.body;
  for (let hop = 0; ; hop += 1) {
    const response = await requestOnce(url, { ...options, method, ...(body === undefined ? {} : { body }) });
    const location = response.headers.location;
    if (response.status < 300 || response.status >= 400 || !location) return response;
    if (hop >= (options.maxRedirects ?? 3)) throw new BlockedUrlError('Too many redirects');
    url = checkUrl(new URL(location, url).toString(), options.allowAddresses, options.allowPrivateNetworks);
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
    }
  }
}
