import { assign, emit, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type { RelayIncomingMessage, RelayOutgoingMessage } from '@contracts/conversation-relay';

/**
 * The test phone's call with the AI assistant (issue 27 item 5, decision 0050). The browser plays Twilio's side of
 * ConversationRelay over the same WebSocket Twilio uses: it sends `setup` once the socket opens, a `prompt` for each
 * thing the tester says (typed, or from the browser's speech recognition), `interrupt` when they start talking while
 * the assistant is still speaking, `dtmf` for keypad presses; it reads the server's `text` tokens (one reply until
 * `last`), `end` (a transfer's `handoffData` names the number), `play`, `sendDigits` and `language`.
 *
 *   connecting → connected → ending (the `end`: the Connect action, as Twilio calls it) → ended | transferred
 *   any live state → hangingUp (the tester hangs up: the socket closes, the call ends) → ended
 *
 * It knows no React and no network of its own: the socket comes from `input.connect` and the server calls are the
 * `sessionEnded` and `hangUp` actors, so tests drive it with a fake socket.
 */

/** What the machine needs of a WebSocket (the browser's `WebSocket` fits). */
export interface RelaySocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface AssistantCallInput {
  /** The socket's address (ws:// or wss://, on the page's own origin). */
  url: string;
  callSid: string;
  /** The test phone's number (the caller). */
  from: string;
  /** The business number it called. */
  to: string;
  connect: (url: string) => RelaySocket;
  /** Milliseconds now (how long the assistant had been speaking when interrupted). */
  now?: () => number;
  /** Twilio's session id for this call (random when not given). */
  sessionId?: string;
}

export interface CallTurn {
  speaker: 'assistant' | 'caller' | 'note';
  text: string;
  /** An assistant's reply the caller talked over: `text` is what was heard. */
  interrupted?: boolean;
}

/** What the server's Connect action answered: the call ended, or the assistant put the caller through. */
export interface SessionOver {
  stage: 'ended' | 'transferring';
  transferTo: string | null;
}

export interface AssistantCallContext {
  input: AssistantCallInput;
  turns: CallTurn[];
  /** The reply being received (tokens so far), null between replies. */
  reply: string | null;
  replyStartedAt: number | null;
  /** Spoken aloud by the browser: what the voice has said of the last reply so far (null: not speaking). */
  voiceHeard: string | null;
  /** The `end` message's handoffData, passed on to the Connect action. */
  handoffData: string | null;
  transferTo: string | null;
  problem: string | null;
}

export type AssistantCallEvent =
  | { type: 'socket.open' }
  | { type: 'socket.message'; data: unknown }
  | { type: 'socket.closed' }
  /** The tester started typing or speaking. */
  | { type: 'caller.started' }
  /** Part of what the tester is saying (speech recognition's interim result). */
  | { type: 'caller.partial'; text: string }
  /** What the tester said, finished. */
  | { type: 'caller.said'; text: string }
  | { type: 'caller.key'; digit: string }
  | { type: 'caller.hangUp' }
  /** The browser's voice is reading a reply (`heard`: how far it got), or stopped. */
  | { type: 'voice.progress'; heard: string }
  | { type: 'voice.done' };

/** Told to the screen: speak a finished reply aloud (when the voice is on), or stop speaking at once. */
export type AssistantCallEmitted = { type: 'reply'; text: string } | { type: 'interrupted' } | { type: 'digits'; digits: string };

const randomHex = (bytes: number) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');

/** Twilio's `setup`, as it sends it for an inbound call (the simulator has no Twilio account: no accountSid). */
export function setupMessage(input: Pick<AssistantCallInput, 'callSid' | 'from' | 'to' | 'sessionId'>): Extract<RelayIncomingMessage, { type: 'setup' }> {
  return {
    type: 'setup',
    sessionId: input.sessionId ?? `VX${randomHex(16)}`,
    callSid: input.callSid,
    parentCallSid: '',
    from: input.from,
    to: input.to,
    forwardedFrom: input.to,
    callType: 'PSTN',
    callerName: '',
    direction: 'inbound',
    callStatus: 'RINGING',
    customParameters: {},
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const optional = (value: unknown, type: 'string' | 'boolean' | 'number') => value === undefined || typeof value === type;

/**
 * A message from the server, checked against the protocol (contracts/conversation-relay.ts: the same shapes, read
 * here by hand so zod's schemas stay out of the browser's first load); anything else is dropped, as Twilio drops it.
 */
export function readServerMessage(data: unknown): RelayOutgoingMessage | null {
  if (typeof data !== 'string') return null;
  let m: unknown;
  try {
    m = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(m)) return null;
  switch (m.type) {
    case 'text':
      return typeof m.token === 'string' && typeof m.last === 'boolean' && optional(m.lang, 'string') && optional(m.interruptible, 'boolean') && optional(m.preemptible, 'boolean') ? (m as RelayOutgoingMessage) : null;
    case 'play':
      return typeof m.source === 'string' && optional(m.loop, 'number') ? (m as RelayOutgoingMessage) : null;
    case 'sendDigits':
      return typeof m.digits === 'string' && /^[0-9*#wW]{1,100}$/.test(m.digits) ? (m as RelayOutgoingMessage) : null;
    case 'language':
      return optional(m.ttsLanguage, 'string') && optional(m.transcriptionLanguage, 'string') ? (m as RelayOutgoingMessage) : null;
    case 'end':
      return optional(m.handoffData, 'string') ? (m as RelayOutgoingMessage) : null;
    default:
      return null;
  }
}

/** Where an `end`'s handoffData says the call goes (a transfer's number), or null. */
export function transferTargetOf(handoffData: string | null | undefined): string | null {
  if (!handoffData) return null;
  try {
    const parsed: unknown = JSON.parse(handoffData);
    return isRecord(parsed) && parsed.reason === 'transfer' && typeof parsed.to === 'string' ? parsed.to : null;
  } catch {
    return null;
  }
}

type Ctx = AssistantCallContext;
const now = (context: Ctx) => (context.input.now ?? Date.now)();
const socketMessage = (event: AssistantCallEvent) => (event.type === 'socket.message' ? readServerMessage(event.data) : null);
/** The assistant is still speaking: a reply is coming in, or the browser's voice is reading one. */
const assistantSpeaking = (context: Ctx) => context.reply !== null || context.voiceHeard !== null;

export const assistantCallMachine = setup({
  types: {
    context: {} as AssistantCallContext,
    events: {} as AssistantCallEvent,
    input: {} as AssistantCallInput,
    emitted: {} as AssistantCallEmitted,
  },
  actors: {
    /** The WebSocket, for as long as the session lasts: its events come back to the machine; `send` goes out. */
    socket: fromCallback<{ type: 'send'; message: unknown }, { url: string; connect: AssistantCallInput['connect'] }>(({ input, sendBack, receive }) => {
      const socket = input.connect(input.url);
      let open = false;
      socket.onopen = () => {
        open = true;
        sendBack({ type: 'socket.open' });
      };
      socket.onmessage = (event) => sendBack({ type: 'socket.message', data: event.data });
      socket.onclose = () => sendBack({ type: 'socket.closed' });
      socket.onerror = () => undefined;
      receive((event) => {
        if (open) socket.send(JSON.stringify(event.message));
      });
      return () => {
        socket.onclose = null;
        socket.close(1000, 'hung up');
      };
    }),
    sessionEnded: fromPromise<SessionOver, { handoffData: string | null }>(async () => {
      throw new Error('sessionEnded is not provided');
    }),
    hangUp: fromPromise<unknown, void>(async () => {
      throw new Error('hangUp is not provided');
    }),
  },
  actions: {
    sendSetup: sendTo('socket', ({ context }) => ({ type: 'send' as const, message: setupMessage(context.input) })),
    /** The tester talks over the assistant: Twilio's `interrupt` with what had been spoken… */
    sendInterrupt: sendTo('socket', ({ context }) => ({
      type: 'send' as const,
      message: { type: 'interrupt', utteranceUntilInterrupt: context.voiceHeard ?? context.reply ?? '', durationUntilInterruptMs: Math.max(0, now(context) - (context.replyStartedAt ?? now(context))) },
    })),
    /** …and the reply stops at what was heard. */
    markInterrupted: assign(({ context }) => {
      const heard = (context.voiceHeard ?? context.reply ?? '').trim();
      const turns = [...context.turns];
      if (context.reply !== null) {
        if (heard) turns.push({ speaker: 'assistant', text: heard, interrupted: true });
      } else {
        let last = turns.length - 1;
        while (last >= 0 && turns[last]!.speaker !== 'assistant') last -= 1;
        if (last >= 0) turns[last] = { ...turns[last]!, text: heard || turns[last]!.text, interrupted: true };
      }
      return { turns, reply: null, replyStartedAt: null, voiceHeard: null };
    }),
    emitInterrupted: emit({ type: 'interrupted' as const }),
    sendPartial: sendTo('socket', ({ event }) => ({ type: 'send' as const, message: { type: 'prompt', voicePrompt: event.type === 'caller.partial' ? event.text : '', lang: 'en-US', last: false } })),
    sendSaid: sendTo('socket', ({ event }) => ({ type: 'send' as const, message: { type: 'prompt', voicePrompt: event.type === 'caller.said' ? event.text.trim() : '', lang: 'en-US', last: true } })),
    addSaid: assign({ turns: ({ context, event }) => [...context.turns, { speaker: 'caller' as const, text: event.type === 'caller.said' ? event.text.trim() : '' }] }),
    sendKey: sendTo('socket', ({ event }) => ({ type: 'send' as const, message: { type: 'dtmf', digit: event.type === 'caller.key' ? event.digit : '' } })),
    addKey: assign({
        turns: ({ context, event }) => {
          const digit = event.type === 'caller.key' ? event.digit : '';
          const last = context.turns.at(-1);
          // Keys pressed one after another read as one turn: "Pressed 6 0 6 1 4".
          if (last?.speaker === 'caller' && last.text.startsWith('Pressed ')) return [...context.turns.slice(0, -1), { ...last, text: `${last.text} ${digit}` }];
          return [...context.turns, { speaker: 'caller' as const, text: `Pressed ${digit}` }];
        },
      }),
    /** A `text` token: added to the reply coming in; `last` finishes it (and the browser may read it aloud). */
    takeToken: assign(({ context, event }) => {
        const message = socketMessage(event);
        if (message?.type !== 'text') return {};
        const reply = (context.reply ?? '') + message.token;
        const startedAt = context.replyStartedAt ?? now(context);
        if (!message.last) return { reply, replyStartedAt: startedAt };
        return { reply: null, replyStartedAt: null, turns: [...context.turns, { speaker: 'assistant' as const, text: reply.trim() }] };
      }),
    emitReply: emit(({ context }) => ({ type: 'reply' as const, text: context.turns.at(-1)?.text ?? '' })),
    takeOther: assign(({ context, event }) => {
      const message = socketMessage(event);
      if (!message) return {};
      if (message.type === 'play') return { turns: [...context.turns, { speaker: 'note' as const, text: 'The assistant plays a sound.' }] };
      if (message.type === 'sendDigits') return { turns: [...context.turns, { speaker: 'note' as const, text: `The assistant pressed ${message.digits}.` }] };
      if (message.type === 'language') return { turns: [...context.turns, { speaker: 'note' as const, text: `The assistant switched language (${message.ttsLanguage ?? message.transcriptionLanguage ?? 'unknown'}).` }] };
      return {};
    }),
    emitDigits: emit(({ event }) => {
      const message = socketMessage(event);
      return { type: 'digits' as const, digits: message?.type === 'sendDigits' ? message.digits : '' };
    }),
    /** `end`: what was still coming in is what was said; its handoffData goes to the Connect action. */
    takeEnd: assign(({ context, event }) => {
      const message = socketMessage(event);
      const handoffData = message?.type === 'end' ? (message.handoffData ?? null) : null;
      const turns = context.reply?.trim() ? [...context.turns, { speaker: 'assistant' as const, text: context.reply.trim() }] : context.turns;
      return { turns, reply: null, replyStartedAt: null, handoffData, transferTo: transferTargetOf(handoffData) };
    }),
  },
  guards: {
    isText: ({ event }) => socketMessage(event)?.type === 'text',
    isLastText: ({ event }) => {
      const message = socketMessage(event);
      return message?.type === 'text' && message.last;
    },
    isEnd: ({ event }) => socketMessage(event)?.type === 'end',
    isSendDigits: ({ event }) => socketMessage(event)?.type === 'sendDigits',
    assistantSpeaking: ({ context }) => assistantSpeaking(context),
    saidSomething: ({ event }) => event.type === 'caller.said' && event.text.trim().length > 0,
    interruptingWords: ({ context, event }) => event.type === 'caller.said' && event.text.trim().length > 0 && assistantSpeaking(context),
    transferring: ({ event }) => (event as unknown as { output: SessionOver }).output.stage === 'transferring',
  },
}).createMachine({
  id: 'assistantCall',
  context: ({ input }) => ({ input, turns: [], reply: null, replyStartedAt: null, voiceHeard: null, handoffData: null, transferTo: null, problem: null }),
  initial: 'session',
  states: {
    session: {
      invoke: { id: 'socket', src: 'socket', input: ({ context }) => ({ url: context.input.url, connect: context.input.connect }) },
      initial: 'connecting',
      on: {
        'caller.hangUp': { target: 'hangingUp' },
      },
      states: {
        connecting: {
          on: {
            'socket.open': { target: 'connected', actions: 'sendSetup' },
            'socket.closed': { target: '#assistantCall.ended', actions: assign({ problem: 'The call could not connect to the assistant. Try calling again.' }) },
          },
        },
        connected: {
          on: {
            'socket.message': [
              { guard: 'isLastText', actions: ['takeToken', 'emitReply'] },
              { guard: 'isText', actions: 'takeToken' },
              { guard: 'isEnd', target: '#assistantCall.ending', actions: 'takeEnd' },
              { guard: 'isSendDigits', actions: ['takeOther', 'emitDigits'] },
              { actions: 'takeOther' },
            ],
            'caller.started': { guard: 'assistantSpeaking', actions: ['sendInterrupt', 'markInterrupted', 'emitInterrupted'] },
            'caller.partial': [{ guard: 'assistantSpeaking', actions: ['sendInterrupt', 'markInterrupted', 'emitInterrupted', 'sendPartial'] }, { actions: 'sendPartial' }],
            'caller.said': [
              { guard: 'interruptingWords', actions: ['sendInterrupt', 'markInterrupted', 'emitInterrupted', 'sendSaid', 'addSaid'] },
              { guard: 'saidSomething', actions: ['sendSaid', 'addSaid'] },
            ],
            'caller.key': { actions: ['sendKey', 'addKey'] },
            'voice.progress': { actions: assign({ voiceHeard: ({ event }) => event.heard }) },
            'voice.done': { actions: assign({ voiceHeard: null }) },
            // The server closed the socket without an `end`: the line dropped, and the call ends as a hang-up.
            'socket.closed': { target: '#assistantCall.hangingUp', actions: assign({ problem: 'The line to the assistant dropped.' }) },
          },
        },
      },
    },
    /** The assistant ended the session: the socket is closed (leaving `session`), and the Connect action runs. */
    ending: {
      invoke: {
        src: 'sessionEnded',
        input: ({ context }) => ({ handoffData: context.handoffData }),
        onDone: [
          { guard: 'transferring', target: 'transferred', actions: assign({ transferTo: ({ context, event }) => event.output.transferTo ?? context.transferTo }) },
          { target: 'ended' },
        ],
        onError: { target: 'hangingUp', actions: assign({ problem: ({ event }) => (event.error instanceof Error ? event.error.message : 'The call could not be ended properly.') }) },
      },
    },
    hangingUp: {
      invoke: {
        src: 'hangUp',
        onDone: { target: 'ended' },
        onError: { target: 'ended', actions: assign({ problem: ({ context, event }) => context.problem ?? (event.error instanceof Error ? event.error.message : 'The call could not be hung up.') }) },
      },
    },
    /** Put through to the on-call number: the rest of the call (the ring, its fallback) is the server's. */
    transferred: { type: 'final' },
    ended: { type: 'final' },
  },
});

/** The live states, for the screen: whether the tester can talk, and whether the call is still on. */
export const isTalking = (value: unknown) => typeof value === 'object' && value !== null && (value as { session?: string }).session === 'connected';
