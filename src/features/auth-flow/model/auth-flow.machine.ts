import { assign, emit, fromPromise, raise, setup, stateIn, type SnapshotFrom } from 'xstate';
import {
  isRateLimitedError,
  type RegistrationPayload,
  type ScreenMode,
  type ServerAnswer,
  type VerificationMode,
  type VerificationState,
  type VerifyAnswer,
} from './auth-flow.types';

/** Spec section 9. */
export const AUTH_FLOW_TIMING = {
  /** Delay before switching mode after "already exists" / "not found". */
  switchDelayMs: 2_000,
  /** Resend cooldown, shown as a countdown on the Resend button. */
  resendCooldownMs: 30_000,
} as const;

/** Spec section 8, word for word. */
export const AUTH_FLOW_MESSAGES = {
  createAccountFailed: 'Failed to create account',
  loginFailed: 'Failed to initiate login',
  invalidCode: 'Invalid verification code',
  resendFailed: 'Failed to resend verification code',
  unexpected: 'An unexpected error occurred. Please try again.',
  resent: 'Verification code resent successfully.',
  accountNotFound: 'Account not found. Would you like to create one?',
} as const;

/** What a reload restores (see auth-flow.persistence.ts); only the fields the spec's saved state has. */
export interface RestoredSignInState {
  mode: ScreenMode;
  verificationState: VerificationState | null;
  resendTimeout: number | null;
}

export interface AuthFlowInput {
  /** The form shown when nothing is restored. */
  initialMode?: VerificationMode;
  restored?: RestoredSignInState | null;
  /** Current time (epoch ms) at start. */
  now: number;
}

export interface AuthFlowContext {
  bootMode: ScreenMode;
  /** The email being verified and what for; null outside verify-code. */
  verification: VerificationState | null;
  /** When Resend becomes available again (epoch ms): the countdown's absolute deadline. */
  resendAvailableAt: number | null;
  /** The machine's notion of "now", refreshed by `syncTime` on each countdown tick. */
  now: number;
  /** The last message for the person; shown in success style when it contains "successfully". */
  message: string | null;
  /** The email typed so far, carried between forms when the screen switches. */
  email: string;
  authToken: string | null;
}

export type AuthFlowEvent =
  | { type: 'mode.switch'; mode: VerificationMode }
  | { type: 'register.submit'; payload: RegistrationPayload }
  | { type: 'login.submit'; email: string }
  | { type: 'code.submit'; code: string }
  | { type: 'code.resend' }
  | { type: 'verify.back' }
  | { type: 'message.dismiss' }
  | { type: 'countdown.restart' };

export type AuthFlowEmitted = { type: 'signedIn'; authToken: string; mode: VerificationMode };

export interface AuthFlowOutput {
  authToken: string;
  mode: VerificationMode;
}

const answerMessage = (answer: ServerAnswer, fallback: string) =>
  typeof answer.message === 'string' && answer.message.trim() ? answer.message : fallback;

function bootModeOf(input: AuthFlowInput): ScreenMode {
  const restored = input.restored;
  if (restored?.mode === 'verify-code' && restored.verificationState) return 'verify-code';
  if (restored?.mode === 'login' || restored?.mode === 'register') return restored.mode;
  return input.initialMode ?? 'register';
}

/**
 * The sign-in screen as one machine: register / login / verify-code, the 2 s automatic switches, the 30 s resend
 * countdown (an absolute deadline, ticking on whole seconds so a restored countdown stays aligned) and the
 * fallback messages of spec section 8. It knows no React, network, storage or window: the API calls are the
 * `createAccount`, `requestCode` and `verifyCode` actors, time comes from `syncTime` and the deadline delays,
 * and success is announced with the emitted `signedIn` event (also the machine's output).
 */
export const authFlowMachine = setup({
  types: {
    context: {} as AuthFlowContext,
    events: {} as AuthFlowEvent,
    input: {} as AuthFlowInput,
    emitted: {} as AuthFlowEmitted,
    output: {} as AuthFlowOutput,
  },
  actors: {
    createAccount: fromPromise<ServerAnswer, RegistrationPayload>(async () => {
      throw new Error('createAccount is not provided');
    }),
    requestCode: fromPromise<ServerAnswer, { email: string }>(async () => {
      throw new Error('requestCode is not provided');
    }),
    verifyCode: fromPromise<VerifyAnswer, { email: string; code: string }>(async () => {
      throw new Error('verifyCode is not provided');
    }),
  },
  actions: {
    /** Replace with the app's clock in `.provide()` (tests use xstate's SimulatedClock). */
    syncTime: assign({ now: () => Date.now() }),
    clearMessage: assign({ message: null }),
    startCooldown: assign({
      resendAvailableAt: ({ context }) => context.now + AUTH_FLOW_TIMING.resendCooldownMs,
    }),
    showThrownError: assign({
      message: ({ event }) => {
        const error = (event as { error?: unknown }).error;
        return isRateLimitedError(error) ? error.message : AUTH_FLOW_MESSAGES.unexpected;
      },
    }),
    leaveVerification: assign({ verification: null, resendAvailableAt: null, message: null }),
  },
  guards: {
    answerSucceeded: ({ event }) => (event as { output?: ServerAnswer }).output?.success === true,
    isAlreadyExists: ({ event }) => {
      const output = (event as { output?: ServerAnswer }).output;
      return output?.success === false && typeof output.message === 'string' && output.message.includes('already exists');
    },
    isNotFound: ({ event }) => {
      const output = (event as { output?: ServerAnswer }).output;
      return output?.success === false && typeof output.message === 'string' && output.message.includes('not found');
    },
    isVerifiedWithToken: ({ event }) => {
      const output = (event as { output?: VerifyAnswer }).output;
      return output?.success === true && typeof output.authToken === 'string' && output.authToken.length > 0;
    },
    isCoolingDown: ({ context }) => context.resendAvailableAt !== null && context.now < context.resendAvailableAt,
    canResend: stateIn('#authFlow.verifyCode.countdown.ready'),
    bootsIntoVerify: ({ context }) => context.bootMode === 'verify-code',
    bootsIntoLogin: ({ context }) => context.bootMode === 'login',
    wasRegistering: ({ context }) => context.verification?.mode === 'register',
    isSwitchToLogin: ({ event }) => event.type === 'mode.switch' && event.mode === 'login',
    isSwitchToRegister: ({ event }) => event.type === 'mode.switch' && event.mode === 'register',
  },
  delays: {
    switchDelay: AUTH_FLOW_TIMING.switchDelayMs,
    /** Until the next whole second before the deadline, so "29 s" changes exactly a second after "30 s". */
    untilNextSecond: ({ context }) => {
      const left = (context.resendAvailableAt ?? context.now) - context.now;
      return left % 1000 || 1000;
    },
  },
}).createMachine({
  id: 'authFlow',
  context: ({ input }) => ({
    bootMode: bootModeOf(input),
    verification: bootModeOf(input) === 'verify-code' ? (input.restored?.verificationState ?? null) : null,
    resendAvailableAt: bootModeOf(input) === 'verify-code' ? (input.restored?.resendTimeout ?? null) : null,
    now: input.now,
    message: null,
    email: input.restored?.verificationState?.email ?? '',
    authToken: null,
  }),
  initial: 'booting',
  on: {
    'message.dismiss': { actions: 'clearMessage' },
  },
  states: {
    booting: {
      always: [
        { guard: 'bootsIntoVerify', target: 'verifyCode' },
        { guard: 'bootsIntoLogin', target: 'login' },
        { target: 'register' },
      ],
    },

    register: {
      initial: 'editing',
      on: {
        'mode.switch': { guard: 'isSwitchToLogin', target: 'login', actions: 'clearMessage' },
      },
      states: {
        editing: {
          on: {
            'register.submit': {
              target: 'submitting',
              actions: [assign({ email: ({ event }) => event.payload.email }), 'clearMessage'],
            },
          },
        },
        submitting: {
          invoke: {
            src: 'createAccount',
            input: ({ event }) => (event as Extract<AuthFlowEvent, { type: 'register.submit' }>).payload,
            onDone: [
              {
                guard: 'answerSucceeded',
                target: '#authFlow.verifyCode',
                actions: [
                  'syncTime',
                  assign({
                    verification: ({ context }) => ({ email: context.email, mode: 'register' as const }),
                    message: ({ event }) => answerMessage(event.output, AUTH_FLOW_MESSAGES.createAccountFailed),
                  }),
                  'startCooldown',
                ],
              },
              {
                guard: 'isAlreadyExists',
                target: 'switchingToLogin',
                actions: assign({ message: ({ event }) => answerMessage(event.output, AUTH_FLOW_MESSAGES.createAccountFailed) }),
              },
              {
                target: 'editing',
                actions: assign({ message: ({ event }) => answerMessage(event.output, AUTH_FLOW_MESSAGES.createAccountFailed) }),
              },
            ],
            onError: { target: 'editing', actions: 'showThrownError' },
          },
        },
        switchingToLogin: {
          after: { switchDelay: '#authFlow.login' },
        },
      },
    },

    login: {
      initial: 'editing',
      on: {
        'mode.switch': { guard: 'isSwitchToRegister', target: 'register', actions: 'clearMessage' },
      },
      states: {
        editing: {
          on: {
            'login.submit': {
              target: 'submitting',
              actions: [assign({ email: ({ event }) => event.email }), 'clearMessage'],
            },
          },
        },
        submitting: {
          invoke: {
            src: 'requestCode',
            input: ({ context }) => ({ email: context.email }),
            onDone: [
              {
                guard: 'answerSucceeded',
                target: '#authFlow.verifyCode',
                actions: [
                  'syncTime',
                  assign({
                    verification: ({ context }) => ({ email: context.email, mode: 'login' as const }),
                    message: ({ event }) => answerMessage(event.output, AUTH_FLOW_MESSAGES.loginFailed),
                  }),
                  'startCooldown',
                ],
              },
              {
                guard: 'isNotFound',
                target: 'switchingToRegister',
                actions: assign({ message: AUTH_FLOW_MESSAGES.accountNotFound }),
              },
              {
                target: 'editing',
                actions: assign({ message: ({ event }) => answerMessage(event.output, AUTH_FLOW_MESSAGES.loginFailed) }),
              },
            ],
            onError: { target: 'editing', actions: 'showThrownError' },
          },
        },
        switchingToRegister: {
          after: { switchDelay: '#authFlow.register' },
        },
      },
    },

    verifyCode: {
      type: 'parallel',
      entry: 'syncTime',
      on: {
        'verify.back': [
          { guard: 'wasRegistering', target: 'register', actions: 'leaveVerification' },
          { target: 'login', actions: 'leaveVerification' },
        ],
      },
      states: {
        form: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'code.submit': { target: 'verifying', actions: 'clearMessage' },
                'code.resend': { guard: 'canResend', target: 'resending', actions: 'clearMessage' },
              },
            },
            verifying: {
              invoke: {
                src: 'verifyCode',
                input: ({ context, event }) => ({
                  email: context.verification?.email ?? context.email,
                  code: (event as Extract<AuthFlowEvent, { type: 'code.submit' }>).code,
                }),
                onDone: [
                  {
                    guard: 'isVerifiedWithToken',
                    target: '#authFlow.signedIn',
                    actions: assign({ authToken: ({ event }) => event.output.authToken ?? null }),
                  },
                  {
                    target: 'idle',
                    actions: assign({ message: ({ event }) => answerMessage(event.output, AUTH_FLOW_MESSAGES.invalidCode) }),
                  },
                ],
                onError: { target: 'idle', actions: 'showThrownError' },
              },
            },
            resending: {
              invoke: {
                src: 'requestCode',
                input: ({ context }) => ({ email: context.verification?.email ?? context.email }),
                onDone: [
                  {
                    guard: 'answerSucceeded',
                    target: 'idle',
                    actions: ['syncTime', 'startCooldown', assign({ message: AUTH_FLOW_MESSAGES.resent }), raise({ type: 'countdown.restart' })],
                  },
                  {
                    target: 'idle',
                    actions: assign({ message: ({ event }) => answerMessage(event.output, AUTH_FLOW_MESSAGES.resendFailed) }),
                  },
                ],
                onError: {
                  target: 'idle',
                  actions: [
                    'syncTime',
                    'showThrownError',
                    assign({
                      // The server knows best how long to wait: stretch the countdown to its answer.
                      resendAvailableAt: ({ context, event }) =>
                        isRateLimitedError(event.error) ? context.now + event.error.retryAfterMs : context.resendAvailableAt,
                    }),
                    raise({ type: 'countdown.restart' }),
                  ],
                },
              },
            },
          },
        },
        countdown: {
          initial: 'checking',
          on: { 'countdown.restart': { target: '.checking' } },
          states: {
            checking: {
              always: [{ guard: 'isCoolingDown', target: 'running' }, { target: 'ready' }],
            },
            running: {
              after: { untilNextSecond: { target: 'checking', actions: 'syncTime' } },
            },
            ready: {},
          },
        },
      },
    },

    signedIn: {
      type: 'final',
      entry: emit(({ context }) => ({
        type: 'signedIn' as const,
        authToken: context.authToken ?? '',
        mode: context.verification?.mode ?? 'login',
      })),
    },
  },
  output: ({ context }) => ({ authToken: context.authToken ?? '', mode: context.verification?.mode ?? 'login' }),
});

export type AuthFlowSnapshot = SnapshotFrom<typeof authFlowMachine>;
export type AuthFlowActors = NonNullable<Parameters<typeof authFlowMachine.provide>[0]['actors']>;

/** The machine with the app's API actors and a clock for `syncTime`: the one way the screen and QA sandboxes run it. */
export function provideAuthFlow(actors: AuthFlowActors, now: () => number) {
  return authFlowMachine.provide({ actors, actions: { syncTime: assign({ now: () => now() }) } });
}

/** The screen's mode for a snapshot: what the page shows and what is saved. */
export function screenModeOf(snapshot: AuthFlowSnapshot): ScreenMode {
  if (snapshot.matches('verifyCode') || snapshot.matches('signedIn')) return 'verify-code';
  if (snapshot.matches('login')) return 'login';
  return 'register';
}

/** Whole seconds left on the resend countdown (0 when Resend is available). */
export function resendSecondsLeft(context: Pick<AuthFlowContext, 'resendAvailableAt' | 'now'>): number {
  if (context.resendAvailableAt === null) return 0;
  return Math.max(0, Math.ceil((context.resendAvailableAt - context.now) / 1000));
}

export function isSuccessMessage(message: string): boolean {
  return message.includes('successfully');
}

export function isBusy(snapshot: AuthFlowSnapshot): boolean {
  return (
    snapshot.matches({ register: 'submitting' }) ||
    snapshot.matches({ login: 'submitting' }) ||
    snapshot.matches({ verifyCode: { form: 'verifying' } }) ||
    snapshot.matches({ verifyCode: { form: 'resending' } })
  );
}
