import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  type AvailableNumber,
  type NumberHooks,
  type NumberProvisioning,
  ProviderSendError,
  type SendSmsRequest,
  type SendSmsResult,
  type TelephonyProvider,
} from './telephony.port';

/**
 * Twilio over its REST API (no SDK: a few form-encoded calls). Signatures of Twilio's webhooks are checked with
 * `validateTwilioSignature` against PUBLIC_URL.
 */
export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** https://api.twilio.com in production; a local fake in tests. */
  apiBase: string;
  fetch?: typeof fetch;
}

/** Twilio's X-Twilio-Signature: base64(HMAC-SHA1(authToken, url + each POST param name and value, sorted by name)). */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

export function validateTwilioSignature(authToken: string, url: string, params: Record<string, string>, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A number's webhooks: texts to SmsUrl; calls to VoiceUrl, with their status reports to StatusCallback. */
function hookParams(hooks: NumberHooks): Record<string, string> {
  return {
    SmsUrl: hooks.smsUrl,
    SmsMethod: 'POST',
    VoiceUrl: hooks.voiceUrl,
    VoiceMethod: 'POST',
    StatusCallback: hooks.voiceStatusCallbackUrl,
    StatusCallbackMethod: 'POST',
  };
}

const messageResponse = z.object({ sid: z.string(), status: z.string().optional(), body: z.string().nullish(), date_created: z.string().nullish() });
const errorResponse = z.object({ code: z.number().nullish(), message: z.string().nullish() });
const availableNumber = z.object({ phone_number: z.string(), locality: z.string().nullish(), region: z.string().nullish() });
const sidResponse = z.object({ sid: z.string() });

/** Twilio error codes that a retry can fix: rate limits and queue overflows. */
const TRANSIENT_TWILIO_CODES = new Set([20429, 30001, 14107]);

export function createTwilioClient(config: TwilioConfig) {
  const fetcher = config.fetch ?? fetch;
  const base = `${config.apiBase.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;

  async function call(method: 'GET' | 'POST', path: string, form?: URLSearchParams): Promise<unknown> {
    let response: Response;
    try {
      response = await fetcher(`${base}${path}`, {
        method,
        headers: { authorization, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(form ? { body: form.toString() } : {}),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new ProviderSendError(`Could not reach Twilio: ${(error as Error).message}`, null, true);
    }
    const json: unknown = await response.json().catch(() => ({}));
    if (!response.ok) {
      const parsed = errorResponse.safeParse(json);
      const code = parsed.success && parsed.data.code ? parsed.data.code : null;
      const message = (parsed.success && parsed.data.message) || `Twilio answered ${response.status}`;
      const transient = response.status >= 500 || response.status === 429 || (code !== null && TRANSIENT_TWILIO_CODES.has(code));
      throw new ProviderSendError(message, code === null ? null : String(code), transient);
    }
    return json;
  }

  const provider: TelephonyProvider = {
    kind: 'twilio',
    async sendSms(request: SendSmsRequest): Promise<SendSmsResult> {
      const form = new URLSearchParams({ To: request.to, From: request.from, Body: request.body });
      for (const url of request.mediaUrls) form.append('MediaUrl', url);
      if (request.statusCallbackUrl) form.set('StatusCallback', request.statusCallbackUrl);
      const parsed = messageResponse.parse(await call('POST', '/Messages.json', form));
      return { providerMessageId: parsed.sid };
    },
    async findAccepted(request: SendSmsRequest): Promise<SendSmsResult | null> {
      const day = request.createdAt.toISOString().slice(0, 10);
      const query = new URLSearchParams({ To: request.to, From: request.from, 'DateSent>': day, PageSize: '50' });
      const json = (await call('GET', `/Messages.json?${query.toString()}`)) as { messages?: unknown[] };
      for (const item of json.messages ?? []) {
        const parsed = messageResponse.safeParse(item);
        if (!parsed.success || parsed.data.body !== request.body) continue;
        const created = parsed.data.date_created ? Date.parse(parsed.data.date_created) : Number.NaN;
        // Twilio's dates are to the second; allow a second of slack before our row's creation.
        if (!Number.isNaN(created) && created >= request.createdAt.getTime() - 1000) return { providerMessageId: parsed.data.sid };
      }
      return null;
    },
  };

  const provisioning: NumberProvisioning = {
    async searchAvailable({ country, areaCode }): Promise<AvailableNumber[]> {
      const query = new URLSearchParams({ AreaCode: areaCode, SmsEnabled: 'true', PageSize: '10' });
      const json = (await call('GET', `/AvailablePhoneNumbers/${country}/Local.json?${query.toString()}`)) as { available_phone_numbers?: unknown[] };
      return (json.available_phone_numbers ?? []).flatMap((raw) => {
        const parsed = availableNumber.safeParse(raw);
        return parsed.success ? [{ e164: parsed.data.phone_number, locality: parsed.data.locality ?? null, region: parsed.data.region ?? null }] : [];
      });
    },
    async buy(hooks) {
      const form = new URLSearchParams({ PhoneNumber: hooks.e164, ...hookParams(hooks) });
      const parsed = sidResponse.parse(await call('POST', '/IncomingPhoneNumbers.json', form));
      return { sid: parsed.sid };
    },
    async adopt(hooks) {
      const json = (await call('GET', `/IncomingPhoneNumbers.json?${new URLSearchParams({ PhoneNumber: hooks.e164 }).toString()}`)) as {
        incoming_phone_numbers?: unknown[];
      };
      const owned = sidResponse.safeParse(json.incoming_phone_numbers?.[0]);
      if (!owned.success) throw new ProviderSendError(`${hooks.e164} is not a number of this Twilio account`, null, false);
      await call('POST', `/IncomingPhoneNumbers/${encodeURIComponent(owned.data.sid)}.json`, new URLSearchParams(hookParams(hooks)));
      return { sid: owned.data.sid };
    },
    async configure(hooks) {
      await call('POST', `/IncomingPhoneNumbers/${encodeURIComponent(hooks.sid)}.json`, new URLSearchParams(hookParams(hooks)));
    },
  };

  /**
   * A call's recording, read with the account's credentials (Twilio's recording URLs need them when media
   * authentication is on). Built from the RecordingSid, never from a URL someone sent: the credentials only go to
   * Twilio. Null when Twilio has no such recording; a stream of the MP3 otherwise.
   */
  const recordings: RecordingSource = {
    async open(recordingSid) {
      if (!RECORDING_SID.test(recordingSid)) return null;
      let response: Response;
      try {
        response = await fetcher(`${base}/Recordings/${encodeURIComponent(recordingSid)}.mp3`, { headers: { authorization }, signal: AbortSignal.timeout(15_000) });
      } catch (error) {
        throw new ProviderSendError(`Could not reach Twilio: ${(error as Error).message}`, null, true);
      }
      if (response.status === 404) return null;
      if (!response.ok || !response.body) throw new ProviderSendError(`Twilio answered ${response.status} for recording ${recordingSid}`, null, response.status >= 500);
      const length = Number(response.headers.get('content-length'));
      return { contentType: 'audio/mpeg', sizeBytes: Number.isFinite(length) && length > 0 ? length : null, body: response.body };
    },
  };

  return { provider, provisioning, recordings };
}

/** Twilio's recording ids: RE and 32 hex characters. */
const RECORDING_SID = /^RE[0-9a-fA-F]{32}$/;

/** Where a call's recording is read from (Twilio); tests point it at a local fake. */
export interface RecordingSource {
  open(recordingSid: string): Promise<{ contentType: string; sizeBytes: number | null; body: ReadableStream<Uint8Array> } | null>;
}
