/** Sending texts through a carrier. One implementation per provider; the pipeline is the same for both. */
export interface SendSmsRequest {
  companyId: string;
  /** Our message id: the simulator uses it to stay idempotent, Twilio to find a text sent before a crash. */
  messageId: string;
  from: string;
  to: string;
  body: string;
  mediaUrls: string[];
  /** Where the provider reports delivery (Twilio); null for the simulator. */
  statusCallbackUrl: string | null;
  /** When our row was created: a crash-recovery lookup only considers texts sent after it. */
  createdAt: Date;
  /** Not a thread message (an owner alert): no delivery report is wanted. */
  untracked?: boolean;
}

export interface SendSmsResult {
  providerMessageId: string;
}

/** A refused or failed send. `transient` failures are retried with backoff; others fail the message at once. */
export class ProviderSendError extends Error {
  override name = 'ProviderSendError';
  constructor(
    message: string,
    readonly code: string | null,
    readonly transient: boolean,
  ) {
    super(message);
  }
}

export interface TelephonyProvider {
  readonly kind: 'simulator' | 'twilio';
  sendSms(request: SendSmsRequest): Promise<SendSmsResult>;
  /**
   * After a crash between "sending" and "sent", whether the provider already accepted this text (so it is not
   * sent twice). Null when it did not.
   */
  findAccepted(request: SendSmsRequest): Promise<SendSmsResult | null>;
}

export interface AvailableNumber {
  e164: string;
  locality: string | null;
  region: string | null;
}

/** Buying and configuring business numbers (Twilio only). */
export interface NumberProvisioning {
  searchAvailable(input: { country: 'US' | 'CA'; areaCode: string }): Promise<AvailableNumber[]>;
  /** Buys a number and points its inbound texts at our webhook. */
  buy(input: { e164: string; smsUrl: string; statusCallbackUrl: string }): Promise<{ sid: string }>;
  /** Takes an existing number of the account into use, pointing its texts at our webhook. */
  adopt(input: { e164: string; smsUrl: string; statusCallbackUrl: string }): Promise<{ sid: string }>;
}
