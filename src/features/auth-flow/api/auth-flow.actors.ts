import { fromPromise } from 'xstate';
import type { ApiClient } from '@/shared/api';
import { apiErrorCode, apiRetryAfterSeconds } from '@/shared/api-errors';
import { RateLimitedError, type RegistrationPayload, type ServerAnswer, type VerifyAnswer } from '../model/auth-flow.types';

/** TOO_MANY_REQUESTS becomes a RateLimitedError (message and wait shown as is); anything else is rethrown. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (apiErrorCode(error) === 'TOO_MANY_REQUESTS') {
      const seconds = apiRetryAfterSeconds(error) ?? 30;
      throw new RateLimitedError((error as Error).message, seconds * 1000);
    }
    throw error;
  }
}

/**
 * The machine's API actors over the anonymous tRPC client (no Authorization header, never logs out). The client
 * is fetched on the first call, so it is not part of the sign-in page's first load.
 */
export function createAuthFlowActors(getApi: () => Promise<ApiClient>) {
  return {
    createAccount: fromPromise<ServerAnswer, RegistrationPayload>(({ input }) => call(async () => (await getApi()).createNewUserAccount.mutate(input))),
    requestCode: fromPromise<ServerAnswer, { email: string }>(({ input }) => call(async () => (await getApi()).initializeUserLoginVerification.mutate(input))),
    verifyCode: fromPromise<VerifyAnswer, { email: string; code: string }>(({ input }) => call(async () => (await getApi()).verifyUserEmail.mutate(input))),
  };
}
