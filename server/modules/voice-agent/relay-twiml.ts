import { AI_VOICES, type AiVoiceId } from '@contracts/voice-agent';
import { twiml, conversationRelayTwiml as relayDocument, transferTwiml as transferDocument } from '@server/adapters/telephony/twiml';

/**
 * The TwiML of AI call answering, in this module's terms, built with the calls module's builders (the `twilio`
 * library's VoiceResponse, server/adapters/telephony/twiml.ts): the voice chosen in the settings, barge-in and key presses on.
 */

/** `<Connect action><ConversationRelay url …/></Connect>`: the assistant takes the call over the signed WebSocket. */
export function conversationRelayTwiml(options: { relayUrl: string; actionUrl: string; voice: AiVoiceId }): string {
  const voice = AI_VOICES.find((v) => v.id === options.voice) ?? AI_VOICES[0];
  return relayDocument({
    url: options.relayUrl,
    action: options.actionUrl,
    language: 'en-US',
    ttsProvider: voice.provider,
    voice: voice.voice,
    // The caller may talk over the assistant (barge-in) and type digits (a ZIP code, 0 for a person).
    interruptible: 'any',
    dtmfDetection: true,
  });
}

/** `<Dial>` to the on-call number; its action (the calls module's Dial result) decides the fallback when nobody answers. */
export function transferTwiml(options: { to: string; callerId: string | null; timeoutSeconds: number; actionUrl: string }): string {
  return transferDocument({ to: options.to, callerId: options.callerId, timeoutSeconds: options.timeoutSeconds, action: options.actionUrl });
}

/** A sentence read out, then the hang-up (a transfer nobody took, a connection that failed). */
export function sayAndHangUpTwiml(text: string | null): string {
  return twiml.response(...(text ? [twiml.say(text)] : []), twiml.hangup());
}
