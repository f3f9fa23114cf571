import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { relayIncomingMessage, relayOutgoingMessage } from '@contracts/conversation-relay';
import { type AssistantCallEmitted, assistantCallMachine, type RelaySocket, readServerMessage, type SessionOver, transferTargetOf } from './assistant-call.machine';

/** A WebSocket the test plays the server's side of: it sees what the browser sends and answers with messages. */
class FakeSocket implements RelaySocket {
  sent: Array<Record<string, unknown>> = [];
  closed: { code?: number; reason?: string } | null = null;
  onopen: RelaySocket['onopen'] = null;
  onmessage: RelaySocket['onmessage'] = null;
  onclose: RelaySocket['onclose'] = null;
  onerror: RelaySocket['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    const message = JSON.parse(data) as Record<string, unknown>;
    // Every message the browser sends is one Twilio sends: the server's own schema reads it.
    expect(relayIncomingMessage.safeParse(message).success, JSON.stringify(message)).toBe(true);
    this.sent.push(message);
  }
  close(code?: number, reason?: string) {
    this.closed = { code, reason };
  }
  open() {
    this.onopen?.({});
  }
  server(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** A reply as the server streams it: word tokens, `last` on the final one. */
  reply(text: string) {
    const words = text.split(' ');
    words.forEach((word, i) => this.server({ type: 'text', token: i < words.length - 1 ? `${word} ` : word, last: i === words.length - 1 }));
  }
}

const settle = async () => {
  for (let i = 0; i < 6; i += 1) await Promise.resolve();
};

function startCall(options: { sessionEnded?: (input: { handoffData: string | null }) => Promise<SessionOver>; hangUp?: () => Promise<unknown> } = {}) {
  let socket: FakeSocket | null = null;
  let clock = 1_000;
  const sessionEnded = vi.fn(options.sessionEnded ?? (async () => ({ stage: 'ended' as const, transferTo: null })));
  const hangUp = vi.fn(options.hangUp ?? (async () => ({ ended: true })));
  const machine = assistantCallMachine.provide({
    actors: {
      sessionEnded: fromPromise<SessionOver, { handoffData: string | null }>(({ input }) => sessionEnded(input)),
      hangUp: fromPromise<unknown, void>(() => hangUp()),
    },
  });
  const actor = createActor(machine, {
    input: {
      url: 'ws://localhost:3000/voice-agent/relay/abc?token=1.x',
      callSid: 'SIMCA0123456789abcdef01234567',
      from: '+14155550140',
      to: '+14155559999',
      sessionId: 'VX00000000000000000000000000000001',
      connect: (url) => (socket = new FakeSocket(url)),
      now: () => clock,
    },
  });
  const emitted: AssistantCallEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return {
    actor,
    socket: () => socket!,
    emitted,
    sessionEnded,
    hangUp,
    tick: (ms: number) => (clock += ms),
    state: () => actor.getSnapshot(),
  };
}

describe('the test phone’s call with the assistant (Twilio’s side of ConversationRelay)', () => {
  it('opens the socket, sends Twilio’s setup, assembles each reply from its tokens, sends what the tester says as a final prompt', () => {
    const call = startCall();
    expect(call.socket().url).toBe('ws://localhost:3000/voice-agent/relay/abc?token=1.x');
    expect(call.state().value).toEqual({ session: 'connecting' });
    // Nothing is sent before the socket is open.
    call.actor.send({ type: 'caller.said', text: 'too early' });
    expect(call.socket().sent).toEqual([]);
    call.socket().open();
    expect(call.state().value).toEqual({ session: 'connected' });
    expect(call.socket().sent).toEqual([
      {
        type: 'setup',
        sessionId: 'VX00000000000000000000000000000001',
        callSid: 'SIMCA0123456789abcdef01234567',
        parentCallSid: '',
        from: '+14155550140',
        to: '+14155559999',
        forwardedFrom: '+14155559999',
        callType: 'PSTN',
        callerName: '',
        direction: 'inbound',
        callStatus: 'RINGING',
        customParameters: {},
      },
    ]);

    call.socket().server({ type: 'text', token: 'Thanks for ', last: false });
    expect(call.state().context.reply).toBe('Thanks for ');
    expect(call.state().context.turns).toEqual([]);
    call.socket().server({ type: 'text', token: 'calling. What can we help you with?', last: true });
    expect(call.state().context).toMatchObject({ reply: null, turns: [{ speaker: 'assistant', text: 'Thanks for calling. What can we help you with?' }] });
    expect(call.emitted).toEqual([{ type: 'reply', text: 'Thanks for calling. What can we help you with?' }]);

    call.actor.send({ type: 'caller.said', text: '  My kitchen sink is clogged.  ' });
    call.actor.send({ type: 'caller.said', text: '   ' });
    expect(call.socket().sent.slice(1)).toEqual([{ type: 'prompt', voicePrompt: 'My kitchen sink is clogged.', lang: 'en-US', last: true }]);
    expect(call.state().context.turns.at(-1)).toEqual({ speaker: 'caller', text: 'My kitchen sink is clogged.' });
  });

  it('barge-in: typing while a reply is still coming in sends `interrupt` with what was heard, once; the reply stops there', () => {
    const call = startCall();
    call.socket().open();
    call.socket().server({ type: 'text', token: 'Sorry to hear that. ', last: false });
    call.tick(900);
    call.actor.send({ type: 'caller.started' });
    call.actor.send({ type: 'caller.started' });
    expect(call.socket().sent.slice(1)).toEqual([{ type: 'interrupt', utteranceUntilInterrupt: 'Sorry to hear that. ', durationUntilInterruptMs: 900 }]);
    expect(call.state().context.turns).toEqual([{ speaker: 'assistant', text: 'Sorry to hear that.', interrupted: true }]);
    expect(call.emitted).toContainEqual({ type: 'interrupted' });
    call.actor.send({ type: 'caller.said', text: '60614' });
    expect(call.socket().sent.at(-1)).toEqual({ type: 'prompt', voicePrompt: '60614', lang: 'en-US', last: true });
    expect(call.socket().sent.filter((m) => m.type === 'interrupt')).toHaveLength(1);
  });

  it('barge-in on the browser’s voice: a finished reply still being read aloud is cut at what the voice said', () => {
    const call = startCall();
    call.socket().open();
    call.socket().reply('Got it. And when would you like us to come out?');
    call.actor.send({ type: 'voice.progress', heard: 'Got it. And when' });
    call.actor.send({ type: 'caller.partial', text: 'Tomorrow' });
    expect(call.socket().sent.slice(1)).toEqual([
      { type: 'interrupt', utteranceUntilInterrupt: 'Got it. And when', durationUntilInterruptMs: 0 },
      { type: 'prompt', voicePrompt: 'Tomorrow', lang: 'en-US', last: false },
    ]);
    expect(call.state().context.turns).toEqual([{ speaker: 'assistant', text: 'Got it. And when', interrupted: true }]);
    // The voice finished on its own: nothing to interrupt any more.
    call.socket().reply('Thanks.');
    call.actor.send({ type: 'voice.progress', heard: 'Thanks.' });
    call.actor.send({ type: 'voice.done' });
    call.actor.send({ type: 'caller.started' });
    expect(call.socket().sent.filter((m) => m.type === 'interrupt')).toHaveLength(1);
  });

  it('keypad presses go as `dtmf`, one digit each, and read as one turn', () => {
    const call = startCall();
    call.socket().open();
    for (const digit of ['6', '0', '6', '1', '4']) call.actor.send({ type: 'caller.key', digit });
    expect(call.socket().sent.slice(1)).toEqual(['6', '0', '6', '1', '4'].map((digit) => ({ type: 'dtmf', digit })));
    expect(call.state().context.turns).toEqual([{ speaker: 'caller', text: 'Pressed 6 0 6 1 4' }]);
  });

  it('`end`: the socket closes as Twilio closes it, and the Connect action gets the handoffData; a transfer shows where to', async () => {
    const handoffData = JSON.stringify({ reason: 'transfer', to: '+14155550177' });
    const call = startCall({ sessionEnded: async () => ({ stage: 'transferring', transferTo: '+14155550177' }) });
    call.socket().open();
    call.socket().server({ type: 'text', token: 'That sounds urgent. ', last: false });
    call.socket().server({ type: 'text', token: 'I’m putting you through.', last: true });
    call.socket().server({ type: 'end', handoffData });
    expect(call.state().value).toBe('ending');
    expect(call.state().context.transferTo).toBe('+14155550177');
    expect(call.socket().closed).toEqual({ code: 1000, reason: 'hung up' });
    await settle();
    expect(call.sessionEnded).toHaveBeenCalledWith({ handoffData });
    expect(call.state().value).toBe('transferred');
    expect(call.state().status).toBe('done');
    expect(call.hangUp).not.toHaveBeenCalled();
  });

  it('a reply cut off by `end` keeps what came; a plain end finishes the call', async () => {
    const call = startCall();
    call.socket().open();
    call.socket().server({ type: 'text', token: 'I’m sorry, we’ve reached the time limit. ', last: false });
    call.socket().server({ type: 'end', handoffData: JSON.stringify({ reason: 'max_length' }) });
    await settle();
    expect(call.state().value).toBe('ended');
    expect(call.state().context.turns).toEqual([{ speaker: 'assistant', text: 'I’m sorry, we’ve reached the time limit.' }]);
  });

  it('play, sendDigits and language are shown as notes; a message that is not the protocol’s is dropped', () => {
    const call = startCall();
    call.socket().open();
    call.socket().server({ type: 'play', source: 'https://example.com/hold.mp3' });
    call.socket().server({ type: 'sendDigits', digits: '1234#' });
    call.socket().server({ type: 'language', ttsLanguage: 'es-ES', transcriptionLanguage: 'es-ES' });
    call.socket().server({ type: 'media', payload: 'AAAA' });
    call.socket().onmessage?.({ data: 'not json' });
    expect(call.state().context.turns).toEqual([
      { speaker: 'note', text: 'The assistant plays a sound.' },
      { speaker: 'note', text: 'The assistant pressed 1234#.' },
      { speaker: 'note', text: 'The assistant switched language (es-ES).' },
    ]);
    expect(call.emitted).toContainEqual({ type: 'digits', digits: '1234#' });
    expect(call.state().value).toEqual({ session: 'connected' });
  });

  it('hang up: the socket closes and the call ends on the server; a dropped line ends it the same way', async () => {
    const call = startCall();
    call.socket().open();
    call.actor.send({ type: 'caller.hangUp' });
    expect(call.socket().closed).not.toBeNull();
    expect(call.state().value).toBe('hangingUp');
    await settle();
    expect(call.hangUp).toHaveBeenCalledTimes(1);
    expect(call.state().value).toBe('ended');

    const dropped = startCall();
    dropped.socket().open();
    dropped.socket().onclose?.({});
    await settle();
    expect(dropped.hangUp).toHaveBeenCalledTimes(1);
    expect(dropped.state()).toMatchObject({ value: 'ended', context: { problem: 'The line to the assistant dropped.' } });

    const refused = startCall();
    refused.socket().onclose?.({});
    expect(refused.state()).toMatchObject({ value: 'ended', context: { problem: 'The call could not connect to the assistant. Try calling again.' } });
  });
});

describe('reading the server’s messages', () => {
  it('accepts what the protocol’s schema accepts (the server’s own), and finds a transfer’s number in handoffData', () => {
    const samples: unknown[] = [
      { type: 'text', token: 'Hi ', last: false },
      { type: 'text', token: 'there', last: true, interruptible: true, preemptible: false },
      { type: 'text', token: 'Hi', last: 'yes' },
      { type: 'text', last: true },
      { type: 'play', source: 'https://example.com/a.mp3', loop: 1 },
      { type: 'play' },
      { type: 'sendDigits', digits: '1234#' },
      { type: 'sendDigits', digits: 'abc' },
      { type: 'language', ttsLanguage: 'es-ES', transcriptionLanguage: 'es-ES' },
      { type: 'end' },
      { type: 'end', handoffData: '{"reason":"completed"}' },
      { type: 'end', handoffData: 3 },
      { type: 'media', payload: 'AAAA' },
      ['text'],
      null,
    ];
    for (const sample of samples) expect(readServerMessage(JSON.stringify(sample)) !== null, JSON.stringify(sample)).toBe(relayOutgoingMessage.safeParse(sample).success);
    expect(readServerMessage(JSON.stringify({ type: 'text', token: 'Hi', last: true }))).toEqual({ type: 'text', token: 'Hi', last: true });
    expect(readServerMessage(JSON.stringify({ type: 'text', token: 1, last: true }))).toBeNull();
    expect(readServerMessage(new ArrayBuffer(2))).toBeNull();
    expect(transferTargetOf(JSON.stringify({ reason: 'transfer', to: '+14155550177' }))).toBe('+14155550177');
    expect(transferTargetOf(JSON.stringify({ reason: 'completed' }))).toBeNull();
    expect(transferTargetOf('{')).toBeNull();
    expect(transferTargetOf(undefined)).toBeNull();
  });
});
