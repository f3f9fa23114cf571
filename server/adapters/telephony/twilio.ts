import type TwilioSDK from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type Response from 'twilio/lib/http/response';
import {
  type AvailableNumber,
  type NumberHooks,
  type NumberProvisioning,
  ProviderSendError,
  type SendSmsRequest,
  type SendSmsResult,
  type TelephonyProvider,
} from './telephony.port';
import { twilioSdk, twilioWebhooks } from './twilio-library';

/**
 * Twilio through the official `twilio` package (decision 0047): its REST client builds every request (texts,
 * numbers, calls), its `validateRequest`/`validateRequestWithBody` check the webhooks' X-Twilio-Signature. The
 * package is loaded on first use (./twilio-library.ts). Its HTTP goes through `fetch` (a custom `httpClient`), so
 * TWILIO_API_BASE can point it at a local fake in tests and errors become the port's ProviderSendError.
 */
export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** https://api.twilio.com in production; a local fake in tests. */
  apiBase: string;
  fetch?: typeof fetch;
}

const DEFAULT_API_BASE = 'https://api.twilio.com';
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Twilio's X-Twilio-Signature for a form webhook (Twilio's own `getExpectedTwilioSignature`):
 * base64(HMAC-SHA1(authToken, url + each POST parameter name and value, sorted by name)). Tests and benchmarks sign
 * with it as Twilio does.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string | string[]>): string {
  return twilioWebhooks().getExpectedTwilioSignature(authToken, url, params);
}

/**
 * Whether `signature` is Twilio's for a form webhook to `url` (the address Twilio was given, with its query string)
 * with these parameters: Twilio's `validateRequest`, which also accepts the URL with and without its default port
 * (:443/:80) and its query string as the URL parser or Node's legacy querystring re-encodes it.
 */
export function validateTwilioSignature(authToken: string, url: string, params: Record<string, string | string[]>, signature: string | undefined): boolean {
  if (!signature) return false;
  try {
    return twilioWebhooks().validateRequest(authToken, signature, url, params);
  } catch {
    return false; // an address the URL parser refuses is not one Twilio signed
  }
}

/**
 * Whether `signature` is Twilio's for a JSON webhook: Twilio adds `bodySHA256` (the body's SHA-256, hex) to the URL's
 * query string and signs the URL alone; `validateRequestWithBody` checks both. A URL without bodySHA256 is refused.
 */
export function validateTwilioJsonSignature(authToken: string, url: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature) return false;
  try {
    if (!new URL(url).searchParams.get('bodySHA256')) return false;
    return twilioWebhooks().validateRequestWithBody(authToken, signature, url, rawBody);
  } catch {
    return false;
  }
}

/** A JSON webhook as Twilio sends it: the URL with `bodySHA256` added, and its signature (tests). */
export function signTwilioJson(authToken: string, url: string, rawBody: string): { url: string; signature: string } {
  const hooks = twilioWebhooks();
  const signed = `${url}${url.includes('?') ? '&' : '?'}bodySHA256=${hooks.getExpectedBodyHash(rawBody)}`;
  return { url: signed, signature: hooks.getExpectedTwilioSignature(authToken, signed, {}) };
}

/** A number's webhooks: texts to SmsUrl; calls to VoiceUrl, with their status reports to StatusCallback. */
function hookOptions(hooks: NumberHooks) {
  return {
    smsUrl: hooks.smsUrl,
    smsMethod: 'POST',
    voiceUrl: hooks.voiceUrl,
    voiceMethod: 'POST',
    statusCallback: hooks.voiceStatusCallbackUrl,
    statusCallbackMethod: 'POST',
  };
}

/** Twilio error codes that a retry can fix: rate limits and queue overflows. */
const TRANSIENT_TWILIO_CODES = new Set([20429, 30001, 14107]);

/** The library's RestException (and TwilioServiceException for RFC 9457 answers): an HTTP status, maybe a code. */
export function isTwilioApiError(error: unknown): error is Error & { status: number; code?: number | null } {
  return error instanceof Error && typeof (error as { status?: unknown }).status === 'number';
}

/** Twilio's refusals as the port's errors: a retry can fix 5xx, 429 and the transient codes; nothing else. */
async function twilioCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isTwilioApiError(error)) throw error;
    const code = typeof error.code === 'number' ? error.code : null;
    const transient = error.status >= 500 || error.status === 429 || (code !== null && TRANSIENT_TWILIO_CODES.has(code));
    throw new ProviderSendError(error.message || `Twilio answered ${error.status}`, code === null ? null : String(code), transient);
  }
}

export type TwilioRestClient = ReturnType<typeof TwilioSDK>;

/** A query string or form as Twilio's RequestClient serialises it: arrays repeat their key; undefined is left out. */
function appendAll(target: URLSearchParams, values: unknown) {
  if (!values || typeof values !== 'object') return;
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) target.append(key, String(item));
    }
  }
}

/**
 * The REST client's HTTP over `fetch`. Twilio's resources build the address (https://api.twilio.com/2010-04-01/…),
 * the parameters and the credentials; this sends them — to TWILIO_API_BASE instead of Twilio's host when one is set
 * — and answers the status and body for the library to read. Credentials only ever go to a twilio.com address or
 * to the configured base.
 */
function createFetchHttpClient(sdk: typeof TwilioSDK, config: { apiBase: string; fetch: typeof fetch; timeoutMs: number }): RequestClient {
  const base = config.apiBase.replace(/\/+$/, '');
  class FetchRequestClient extends sdk.RequestClient {
    override async request<TData>(options: RequestClient.RequestOptions<TData>): Promise<Response<TData>> {
      const source = new URL(options.uri);
      if (source.hostname !== 'twilio.com' && !source.hostname.endsWith('.twilio.com')) {
        throw new ProviderSendError(`Refused to send Twilio credentials to ${source.hostname}`, null, false);
      }
      const target = base === DEFAULT_API_BASE ? source : new URL(`${base}${source.pathname}${source.search}`);
      appendAll(target.searchParams, options.params);
      const headers = new Headers();
      for (const [name, value] of Object.entries(options.headers ?? {})) if (typeof value === 'string') headers.set(name, value);
      if (options.username && options.password) {
        headers.set('Authorization', `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`);
      } else if (options.authStrategy) {
        headers.set('Authorization', await options.authStrategy.getAuthString());
      }
      let body: string | undefined;
      if (options.data !== undefined && options.data !== null) {
        if (headers.get('Content-Type') === 'application/json') {
          body = JSON.stringify(options.data);
        } else {
          const form = new URLSearchParams();
          appendAll(form, options.data);
          body = form.toString();
        }
      }
      let response: globalThis.Response;
      let text: string;
      try {
        response = await config.fetch(target, {
          method: options.method.toUpperCase(),
          headers,
          ...(body === undefined ? {} : { body }),
          redirect: options.allowRedirects ? 'follow' : 'manual',
          signal: AbortSignal.timeout(options.timeout ?? config.timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        throw new ProviderSendError(`Could not reach Twilio: ${(error as Error).message}`, null, true);
      }
      // The library parses a string body itself (and builds its RestException from it on a refusal).
      return { statusCode: response.status, body: text as TData, headers: Object.fromEntries(response.headers) } as Response<TData>;
    }
  }
  return new FetchRequestClient({ keepAlive: false });
}

/**
 * The library's REST client for these credentials, made (and the package loaded) on the first call to Twilio's API:
 * its HTTP goes through `fetch` to TWILIO_API_BASE when one is set (every Twilio host — api, trusthub, messaging —
 * then answers from that one base, as the tests' stand-ins do). The texting registrar uses it too.
 */
export function lazyTwilioRestClient(config: TwilioConfig & { timeoutMs?: number }): () => TwilioRestClient {
  const fetcher = config.fetch ?? fetch;
  let client: TwilioRestClient | undefined;
  return () => {
    if (!client) {
      const sdk = twilioSdk();
      const httpClient = createFetchHttpClient(sdk, { apiBase: config.apiBase, fetch: fetcher, timeoutMs: config.timeoutMs ?? REQUEST_TIMEOUT_MS });
      client = sdk(config.accountSid, config.authToken, { httpClient });
    }
    return client;
  };
}

export function createTwilioClient(config: TwilioConfig) {
  const fetcher = config.fetch ?? fetch;
  const rest = lazyTwilioRestClient(config);
  const apiBase = config.apiBase.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;

  const provider: TelephonyProvider = {
    kind: 'twilio',
    async sendSms(request: SendSmsRequest): Promise<SendSmsResult> {
      const message = await twilioCall(() =>
        rest().messages.create({
          to: request.to,
          from: request.from,
          body: request.body,
          ...(request.mediaUrls.length > 0 ? { mediaUrl: request.mediaUrls } : {}),
          ...(request.statusCallbackUrl ? { statusCallback: request.statusCallbackUrl } : {}),
        }),
      );
      return { providerMessageId: message.sid };
    },
    async findAccepted(request: SendSmsRequest): Promise<SendSmsResult | null> {
      // Texts sent since the start of the row's (UTC) day, then matched to the second on their creation date.
      const since = new Date(request.createdAt);
      since.setUTCHours(0, 0, 0, 0);
      const sent = await twilioCall(() => rest().messages.list({ to: request.to, from: request.from, dateSentAfter: since, limit: 50 }));
      for (const message of sent) {
        if (typeof message.sid !== 'string' || message.body !== request.body) continue;
        const created = message.dateCreated instanceof Date ? message.dateCreated.getTime() : Number.NaN;
        // Twilio's dates are to the second; allow a second of slack before our row's creation.
        if (!Number.isNaN(created) && created >= request.createdAt.getTime() - 1000) return { providerMessageId: message.sid };
      }
      return null;
    },
  };

  const provisioning: NumberProvisioning = {
    async searchAvailable({ country, areaCode }): Promise<AvailableNumber[]> {
      const found = await twilioCall(() => rest().availablePhoneNumbers(country).local.list({ areaCode: Number(areaCode), smsEnabled: true, limit: 10 }));
      return found.flatMap((number) =>
        typeof number.phoneNumber === 'string' && number.phoneNumber ? [{ e164: number.phoneNumber, locality: number.locality || null, region: number.region || null }] : [],
      );
    },
    async buy(hooks) {
      const bought = await twilioCall(() => rest().incomingPhoneNumbers.create({ phoneNumber: hooks.e164, ...hookOptions(hooks) }));
      return { sid: bought.sid };
    },
    async adopt(hooks) {
      const [owned] = await twilioCall(() => rest().incomingPhoneNumbers.list({ phoneNumber: hooks.e164, limit: 1 }));
      if (!owned || typeof owned.sid !== 'string' || !owned.sid) throw new ProviderSendError(`${hooks.e164} is not a number of this Twilio account`, null, false);
      await twilioCall(() => rest().incomingPhoneNumbers(owned.sid).update(hookOptions(hooks)));
      return { sid: owned.sid };
    },
    async configure(hooks) {
      await twilioCall(() => rest().incomingPhoneNumbers(hooks.sid).update(hookOptions(hooks)));
    },
  };

  /**
   * A call's recording, read with the account's credentials (Twilio's recording URLs need them when media
   * authentication is on). Built from the RecordingSid, never from a URL someone sent: the credentials only go to
   * Twilio. Null when Twilio has no such recording; a stream of the MP3 otherwise. (The library has no media
   * download: it reads whole JSON bodies, so the MP3 is streamed with `fetch` from the same base.)
   */
  const recordings: RecordingSource = {
    async open(recordingSid) {
      if (!RECORDING_SID.test(recordingSid)) return null;
      const url = `${apiBase}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Recordings/${encodeURIComponent(recordingSid)}.mp3`;
      let response: globalThis.Response;
      try {
        response = await fetcher(url, { headers: { authorization }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      } catch (error) {
        throw new ProviderSendError(`Could not reach Twilio: ${(error as Error).message}`, null, true);
      }
      if (response.status === 404) return null;
      if (!response.ok || !response.body) throw new ProviderSendError(`Twilio answered ${response.status} for recording ${recordingSid}`, null, response.status >= 500);
      const length = Number(response.headers.get('content-length'));
      return { contentType: 'audio/mpeg', sizeBytes: Number.isFinite(length) && length > 0 ? length : null, body: response.body };
    },
  };

  /** A live call (AI call answering): record it from now on, or hang it up. */
  const calls: CallControl = {
    async startRecording(callSid, { statusCallbackUrl }) {
      const recording = await twilioCall(() =>
        rest()
          .calls(callSid)
          .recordings.create({ recordingStatusCallback: statusCallbackUrl, recordingStatusCallbackMethod: 'POST', recordingStatusCallbackEvent: ['completed'] }),
      );
      return { recordingSid: recording.sid };
    },
    async hangUp(callSid) {
      await twilioCall(() => rest().calls(callSid).update({ status: 'completed' }));
    },
  };

  return { provider, provisioning, recordings, calls };
}

/** Twilio's recording ids: RE and 32 hex characters. */
const RECORDING_SID = /^RE[0-9a-fA-F]{32}$/;

/** Where a call's recording is read from (Twilio); tests point it at a local fake. */
export interface RecordingSource {
  open(recordingSid: string): Promise<{ contentType: string; sizeBytes: number | null; body: ReadableStream<Uint8Array> } | null>;
}

/** What can be done to a call in progress through Twilio's REST API. */
export interface CallControl {
  /** Starts recording the call; Twilio reports the finished recording to `statusCallbackUrl`. */
  startRecording(callSid: string, options: { statusCallbackUrl: string }): Promise<{ recordingSid: string }>;
  /** Ends the call. */
  hangUp(callSid: string): Promise<void>;
}
