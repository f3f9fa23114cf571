import { createContext } from 'react';

/**
 * Where the sign-in machine takes time from: `now()` for `syncTime` and the saved state's timestamp, and
 * `setTimeout`/`clearTimeout` for its `after` delays (XState's `clock` option). The app runs on the real clock;
 * the QA build provides a pausable, advanceable one (src/widgets/qa-inspector); unit tests use a SimulatedClock.
 */
export interface AuthFlowClock {
  now(): number;
  setTimeout(fn: () => void, timeout: number): unknown;
  clearTimeout(id: unknown): void;
}

export const realClock: AuthFlowClock = {
  now: () => Date.now(),
  setTimeout: (fn, timeout) => globalThis.setTimeout(fn, timeout),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

/**
 * The composition root swaps the clock here rather than through the page's props, so a devtools clock does not
 * have to be threaded through every screen that renders the sign-in flow.
 */
export const AuthFlowClockContext = createContext<AuthFlowClock>(realClock);
