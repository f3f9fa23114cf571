import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, SimulatedClock } from 'xstate';
import { authFlowMachine } from './auth-flow.machine';
import type { ServerAnswer } from './auth-flow.types';
import {
  clearSignInState,
  loadSignInState,
  sameSignInState,
  SIGN_IN_STATE_KEY,
  saveSignInState,
  signInStateOf,
} from './auth-flow.persistence';

const T0 = Date.UTC(2026, 10, 21, 15, 0, 0);
const MINUTE = 60_000;
const verifying = { mode: 'verify-code' as const, verificationState: { email: 'dana@acme.test', mode: 'register' as const }, resendTimeout: T0 + 30_000 };

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

describe('saved sign-in state', () => {
  it('stores mode, verificationState, resendTimeout and the saved timestamp', () => {
    const storage = memoryStorage();
    saveSignInState(storage, verifying, T0);
    expect(JSON.parse(storage.data.get(SIGN_IN_STATE_KEY)!)).toEqual({
      version: 1,
      mode: 'verify-code',
      verificationState: { email: 'dana@acme.test', mode: 'register' },
      resendTimeout: T0 + 30_000,
      timestamp: T0,
    });
  });

  it('restores a state saved 19:59 ago', () => {
    const storage = memoryStorage();
    saveSignInState(storage, verifying, T0);
    expect(loadSignInState(storage, T0 + 20 * MINUTE - 1000)).toEqual(verifying);
    expect(loadSignInState(storage, T0 + 20 * MINUTE - 1)).toEqual(verifying);
  });

  it('ignores (and removes) a state saved 20:00 ago or more', () => {
    const storage = memoryStorage();
    saveSignInState(storage, verifying, T0);
    expect(loadSignInState(storage, T0 + 20 * MINUTE)).toBeNull();
    expect(storage.data.has(SIGN_IN_STATE_KEY)).toBe(false);
  });

  it('ignores malformed, foreign-version and future-dated records', () => {
    const storage = memoryStorage();
    for (const raw of [
      '{not json',
      JSON.stringify({ ...verifying, version: 2, timestamp: T0 }),
      JSON.stringify({ ...verifying, mode: 'admin', version: 1, timestamp: T0 }),
      JSON.stringify({ ...verifying, verificationState: { email: 'x', mode: 'sudo' }, version: 1, timestamp: T0 }),
      JSON.stringify({ ...verifying, version: 1, timestamp: T0 + MINUTE }),
    ]) {
      storage.data.set(SIGN_IN_STATE_KEY, raw);
      expect(loadSignInState(storage, T0), raw).toBeNull();
      expect(storage.data.has(SIGN_IN_STATE_KEY)).toBe(false);
    }
  });

  it('clears', () => {
    const storage = memoryStorage();
    saveSignInState(storage, verifying, T0);
    clearSignInState(storage);
    expect(loadSignInState(storage, T0)).toBeNull();
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceeded');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => saveSignInState(broken, verifying, T0)).not.toThrow();
    expect(loadSignInState(broken, T0)).toBeNull();
  });

  it('derives what to save from the machine, and round-trips through a restart', async () => {
    const clock = new SimulatedClock();
    clock.set(T0);
    const machine = authFlowMachine.provide({
      actions: { syncTime: assign({ now: () => clock.now() }) },
      actors: { requestCode: fromPromise<ServerAnswer, { email: string }>(async () => ({ success: true, message: 'sent successfully' })) },
    });
    const actor = createActor(machine, { input: { now: T0, initialMode: 'login' }, clock }).start();
    expect(signInStateOf(actor.getSnapshot())).toEqual({ mode: 'login', verificationState: null, resendTimeout: null });
    actor.send({ type: 'login.submit', email: 'dana@acme.test' });
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
    clock.increment(7_000);
    const saved = signInStateOf(actor.getSnapshot());
    expect(saved).toEqual({ mode: 'verify-code', verificationState: { email: 'dana@acme.test', mode: 'login' }, resendTimeout: T0 + 30_000 });
    expect(sameSignInState(saved, { ...saved })).toBe(true);
    expect(sameSignInState(saved, { ...saved, resendTimeout: 1 })).toBe(false);
    expect(sameSignInState(null, saved)).toBe(false);

    const storage = memoryStorage();
    saveSignInState(storage, saved, T0 + 7_000);
    const restarted = createActor(machine, { input: { now: T0 + 9_000, restored: loadSignInState(storage, T0 + 9_000) }, clock }).start();
    expect(restarted.getSnapshot().matches('verifyCode')).toBe(true);
    expect(restarted.getSnapshot().context.resendAvailableAt).toBe(T0 + 30_000);
  });
});
