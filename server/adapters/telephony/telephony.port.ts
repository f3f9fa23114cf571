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

/** Where a business number's inbound texts and calls go. */
export interface NumberHooks {
  e164: string;
  smsUrl: string;
  voiceUrl: string;
  /** The number's call status callback (Twilio's StatusCallback on a phone number is about calls). */
  voiceStatusCallbackUrl: string;
}

/** Buying and configuring business numbers (Twilio only). */
export interface NumberProvisioning {
  searchAvailable(input: { country: 'US' | 'CA'; areaCode: string }): Promise<AvailableNumber[]>;
  /** Buys a number and points its inbound texts and calls (and the calls' status callback) at our webhooks. */
  buy(input: NumberHooks): Promise<{ sid: string }>;
  /** Takes an existing number of the account into use, pointing its texts at our webhook. */
  adopt(input: NumberHooks): Promise<{ sid: string }>;
  /** Points a number of the account (by its sid) at our webhooks again: numbers connected before calls existed. */
  configure(input: NumberHooks & { sid: string }): Promise<void>;
}
