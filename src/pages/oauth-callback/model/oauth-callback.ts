/** The providers whose authorization pages send the browser back to one of our callback paths. */
const PROVIDERS: Record<string, string> = {
  '/jobber-oauth': 'Jobber',
  '/thumbtack-oauth': 'Thumbtack',
  '/google-oauth-cal': 'Google Calendar',
};

export function providerFromPath(pathname: string): string {
  return PROVIDERS[pathname.replace(/\/+$/, '')] ?? 'this tool';
}

/**
 * What the provider sent back, reduced to what the page may show. The `code` and `state` values are secrets (the
 * code is exchangeable for tokens), so only their presence is kept; they never reach the screen or React state.
 */
export type CallbackOutcome =
  | { kind: 'error'; explanation: string; errorCode: string | null }
  | { kind: 'code' }
  | { kind: 'none' };

// RFC 6749 §4.1.2.1 error codes, in words an owner understands.
const ERROR_EXPLANATIONS: Record<string, string> = {
  access_denied: 'Access wasn’t allowed. The sign-in was cancelled, or the request to connect was declined.',
  invalid_request: 'The request to connect wasn’t accepted.',
  unauthorized_client: 'LeadLoop isn’t allowed to connect to this account.',
  unsupported_response_type: 'The request to connect wasn’t accepted.',
  invalid_scope: 'The access LeadLoop asked for wasn’t accepted.',
  server_error: 'Something went wrong on their side.',
  temporarily_unavailable: 'The service is busy or down for a moment. Try again in a few minutes.',
};
const FALLBACK_EXPLANATION = 'The sign-in didn’t finish.';

// Only a short code-like token is echoed back: the query string is whatever the link says, so free text from it
// (including error_description) is never shown, or anyone could put their own message on our page.
const SAFE_ERROR_CODE = /^[a-z0-9_.-]{1,64}$/i;

export function readCallback(search: string): CallbackOutcome {
  const params = new URLSearchParams(search);
  const error = params.get('error');
  if (error !== null) {
    const errorCode = SAFE_ERROR_CODE.test(error) ? error : null;
    // error_description is read to recognise a cancellation that some providers report without a standard code.
    const description = params.get('error_description') ?? '';
    const cancelled = /cancel|denied|declin/i.test(description);
    const explanation = (errorCode && ERROR_EXPLANATIONS[errorCode.toLowerCase()]) ?? (cancelled ? ERROR_EXPLANATIONS.access_denied : undefined);
    return { kind: 'error', explanation: explanation ?? FALLBACK_EXPLANATION, errorCode };
  }
  if (params.get('code')) return { kind: 'code' };
  return { kind: 'none' };
}
