import { BlockedUrlError, safeFetch } from '@server/platform/lib/safe-fetch';
import type { AppServices } from '@server/platform/services';

/**
 * A provider's API answered with an error, or could not be reached: `words` is what the owner reads on the card and
 * in the sync log; `reconnect` when the provider no longer accepts the token (401), `gone` for a 404/410.
 */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    readonly words: string,
    readonly status: number | null,
    readonly reconnect = false,
  ) {
    super(words);
  }
}

export interface ProviderRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  accessToken?: string;
  headers?: Record<string, string>;
  json?: unknown;
}

/**
 * A call to a provider's API through the SSRF guard (server/platform/lib/safe-fetch.ts): only the addresses
 * the integrations config allows may be private (decision 0055). Returns the parsed JSON (null for an empty answer).
 */
export async function providerRequest(services: Pick<AppServices, 'integrations'>, name: string, url: string, request: ProviderRequest = {}): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  if (request.accessToken) headers.authorization = `Bearer ${request.accessToken}`;
  if (request.json !== undefined) headers['content-type'] = 'application/json';
  let response;
  try {
    response = await safeFetch(url, {
      method: request.method ?? 'GET',
      headers,
      ...(request.json !== undefined ? { body: JSON.stringify(request.json) } : {}),
      timeoutMs: 15_000,
      maxBytes: 4 * 1024 * 1024,
      maxRedirects: 0,
      allowAddresses: services.integrations?.allowAddresses ?? [],
    });
  } catch (error) {
    if (error instanceof BlockedUrlError) throw new ProviderError(`${name} could not be reached: ${error.message}.`, null);
    throw new ProviderError(`${name} could not be reached (${(error as Error).message}).`, null);
  }
  const text = response.body.toString('utf8');
  let body: unknown = null;
  if (text.trim()) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (response.status === 401) throw new ProviderError(`${name} no longer accepts LeadLoop’s access: reconnect it on External integrations.`, 401, true);
  if (response.status === 403) throw new ProviderError(`${name} refused: LeadLoop lacks a permission it needs. Reconnect and allow every permission asked for.`, 403);
  if (response.status === 404 || response.status === 410) throw new ProviderError(`${name} no longer has it (${response.status}).`, response.status);
  if (response.status === 429) throw new ProviderError(`${name} asked LeadLoop to slow down; it will try again shortly.`, 429);
  if (response.status >= 400) throw new ProviderError(`${name} answered with an error (HTTP ${response.status}).`, response.status);
  return { status: response.status, body };
}
