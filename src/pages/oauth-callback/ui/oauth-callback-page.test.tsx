import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '@/shared/lib/test';
import { OAuthCallbackPage } from './oauth-callback-page';

const CODE = 'SECRET-CODE-123';
const STATE = 'SECRET-STATE-456';

/** The page reads the query from window.location (as the real browser gives it) and the path from the router. */
async function open(path: string) {
  window.history.replaceState(null, '', path);
  return renderScreen(OAuthCallbackPage, { path });
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
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

  it('says a received code was not saved, never shows the code or state, and clears them from the address', async () => {
    const { heading, router } = await open(`/thumbtack-oauth?code=${CODE}&state=${STATE}`);
    expect(heading).toHaveTextContent('Thumbtack sign-in received');
    expect(screen.getByText(/isn’t available yet, so nothing was saved/)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(CODE);
    expect(document.body).not.toHaveTextContent(STATE);

    await screen.findByRole('heading', { level: 1, name: 'Thumbtack sign-in received' });
    expect(router.state.location.searchStr).toBe('');
    expect(router.state.location.pathname).toBe('/thumbtack-oauth');
    expect(screen.getByRole('link', { name: 'Go to External integrations' })).toHaveAttribute('href', '/external-integrations');
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
