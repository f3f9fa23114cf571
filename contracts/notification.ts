/** The events a person can be told about and the channels, in the order of the preferences table. */

export const NOTIFICATION_EVENTS = ['new_lead', 'new_message', 'opt_out', 'delivery_failed', 'missed_call', 'voicemail', 'ai_handoff', 'ai_approval', 'flow_alert', 'booking', 'review_unhappy', 'webhook_disabled', 'assigned', 'ai_call', 'plan_usage', 'trial_ending', 'integration_failed'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NOTIFICATION_EVENT_WORDS = {
  new_lead: { label: 'New lead', detail: 'Someone wrote in, texted or called for the first time.' },
  new_message: { label: 'Reply in a thread you took over', detail: 'A customer texted back in a conversation you’re handling yourself.' },
  opt_out: { label: 'Opt-out', detail: 'Someone asked to stop getting texts.' },
  delivery_failed: { label: 'Text not delivered', detail: 'A text to a customer failed, with the reason.' },
  missed_call: { label: 'Missed call', detail: 'A call nobody answered, and whether the caller was texted back.' },
  voicemail: { label: 'Voicemail', detail: 'A caller left a voicemail, with its transcript when there is one.' },
  ai_handoff: { label: 'AI handed a thread to you', detail: 'The assistant stopped and needs a person: why, and the thread.' },
  ai_approval: { label: 'AI reply waiting for approval', detail: 'In approval mode, a reply with a price, a time or something outside your facts.' },
  flow_alert: { label: 'A flow tells the team', detail: 'A “Notify the team” step of one of your flows reached a lead.' },
  booking: { label: 'Booking', detail: 'The assistant booked a job, or a customer asked to reschedule one.' },
  review_unhappy: { label: 'Unhappy reply to a review request', detail: 'A customer answered a review request unhappily: the thread is yours to put it right.' },
  webhook_disabled: { label: 'Webhook endpoint turned off', detail: 'Every delivery to one of your webhook endpoints failed for a day, so LeadLoop paused it (owners and admins only).' },
  assigned: { label: 'A new lead assigned to you', detail: 'Round-robin or the assignment setting on Users gave you a new lead (only you are told).' },
  ai_call: { label: 'Call answered by the AI', detail: 'The assistant took a call: the outcome, its summary and a link to the transcript.' },
  plan_usage: { label: 'Plan usage', detail: 'Texts, AI conversations, numbers or users reached 80 % or 100 % of your plan this period (owners only).' },
  trial_ending: { label: 'Trial ending', detail: 'Your free trial ends in 3 days, or has ended: what keeps working and what pauses (owners only).' },
  integration_failed: { label: 'An integration stopped syncing', detail: 'Google Calendar, Jobber or Thumbtack failed to sync or needs reconnecting; told once until it works again (owners and admins only).' },
} as const satisfies Record<NotificationEvent, { label: string; detail: string }>;

export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_CHANNEL_WORDS = {
  in_app: 'In app',
  email: 'Email',
  sms: 'Text to the alert number',
} as const satisfies Record<NotificationChannel, string>;

/** How much a push notification may show on a lock screen, chosen per device. */
export const PUSH_PREVIEWS = ['full', 'title', 'none'] as const;
export type PushPreview = (typeof PUSH_PREVIEWS)[number];

export const PUSH_PREVIEW_WORDS = {
  full: 'Who and what they wrote',
  title: 'Only who it is',
  none: 'Only “New activity in LeadLoop”',
} as const satisfies Record<PushPreview, string>;
