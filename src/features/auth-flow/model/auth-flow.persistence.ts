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

/**
 * Saves the snapshot's saved fields whenever they change (so the timestamp is the time of the last change, not of
 * the last reload). `restored` is what the screen started from: it counts as already saved.
 */
export function createSignInStateSaver(storage: WritableStorage, now: () => number, restored: RestoredSignInState | null) {
  let lastSaved = restored;
  return (snapshot: AuthFlowSnapshot): void => {
    if (snapshot.status !== 'active') return;
    const state = signInStateOf(snapshot);
    if (sameSignInState(lastSaved, state)) return;
    saveSignInState(storage, state, now());
    lastSaved = state;
  };
}

/**
 * QA: back-dates the saved state so it is `ageMs` old at `now` (19:59 restores on reload, 20:00 does not).
 * Returns false when nothing valid is saved.
 */
export function ageSignInState(storage: Pick<Storage, 'getItem' | 'setItem'>, ageMs: number, now: number): boolean {
  try {
    const raw = storage.getItem(SIGN_IN_STATE_KEY);
    const result = raw === null ? null : savedSchema.safeParse(JSON.parse(raw));
    if (!result?.success) return false;
    storage.setItem(SIGN_IN_STATE_KEY, JSON.stringify({ ...result.data, timestamp: now - ageMs }));
    return true;
  } catch {
    return false;
  }
}

/** QA: the saved record as stored (timestamp included), or null. */
export function readSavedSignInState(storage: Pick<Storage, 'getItem'>): SavedSignInState | null {
  try {
    const raw = storage.getItem(SIGN_IN_STATE_KEY);
    const result = raw === null ? null : savedSchema.safeParse(JSON.parse(raw));
    return result?.success ? result.data : null;
  } catch {
    return null;
  }
}
