/**
 * Twilio's ConversationRelay WebSocket protocol (https://www.twilio.com/docs/voice/conversationrelay/websocket-messages),
 * both directions. The server (server/modules/voice-agent) reads Twilio's messages with these schemas; the test
 * phone (src/widgets/phone-setup) plays Twilio's side of the same protocol with these types, and its tests check
 * what it sends and reads against these schemas.
 *
 * zod/mini, not zod's full API, so the browser could run them; today it takes only the types (a value imported by a
 * screen would bring zod's union and record code into the sign-in's first load, which shares zod's core).
 */
import { z } from 'zod/mini';

const shortText = (max: number) => z.string().check(z.maxLength(max));

// ── Twilio → the app ─────────────────────────────────────────────────────────────────────────────────────────────

/** First message after the WebSocket opens. */
export const relaySetupMessage = z.object({
  type: z.literal('setup'),
  sessionId: shortText(200),
  callSid: shortText(200),
  accountSid: z.optional(shortText(200)),
  parentCallSid: z.optional(shortText(200)),
  from: z.optional(shortText(100)),
  to: z.optional(shortText(100)),
  forwardedFrom: z.optional(shortText(100)),
  callerName: z.optional(shortText(200)),
  direction: z.optional(shortText(40)),
  callType: z.optional(shortText(40)),
  callStatus: z.optional(shortText(40)),
  customParameters: z.optional(z.record(z.string().check(z.maxLength(100)), z.string().check(z.maxLength(2000)))),
});
export type RelaySetupMessage = z.infer<typeof relaySetupMessage>;

/** What the caller said (`last: false` for a partial, `last: true` when they finished the utterance). */
export const relayPromptMessage = z.object({
  type: z.literal('prompt'),
  voicePrompt: shortText(8000),
  lang: z.optional(shortText(20)),
  last: z.boolean(),
});

/** The caller spoke over the assistant; what had been spoken of its reply until then. */
export const relayInterruptMessage = z.object({
  type: z.literal('interrupt'),
  utteranceUntilInterrupt: shortText(8000),
  durationUntilInterruptMs: z.optional(z.number().check(z.minimum(0))),
});

/** A key the caller pressed. */
export const relayDtmfMessage = z.object({ type: z.literal('dtmf'), digit: z.string().check(z.regex(/^[0-9*#A-Da-dw]$/, 'one DTMF digit')) });

/** Something went wrong on Twilio's side (e.g. a message of ours it could not read). */
export const relayErrorMessage = z.object({ type: z.literal('error'), description: shortText(2000) });

export const relayIncomingMessage = z.discriminatedUnion('type', [relaySetupMessage, relayPromptMessage, relayInterruptMessage, relayDtmfMessage, relayErrorMessage]);
export type RelayIncomingMessage = z.infer<typeof relayIncomingMessage>;

// ── The app → Twilio ─────────────────────────────────────────────────────────────────────────────────────────────

/** A piece of the reply to speak; `last` marks the reply's final token. */
export const relayTextMessage = z.object({
  type: z.literal('text'),
  token: z.string(),
  last: z.boolean(),
  lang: z.optional(shortText(20)),
  interruptible: z.optional(z.boolean()),
  preemptible: z.optional(z.boolean()),
});
/** Play an audio file to the caller (`loop` times, 0 = until something else is sent). */
export const relayPlayMessage = z.object({
  type: z.literal('play'),
  source: z.string().check(z.maxLength(2000)),
  loop: z.optional(z.number().check(z.minimum(0))),
  interruptible: z.optional(z.boolean()),
  preemptible: z.optional(z.boolean()),
});
/** Key presses sent into the call (e.g. to navigate another system's menu). */
export const relaySendDigitsMessage = z.object({ type: z.literal('sendDigits'), digits: z.string().check(z.regex(/^[0-9*#wW]{1,100}$/, 'DTMF digits')) });
/** Switch the languages of speech recognition and of the voice. */
export const relayLanguageMessage = z.object({ type: z.literal('language'), ttsLanguage: z.optional(shortText(20)), transcriptionLanguage: z.optional(shortText(20)) });
/** End the session; `handoffData` (a JSON string) reaches the `<Connect>`'s action URL as HandoffData. */
export const relayEndMessage = z.object({ type: z.literal('end'), handoffData: z.optional(z.string().check(z.maxLength(4000))) });

export const relayOutgoingMessage = z.discriminatedUnion('type', [relayTextMessage, relayPlayMessage, relaySendDigitsMessage, relayLanguageMessage, relayEndMessage]);
export type RelayOutgoingMessage = z.infer<typeof relayOutgoingMessage>;

/** The `handoffData` LeadLoop sends with `end`: why the assistant stopped, and where to transfer the caller. */
export const relayHandoffData = z.object({
  reason: z.enum(['transfer', 'completed', 'max_length', 'callback']),
  to: z.optional(z.string().check(z.maxLength(20))),
});
export type RelayHandoffData = z.infer<typeof relayHandoffData>;
