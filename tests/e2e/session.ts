import type { APIRequestContext, Page } from '@playwright/test';
import type { MailCatcher } from '@server/platform/testing/mail-catcher';
import { expect } from './fixtures';

/** Shared by the browser tests that start signed in: an account made through the API, its token in the page. */

export const FIRST_NAME = 'Pat';
export const LAST_NAME = 'Tester';

export interface Account {
  email: string;
  companyName: string;
  token: string;
}

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Posts to a tRPC procedure, signed in when given a token; fails the test unless the answer is 2xx. */
export async function trpc(request: APIRequestContext, procedure: string, input: unknown, token?: string): Promise<unknown> {
  const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
  const response = await request.post(`/trpc/${procedure}`, { data: input, headers });
  expect(response.ok(), `${procedure} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** A signed-in tRPC query (GET with `?input=`), its data. */
export async function trpcQuery<T>(request: APIRequestContext, procedure: string, input: unknown, token: string): Promise<T> {
  const response = await request.get(`/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${procedure} answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/** Registers through the API and verifies the emailed code: returns a live session token. */
export async function signUpViaApi(request: APIRequestContext, mail: MailCatcher, email: string, companyName = `Acme ${email.split('@')[0]}`): Promise<Account> {
  const after = mail.messages.length;
  const created = (await trpc(request, 'createNewUserAccount', { email, firstName: FIRST_NAME, lastName: LAST_NAME, companyName, signupPhone: null, referrer: '' })) as {
    result: { data: { success: boolean } };
  };
  expect(created.result.data.success).toBe(true);
  const code = await mail.waitForCode(email, { after });
  const verified = (await trpc(request, 'verifyUserEmail', { email, code })) as { result: { data: { success: boolean; authToken: string } } };
  expect(verified.result.data.success).toBe(true);
  const token = verified.result.data.authToken;
  expect(token).toBeTruthy();
  return { email, companyName, token };
}

/**
 * Stores the token in the page's localStorage. Not via addInitScript: that would put the token back on every
 * document load, and several tests need the app to remove it (sign-out, UNAUTHORIZED).
 * A signed-out visit to `/` renders only the sign-in screen, so this is a cheap page to set storage on.
 */
export async function storeToken(page: Page, token: string): Promise<void> {
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('authToken', t), token);
}
