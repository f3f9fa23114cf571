/**
 * Twilio's ConversationRelay WebSocket protocol (issue 27, docs/decisions/0048-ai-call-answering.md): the messages
 * Twilio sends us and the ones we send back, validated with zod: the server reads Twilio's messages with these schemas
 * and the test phone's simulator speaks the same protocol. Apart from contracts/voice-agent.ts so that the settings
 * tabs do not carry these schemas (zod/mini all the same, should a browser ever need them: mind the sign-in budget, as
 * the web app's zod/mini functions share the first load's chunk).
 */
import { z } from 'zod/mini';

const shortText = (max: number) => z.string().check(z.maxLength(max));
const optionalText = (max: number) => z.optional(shortText(max));

/** Twilio → us, first message after the WebSocket opens. */
export const relaySetupMessage = z.object({
  type: z.literal('setup'),
  sessionId: shortText(200),
  callSid: shortText(200),
  accountSid: optionalText(200),
  parentCallSid: optionalText(200),
  from: optionalText(100),
  to: optionalText(100),
  forwardedFrom: optionalText(100),
  callerName: optionalText(200),
  direction: optionalText(40),
  callType: optionalText(40),
  callStatus: optionalText(40),
  customParameters: z.optional(z.record(shortText(100), shortText(2000))),
});

/** Twilio → us: what the caller said (`last: false` for a partial, `last: true` when they finished the utterance). */
export const relayPromptMessage = z.object({
  type: z.literal('prompt'),
  voicePrompt: shortText(8000),
  lang: optionalText(20),
  last: z.boolean(),
});

/** Twilio → us: the caller spoke over the assistant; what had been spoken of its reply until then. */
export const relayInterruptMessage = z.object({
  type: z.literal('interrupt'),
  utteranceUntilInterrupt: shortText(8000),
  durationUntilInterruptMs: z.optional(z.number().check(z.nonnegative())),
});

/** Twilio → us: a key the caller pressed. */
export const relayDtmfMessage = z.object({ type: z.literal('dtmf'), digit: z.string().check(z.regex(/^[0-9*#A-Da-dw]$/, 'one DTMF digit')) });

/** Twilio → us: something went wrong on Twilio's side (e.g. a message of ours it could not read). */
export const relayErrorMessage = z.object({ type: z.literal('error'), description: shortText(2000) });

export const relayIncomingMessage = z.discriminatedUnion('type', [relaySetupMessage, relayPromptMessage, relayInterruptMessage, relayDtmfMessage, relayErrorMessage]);
export type RelayIncomingMessage = z.infer<typeof relayIncomingMessage>;

/** Us → Twilio: a piece of the reply to speak; `last` marks the reply's final token. */
export const relayTextMessage = z.object({ type: z.literal('text'), token: z.string(), last: z.boolean(), interruptible: z.optional(z.boolean()), preemptible: z.optional(z.boolean()) });
/** Us → Twilio: end the session; `handoffData` (a JSON string) reaches the `<Connect>`'s action URL as HandoffData. */
export const relayEndMessage = z.object({ type: z.literal('end'), handoffData: z.optional(z.string()) });
export const relayOutgoingMessage = z.discriminatedUnion('type', [relayTextMessage, relayEndMessage]);
export type RelayOutgoingMessage = z.infer<typeof relayOutgoingMessage>;

/** The `handoffData` we send with `end`: why the assistant stopped, and where to transfer the caller. */
export const relayHandoffData = z.object({
  reason: z.enum(['transfer', 'completed', 'max_length', 'callback']),
  to: optionalText(20),
});
export type RelayHandoffData = z.infer<typeof relayHandoffData>;
