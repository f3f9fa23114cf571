import type { SendSmsRequest, SendSmsResult, TelephonyProvider } from './telephony.port';

export type SimulatedBehavior = 'deliver' | 'unreachable' | 'landline' | 'carrier_filtered';

/** Delivery outcomes of the simulated carrier, with Twilio's codes so both providers explain failures alike. */
export const SIMULATED_OUTCOMES: Record<SimulatedBehavior, { status: 'delivered' | 'undelivered'; errorCode: string | null }> = {
  deliver: { status: 'delivered', errorCode: null },
  unreachable: { status: 'undelivered', errorCode: '30003' },
  landline: { status: 'undelivered', errorCode: '30006' },
  carrier_filtered: { status: 'undelivered', errorCode: '30007' },
};

export interface SimulatorOptions {
  behaviorFor(companyId: string, to: string): Promise<SimulatedBehavior>;
  /** Reports the delivery outcome back through the same path as a provider status callback, after `delayMs`. */
  reportStatus(input: { providerMessageId: string; status: 'delivered' | 'undelivered'; errorCode: string | null; delayMs: number }): Promise<void>;
  deliveryDelayMs?: number;
}

/**
 * The built-in phone network: every text "sent" is accepted at once and reported delivered (or failed, as the
 * handset is set up) a moment later. Its message ids derive from ours, so a retried send is the same text.
 */
export function createSimulatorProvider(options: SimulatorOptions): TelephonyProvider {
  const delayMs = options.deliveryDelayMs ?? 1000;
  const idFor = (request: SendSmsRequest) => `SIM${request.messageId.replace(/-/g, '')}`;
  return {
    kind: 'simulator',
    async sendSms(request: SendSmsRequest): Promise<SendSmsResult> {
      const providerMessageId = idFor(request);
      if (!request.untracked) {
        const outcome = SIMULATED_OUTCOMES[await options.behaviorFor(request.companyId, request.to)];
        await options.reportStatus({ providerMessageId, status: outcome.status, errorCode: outcome.errorCode, delayMs });
      }
      return { providerMessageId };
    },
    async findAccepted(request: SendSmsRequest): Promise<SendSmsResult | null> {
      return { providerMessageId: idFor(request) };
    },
  };
}
