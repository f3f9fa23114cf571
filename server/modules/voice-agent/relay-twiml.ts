import type twilio from 'twilio';
import { AI_VOICES, type AiVoiceId } from '@contracts/voice-agent';

/**
 * The TwiML of AI call answering, built with the `twilio` package's VoiceResponse (loaded on first use: it is large
 * and CommonJS), so every attribute is escaped as Twilio's own library does. Kept to small functions a merge can swap
 * for the telephony adapter's builders (server/modules/calls/twiml.ts) once those exist.
 */
type VoiceResponseClass = typeof twilio.twiml.VoiceResponse;
let voiceResponse: Promise<VoiceResponseClass> | null = null;
async function VoiceResponse(): Promise<VoiceResponseClass> {
  voiceResponse ??= import('twilio').then((m) => (m.default ?? m).twiml.VoiceResponse);
  return voiceResponse;
}

/** `<Connect action><ConversationRelay url …/></Connect>`: the assistant takes the call over the signed WebSocket. */
export async function conversationRelayTwiml(options: { relayUrl: string; actionUrl: string; voice: AiVoiceId }): Promise<string> {
  const Response = await VoiceResponse();
  const response = new Response();
  const voice = AI_VOICES.find((v) => v.id === options.voice) ?? AI_VOICES[0];
  response.connect({ action: options.actionUrl, method: 'POST' }).conversationRelay({
    url: options.relayUrl,
    language: 'en-US',
    ttsProvider: voice.provider,
    voice: voice.voice,
    // The caller may talk over the assistant (barge-in) and type digits (a ZIP code, 0 for a person).
    interruptible: 'any',
    dtmfDetection: true,
  });
  return response.toString();
}

/** `<Dial>` to the on-call number; its action (the calls module's Dial result) decides the fallback when nobody answers. */
export async function transferTwiml(options: { to: string; callerId: string | null; timeoutSeconds: number; actionUrl: string }): Promise<string> {
  const Response = await VoiceResponse();
  const response = new Response();
  response.dial({ timeout: options.timeoutSeconds, action: options.actionUrl, method: 'POST', answerOnBridge: true, ...(options.callerId ? { callerId: options.callerId } : {}) }).number(options.to);
  return response.toString();
}

/** A sentence read out, then the hang-up (a transfer nobody took, a connection that failed). */
export async function sayAndHangUpTwiml(text: string | null): Promise<string> {
  const Response = await VoiceResponse();
  const response = new Response();
  if (text) response.say(text);
  response.hangup();
  return response.toString();
}
