import { OAuth2Client, OAuth2RequestError, type OAuth2Tokens } from 'arctic';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { INTEGRATION_WORDS, type IntegrationProvider, type SyncLogStatus } from '@contracts/integrations';
import { truncate } from '@contracts/text';
import type { DbOrTx } from '@server/platform/db/database';
import { companies, integrationConnections, integrationSyncLog } from '@server/platform/db/schema';
import { MINUTE, SECOND } from '@server/platform/lib/clock';
import { NO_SECRETS_KEY_MESSAGE, type SecretBox } from '@server/platform/lib/secret-box';
import { AppError } from '@server/platform/errors/app-error';
import type { AppServices } from '@server/platform/services';
import { notify } from '@server/modules/notifications/notify.service';
import { checkUrl } from '@server/platform/lib/safe-fetch';
import { providerConfig, redirectUriOf } from './config';
import { ProviderError } from './provider-http';

/**
 * A connection's tokens and state (decision 0055): tokens sealed at rest, refreshed before they expire by one
 * worker at a time, a refused refresh turning the card to "Reconnect needed"; every sync's outcome in the sync log,
 * and the owner told once about a failure (again only after a success in between).
 */
export type ConnectionRow = typeof integrationConnections.$inferSelect;

export const REFRESH_QUEUE = 'integrations.refresh';
/** A token is refreshed this long before it expires (the job), and at use when it has less than a minute left. */
export const REFRESH_AHEAD_MS = 5 * MINUTE;
const REFRESH_AT_USE_MS = 1 * MINUTE;
const REFRESH_LEASE_MS = 30 * SECOND;

export function secretsOf(services: Pick<AppServices, 'secrets'>): SecretBox {
  if (!services.secrets) throw new AppError('PRECONDITION_FAILED', NO_SECRETS_KEY_MESSAGE.replace('signing secrets', 'integration tokens'));
  return services.secrets;
}

/** The arctic client of a provider, with its redirect URI (a configured token URL still passes the URL check). */
export function oauthClientOf(services: Pick<AppServices, 'integrations' | 'publicUrl'>, provider: IntegrationProvider): { client: OAuth2Client; tokenUrl: string; authorizeUrl: string; revokeUrl: string | null } {
  const config = providerConfig(services, provider);
  if (!config) throw new AppError('PRECONDITION_FAILED', `${INTEGRATION_WORDS[provider].name} is not set up on this server.`);
  const allow = services.integrations?.allowAddresses ?? [];
  checkUrl(config.tokenUrl, allow);
  if (config.revokeUrl) checkUrl(config.revokeUrl, allow);
  return { client: new OAuth2Client(config.clientId, config.clientSecret, redirectUriOf(services.publicUrl, provider)), tokenUrl: config.tokenUrl, authorizeUrl: config.authorizeUrl, revokeUrl: config.revokeUrl };
}

/** What a token answer gives us to store: sealed tokens and the expiry on our clock. */
export function sealTokens(services: Pick<AppServices, 'secrets' | 'clock'>, tokens: OAuth2Tokens) {
  const box = secretsOf(services);
  const data = tokens.data as Record<string, unknown>;
  const expiresIn = typeof data.expires_in === 'number' ? data.expires_in : typeof data.expires_in === 'string' ? Number(data.expires_in) : null;
  return {
    accessTokenSealed: box.seal(tokens.accessToken()),
    ...(tokens.hasRefreshToken() ? { refreshTokenSealed: box.seal(tokens.refreshToken()) } : {}),
    accessTokenExpiresAt: expiresIn && Number.isFinite(expiresIn) ? new Date(services.clock.now().getTime() + expiresIn * SECOND) : null,
  };
}

/** A token answer refused: the provider's error code in words (never its free-text description). */
export function tokenErrorWords(provider: IntegrationProvider, error: unknown): string {
  const name = INTEGRATION_WORDS[provider].name;
  if (error instanceof OAuth2RequestError) {
    if (error.code === 'invalid_grant') return `${name} did not accept the sign-in (it was used already or has expired): connect again.`;
    if (error.code === 'invalid_client' || error.code === 'unauthorized_client') return `${name} did not accept this server’s client id and secret: check ${INTEGRATION_WORDS[provider].envPrefix}_CLIENT_ID and ${INTEGRATION_WORDS[provider].envPrefix}_CLIENT_SECRET.`;
    return `${name} refused the sign-in (${truncate(error.code, 60, { ellipsis: true })}).`;
  }
  if (error instanceof ProviderError) return error.words;
  return `${name} could not be reached to finish the sign-in. Try again in a few minutes.`;
}

export async function connectionOf(db: DbOrTx, companyId: string, provider: IntegrationProvider): Promise<ConnectionRow | null> {
  const [row] = await db.select().from(integrationConnections).where(and(eq(integrationConnections.companyId, companyId), eq(integrationConnections.provider, provider))).limit(1);
  return row ?? null;
}

export async function connectionById(db: DbOrTx, id: string): Promise<ConnectionRow | null> {
  const [row] = await db.select().from(integrationConnections).where(eq(integrationConnections.id, id)).limit(1);
  return row ?? null;
}

/** The provider no longer accepts the tokens: nothing syncs until the owner connects again. */
export class ReconnectNeeded extends Error {
  override readonly name = 'ReconnectNeeded';
}

/** Another worker holds the refresh lease: the caller's job retries shortly. */
export class RefreshInProgress extends Error {
  override readonly name = 'RefreshInProgress';
}

/** A usable access token: the stored one, or a fresh one when it has under a minute left. */
export async function accessTokenFor(services: AppServices, connection: ConnectionRow): Promise<string> {
  if (connection.status !== 'connected') throw new ReconnectNeeded(`${INTEGRATION_WORDS[connection.provider].name} needs to be reconnected.`);
  const expiresAt = connection.accessTokenExpiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
  if (expiresAt - services.clock.now().getTime() > REFRESH_AT_USE_MS) {
    const token = secretsOf(services).open(connection.accessTokenSealed);
    if (token === null) throw new ReconnectNeeded('The stored tokens cannot be opened with this server’s SECRETS_KEY: reconnect.');
    return token;
  }
  const refreshed = await refreshConnection(services, connection.id);
  return refreshed;
}

/**
 * Refreshes a connection's access token under a 30-second lease (so two instances never spend one refresh token
 * twice: Jobber rotates them). A refused refresh (invalid_grant) marks the connection `reconnect` and tells the
 * owner once. Returns the new access token.
 */
export async function refreshConnection(services: AppServices, connectionId: string): Promise<string> {
  const now = services.clock.now();
  const [leased] = await services.db
    .update(integrationConnections)
    .set({ refreshLeaseUntil: new Date(now.getTime() + REFRESH_LEASE_MS) })
    .where(and(eq(integrationConnections.id, connectionId), eq(integrationConnections.status, 'connected'), or(isNull(integrationConnections.refreshLeaseUntil), lt(integrationConnections.refreshLeaseUntil, now))))
    .returning();
  if (!leased) {
    const current = await connectionById(services.db, connectionId);
    if (!current) throw new ReconnectNeeded('The connection was removed.');
    if (current.status !== 'connected') throw new ReconnectNeeded(`${INTEGRATION_WORDS[current.provider].name} needs to be reconnected.`);
    throw new RefreshInProgress('Another worker is refreshing these tokens.');
  }
  const box = secretsOf(services);
  const name = INTEGRATION_WORDS[leased.provider].name;
  const refreshToken = leased.refreshTokenSealed ? box.open(leased.refreshTokenSealed) : null;
  if (!refreshToken) {
    await markReconnect(services, leased, `${name} gave LeadLoop no way to renew its access: reconnect it.`);
    throw new ReconnectNeeded(name);
  }
  let tokens: OAuth2Tokens;
  try {
    const { client, tokenUrl } = oauthClientOf(services, leased.provider);
    tokens = await client.refreshAccessToken(tokenUrl, refreshToken, []);
  } catch (error) {
    await services.db.update(integrationConnections).set({ refreshLeaseUntil: null }).where(eq(integrationConnections.id, leased.id));
    if (error instanceof OAuth2RequestError && (error.code === 'invalid_grant' || error.code === 'unauthorized_client')) {
      await markReconnect(services, leased, `${name} no longer accepts LeadLoop’s access (it was revoked or has expired): reconnect it.`);
      throw new ReconnectNeeded(name);
    }
    throw new ProviderError(`${name} could not renew LeadLoop’s access just now; it will try again.`, null);
  }
  const sealed = sealTokens(services, tokens);
  await services.db
    .update(integrationConnections)
    .set({ ...sealed, refreshLeaseUntil: null, updatedAt: services.clock.now() })
    .where(eq(integrationConnections.id, leased.id));
  await scheduleRefresh(services, services.db, leased.id, sealed.accessTokenExpiresAt);
  return tokens.accessToken();
}

/** Queues the next refresh five minutes before the token expires (none for a token without an expiry). */
export async function scheduleRefresh(services: Pick<AppServices, 'queue' | 'clock'>, executor: DbOrTx, connectionId: string, expiresAt: Date | null): Promise<void> {
  if (!expiresAt) return;
  const runAt = new Date(Math.max(services.clock.now().getTime(), expiresAt.getTime() - REFRESH_AHEAD_MS));
  await services.queue.enqueue(executor, REFRESH_QUEUE, { connectionId }, { runAt, singletonKey: `refresh:${connectionId}:${expiresAt.getTime()}`, maxAttempts: 6 });
}

async function markReconnect(services: AppServices, connection: ConnectionRow, words: string): Promise<void> {
  await services.db
    .update(integrationConnections)
    .set({ status: 'reconnect', refreshLeaseUntil: null, updatedAt: services.clock.now() })
    .where(eq(integrationConnections.id, connection.id));
  await recordFailure(services, connection, words, 'failed');
}

export async function writeSyncLog(executor: DbOrTx, services: Pick<AppServices, 'clock'>, entry: { companyId: string; provider: IntegrationProvider; direction: 'in' | 'out'; status: SyncLogStatus; summary: string }): Promise<void> {
  await executor.insert(integrationSyncLog).values({ ...entry, summary: truncate(entry.summary, 500, { ellipsis: true }), createdAt: services.clock.now() });
}

/** A sync worked: the card's last sync moves on, its error clears, and the next failure will be told again. */
export async function recordSuccess(services: AppServices, connection: Pick<ConnectionRow, 'id' | 'companyId' | 'provider'>, summary: string | null, direction: 'in' | 'out' = 'out'): Promise<void> {
  const now = services.clock.now();
  // A sync that started before the connection needed reconnecting does not clear that reason.
  await services.db
    .update(integrationConnections)
    .set({ lastSyncAt: now, lastError: null, lastErrorAt: null, errorNotifiedAt: null })
    .where(and(eq(integrationConnections.id, connection.id), eq(integrationConnections.status, 'connected')));
  if (summary) await writeSyncLog(services.db, services, { companyId: connection.companyId, provider: connection.provider, direction, status: 'ok', summary });
}

/**
 * A sync failed: the card shows why, the sync log keeps it (`retrying` while the queue will try again), and the
 * owner and admins are told once — not again until a sync has worked in between.
 */
export async function recordFailure(services: AppServices, connection: Pick<ConnectionRow, 'id' | 'companyId' | 'provider'>, words: string, status: 'failed' | 'retrying', direction: 'in' | 'out' = 'out'): Promise<void> {
  const now = services.clock.now();
  const name = INTEGRATION_WORDS[connection.provider].name;
  await services.db.transaction(async (tx) => {
    await tx.update(integrationConnections).set({ lastError: truncate(words, 500, { ellipsis: true }), lastErrorAt: now }).where(eq(integrationConnections.id, connection.id));
    await writeSyncLog(tx, services, { companyId: connection.companyId, provider: connection.provider, direction, status, summary: words });
    const [first] = await tx
      .update(integrationConnections)
      .set({ errorNotifiedAt: now })
      .where(and(eq(integrationConnections.id, connection.id), isNull(integrationConnections.errorNotifiedAt)))
      .returning({ id: integrationConnections.id });
    if (!first) return;
    const [company] = await tx.select({ id: companies.id, name: companies.name, alertPhone: companies.alertPhone }).from(companies).where(eq(companies.id, connection.companyId)).limit(1);
    if (company) await notify(tx, services, { company, event: 'integration_failed', title: `${name}: a sync failed`, body: words, link: '/external-integrations', roles: ['owner', 'admin'] });
  });
}
