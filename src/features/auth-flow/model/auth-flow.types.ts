/** The sign-in screen's three modes (spec section 2). */
export type ScreenMode = 'register' | 'login' | 'verify-code';
/** What a verification belongs to: a new registration or a login. */
export type VerificationMode = 'register' | 'login';

export interface VerificationState {
  email: string;
  mode: VerificationMode;
}

/** The registration payload of spec section 3, exactly. */
export interface RegistrationPayload {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  referralCode?: string;
  signupPhone: string | null;
  referrer: string;
  params?: Record<string, string>;
}

export interface ServerAnswer {
  success: boolean;
  message?: string | null;
}

export interface VerifyAnswer extends ServerAnswer {
  authToken?: string | null;
}

/**
 * Thrown by the API adapters when the server says TOO_MANY_REQUESTS: its message (with the wait) is shown as is,
 * and a resend's countdown is stretched to the server's wait.
 */
export class RateLimitedError extends Error {
  override name = 'RateLimitedError';
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}

export function isRateLimitedError(error: unknown): error is RateLimitedError {
  return error instanceof RateLimitedError;
}
