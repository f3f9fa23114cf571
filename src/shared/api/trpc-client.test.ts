import { type QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/shared/api-react';
import { apiErrorCode, apiFieldErrors } from '@/shared/api-errors';
import { createApiClient } from './trpc-client';

function fakeFetch(respond: (url: string, init: RequestInit) => { status: number; body: unknown }) {
  const calls: Array<{ url: string; headers: Headers; body: string | undefined }> = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, headers: new Headers(init?.headers), body: init?.body as string | undefined });
    const { status, body } = respond(url, init ?? {});
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return { fn: fn as unknown as typeof fetch, calls };
}

const me = { user: { id: 'u1', email: 'a@b.test', firstName: 'A', lastName: 'B', createdAt: 1 }, company: { id: 'c1', name: 'Co' } };
const ok = (data: unknown) => ({ status: 200, body: [{ result: { data } }] });
const unauthorized = { status: 401, body: [{ error: { message: 'Please sign in.', code: -32001, data: { code: 'UNAUTHORIZED', httpStatus: 401 } } }] };

describe('the two API clients (spec section 6)', () => {
  it('the authenticated client sends Authorization when a token exists', async () => {
    const http = fakeFetch(() => ok(me));
    const client = createApiClient({ url: 'http://app.test/trpc', fetch: http.fn, getAuthToken: () => 'tok_1' });
    await client.getCurrentLoggedInUser.query();
    expect(http.calls[0]!.headers.get('authorization')).toBe('Bearer tok_1');
    expect(http.calls[0]!.url).toBe('http://app.test/trpc/getCurrentLoggedInUser?batch=1&input=%7B%7D');
  });

  it('sends no Authorization header when there is no token, and the anonymous client never does', async () => {
    const http = fakeFetch(() => ok({ success: true, message: 'sent successfully' }));
    await createApiClient({ url: 'http://app.test/trpc', fetch: http.fn, getAuthToken: () => null }).initializeUserLoginVerification.mutate({ email: 'a@b.test' });
    await createApiClient({ url: 'http://app.test/trpc', fetch: http.fn }).initializeUserLoginVerification.mutate({ email: 'a@b.test' });
    expect(http.calls.map((c) => c.headers.has('authorization'))).toEqual([false, false]);
    expect(http.calls[0]!.body).toBe(JSON.stringify({ 0: { email: 'a@b.test' } }));
  });

  it('batches calls made together into one request', async () => {
    const http = fakeFetch(() => ({ status: 200, body: [{ result: { data: me } }, { result: { data: me } }] }));
    const client = createApiClient({ url: 'http://app.test/trpc', fetch: http.fn, getAuthToken: () => 't' });
    await Promise.all([client.getCurrentLoggedInUser.query(), client.getCurrentLoggedInUser.query()]);
    expect(http.calls).toHaveLength(1);
    expect(http.calls[0]!.url).toContain('/trpc/getCurrentLoggedInUser,getCurrentLoggedInUser?batch=1');
  });

  it('logs every API error with its code and data, once, without retrying', async () => {
    const log = vi.fn();
    const http = fakeFetch(() => ({
      status: 400,
      body: [{ error: { message: 'Invalid input: email: Enter a valid email address', code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400, fieldErrors: { email: ['Enter a valid email address'] } } } }],
    }));
    const client = createApiClient({ url: 'http://app.test/trpc', fetch: http.fn, log });
    const error = await client.initializeUserLoginVerification.mutate({ email: 'nope' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect(apiErrorCode(error)).toBe('BAD_REQUEST');
    expect(apiFieldErrors(error)).toEqual({ email: 'Enter a valid email address' });
    expect(http.calls).toHaveLength(1);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('API error (mutation initializeUserLoginVerification):', 'BAD_REQUEST', expect.objectContaining({ code: 'BAD_REQUEST', httpStatus: 400 }));
  });

  it('logs to the console by default', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const http = fakeFetch(() => unauthorized);
    await createApiClient({ url: 'http://app.test/trpc', fetch: http.fn }).getCurrentLoggedInUser.query().catch(() => undefined);
    expect(spy).toHaveBeenCalledWith('API error (query getCurrentLoggedInUser):', 'UNAUTHORIZED', expect.objectContaining({ code: 'UNAUTHORIZED' }));
    spy.mockRestore();
  });

  it('reports UNAUTHORIZED from the authenticated client; the anonymous one never logs out', async () => {
    const onUnauthorized = vi.fn();
    const http = fakeFetch(() => unauthorized);
    const log = vi.fn();
    await createApiClient({ url: 'http://app.test/trpc', fetch: http.fn, getAuthToken: () => 'stale', onUnauthorized, log }).getCurrentLoggedInUser.query().catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    const anonymous = createApiClient({ url: 'http://app.test/trpc', fetch: http.fn, log });
    await anonymous.getCurrentLoggedInUser.query().catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('other error codes do not log anyone out', async () => {
    const onUnauthorized = vi.fn();
    const http = fakeFetch(() => ({ status: 429, body: [{ error: { message: 'Please wait 20 seconds', code: -32029, data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, retryAfterSeconds: 20 } } }] }));
    await createApiClient({ url: 'http://app.test/trpc', fetch: http.fn, getAuthToken: () => 't', onUnauthorized, log: vi.fn() })
      .initializeUserLoginVerification.mutate({ email: 'a@b.test' })
      .catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('React Query defaults', () => {
  it('never retries queries or mutations', async () => {
    const client: QueryClient = createQueryClient();
    expect(client.getDefaultOptions().queries?.retry).toBe(0);
    expect(client.getDefaultOptions().mutations?.retry).toBe(0);
    const fn = vi.fn(async () => {
      throw new Error('down');
    });
    await client.fetchQuery({ queryKey: ['x'], queryFn: fn }).catch(() => undefined);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
