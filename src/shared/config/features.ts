/**
 * Which product features exist yet: one flag per area of the navigation that can be unbuilt. A screen of a feature
 * that is not built says so plainly and holds no control for it, and its navigation item says "soon" — both read
 * the flag here (decision 0017), so flipping it when the feature lands updates both.
 */
export const FEATURES = {
  /** The AI assistant that answers texts (issue 14): on. A company turns it on in Settings → AI. */
  aiAssistant: true,
  /** AI call answering (issue 27): the assistant picks up calls; four tabs (basic, agent, sms-followup, history). */
  aiCallAnswering: true,
  /** Microsites (issue 26 item 1): the hosted page with its policies and opt-in form, four tabs, custom domains. */
  microsites: true,
  /** Flows (issue 23): the built-in follow-ups and the company's own flows, drawn in the editor and run. */
  flows: true,
  /** Scheduling (issue 24): appointment types, team hours, bookings made, moved and cancelled by staff. */
  scheduling: true,
  /** Review requests (issue 24 item 4): after a won job, by hand or from a list; short links, stats, recovery. */
  reviewRequests: true,
  /** Users and roles (issue 25): invitations, roles enforced on the server, removal, lead assignment. */
  team: true,
  /** OAuth integrations (issue 29): Google Calendar, Jobber and Thumbtack connect, sync and say when they fail. */
  externalIntegrations: true,
  /** Outgoing webhooks (issue 25 item 4): endpoints, signed deliveries with retries, the delivery log. */
  webhooks: true,
  /** Referrals (issue 28 item 3): each user's link, sign-ups attributed, the list with states and the trial reward. */
  referrals: true,
  /** Texting registration (issue 26): the A2P 10DLC wizard, its checklist, submission and status timeline. */
  textingRegistration: true,
  /** API keys and the public REST API (issue 25): keys made, shown once, revoked; /api/v1 with its reference at /api/docs. */
  apiKeys: true,
} as const;

export type FeatureName = keyof typeof FEATURES;
