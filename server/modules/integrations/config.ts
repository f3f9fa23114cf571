import ipaddr from 'ipaddr.js';
import { INTEGRATION_WORDS, type IntegrationProvider } from '@contracts/integrations';
import type { Env } from '@server/platform/config/env';
import type { AppServices, IntegrationsConfig, OAuthProviderConfig } from '@server/platform/services';

/**
 * Which providers this server can connect, from the environment (decision 0055): a provider is on when its client
 * id and secret are set; every URL may be pointed elsewhere (a local fake in tests, a self-hoster's proxy).
 */
export function integrationsConfigFromEnv(env: Env): IntegrationsConfig {
  const google: OAuthProviderConfig | null =
    env.GOOGLE_OAUTH_CLIENT_ID && env.GOOGLE_OAUTH_CLIENT_SECRET
      ? {
          clientId: env.GOOGLE_OAUTH_CLIENT_ID,
          clientSecret: env.GOOGLE_OAUTH_CLIENT_SECRET,
          authorizeUrl: env.GOOGLE_OAUTH_AUTHORIZE_URL,
          tokenUrl: env.GOOGLE_OAUTH_TOKEN_URL,
          revokeUrl: env.GOOGLE_OAUTH_REVOKE_URL,
          apiUrl: env.GOOGLE_CALENDAR_API_URL,
        }
      : null;
  const jobber =
    env.JOBBER_CLIENT_ID && env.JOBBER_CLIENT_SECRET
      ? {
          clientId: env.JOBBER_CLIENT_ID,
          clientSecret: env.JOBBER_CLIENT_SECRET,
          authorizeUrl: env.JOBBER_AUTHORIZE_URL,
          tokenUrl: env.JOBBER_TOKEN_URL,
          // Jobber has no revocation endpoint: disconnecting runs its appDisconnect mutation instead.
          revokeUrl: null,
          apiUrl: env.JOBBER_GRAPHQL_URL,
          graphqlVersion: env.JOBBER_GRAPHQL_VERSION,
        }
      : null;
  const thumbtack: OAuthProviderConfig | null =
    env.THUMBTACK_CLIENT_ID && env.THUMBTACK_CLIENT_SECRET
      ? {
          clientId: env.THUMBTACK_CLIENT_ID,
          clientSecret: env.THUMBTACK_CLIENT_SECRET,
          authorizeUrl: env.THUMBTACK_AUTHORIZE_URL,
          tokenUrl: env.THUMBTACK_TOKEN_URL,
          revokeUrl: null,
          apiUrl: env.THUMBTACK_API_URL,
        }
      : null;
  const config = { google_calendar: google, jobber, thumbtack };
  return { ...config, allowAddresses: env.NODE_ENV === 'production' ? [] : localAddressesOf(Object.values(config)) };
}

/**
 * Outside production, the IP-literal hosts of the configured provider URLs may be private (a fake on 127.0.0.1):
 * only those exact addresses, never a private network at large. In production the list is empty.
 */
export function localAddressesOf(configs: ReadonlyArray<OAuthProviderConfig | null>): string[] {
  const addresses = new Set<string>();
  for (const config of configs) {
    if (!config) continue;
    for (const raw of [config.authorizeUrl, config.tokenUrl, config.revokeUrl, config.apiUrl]) {
      if (!raw) continue;
      const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
      if (ipaddr.isValid(host)) addresses.add(host);
    }
  }
  return [...addresses];
}

export function providerConfig(services: Pick<AppServices, 'integrations'>, provider: 'jobber'): IntegrationsConfig['jobber'];
export function providerConfig(services: Pick<AppServices, 'integrations'>, provider: IntegrationProvider): OAuthProviderConfig | null;
export function providerConfig(services: Pick<AppServices, 'integrations'>, provider: IntegrationProvider): OAuthProviderConfig | null {
  return services.integrations?.[provider] ?? null;
}

/** The variables a provider needs on this server. */
export function requiredEnv(provider: IntegrationProvider): string[] {
  const prefix = INTEGRATION_WORDS[provider].envPrefix;
  return [`${prefix}_CLIENT_ID`, `${prefix}_CLIENT_SECRET`];
}

/** Said when a provider has no client id here: what to set, and where it is described. */
export function notConfiguredMessage(provider: IntegrationProvider): string {
  const [id, secret] = requiredEnv(provider);
  return `This server has no client id for ${INTEGRATION_WORDS[provider].name}: set ${id} and ${secret} (from the app you register with ${INTEGRATION_WORDS[provider].name}) and restart LeadLoop. .env.example describes them.`;
}

/** The address each provider sends the browser back to: PUBLIC_URL and the spec's callback path. */
export function redirectUriOf(publicUrl: string, provider: IntegrationProvider): string {
  return `${publicUrl}${INTEGRATION_WORDS[provider].callbackPath}`;
}

/** The access each provider is asked for. Jobber's scopes are chosen in its app settings, not in the URL. */
export const OAUTH_SCOPES: Record<IntegrationProvider, string[]> = {
  google_calendar: ['https://www.googleapis.com/auth/calendar.readonly', 'https://www.googleapis.com/auth/calendar.events'],
  jobber: [],
  thumbtack: ['offline_access', 'supply::businesses.list', 'supply::negotiations.read', 'supply::messages.write', 'supply::webhooks.write'],
};
