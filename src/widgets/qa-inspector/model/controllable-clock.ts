import type { AuthFlowClock } from '@/features/auth-flow';

/** Saved across reloads so a clock moved ahead keeps the saved sign-in state's timestamps in the past. */
export const QA_CLOCK_KEY = 'leadloop.qa.clock';

interface Timer {
  id: number;
  dueAt: number;
  fn: () => void;
}

export interface ClockState {
  now: number;
  paused: boolean;
  /** Virtual time minus real time (ms): how far QA has moved the clock. */
  offset: number;
  /** When the next scheduled callback is due (virtual epoch ms), or null. */
  nextDueAt: number | null;
}

export interface ControllableClock extends AuthFlowClock {
  pause(): void;
  resume(): void;
  /** Moves time forward, firing every callback due on the way at its own time. */
  advance(ms: number): void;
  /** Jumps to the next scheduled callback and fires it; false when nothing is scheduled. */
  runToNext(): boolean;
  state(): ClockState;
  subscribe(listener: () => void): () => void;
}

type SavedClock = { offset: number; pausedAt: number | null };

export interface ControllableClockOptions {
  /** The real clock underneath (Date.now in the app). */
  realNow?: () => number;
  /** Where offset and pause survive a reload (sessionStorage in the app); none in scenario sandboxes. */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  /** Start paused at this time instead (scenario sandboxes). */
  pausedAt?: number;
  /** Real timers underneath while running (globalThis in the app). */
  realTimers?: { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (id: unknown) => void };
}

function readSaved(storage: ControllableClockOptions['storage']): SavedClock | null {
  try {
    const value = JSON.parse(storage?.getItem(QA_CLOCK_KEY) ?? 'null') as Partial<SavedClock> | null;
    if (!value || typeof value.offset !== 'number') return null;
    return { offset: value.offset, pausedAt: typeof value.pausedAt === 'number' ? value.pausedAt : null };
  } catch {
    return null;
  }
}

/**
 * A clock for the QA build: real time plus an offset, which QA can pause, move forward by a step, or jump to the
 * next scheduled callback (XState's `after` delays are scheduled through `setTimeout` here). While running, the
 * earliest callback is armed on a real timer; while paused nothing fires by itself.
 */
export function createControllableClock(options: ControllableClockOptions = {}): ControllableClock {
  const realNow = options.realNow ?? (() => Date.now());
  const real = options.realTimers ?? {
    setTimeout: (fn: () => void, ms: number) => globalThis.setTimeout(fn, ms),
    clearTimeout: (id: unknown) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
  };
  const saved = options.pausedAt === undefined ? readSaved(options.storage) : null;
  let offset = saved?.offset ?? 0;
  let pausedAt: number | null = options.pausedAt ?? saved?.pausedAt ?? null;
  let timers: Timer[] = [];
  let nextId = 1;
  let armed: unknown = null;
  const listeners = new Set<() => void>();

  const now = () => pausedAt ?? realNow() + offset;
  const setNow = (time: number) => {
    if (pausedAt !== null) pausedAt = time;
    else offset = time - realNow();
  };
  const earliest = () => timers.reduce<Timer | null>((first, timer) => (!first || timer.dueAt < first.dueAt ? timer : first), null);
  const save = () => {
    try {
      options.storage?.setItem(QA_CLOCK_KEY, JSON.stringify({ offset, pausedAt } satisfies SavedClock));
    } catch {
      // storage unavailable: the clock just won't survive a reload
    }
  };
  const notify = () => {
    for (const listener of listeners) listener();
  };

  /** Fires, in order, every callback due at or before `until`, each at its own due time. */
  const fireDue = (until: number) => {
    for (;;) {
      const next = earliest();
      if (!next || next.dueAt > until) return;
      timers = timers.filter((timer) => timer !== next);
      if (next.dueAt > now()) setNow(next.dueAt);
      next.fn();
    }
  };

  const arm = () => {
    if (armed !== null) real.clearTimeout(armed);
    armed = null;
    const next = earliest();
    if (!next || pausedAt !== null) return;
    armed = real.setTimeout(() => {
      armed = null;
      fireDue(now());
      arm();
      notify();
    }, Math.max(0, next.dueAt - now()));
  };

  const clock: ControllableClock = {
    now,
    setTimeout(fn, timeout) {
      const id = nextId++;
      timers.push({ id, dueAt: now() + Math.max(0, timeout), fn });
      arm();
      notify();
      return id;
    },
    clearTimeout(id) {
      timers = timers.filter((timer) => timer.id !== id);
      arm();
      notify();
    },
    pause() {
      if (pausedAt !== null) return;
      pausedAt = now();
      arm();
      save();
      notify();
    },
    resume() {
      if (pausedAt === null) return;
      offset = pausedAt - realNow();
      pausedAt = null;
      arm();
      save();
      notify();
    },
    advance(ms) {
      const target = now() + Math.max(0, ms);
      fireDue(target);
      setNow(Math.max(now(), target));
      arm();
      save();
      notify();
    },
    runToNext() {
      const next = earliest();
      if (!next) return false;
      clock.advance(Math.max(0, next.dueAt - now()));
      return true;
    },
    state() {
      return { now: now(), paused: pausedAt !== null, offset: pausedAt !== null ? pausedAt - realNow() : offset, nextDueAt: earliest()?.dueAt ?? null };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return clock;
}
