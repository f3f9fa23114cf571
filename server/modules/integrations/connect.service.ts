import { CodeChallengeMethod, generateCodeVerifier, generateState } from 'arctic';
import { and, eq, gt, lt } from 'drizzle-orm';
import { INTEGRATION_PROVIDERS, INTEGRATION_WORDS, type IntegrationCard, type IntegrationProvider } from '@contracts/integrations';
import { contactDisplayName } from '@contracts/person';
import type { DbOrTx } from '@server/platform/db/database';
import { calendarBusyBlocks, calendarSyncs, integrationConnections, integrationLinks, oauthStates, users } from '@server/platform/db/schema';
import type { CompanyScope } from '@server/platform/db/scope';
import { AppError, invalidField, notFound } from '@server/platform/errors/app-error';
import { MINUTE } from '@server/platform/lib/clock';
import { sha256Hex } from '@server/platform/lib/crypto';
import type { AppServices } from '@server/platform/services';
import { writeUserAudit } from '@server/modules/audit/audit.service';
import { notConfiguredMessage, OAUTH_SCOPES, providerConfig, requiredEnv } from './config';
import { accessTokenFor, connectionOf, oauthClientOf, recordSuccess, scheduleRefresh, sealTokens, secretsOf, tokenErrorWords, writeSyncLog } from './connection';
import { calendarsForCard, chooseCalendars, CALENDAR_SYNC_QUEUE, describeGoogleAccount, POLL_EVERY_MS, readGoogleSettings, schedulePoll, stopPushChannels } from './google-calendar';
import { describeJobberAccount, disconnectJobber } from './jobber';
import { describeThumbtackAccount, removeThumbtackWebhook } from './thumbtack';
import { ProviderError } from './provider-http';

/**
 * Connecting and disconnecting (decision 0055): the authorization URL with PKCE (S256) and a state bound to the
 * caller's session, usable once within 10 minutes; the callback page hands back code and state, the code is
 * exchanged with the verifier, the account is read and the tokens sealed; disconnecting revokes at the provider.
 */
export const STATE_TTL_MS = 10 * MINUTE;

/** The cards of /external-integrations: one per provider, in the order of INTEGRATION_PROVIDERS. */
export async function listIntegrations(scope: CompanyScope, services: AppServices): Promise<IntegrationCard[]> {
  const rows = await scope.db.select().from(integrationConnections).where(eq(integrationConnections.companyId, scope.companyId));
  const memberIds = rows.map((r) => r.connectedByUserId).filter((id): id is string => Boolean(id));
  const members = memberIds.length ? await scope.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.companyId, scope.companyId)) : [];
  return INTEGRATION_PROVIDERS.map((provider): IntegrationCard => {
    const row = rows.find((r) => r.provider === provider);
    const configured = providerConfig(services, provider) !== null;
    const member = row?.connectedByUserId ? members.find((m) => m.id === row.connectedByUserId) : undefined;
    const google = row && provider === 'google_calendar' ? calendarsForCard(row) : { calendars: [], writeCalendarId: null };
    return {
      provider,
      status: row ? row.status : configured ? 'not_connected' : 'not_configured',
      account: row?.account ?? null,
      connectedAt: row?.createdAt.getTime() ?? null,
      lastSyncAt: row?.lastSyncAt?.getTime() ?? null,
      lastError: row?.lastError ?? null,
      lastErrorAt: row?.lastErrorAt?.getTime() ?? null,
      missingEnv: configured ? [] : requiredEnv(provider),
      calendars: google.calendars,
      writeCalendarId: google.writeCalendarId,
      memberName: provider === 'google_calendar' && member ? contactDisplayName({ firstName: member.firstName, lastName: member.lastName, email: member.email, phone: null }) : null,
    };
  });
}

/** Starts connecting: the provider's authorization URL (state and PKCE challenge in it). */
export async function startConnect(scope: CompanyScope, services: AppServices, sessionId: string, provider: IntegrationProvider): Promise<{ url: string }> {
  if (!providerConfig(services, provider)) throw new AppError('PRECONDITION_FAILED', notConfiguredMessage(provider));
  const box = secretsOf(services);
  const { client, authorizeUrl } = oauthClientOf(services, provider);
  const state = generateState();
  const verifier = generateCodeVerifier();
  await scope.db.delete(oauthStates).where(lt(oauthStates.expiresAt, scope.now));
  await scope.db.insert(oauthStates).values({
    companyId: scope.companyId,
    userId: scope.userId,
    sessionId,
    provider,
    stateHash: sha256Hex(state),
    codeVerifierSealed: box.seal(verifier),
    expiresAt: new Date(scope.now.getTime() + STATE_TTL_MS),
    createdAt: scope.now,
  });
  const url = client.createAuthorizationURLWithPKCE(authorizeUrl, state, CodeChallengeMethod.S256, verifier, OAUTH_SCOPES[provider]);
  if (provider === 'google_calendar') {
    // A refresh token (offline access), asked for again on every connect so a reconnect gets a new one.
    url.searchParams.set('access_type', 'offline');
    url.searchParams.set('prompt', 'consent');
    url.searchParams.set('include_granted_scopes', 'true');
  }
  return { url: url.toString() };
}

const STATE_REFUSED = 'This sign-in link isn’t valid any more (it was used already, has expired, or was started in another browser session). Start connecting again from External integrations.';

/**
 * Finishes connecting with the code and state the provider sent back. The state must be one this session started
 * for this provider, unused and under 10 minutes old; it is spent before the code is exchanged, so a replay is
 * refused whatever happens next.
 */
export async function completeConnect(scope: CompanyScope, services: AppServices, sessionId: string, input: { provider: IntegrationProvider; code: string; state: string }): Promise<{ provider: IntegrationProvider; account: string | null }> {
  const name = INTEGRATION_WORDS[input.provider].name;
  if (!providerConfig(services, input.provider)) throw new AppError('PRECONDITION_FAILED', notConfiguredMessage(input.provider));
  // Spent atomically (deleted): a second use of the same state finds nothing, whatever happens after.
  const [spent] = await scope.db
    .delete(oauthStates)
    .where(
      and(
        eq(oauthStates.stateHash, sha256Hex(input.state)),
        eq(oauthStates.companyId, scope.companyId),
        eq(oauthStates.userId, scope.userId),
        eq(oauthStates.sessionId, sessionId),
        eq(oauthStates.provider, input.provider),
        gt(oauthStates.expiresAt, scope.now),
      ),
    )
    .returning();
  // Not found, someone else's, another session's, another provider's, used or expired: one answer for all.
  if (!spent) throw new AppError('INVALID', STATE_REFUSED);
  const verifier = secretsOf(services).open(spent.codeVerifierSealed);
  if (!verifier) throw new AppError('INVALID', STATE_REFUSED);

  const { client, tokenUrl } = oauthClientOf(services, input.provider);
  let tokens;
  try {
    tokens = await client.validateAuthorizationCode(tokenUrl, input.code, verifier);
  } catch (error) {
    throw new AppError('PRECONDITION_FAILED', tokenErrorWords(input.provider, error));
  }
  const sealed = sealTokens(services, tokens);
  const accessToken = tokens.accessToken();
  let described: { account: string | null; externalAccountId: string | null; settings: Record<string, unknown> };
  try {
    described =
      input.provider === 'google_calendar'
        ? await describeGoogleAccount(services, accessToken)
        : input.provider === 'jobber'
          ? await describeJobberAccount(services, accessToken)
          : await describeThumbtackAccount(services, accessToken, scope.companyId);
  } catch (error) {
    throw new AppError('PRECONDITION_FAILED', error instanceof ProviderError ? error.words : `${name} connected, but LeadLoop could not read the account. Try again.`);
  }
  const previous = await connectionOf(scope.db, scope.companyId, input.provider);
  const sameAccount = previous !== null && previous.externalAccountId === described.externalAccountId;
  if (input.provider === 'google_calendar' && sameAccount) {
    // A reconnect of the same Google account keeps the calendars chosen before (those it still has).
    const before = readGoogleSettings(previous);
    const now = described.settings as ReturnType<typeof readGoogleSettings>;
    const known = new Set(now.calendars.map((c) => c.id));
    const busy = before.busyCalendarIds.filter((id) => known.has(id));
    described.settings = { ...now, busyCalendarIds: busy.length ? busy : now.busyCalendarIds, writeCalendarId: before.writeCalendarId && known.has(before.writeCalendarId) ? before.writeCalendarId : now.writeCalendarId };
  }
  const values = {
    status: 'connected' as const,
    account: described.account,
    externalAccountId: described.externalAccountId,
    accessTokenSealed: sealed.accessTokenSealed,
    refreshTokenSealed: sealed.refreshTokenSealed ?? null,
    accessTokenExpiresAt: sealed.accessTokenExpiresAt,
    refreshLeaseUntil: null,
    settings: described.settings,
    connectedByUserId: scope.userId,
    lastError: null,
    lastErrorAt: null,
    errorNotifiedAt: null,
    updatedAt: scope.now,
  };
  const connection = await scope.db.transaction(async (tx) => {
    if (previous && !sameAccount) {
      // Another account than before: what was read from, and written to, the old one no longer applies.
      await tx.delete(calendarSyncs).where(eq(calendarSyncs.connectionId, previous.id));
      await tx.delete(calendarBusyBlocks).where(eq(calendarBusyBlocks.connectionId, previous.id));
      await tx.delete(integrationLinks).where(and(eq(integrationLinks.companyId, scope.companyId), eq(integrationLinks.provider, input.provider), eq(integrationLinks.kind, 'calendar_event')));
    }
    const [row] = await tx
      .insert(integrationConnections)
      .values({ companyId: scope.companyId, provider: input.provider, createdAt: scope.now, ...values })
      .onConflictDoUpdate({ target: [integrationConnections.companyId, integrationConnections.provider], set: values })
      .returning();
    await writeSyncLog(tx, services, { companyId: scope.companyId, provider: input.provider, direction: 'in', status: 'ok', summary: `Connected ${name}${described.account ? ` (${described.account})` : ''}.` });
    await writeUserAudit(tx, scope, { action: 'integrations.connected', targetType: 'integration', targetId: row!.id, metadata: { provider: input.provider } });
    await scheduleRefresh(services, tx, row!.id, sealed.accessTokenExpiresAt);
    if (input.provider === 'google_calendar') {
      await services.queue.enqueue(tx, CALENDAR_SYNC_QUEUE, { connectionId: row!.id }, { companyId: scope.companyId, singletonKey: `sync:${row!.id}` });
      await schedulePoll(services, tx, row!, POLL_EVERY_MS);
    }
    return row!;
  });
  services.queue.wake();
  await recordSuccess(services, connection, null);
  return { provider: input.provider, account: described.account };
}

/** Disconnects: revokes at the provider (or tells it the app is removed), then forgets the tokens and what synced. */
export async function disconnect(scope: CompanyScope, services: AppServices, provider: IntegrationProvider): Promise<{ revoked: boolean }> {
  const connection = await connectionOf(scope.db, scope.companyId, provider);
  if (!connection) throw notFound(INTEGRATION_WORDS[provider].name);
  const name = INTEGRATION_WORDS[provider].name;
  let revoked = false;
  try {
    if (connection.status === 'connected') {
      const accessToken = await accessTokenFor(services, connection);
      if (provider === 'google_calendar') await stopPushChannels(services, connection, accessToken);
      if (provider === 'jobber') await disconnectJobber(services, accessToken);
      if (provider === 'thumbtack') await removeThumbtackWebhook(services, connection, accessToken);
    }
    const { client, revokeUrl } = oauthClientOf(services, provider);
    if (revokeUrl) {
      const box = secretsOf(services);
      const token = (connection.refreshTokenSealed && box.open(connection.refreshTokenSealed)) || box.open(connection.accessTokenSealed);
      if (token) await client.revokeToken(revokeUrl, token);
    }
    revoked = true;
  } catch {
    revoked = false;
  }
  await scope.db.transaction(async (tx) => {
    await tx.delete(integrationConnections).where(eq(integrationConnections.id, connection.id));
    await writeSyncLog(tx, services, {
      companyId: scope.companyId,
      provider,
      direction: 'out',
      status: revoked ? 'ok' : 'failed',
      summary: revoked ? `Disconnected ${name}; its access was revoked.` : `Disconnected ${name}, but ${name} could not be told: remove LeadLoop from the connected apps of your ${name} account.`,
    });
    await writeUserAudit(tx, scope, { action: 'integrations.disconnected', targetType: 'integration', targetId: connection.id, metadata: { provider, revoked } });
  });
  return { revoked };
}

/** Google Calendar: which calendars block times and which receives bookings; a new choice is read at once. */
export async function setCalendars(scope: CompanyScope, services: AppServices, input: { busyCalendarIds: string[]; writeCalendarId: string | null }) {
  const connection = await connectionOf(scope.db, scope.companyId, 'google_calendar');
  if (!connection) throw notFound(INTEGRATION_WORDS.google_calendar.name);
  const known = new Set(readGoogleSettings(connection).calendars.map((c) => c.id));
  if (input.busyCalendarIds.some((id) => !known.has(id))) throw invalidField('busyCalendarIds', 'Choose calendars of the connected Google account.');
  if (input.writeCalendarId !== null && !known.has(input.writeCalendarId)) throw invalidField('writeCalendarId', 'Choose a calendar of the connected Google account.');
  const settings = await chooseCalendars(services, connection, input);
  await services.queue.enqueue(scope.db, CALENDAR_SYNC_QUEUE, { connectionId: connection.id }, { companyId: scope.companyId, singletonKey: `sync:${connection.id}` });
  services.queue.wake();
  return settings;
}

/** "Sync now" on a card: the calendar is read again at once (the other providers sync as things happen). */
export async function syncNow(scope: CompanyScope, services: AppServices, provider: IntegrationProvider): Promise<{ queued: boolean }> {
  const connection = await connectionOf(scope.db, scope.companyId, provider);
  if (!connection) throw notFound(INTEGRATION_WORDS[provider].name);
  if (provider !== 'google_calendar') return { queued: false };
  await services.queue.enqueue(scope.db as DbOrTx, CALENDAR_SYNC_QUEUE, { connectionId: connection.id }, { companyId: scope.companyId, singletonKey: `sync:${connection.id}` });
  services.queue.wake();
  return { queued: true };
}
