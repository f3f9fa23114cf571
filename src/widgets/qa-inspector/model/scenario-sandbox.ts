import { type Actor, createActor, fromPromise } from 'xstate';
import {
  ageSignInState,
  type AuthFlowSnapshot,
  createSignInStateSaver,
  loadSignInState,
  provideAuthFlow,
  type RegistrationPayload,
  resendSecondsLeft,
  type ServerAnswer,
  type VerifyAnswer,
} from '@/features/auth-flow';
import { createControllableClock } from './controllable-clock';
import { InspectionStore, leafPaths } from './inspection-store';
import type { Answer, ApiName, Expectation, Scenario, ScenarioStep } from './scenarios';

/** Scenarios start at a fixed time, paused: only their steps move the clock. */
export const SCENARIO_START = Date.UTC(2026, 0, 5, 9, 0, 0);

export interface StepResult {
  ok: boolean;
  mismatches: string[];
  actual: { states: string[]; message: string | null; secondsLeft: number; email: string };
}

interface Pending {
  resolve: (output: ServerAnswer | VerifyAnswer) => void;
  reject: (error: Error) => void;
}

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    key: (index) => [...data.keys()][index] ?? null,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/** Lets promise actors settle: their answers arrive on microtasks and a real macrotask is enough for all of them. */
const settle = () => new Promise<void>((resolve) => globalThis.setTimeout(resolve, 0));

export function compare(snapshot: AuthFlowSnapshot, expected: Expectation): StepResult {
  const actual = {
    states: leafPaths(snapshot.value),
    message: snapshot.context.message,
    secondsLeft: resendSecondsLeft(snapshot.context),
    email: snapshot.context.email,
  };
  const mismatches: string[] = [];
  const same = (a: string[], b: string[]) => [...a].sort().join(' + ') === [...b].sort().join(' + ');
  if (!same(expected.states, actual.states)) mismatches.push(`state: expected ${expected.states.join(' + ')}, got ${actual.states.join(' + ')}`);
  if (expected.message !== undefined && expected.message !== actual.message) mismatches.push(`message: expected ${JSON.stringify(expected.message)}, got ${JSON.stringify(actual.message)}`);
  if (expected.secondsLeft !== undefined && expected.secondsLeft !== actual.secondsLeft) mismatches.push(`countdown: expected ${expected.secondsLeft} s, got ${actual.secondsLeft} s`);
  if (expected.email !== undefined && expected.email !== actual.email) mismatches.push(`email: expected ${JSON.stringify(expected.email)}, got ${JSON.stringify(actual.email)}`);
  return { ok: mismatches.length === 0, mismatches, actual };
}

/**
 * A scenario's own copy of the machine (the same definition, through provideAuthFlow), with scripted server
 * answers, a paused clock of its own and an in-memory sessionStorage: replays are exact and leave the screen alone.
 * A "reload" stops the actor and starts a new one from the saved state, as the screen does.
 */
export function createScenarioSandbox(scenario: Scenario) {
  const clock = createControllableClock({ pausedAt: SCENARIO_START });
  const storage = memoryStorage();
  const store = new InspectionStore(clock.now);
  const pending = new Map<ApiName, Pending>();
  const scripted = <T extends ServerAnswer, I>(api: ApiName) =>
    fromPromise<T, I>(() => new Promise<T>((resolve, reject) => pending.set(api, { resolve: resolve as Pending['resolve'], reject })));
  const machine = provideAuthFlow(
    {
      createAccount: scripted<ServerAnswer, RegistrationPayload>('createAccount'),
      requestCode: scripted<ServerAnswer, { email: string }>('requestCode'),
      verifyCode: scripted<VerifyAnswer, { email: string; code: string }>('verifyCode'),
    },
    clock.now,
  );

  let actor: Actor<typeof machine>;
  const start = () => {
    const restored = loadSignInState(storage, clock.now());
    actor = createActor(machine, { input: { now: clock.now(), initialMode: scenario.initialMode, restored }, clock, inspect: store.inspect });
    actor.subscribe(createSignInStateSaver(storage, clock.now, restored));
    actor.start();
  };
  start();

  const answer = async (api: ApiName, result: Answer) => {
    const call = pending.get(api);
    if (!call) throw new Error(`The machine is not waiting for ${api}`);
    pending.delete(api);
    if ('error' in result) call.reject(new TypeError(result.error));
    else call.resolve(result.output);
    await settle();
  };

  return {
    store,
    clock,
    snapshot: () => actor.getSnapshot(),
    async run(step: ScenarioStep): Promise<StepResult> {
      const action = step.action;
      switch (action.kind) {
        case 'send':
          actor.send(action.event);
          await settle();
          break;
        case 'answer':
          await answer(action.api, action.answer);
          break;
        case 'advance':
          clock.advance(action.ms);
          break;
        case 'next-delay':
          clock.runToNext();
          break;
        case 'countdown-end': {
          const { resendAvailableAt } = actor.getSnapshot().context;
          clock.advance(Math.max(0, (resendAvailableAt ?? clock.now()) - clock.now()));
          break;
        }
        case 'reload':
          if (action.ageSavedStateMs !== undefined) ageSignInState(storage, action.ageSavedStateMs, clock.now());
          actor.stop();
          pending.clear();
          start();
          break;
      }
      return compare(actor.getSnapshot(), step.expect);
    },
    stop: () => actor.stop(),
  };
}

export type ScenarioSandbox = ReturnType<typeof createScenarioSandbox>;
