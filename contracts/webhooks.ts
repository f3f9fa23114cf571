/**
 * Outgoing webhooks (issue 25 item 4, decision 0043): the public events an endpoint can subscribe to, with the words
 * owners see, and the statuses of a delivery. The public names are dot-namespaced and stable; the internal domain
 * events (contracts/events.ts) they come from may change without a receiver noticing (the mapping lives in
 * server/modules/webhooks/webhook-payloads.ts).
 */
export const WEBHOOK_EVENT_TYPES = [
  'lead.created',
  'lead.updated',
  'message.received',
  'message.sent',
  'message.status',
  'call.missed',
  'contact.opted_out',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent only by "Send a test": never subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_WORDS = {
  'lead.created': { label: 'New lead', when: 'A lead arrives from any source.' },
  'lead.updated': { label: 'Lead changed', when: 'A lead’s status, value, assignment or summary changes.' },
  'message.received': { label: 'Text received', when: 'A lead or client texts your business number (or writes in the website chat).' },
  'message.sent': { label: 'Text sent', when: 'A text goes out to a lead or client.' },
  'message.status': { label: 'Text status', when: 'A text is delivered, fails, or waits for the send window.' },
  'call.missed': { label: 'Missed call', when: 'A call to your business goes unanswered.' },
  'contact.opted_out': { label: 'Opted out', when: 'Someone asks to stop getting texts.' },
} as const satisfies Record<WebhookEventType, { label: string; when: string }>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_DELIVERY_STATUS_WORDS = {
  pending: 'Sending',
  retrying: 'Retrying',
  succeeded: 'Delivered',
  failed: 'Failed',
} as const satisfies Record<WebhookDeliveryStatus, string>;

/**
 * When each attempt of a delivery is made, after the event (ms): at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h
 * and 10 h later — eight attempts over about 27 hours (the Standard Webhooks reference schedule).
 */
export const WEBHOOK_RETRY_DELAYS_MS = [0, 5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000] as const;

/** An endpoint whose every attempt has failed for this long is turned off, and the owner told. */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * 3_600_000;

/** The most of a receiver's answer kept in the delivery log (characters). */
export const WEBHOOK_RESPONSE_EXCERPT_CHARS = 500;

export const MAX_WEBHOOK_ENDPOINTS = 20;
