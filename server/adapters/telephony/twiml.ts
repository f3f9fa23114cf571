import type VoiceResponse from 'twilio/lib/twiml/VoiceResponse';
import { twilioVoiceResponse } from './twilio-library';

/**
 * TwiML (Twilio's call instructions), built with the twilio library's `VoiceResponse` (decision 0047): it escapes
 * every text and attribute, so a business's greeting or a caller's number can never change the document's
 * structure. Characters XML 1.0 cannot carry are removed first (the library refuses them in text and would write
 * them raw into attributes). twiml.test.ts checks each document says what the hand-written one before it said.
 */

/** What XML 1.0 cannot carry: control characters other than tab and line breaks, U+FFFE/U+FFFF, lone surrogates. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A value as XML 1.0 carries it: the characters it cannot carry removed, and line ends as an XML parser reads them
 * (CR LF and CR become LF: the hand-written documents wrote CR raw, and Twilio read it so).
 */
export function xmlSafe(value: string): string {
  return value.replace(NOT_XML, '').replace(/\r\n?/g, '\n');
}

type AttributeValue = string | string[] | number | boolean | null | undefined;

/** Attributes without the absent ones, strings made XML-safe; in the order given (the documents read as before). */
function attributes<T extends Record<string, AttributeValue>>(values: T): { [K in keyof T]: Exclude<T[K], null> } {
  const out: Record<string, Exclude<AttributeValue, null | undefined>> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue;
    out[key] = typeof value === 'string' ? xmlSafe(value) : Array.isArray(value) ? value.map(xmlSafe) : value;
  }
  return out as { [K in keyof T]: Exclude<T[K], null> };
}

/** One verb of a document, added to the response being built. */
export type Verb = (response: VoiceResponse) => void;

export const twiml = {
  /** The document: `<?xml version="1.0" encoding="UTF-8"?><Response>…</Response>`. */
  response: (...verbs: Verb[]): string => {
    const VoiceResponseClass = twilioVoiceResponse();
    const response = new VoiceResponseClass();
    for (const verb of verbs) verb(response);
    return response.toString();
  },
  say: (text: string): Verb => (response) => void response.say(xmlSafe(text)),
  /** Plays an audio file Twilio fetches from `url` (an uploaded greeting). */
  play: (url: string): Verb => (response) => void response.play(xmlSafe(url)),
  dial:
    (options: { timeout: number; action: string; callerId: string | null; timeLimit?: number }, number: string): Verb =>
    (response) =>
      void response
        .dial(attributes({ timeout: options.timeout, action: options.action, method: 'POST', callerId: options.callerId, answerOnBridge: true, timeLimit: options.timeLimit }))
        .number(xmlSafe(number)),
  record:
    (options: { maxLength: number; action: string; recordingStatusCallback: string; transcribe: boolean; transcribeCallback: string | null }): Verb =>
    (response) =>
      void response.record(
        attributes({
          maxLength: options.maxLength,
          playBeep: true,
          timeout: 5,
          action: options.action,
          method: 'POST',
          recordingStatusCallback: options.recordingStatusCallback,
          recordingStatusCallbackMethod: 'POST',
          recordingStatusCallbackEvent: ['completed' as const],
          transcribe: options.transcribe,
          transcribeCallback: options.transcribe ? options.transcribeCallback : null,
        }),
      ),
  hangup: (): Verb => (response) => void response.hangup(),
  reject: (): Verb => (response) => void response.reject({ reason: 'rejected' }),
};

/** What can interrupt the assistant while it speaks (barge-in): ConversationRelay's `interruptible` values. */
export type RelayInterruptible = 'none' | 'dtmf' | 'speech' | 'any';

export interface ConversationRelayOptions {
  /** Our WebSocket, wss://…, signed for this call. */
  url: string;
  /** `<Connect action>`: where Twilio asks what to do next when the session ends (a transfer's `<Dial>`, or hang up). */
  action: string;
  /** Spoken by Twilio as soon as the session connects. */
  welcomeGreeting?: string | null;
  /** Whether the caller can interrupt the welcome greeting (default Twilio's: any). */
  welcomeGreetingInterruptible?: RelayInterruptible | null;
  /** The text-to-speech voice, e.g. `en-US-Journey-O` (Twilio's default when absent). */
  voice?: string | null;
  /** Who speaks that voice: `Google`, `Amazon` or `ElevenLabs` (Twilio's default when absent). */
  ttsProvider?: string | null;
  /** Language of both speech recognition and speech, e.g. `en-US`. */
  language?: string | null;
  /** What interrupts the assistant's speech (default Twilio's: any). */
  interruptible?: RelayInterruptible | null;
  /** Report the caller's key presses as `dtmf` messages. */
  dtmfDetection?: boolean | null;
  /** Phrases that help speech recognition (the business's name, its services), comma-separated by Twilio. */
  hints?: string[] | null;
  /** `<Parameter>` children: they arrive in the WebSocket's `setup` message as `customParameters`. */
  parameters?: Record<string, string>;
  /** Said before the session starts (e.g. the recording disclosure), as a `<Say>` before `<Connect>`. */
  sayFirst?: string | null;
}

/**
 * `<Response>[<Say>…</Say>]<Connect action="…" method="POST"><ConversationRelay url="wss://…" …><Parameter name value/>…
 * </ConversationRelay></Connect></Response>`: the call is handed to Twilio's ConversationRelay, which does speech to
 * text and text to speech and holds the conversation with our WebSocket.
 */
export function conversationRelayTwiml(options: ConversationRelayOptions): string {
  return twiml.response(
    ...(options.sayFirst ? [twiml.say(options.sayFirst)] : []),
    (response) => {
      const relay = response.connect(attributes({ action: options.action, method: 'POST' })).conversationRelay(
        attributes({
          url: options.url,
          welcomeGreeting: options.welcomeGreeting || null,
          welcomeGreetingInterruptible: options.welcomeGreetingInterruptible,
          voice: options.voice || null,
          ttsProvider: options.ttsProvider || null,
          language: options.language || null,
          interruptible: options.interruptible,
          dtmfDetection: options.dtmfDetection,
          hints: options.hints?.length ? options.hints.join(',') : null,
        }),
      );
      for (const [name, value] of Object.entries(options.parameters ?? {})) relay.parameter(attributes({ name, value }));
    },
  );
}

export interface TransferOptions {
  /** The number to ring (the on-call number), E.164. */
  to: string;
  /** Shown to the person answering: the caller's number, or null for the number called. */
  callerId: string | null;
  /** Seconds to ring before giving up. */
  timeoutSeconds: number;
  /** Where Twilio reports how the dial ended (DialCallStatus): the fallback when nobody picks up. */
  action: string;
  /** Said to the caller before ringing, e.g. "Connecting you to our on-call technician now." */
  say?: string | null;
  /** The longest the bridged call may last, in seconds. */
  timeLimitSeconds?: number | null;
}

/**
 * A transfer: `<Response>[<Say>…</Say>]<Dial timeout action method="POST" callerId answerOnBridge="true"><Number>…
 * </Number></Dial></Response>`. The caller hears ringing until the person answers; when nobody does (or the line is
 * busy), Twilio posts DialCallStatus to `action`, whose answer is the fallback.
 */
export function transferTwiml(options: TransferOptions): string {
  return twiml.response(
    ...(options.say ? [twiml.say(options.say)] : []),
    twiml.dial({ timeout: options.timeoutSeconds, action: options.action, callerId: options.callerId, ...(options.timeLimitSeconds ? { timeLimit: options.timeLimitSeconds } : {}) }, options.to),
  );
}
