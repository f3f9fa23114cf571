import { INTEGRATION_WORDS, providerOfCallbackPath, type IntegrationProvider } from '@contracts/integrations';

export function providerFromPath(pathname: string): string {
  const provider = providerOfCallbackPath(pathname);
  return provider ? INTEGRATION_WORDS[provider].name : 'this tool';
}

export { providerOfCallbackPath, type IntegrationProvider };

/**
 * What the provider sent back, reduced to what the page may show and send on. The `code` and `state` values are
 * secrets (the code is exchangeable for tokens): they are posted to the server once and never reach the screen.
 */
export type CallbackOutcome =
  | { kind: 'error'; explanation: string; errorCode: string | null }
  | { kind: 'code'; code: string; state: string }
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
  const code = params.get('code');
  if (code) return { kind: 'code', code, state: params.get('state') ?? '' };
  return { kind: 'none' };
}
