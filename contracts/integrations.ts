/**
 * OAuth integrations (issue 29, docs/decisions/0055-oauth-integrations.md): the three tools that connect with OAuth,
 * their callback paths, the statuses a connection can be in and the words owners read for them. Client-reachable:
 * no zod here (the server's input schemas live in server/modules/integrations/integrations.schema.ts).
 */
export const INTEGRATION_PROVIDERS = ['google_calendar', 'jobber', 'thumbtack'] as const;
export type IntegrationProvider = (typeof INTEGRATION_PROVIDERS)[number];

export const isIntegrationProvider = (value: string): value is IntegrationProvider => (INTEGRATION_PROVIDERS as readonly string[]).includes(value);

/** Each provider's name, its kind of tool, what connecting it does, the callback path and its env prefix. */
export const INTEGRATION_WORDS = {
  google_calendar: {
    name: 'Google Calendar',
    kind: 'Calendar',
    does: 'Busy times in your calendar keep the assistant from offering them, and bookings appear in your calendar.',
    callbackPath: '/google-oauth-cal',
    envPrefix: 'GOOGLE_OAUTH',
  },
  jobber: {
    name: 'Jobber',
    kind: 'Field-service software',
    does: 'Qualified and booked leads become Jobber clients and requests; won jobs and their value come back.',
    callbackPath: '/jobber-oauth',
    envPrefix: 'JOBBER',
  },
  thumbtack: {
    name: 'Thumbtack',
    kind: 'Lead marketplace',
    does: 'Thumbtack leads and their messages arrive as leads here; your replies go back to the Thumbtack conversation.',
    callbackPath: '/thumbtack-oauth',
    envPrefix: 'THUMBTACK',
  },
} as const satisfies Record<IntegrationProvider, { name: string; kind: string; does: string; callbackPath: string; envPrefix: string }>;

/** The provider whose authorization page sends the browser back to `pathname`, or null. */
export function providerOfCallbackPath(pathname: string): IntegrationProvider | null {
  const path = pathname.replace(/\/+$/, '');
  return INTEGRATION_PROVIDERS.find((provider) => INTEGRATION_WORDS[provider].callbackPath === path) ?? null;
}

/**
 * Where a card stands: the server has no client id for the provider; nothing connected; connected; or connected
 * once but the provider no longer accepts the tokens (revoked, expired, password changed): connect again.
 */
export const INTEGRATION_STATUSES = ['not_configured', 'not_connected', 'connected', 'reconnect'] as const;
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];

export const INTEGRATION_STATUS_WORDS = {
  not_configured: 'Not set up on this server',
  not_connected: 'Not connected',
  connected: 'Connected',
  reconnect: 'Reconnect needed',
} as const satisfies Record<IntegrationStatus, string>;

/** A calendar of the connected Google account, as the chooser shows it. */
export interface IntegrationCalendar {
  id: string;
  name: string;
  primary: boolean;
  /** Its events block times the assistant offers. */
  busy: boolean;
}

/** One card on /external-integrations, as integrations.list returns it. */
export interface IntegrationCard {
  provider: IntegrationProvider;
  status: IntegrationStatus;
  /** The account connected (an email, a business name), when known. */
  account: string | null;
  connectedAt: number | null;
  lastSyncAt: number | null;
  /** The last failure, in words, and when; null after a success. */
  lastError: string | null;
  lastErrorAt: number | null;
  /** For not_configured: the variables this server needs set. */
  missingEnv: string[];
  /** Google Calendar only: the account's calendars and which one bookings are written to. */
  calendars: IntegrationCalendar[];
  writeCalendarId: string | null;
  /** Google Calendar: the team member whose hours its busy times block and whose bookings it receives. */
  memberName: string | null;
}

export const SYNC_LOG_STATUSES = ['ok', 'failed', 'retrying'] as const;
export type SyncLogStatus = (typeof SYNC_LOG_STATUSES)[number];
export const SYNC_LOG_STATUS_WORDS = { ok: 'Done', failed: 'Failed', retrying: 'Will retry' } as const satisfies Record<SyncLogStatus, string>;

/** The most calendars one connection keeps (the chooser lists them all; busy ones are read on every sync). */
export const MAX_BUSY_CALENDARS = 10;
