import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../shared/api';

type Outputs = inferRouterOutputs<AppRouter>['notifications'];
export type FeedItem = Outputs['list']['items'][number];
export type Preference = Outputs['preferences'][number];
export type NotificationEvent = Preference['event'];
export type Channel = 'in_app' | 'email' | 'sms';

/** The events a person can be told about, in the order of the preferences table. */
export const EVENTS: Record<NotificationEvent, { label: string; detail: string }> = {
  new_lead: { label: 'New lead', detail: 'Someone wrote in, texted or called for the first time.' },
  new_message: { label: 'Reply in a thread you took over', detail: 'A customer texted back in a conversation you’re handling yourself.' },
  opt_out: { label: 'Opt-out', detail: 'Someone asked to stop getting texts.' },
  delivery_failed: { label: 'Text not delivered', detail: 'A text to a customer failed, with the reason.' },
};

export const CHANNELS: { value: Channel; label: string }[] = [
  { value: 'in_app', label: 'In app' },
  { value: 'email', label: 'Email' },
  { value: 'sms', label: 'Text to the alert number' },
];
