import * as z from 'zod/mini';
import { type AuthFlowSnapshot, type RestoredSignInState, screenModeOf } from './auth-flow.machine';

/**
 * The saved sign-in state of spec section 3 (mode, verificationState, resendTimeout, saved timestamp), kept in
 * sessionStorage. We persist this small record, not the machine's snapshot: XState does not restore `after`
 * timers, and the machine restarts from it through `input`.
 */
export const SIGN_IN_STATE_KEY = 'leadloop.signInState';
export const SAVED_SIGN_IN_STATE_TTL_MS = 1_200_000; // 20 minutes
const VERSION = 1;

const savedSchema = z.object({
  version: z.literal(VERSION),
  mode: z.enum(['register', 'login', 'verify-code']),
  verificationState: z.nullable(z.object({ email: z.string().check(z.minLength(3), z.maxLength(254)), mode: z.enum(['register', 'login']) })),
  resendTimeout: z.nullable(z.number()),
  timestamp: z.number(),
});
export type SavedSignInState = z.infer<typeof savedSchema>;

type ReadableStorage = Pick<Storage, 'getItem' | 'removeItem'>;
type WritableStorage = Pick<Storage, 'setItem'>;

/** The saved state if it is valid and was saved less than 20 minutes ago; otherwise null (and it is removed). */
export function loadSignInState(storage: ReadableStorage, now: number): RestoredSignInState | null {
  let raw: string | null;
  try {
    raw = storage.getItem(SIGN_IN_STATE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: SavedSignInState | null = null;
  try {
    const result = savedSchema.safeParse(JSON.parse(raw));
    parsed = result.success ? result.data : null;
  } catch {
    parsed = null;
  }
  const age = parsed ? now - parsed.timestamp : Number.POSITIVE_INFINITY;
  if (!parsed || age < 0 || age >= SAVED_SIGN_IN_STATE_TTL_MS) {
    clearSignInState(storage);
    return null;
  }
  return { mode: parsed.mode, verificationState: parsed.verificationState, resendTimeout: parsed.resendTimeout };
}

export function saveSignInState(storage: WritableStorage, state: RestoredSignInState, now: number): void {
  const record: SavedSignInState = { version: VERSION, ...state, timestamp: now };
  try {
    storage.setItem(SIGN_IN_STATE_KEY, JSON.stringify(record));
  } catch {
    // Storage full or disabled: the flow still works, it just won't survive a reload.
  }
}

export function clearSignInState(storage: Pick<Storage, 'removeItem'>): void {
  try {
    storage.removeItem(SIGN_IN_STATE_KEY);
  } catch {
    // ignore: nothing to clear
  }
}

/** The part of a snapshot worth saving. */
export function signInStateOf(snapshot: AuthFlowSnapshot): RestoredSignInState {
  const mode = screenModeOf(snapshot);
  return {
    mode,
    verificationState: mode === 'verify-code' ? snapshot.context.verification : null,
    resendTimeout: mode === 'verify-code' ? snapshot.context.resendAvailableAt : null,
  };
}

export function sameSignInState(a: RestoredSignInState | null, b: RestoredSignInState): boolean {
  return (
    a !== null &&
    a.mode === b.mode &&
    a.resendTimeout === b.resendTimeout &&
    a.verificationState?.email === b.verificationState?.email &&
    a.verificationState?.mode === b.verificationState?.mode
  );
}
