import { describe, expect, it } from 'vitest';
import { createControllableClock, QA_CLOCK_KEY } from './controllable-clock';

const T0 = Date.UTC(2026, 10, 23, 15, 0, 0);

function manualTimers() {
  const pending = new Map<number, () => void>();
  let id = 0;
  return {
    pending,
    setTimeout: (fn: () => void) => (pending.set((id += 1), fn), id),
    clearTimeout: (handle: unknown) => void pending.delete(handle as number),
  };
}

function memoryStorage() {
  const data = new Map<string, string>();
  return { data, getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value) };
}

describe('controllable clock', () => {
  it('paused, nothing fires by itself; advance fires each callback at its own time', () => {
    const clock = createControllableClock({ pausedAt: T0, realTimers: manualTimers() });
    const fired: number[] = [];
    clock.setTimeout(() => fired.push(clock.now()), 2_000);
    clock.setTimeout(() => {
      fired.push(clock.now());
      clock.setTimeout(() => fired.push(clock.now()), 1_000);
    }, 1_000);
    clock.advance(999);
    expect(fired).toEqual([]);
    clock.advance(1_500);
    expect(fired).toEqual([T0 + 1_000, T0 + 2_000, T0 + 2_000]);
    expect(clock.now()).toBe(T0 + 2_499);
  });

  it('runToNext jumps straight to the next callback', () => {
    const clock = createControllableClock({ pausedAt: T0, realTimers: manualTimers() });
    let firedAt = 0;
    const id = clock.setTimeout(() => (firedAt = clock.now()), 30_000);
    clock.setTimeout(() => (firedAt = clock.now()), 2_000);
    clock.clearTimeout(id);
    expect(clock.state().nextDueAt).toBe(T0 + 2_000);
    expect(clock.runToNext()).toBe(true);
    expect(firedAt).toBe(T0 + 2_000);
    expect(clock.runToNext()).toBe(false);
  });

  it('running, follows real time plus the offset; the offset and pause survive a reload', () => {
    let real = T0;
    const timers = manualTimers();
    const storage = memoryStorage();
    const clock = createControllableClock({ realNow: () => real, realTimers: timers, storage });
    clock.setTimeout(() => undefined, 5_000);
    expect(timers.pending.size).toBe(1);
    clock.advance(60_000);
    real += 1_000;
    expect(clock.now()).toBe(T0 + 61_000);
    clock.pause();
    expect(timers.pending.size).toBe(0);
    real += 10_000;
    expect(JSON.parse(storage.data.get(QA_CLOCK_KEY) ?? '{}')).toEqual({ offset: 60_000, pausedAt: T0 + 61_000 });
    const reloaded = createControllableClock({ realNow: () => real, realTimers: manualTimers(), storage });
    expect(reloaded.now()).toBe(T0 + 61_000);
    reloaded.resume();
    real += 500;
    expect(reloaded.now()).toBe(T0 + 61_500);
  });
});
