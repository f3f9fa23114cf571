import { TRPCError } from '@trpc/server';

/** The TRPCError a call fails with; fails the test when the call succeeds or throws something else. */
export async function trpcErrorOf(promise: Promise<unknown>): Promise<TRPCError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}
