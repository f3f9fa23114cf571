import { assign, emit, fromPromise, type SnapshotFrom, setup, stateIn } from 'xstate';
import type { Role } from '@contracts/team';

/** What the invite link's preview says (the `invitations.preview` answer). */
export interface InvitePreview {
  companyName: string;
  invitedByName: string;
  email: string;
  role: Role;
  status: 'pending' | 'expired' | 'accepted' | 'revoked';
  expiresAt: number;
}

export interface InviteCodeSent {
  success: boolean;
  email: string;
  message: string;
}

export interface InviteVerifyAnswer {
  success: boolean;
  authToken: string | null;
  message: string;
}

export interface InviteNames {
  firstName: string;
  lastName: string;
}

/** The server calls the machine makes; the page provides them (tests give fakes). */
export interface InviteFlowApi {
  preview(input: { token: string }): Promise<InvitePreview>;
  sendCode(input: { token: string } & InviteNames): Promise<InviteCodeSent>;
  verify(input: { token: string; code: string }): Promise<InviteVerifyAnswer>;
}

/** The server lets one code be asked for every 30 seconds per invitation (invitations.service CODE_COOLDOWN_MS). */
export const INVITE_RESEND_COOLDOWN_MS = 30_000;

export const INVITE_FLOW_MESSAGES = {
  notValid: 'This invitation link is not valid. Ask whoever invited you for a new one.',
  unexpected: 'An unexpected error occurred. Please try again.',
  expired: 'This invitation has expired. Ask whoever invited you to send it again.',
  accepted: 'This invitation was already used. Sign in with your email instead.',
  revoked: 'This invitation was withdrawn. Ask whoever invited you for a new one.',
} as const;

export interface InviteFlowContext {
  token: string;
  preview: InvitePreview | null;
  names: InviteNames;
  /** Per-field errors from the server (`firstName`, `lastName`, `code`). */
  fieldErrors: Record<string, string>;
  /** The last sentence for the person, and whether it is good news. */
  message: { text: string; ok: boolean } | null;
  authToken: string | null;
}

export type InviteFlowEvent =
  | { type: 'details.submit'; firstName: string; lastName: string }
  | { type: 'details.edit' }
  | { type: 'code.submit'; code: string }
  | { type: 'code.resend' };

export type InviteFlowEmitted = { type: 'signedIn'; authToken: string };

/** A failed call's words: the server's per-field errors if it named fields, else its message. */
export interface ThrownAnswer {
  fieldErrors: Record<string, string>;
  message: string | null;
}

/** Reads a thrown error (tRPC's, or any): replaced by the page with the app's reader of field errors. */
export type ReadError = (error: unknown) => ThrownAnswer;

const defaultReadError: ReadError = (error) => ({ fieldErrors: {}, message: error instanceof Error && error.message ? error.message : INVITE_FLOW_MESSAGES.unexpected });

/** Shows a failed call's words: per-field errors when the server named fields, else its message. */
const showThrownWith = (readError: ReadError) =>
  assign<InviteFlowContext, InviteFlowEvent, undefined, InviteFlowEvent, never>(({ event }) => {
    const answer = readError((event as { error?: unknown }).error);
    return { fieldErrors: answer.fieldErrors, message: Object.keys(answer.fieldErrors).length > 0 || !answer.message ? null : { text: answer.message, ok: false } };
  });

const isNotFound = (error: unknown) => error instanceof Error && /not (found|valid)/i.test(error.message);

/**
 * The invitation screen (/invite/<token>) as one machine, like the sign-in flow: the link's preview, then the
 * invitee's name (which emails a code), then the code, with the server's 30-second resend cooldown. It knows no
 * React or network: the calls are the `preview`, `sendCode` and `verify` actors, time is the actor's clock (the QA
 * inspector's controllable one under VITE_XSTATE_INSPECT), and success is announced with the emitted `signedIn`.
 */
export const inviteFlowMachine = setup({
  types: {
    context: {} as InviteFlowContext,
    events: {} as InviteFlowEvent,
    input: {} as { token: string },
    emitted: {} as InviteFlowEmitted,
  },
  actors: {
    preview: fromPromise<InvitePreview, { token: string }>(async () => {
      throw new Error('preview is not provided');
    }),
    sendCode: fromPromise<InviteCodeSent, { token: string } & InviteNames>(async () => {
      throw new Error('sendCode is not provided');
    }),
    verify: fromPromise<InviteVerifyAnswer, { token: string; code: string }>(async () => {
      throw new Error('verify is not provided');
    }),
  },
  actions: {
    clearMessages: assign({ message: null, fieldErrors: {} }),
    showThrown: showThrownWith(defaultReadError),
    showSent: assign({ message: ({ event }) => ({ text: (event as unknown as { output: InviteCodeSent }).output.message, ok: true }) }),
  },
  guards: {
    isPending: ({ event }) => (event as unknown as { output: InvitePreview }).output.status === 'pending',
    hasToken: ({ event }) => {
      const output = (event as unknown as { output: InviteVerifyAnswer }).output;
      return output.success && typeof output.authToken === 'string' && output.authToken.length > 0;
    },
    canResend: stateIn('#inviteFlow.code.cooldown.ready'),
  },
  delays: { resendCooldown: INVITE_RESEND_COOLDOWN_MS },
}).createMachine({
  id: 'inviteFlow',
  context: ({ input }) => ({ token: input.token, preview: null, names: { firstName: '', lastName: '' }, fieldErrors: {}, message: null, authToken: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'preview',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          { guard: 'isPending', target: 'details', actions: assign({ preview: ({ event }) => event.output }) },
          { target: 'closed', actions: assign({ preview: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'invalid',
          actions: assign({ message: ({ event }) => ({ text: isNotFound(event.error) ? INVITE_FLOW_MESSAGES.notValid : defaultReadError(event.error).message ?? INVITE_FLOW_MESSAGES.unexpected, ok: false }) }),
        },
      },
    },
    /** The link is unknown or unreadable: nothing to do here. */
    invalid: { type: 'final' },
    /** Expired, already used or withdrawn: said plainly, no form. */
    closed: { type: 'final' },
    details: {
      on: {
        'details.submit': {
          target: 'sendingCode',
          actions: [assign({ names: ({ event }) => ({ firstName: event.firstName, lastName: event.lastName }) }), 'clearMessages'],
        },
      },
    },
    sendingCode: {
      invoke: {
        src: 'sendCode',
        input: ({ context }) => ({ token: context.token, ...context.names }),
        onDone: { target: 'code', actions: 'showSent' },
        onError: { target: 'details', actions: 'showThrown' },
      },
    },
    code: {
      type: 'parallel',
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'code.submit': { target: 'verifying', actions: 'clearMessages' },
                'code.resend': { guard: 'canResend', target: 'resending', actions: 'clearMessages' },
              },
            },
            verifying: {
              invoke: {
                src: 'verify',
                input: ({ context, event }) => ({ token: context.token, code: (event as Extract<InviteFlowEvent, { type: 'code.submit' }>).code }),
                onDone: [
                  { guard: 'hasToken', target: '#inviteFlow.signedIn', actions: assign({ authToken: ({ event }) => event.output.authToken }) },
                  { target: 'editing', actions: assign({ message: ({ event }) => ({ text: event.output.message, ok: false }) }) },
                ],
                onError: { target: 'editing', actions: 'showThrown' },
              },
            },
            resending: {
              invoke: {
                src: 'sendCode',
                input: ({ context }) => ({ token: context.token, ...context.names }),
                // A new code starts the 30 seconds again: both regions move at once.
                onDone: { target: ['#inviteFlow.code.form.editing', '#inviteFlow.code.cooldown.waiting'], actions: 'showSent' },
                onError: { target: 'editing', actions: 'showThrown' },
              },
            },
          },
        },
        cooldown: {
          initial: 'waiting',
          states: {
            waiting: { after: { resendCooldown: 'ready' } },
            ready: {},
          },
        },
      },
      on: { 'details.edit': { target: 'details', actions: 'clearMessages' } },
    },
    signedIn: {
      type: 'final',
      entry: emit(({ context }) => ({ type: 'signedIn' as const, authToken: context.authToken ?? '' })),
    },
  },
});

export type InviteFlowSnapshot = SnapshotFrom<typeof inviteFlowMachine>;

/** The machine with the page's API calls and error reader: the one way the page and tests run it. */
export function provideInviteFlow(api: InviteFlowApi, readError: ReadError = defaultReadError) {
  return inviteFlowMachine.provide({
    actors: {
      preview: fromPromise(({ input }) => api.preview(input)),
      sendCode: fromPromise(({ input }) => api.sendCode(input)),
      verify: fromPromise(({ input }) => api.verify(input)),
    },
    actions: { showThrown: showThrownWith(readError) },
  });
}

export function isInviteBusy(snapshot: InviteFlowSnapshot): boolean {
  return snapshot.matches('loading') || snapshot.matches('sendingCode') || snapshot.matches({ code: { form: 'verifying' } }) || snapshot.matches({ code: { form: 'resending' } });
}

export function closedSentence(preview: InvitePreview): string | null {
  return preview.status === 'pending' ? null : INVITE_FLOW_MESSAGES[preview.status];
}
