import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/entities/session';
import { renderScreen } from '@/shared/lib/test';
import { OAuthCallbackPage } from './oauth-callback-page';

const CODE = 'SECRET-CODE-123';
const STATE = 'SECRET-STATE-456';

/** The page reads the query from window.location (as the real browser gives it) and the path from the router. */
async function open(path: string) {
  window.history.replaceState(null, '', path);
  return renderScreen(OAuthCallbackPage, { path });
}

/** The tRPC call the page makes (a real client over fetch, batched): answered here. */
function answerComplete(answer: { status: number; body: unknown }) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify([answer.body]), { status: answer.status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('OAuthCallbackPage', () => {
  it('explains a provider error in plain words and links back to External integrations', async () => {
    const { heading } = await open('/jobber-oauth?error=access_denied&error_description=Call%20555-0100%20to%20fix');
    expect(heading).toHaveTextContent('Jobber wasn’t connected');
    expect(screen.getByRole('alert')).toHaveTextContent('Access wasn’t allowed.');
    expect(screen.getByText('access_denied')).toBeInTheDocument();
    // Free text from the address is never put on the page.
    expect(document.body).not.toHaveTextContent('555-0100');
    expect(screen.getByRole('link', { name: 'Go to External integrations' })).toHaveAttribute('href', '/external-integrations');
  });

  it('signed in: posts the code and state once, never shows them, clears them from the address, and goes on to External integrations', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'a-session-token');
    const fetchMock = answerComplete({ status: 200, body: { result: { data: { provider: 'thumbtack', account: 'Acme on Thumbtack' } } } });
    const { router } = await open(`/thumbtack-oauth?code=${CODE}&state=${STATE}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/external-integrations'));
    expect(router.state.location.searchStr).toBe('?connected=thumbtack');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/trpc/integrations.complete');
    expect(JSON.parse(String(init!.body))).toEqual({ 0: { provider: 'thumbtack', code: CODE, state: STATE } });
    expect(new Headers(init!.headers).get('authorization')).toBe('Bearer a-session-token');
    expect(document.body).not.toHaveTextContent(CODE);
    expect(document.body).not.toHaveTextContent(STATE);
  });

  it('says why a refused connection failed, in the server’s words', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'a-session-token');
    answerComplete({ status: 400, body: { error: { message: 'This sign-in link isn’t valid any more.', code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400 } } } });
    await open(`/google-oauth-cal?code=${CODE}&state=${STATE}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in link isn’t valid any more.');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Google Calendar wasn’t connected');
    expect(document.body).not.toHaveTextContent(CODE);
  });

  it('signed out: sends nothing and says to sign in and connect again', async () => {
    const fetchMock = answerComplete({ status: 200, body: {} });
    const { heading, router } = await open(`/google-oauth-cal?code=${CODE}&state=${STATE}`);
    expect(heading).toHaveTextContent('Google Calendar wasn’t connected');
    expect(screen.getByRole('alert')).toHaveTextContent('You’re not signed in to LeadLoop in this browser');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/');
    expect(fetchMock).not.toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    expect(document.body).not.toHaveTextContent(CODE);
  });

  it('without a code or error, says where to start connecting', async () => {
    const { heading } = await open('/google-oauth-cal');
    expect(heading).toHaveTextContent('Connect Google Calendar');
    expect(screen.getByText('This page finishes connecting Google Calendar; open it from External integrations.')).toBeInTheDocument();
  });

  it('falls back to a general explanation for an unknown error, without echoing unsafe text', async () => {
    await open('/jobber-oauth?error=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(screen.getByRole('alert')).toHaveTextContent('The sign-in didn’t finish.');
    expect(document.body).not.toHaveTextContent('<script>');
  });
});
