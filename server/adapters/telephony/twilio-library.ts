import { createRequire } from 'node:module';
import type TwilioSDK from 'twilio';
import type MessagingResponse from 'twilio/lib/twiml/MessagingResponse';
import type VoiceResponse from 'twilio/lib/twiml/VoiceResponse';
import type * as TwilioWebhooks from 'twilio/lib/webhooks/webhooks';

/**
 * The official `twilio` package (decision 0047), loaded on first use and in parts: it is CommonJS and its REST
 * client (with axios) costs ~110 ms of start-up, which a server without Twilio, the simulator and most tests never
 * need. The signature check (~8 ms) and the TwiML builders (~14 ms) load from their own files the first time a
 * webhook needs them; the REST client loads on the first call to Twilio's API. Server only: nothing under src/
 * imports this file.
 */
const load = createRequire(import.meta.url);

let webhooks: typeof TwilioWebhooks | undefined;
let voiceResponse: typeof VoiceResponse | undefined;
let messagingResponse: typeof MessagingResponse | undefined;
let sdk: typeof TwilioSDK | undefined;

/** `validateRequest`, `validateRequestWithBody`, `getExpectedTwilioSignature`, `getExpectedBodyHash`. */
export function twilioWebhooks(): typeof TwilioWebhooks {
  webhooks ??= load('twilio/lib/webhooks/webhooks') as typeof TwilioWebhooks;
  return webhooks;
}

/** `twilio.twiml.VoiceResponse`. */
export function twilioVoiceResponse(): typeof VoiceResponse {
  voiceResponse ??= load('twilio/lib/twiml/VoiceResponse') as typeof VoiceResponse;
  return voiceResponse;
}

/** `twilio.twiml.MessagingResponse`. */
export function twilioMessagingResponse(): typeof MessagingResponse {
  messagingResponse ??= load('twilio/lib/twiml/MessagingResponse') as typeof MessagingResponse;
  return messagingResponse;
}

/** The whole package: `twilio(accountSid, authToken, options)`, `twilio.RequestClient`, `twilio.RestException`. */
export function twilioSdk(): typeof TwilioSDK {
  sdk ??= load('twilio') as typeof TwilioSDK;
  return sdk;
}

