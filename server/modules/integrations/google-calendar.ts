import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, notInArray } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { type IntegrationCalendar, MAX_BUSY_CALENDARS } from '@contracts/integrations';
import { SCHEDULING_FALLBACK_ZONE } from '@contracts/scheduling';
import { truncate } from '@contracts/text';
import { contactDisplayName } from '@contracts/person';
import { appointments, appointmentTypes, calendarBusyBlocks, calendarSyncs, companies, contacts, integrationConnections, integrationLinks } from '@server/platform/db/schema';
import { DAY, MINUTE } from '@server/platform/lib/clock';
import { generateToken, sha256Hex } from '@server/platform/lib/crypto';
import type { AppServices } from '@server/platform/services';
import { accessTokenFor, type ConnectionRow, connectionOf } from './connection';
import { ProviderError, providerRequest } from './provider-http';
import { providerConfig } from './config';

/**
 * Google Calendar (decision 0055): the connected member's chosen calendars are read by incremental sync (a sync
 * token per calendar, a full read again when Google answers 410), their busy events kept in calendar_busy_blocks,
 * which scheduling subtracts from the slots it offers; every booking of that member is written to the chosen
 * calendar as an event with an id derived from the booking's, so a repeated write finds the event it made.
 */
const NAME = 'Google Calendar';
export const CALENDAR_SYNC_QUEUE = 'integrations.calendar.sync';
export const CALENDAR_POLL_QUEUE = 'integrations.calendar.poll';
export const CALENDAR_EVENT_QUEUE = 'integrations.calendar.event';
/** Without a push channel the calendars are read every 5 minutes; with one, every 30 as a safety net. */
export const POLL_EVERY_MS = 5 * MINUTE;
export const POLL_WITH_PUSH_EVERY_MS = 30 * MINUTE;
/** Busy times are kept from a day ago to this far ahead (bookings are never further out than a type's horizon). */
const KEEP_AHEAD_MS = 180 * DAY;

export const googleSettings = z.object({
  calendars: z.array(z.object({ id: z.string(), name: z.string(), primary: z.boolean() })).default([]),
  busyCalendarIds: z.array(z.string()).default([]),
  writeCalendarId: z.string().nullable().default(null),
});
export type GoogleSettings = z.infer<typeof googleSettings>;

export function readGoogleSettings(connection: Pick<ConnectionRow, 'settings'>): GoogleSettings {
  const parsed = googleSettings.safeParse(connection.settings);
  return parsed.success ? parsed.data : { calendars: [], busyCalendarIds: [], writeCalendarId: null };
}

export function calendarsForCard(connection: Pick<ConnectionRow, 'settings'>): { calendars: IntegrationCalendar[]; writeCalendarId: string | null } {
  const settings = readGoogleSettings(connection);
  const busy = new Set(settings.busyCalendarIds);
  return { calendars: settings.calendars.map((c) => ({ ...c, busy: busy.has(c.id) })), writeCalendarId: settings.writeCalendarId };
}

const api = (services: Pick<AppServices, 'integrations'>) => {
  const config = providerConfig(services, 'google_calendar');
  if (!config) throw new ProviderError(`${NAME} is not set up on this server.`, null);
  return config.apiUrl.replace(/\/+$/, '');
};

const calendarListSchema = z.object({ items: z.array(z.object({ id: z.string(), summary: z.string().optional(), summaryOverride: z.string().optional(), primary: z.boolean().optional(), accessRole: z.string().optional() })).default([]) });

/** After the sign-in: the account (its primary calendar's id is its email) and its calendars; busy = primary, write = primary. */
export async function describeGoogleAccount(services: AppServices, accessToken: string): Promise<{ account: string | null; externalAccountId: string | null; settings: GoogleSettings }> {
  const { body } = await providerRequest(services, NAME, `${api(services)}/users/me/calendarList?minAccessRole=reader&maxResults=250`, { accessToken });
  const parsed = calendarListSchema.safeParse(body);
  if (!parsed.success) throw new ProviderError(`${NAME} sent a calendar list LeadLoop could not read.`, null);
  const calendars = parsed.data.items.map((item) => ({ id: item.id, name: truncate(item.summaryOverride ?? item.summary ?? item.id, 120, { ellipsis: true }), primary: item.primary === true }));
  const primary = calendars.find((c) => c.primary) ?? calendars[0] ?? null;
  return {
    account: primary?.id ?? null,
    externalAccountId: primary?.id ?? null,
    settings: { calendars, busyCalendarIds: primary ? [primary.id] : [], writeCalendarId: primary?.id ?? null },
  };
}

const eventTime = z.object({ dateTime: z.string().optional(), date: z.string().optional(), timeZone: z.string().optional() });
const eventSchema = z.object({
  id: z.string(),
  status: z.string().optional(),
  transparency: z.string().optional(),
  start: eventTime.optional(),
  end: eventTime.optional(),
  extendedProperties: z.object({ private: z.record(z.string(), z.string()).optional() }).optional(),
});
const eventsPage = z.object({ items: z.array(z.unknown()).default([]), nextPageToken: z.string().optional(), nextSyncToken: z.string().optional() });

/** An event's instant: a dateTime as written, an all-day date as the start of that day in the company's zone. */
function instantOf(time: z.infer<typeof eventTime> | undefined, zone: string): number | null {
  if (!time) return null;
  if (time.dateTime) {
    const at = Date.parse(time.dateTime);
    return Number.isNaN(at) ? null : at;
  }
  if (time.date) {
    try {
      return Temporal.PlainDate.from(time.date).toZonedDateTime({ timeZone: time.timeZone ?? zone }).epochMilliseconds;
    } catch {
      return null;
    }
  }
  return null;
}

/** The member whose hours the calendar blocks: who connected it. */
const memberOf = (connection: ConnectionRow) => connection.connectedByUserId;

/**
 * Reads every chosen calendar's changes since its sync token (everything the first time), keeping the busy events
 * of the next months and dropping cancelled, free ("transparent") and LeadLoop's own events. Returns how many
 * busy times changed.
 */
export async function syncGoogleCalendars(services: AppServices, connection: ConnectionRow): Promise<number> {
  const settings = readGoogleSettings(connection);
  const member = memberOf(connection);
  const chosen = settings.busyCalendarIds.slice(0, MAX_BUSY_CALENDARS);
  // Calendars no longer chosen stop blocking at once.
  await services.db
    .delete(calendarBusyBlocks)
    .where(and(eq(calendarBusyBlocks.connectionId, connection.id), chosen.length ? notInArray(calendarBusyBlocks.calendarId, chosen) : undefined));
  await services.db.delete(calendarSyncs).where(and(eq(calendarSyncs.connectionId, connection.id), chosen.length ? notInArray(calendarSyncs.calendarId, chosen) : undefined));
  // Busy times that ended more than a day ago no longer matter to any slot.
  await services.db.delete(calendarBusyBlocks).where(and(eq(calendarBusyBlocks.connectionId, connection.id), lt(calendarBusyBlocks.endsAt, new Date(services.clock.now().getTime() - DAY))));
  if (!member || chosen.length === 0) return 0;
  const [company] = await services.db.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, connection.companyId)).limit(1);
  const zone = company?.timezone ?? SCHEDULING_FALLBACK_ZONE;
  let changed = 0;
  for (const calendarId of chosen) changed += await syncOneCalendar(services, connection, member, calendarId, zone);
  return changed;
}

async function syncOneCalendar(services: AppServices, connection: ConnectionRow, member: string, calendarId: string, zone: string): Promise<number> {
  const [state] = await services.db.select().from(calendarSyncs).where(and(eq(calendarSyncs.connectionId, connection.id), eq(calendarSyncs.calendarId, calendarId))).limit(1);
  let syncToken = state?.syncToken ?? null;
  const base = `${api(services)}/calendars/${encodeURIComponent(calendarId)}/events`;
  const now = services.clock.now().getTime();
  let changed = 0;
  let pageToken: string | undefined;
  let nextSyncToken: string | undefined;
  const seen: Array<typeof calendarBusyBlocks.$inferInsert> = [];
  const gone: string[] = [];
  for (let page = 0; page < 50; page += 1) {
    const params = new URLSearchParams({ singleEvents: 'true', maxResults: '250', showDeleted: 'true' });
    if (syncToken) params.set('syncToken', syncToken);
    if (pageToken) params.set('pageToken', pageToken);
    let body: unknown;
    try {
      body = (await providerRequest(services, NAME, `${base}?${params}`, { accessToken: await accessTokenFor(services, connection) })).body;
    } catch (error) {
      if (error instanceof ProviderError && error.status === 410 && syncToken) {
        // The sync token expired: read everything again, from a clean slate.
        await services.db.delete(calendarBusyBlocks).where(and(eq(calendarBusyBlocks.connectionId, connection.id), eq(calendarBusyBlocks.calendarId, calendarId)));
        syncToken = null;
        pageToken = undefined;
        seen.length = 0;
        gone.length = 0;
        continue;
      }
      throw error;
    }
    const parsed = eventsPage.safeParse(body);
    if (!parsed.success) throw new ProviderError(`${NAME} sent events LeadLoop could not read.`, null);
    for (const raw of parsed.data.items) {
      const event = eventSchema.safeParse(raw);
      if (!event.success) continue;
      const e = event.data;
      const start = instantOf(e.start, zone);
      const end = instantOf(e.end, zone);
      const ours = Boolean(e.extendedProperties?.private?.leadloopAppointmentId);
      const busy = e.status !== 'cancelled' && e.transparency !== 'transparent' && !ours && start !== null && end !== null && end > start && end > now - DAY && start < now + KEEP_AHEAD_MS;
      if (busy) seen.push({ companyId: connection.companyId, connectionId: connection.id, userId: member, calendarId, eventId: e.id, startsAt: new Date(start!), endsAt: new Date(end!) });
      else gone.push(e.id);
    }
    pageToken = parsed.data.nextPageToken;
    nextSyncToken = parsed.data.nextSyncToken ?? nextSyncToken;
    if (!pageToken) break;
  }
  await services.db.transaction(async (tx) => {
    if (gone.length) {
      const removed = await tx
        .delete(calendarBusyBlocks)
        .where(and(eq(calendarBusyBlocks.connectionId, connection.id), eq(calendarBusyBlocks.calendarId, calendarId), inArray(calendarBusyBlocks.eventId, gone)))
        .returning({ id: calendarBusyBlocks.id });
      changed += removed.length;
    }
    for (const block of seen) {
      await tx
        .insert(calendarBusyBlocks)
        .values(block)
        .onConflictDoUpdate({ target: [calendarBusyBlocks.connectionId, calendarBusyBlocks.calendarId, calendarBusyBlocks.eventId], set: { startsAt: block.startsAt, endsAt: block.endsAt, userId: block.userId } });
      changed += 1;
    }
    const values = { syncToken: nextSyncToken ?? syncToken, lastSyncedAt: services.clock.now() };
    await tx
      .insert(calendarSyncs)
      .values({ companyId: connection.companyId, connectionId: connection.id, calendarId, ...values })
      .onConflictDoUpdate({ target: [calendarSyncs.connectionId, calendarSyncs.calendarId], set: values });
  });
  return changed;
}

/** Push notifications need Google to reach PUBLIC_URL: an https address that is not this machine. */
export function publicUrlReachable(publicUrl: string): boolean {
  try {
    const url = new URL(publicUrl);
    return url.protocol === 'https:' && !/^(localhost|127\.|\[::1\]|.*\.localhost$|.*\.local$)/.test(url.hostname);
  } catch {
    return false;
  }
}

export const PUSH_PATH = '/webhooks/google-calendar';
/** Google's channels last up to a week; asked for 6 days, renewed by the poll a day before they end. */
const CHANNEL_TTL_MS = 6 * DAY;

/** Opens (or renews) a push channel on each chosen calendar when PUBLIC_URL is public. Returns whether any is open. */
export async function ensurePushChannels(services: AppServices, connection: ConnectionRow): Promise<boolean> {
  if (!publicUrlReachable(services.publicUrl)) return false;
  const rows = await services.db.select().from(calendarSyncs).where(eq(calendarSyncs.connectionId, connection.id));
  const now = services.clock.now().getTime();
  let open = false;
  for (const row of rows) {
    if (row.channelId && row.channelExpiresAt && row.channelExpiresAt.getTime() - now > DAY) {
      open = true;
      continue;
    }
    const id = randomUUID();
    const token = generateToken();
    const { body } = await providerRequest(services, NAME, `${api(services)}/calendars/${encodeURIComponent(row.calendarId)}/events/watch`, {
      method: 'POST',
      accessToken: await accessTokenFor(services, connection),
      json: { id, type: 'web_hook', address: `${services.publicUrl}${PUSH_PATH}`, token, params: { ttl: String(CHANNEL_TTL_MS / 1000) } },
    });
    const answer = z.object({ resourceId: z.string().optional(), expiration: z.union([z.string(), z.number()]).optional() }).safeParse(body);
    const expiration = answer.success && answer.data.expiration !== undefined ? Number(answer.data.expiration) : now + CHANNEL_TTL_MS;
    await services.db
      .update(calendarSyncs)
      .set({ channelId: id, channelResourceId: answer.success ? (answer.data.resourceId ?? null) : null, channelTokenHash: sha256Hex(token), channelExpiresAt: new Date(expiration) })
      .where(eq(calendarSyncs.id, row.id));
    open = true;
  }
  return open;
}

/** Closes the push channels (disconnect): best effort, Google ends them itself at their expiry. */
export async function stopPushChannels(services: AppServices, connection: ConnectionRow, accessToken: string): Promise<void> {
  const rows = await services.db.select().from(calendarSyncs).where(eq(calendarSyncs.connectionId, connection.id));
  for (const row of rows) {
    if (!row.channelId || !row.channelResourceId) continue;
    await providerRequest(services, NAME, `${api(services)}/channels/stop`, { method: 'POST', accessToken, json: { id: row.channelId, resourceId: row.channelResourceId } }).catch(() => undefined);
  }
}

/** A push notification's channel: its connection when the channel id and token match, else null. */
export async function channelConnection(services: AppServices, channelId: string, token: string): Promise<string | null> {
  const [row] = await services.db.select({ connectionId: calendarSyncs.connectionId, tokenHash: calendarSyncs.channelTokenHash }).from(calendarSyncs).where(eq(calendarSyncs.channelId, channelId)).limit(1);
  if (!row?.tokenHash || row.tokenHash !== sha256Hex(token)) return null;
  return row.connectionId;
}

/** The Google event id of a booking: base32hex characters only (a–v, 0–9), the booking's id without hyphens. */
export const eventIdOf = (appointmentId: string) => `ll${appointmentId.replaceAll('-', '')}`;

/**
 * Makes the calendar match one booking: a booked appointment of the connected member has its event (created with
 * the booking's own event id, or patched to its time), a cancelled one — or one moved to another member — has none.
 * Idempotent: any number of runs in any order end in the booking's current state. Returns what it did in words,
 * or null when there was nothing to do.
 */
export async function reconcileBookingEvent(services: AppServices, appointmentId: string): Promise<{ connection: ConnectionRow; summary: string } | null> {
  const [row] = await services.db
    .select({ appointment: appointments, typeName: appointmentTypes.name, firstName: contacts.firstName, lastName: contacts.lastName, phone: contacts.phone, zone: companies.timezone })
    .from(appointments)
    .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
    .innerJoin(contacts, eq(contacts.id, appointments.contactId))
    .innerJoin(companies, eq(companies.id, appointments.companyId))
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  if (!row) return null;
  const { appointment } = row;
  const connection = await connectionOf(services.db, appointment.companyId, 'google_calendar');
  if (!connection || connection.status !== 'connected') return null;
  const settings = readGoogleSettings(connection);
  const [link] = await services.db
    .select()
    .from(integrationLinks)
    .where(and(eq(integrationLinks.companyId, appointment.companyId), eq(integrationLinks.kind, 'calendar_event'), eq(integrationLinks.localId, appointment.id)))
    .limit(1);
  const linkedCalendar = typeof link?.data.calendarId === 'string' ? link.data.calendarId : null;
  const wanted = appointment.status === 'booked' && appointment.userId === memberOf(connection) && settings.writeCalendarId !== null;
  const eventId = link?.externalId ?? eventIdOf(appointment.id);
  const client = contactDisplayName(row);
  const when = appointment.startsAt.toISOString();

  if (!wanted) {
    if (!link || !linkedCalendar) return null;
    try {
      await providerRequest(services, NAME, `${api(services)}/calendars/${encodeURIComponent(linkedCalendar)}/events/${encodeURIComponent(eventId)}`, { method: 'DELETE', accessToken: await accessTokenFor(services, connection) });
    } catch (error) {
      if (!(error instanceof ProviderError && (error.status === 404 || error.status === 410))) throw error;
    }
    await services.db.delete(integrationLinks).where(eq(integrationLinks.id, link.id));
    return { connection, summary: `Removed the calendar event of ${row.typeName} with ${client} (${appointment.status === 'cancelled' ? 'cancelled' : 'no longer yours'}).` };
  }

  const calendarId = settings.writeCalendarId!;
  const zone = row.zone ?? SCHEDULING_FALLBACK_ZONE;
  const event = {
    summary: truncate(`${row.typeName}: ${client}`, 200, { ellipsis: true }),
    description: truncate([row.phone ? `Phone: ${row.phone}` : null, appointment.address ? `Address: ${appointment.address}` : null, appointment.notes ? `Notes: ${appointment.notes}` : null, 'Booked in LeadLoop.'].filter(Boolean).join('\n'), 2000, { ellipsis: true }),
    ...(appointment.address ? { location: truncate(appointment.address, 300, { ellipsis: true }) } : {}),
    start: { dateTime: appointment.startsAt.toISOString(), timeZone: zone },
    end: { dateTime: appointment.endsAt.toISOString(), timeZone: zone },
    extendedProperties: { private: { leadloopAppointmentId: appointment.id } },
  };
  const accessToken = await accessTokenFor(services, connection);
  // Moved to another of the member's calendars since: the old event goes first.
  if (link && linkedCalendar && linkedCalendar !== calendarId) {
    await providerRequest(services, NAME, `${api(services)}/calendars/${encodeURIComponent(linkedCalendar)}/events/${encodeURIComponent(eventId)}`, { method: 'DELETE', accessToken }).catch((error: unknown) => {
      if (!(error instanceof ProviderError && (error.status === 404 || error.status === 410))) throw error;
    });
  }
  const eventUrl = `${api(services)}/calendars/${encodeURIComponent(calendarId)}/events`;
  let created = false;
  if (!link || linkedCalendar !== calendarId) {
    try {
      await providerRequest(services, NAME, eventUrl, { method: 'POST', accessToken, json: { id: eventId, ...event } });
      created = true;
    } catch (error) {
      // 409: the event exists already (an earlier run made it): patch it below.
      if (!(error instanceof ProviderError && error.status === 409)) throw error;
    }
  }
  if (!created) {
    try {
      await providerRequest(services, NAME, `${eventUrl}/${encodeURIComponent(eventId)}`, { method: 'PATCH', accessToken, json: event });
    } catch (error) {
      // Deleted in the calendar by hand since: the booking still stands, so its event is made again (a new id).
      if (!(error instanceof ProviderError && (error.status === 404 || error.status === 410))) throw error;
      const again = `${eventIdOf(appointment.id)}r${services.clock.now().getTime().toString(32)}`;
      await providerRequest(services, NAME, eventUrl, { method: 'POST', accessToken, json: { id: again, ...event } });
      created = true;
      await services.db.delete(integrationLinks).where(and(eq(integrationLinks.companyId, appointment.companyId), eq(integrationLinks.kind, 'calendar_event'), eq(integrationLinks.localId, appointment.id)));
      await services.db.insert(integrationLinks).values({ companyId: appointment.companyId, provider: 'google_calendar', kind: 'calendar_event', localId: appointment.id, externalId: again, data: { calendarId, startsAt: when }, updatedAt: services.clock.now() });
      return { connection, summary: `Added the calendar event of ${row.typeName} with ${client} again (it had been deleted in the calendar).` };
    }
  }
  const values = { externalId: eventId, data: { calendarId, startsAt: when }, updatedAt: services.clock.now() };
  if (link) await services.db.update(integrationLinks).set(values).where(eq(integrationLinks.id, link.id));
  else
    await services.db
      .insert(integrationLinks)
      .values({ companyId: appointment.companyId, provider: 'google_calendar', kind: 'calendar_event', localId: appointment.id, ...values })
      .onConflictDoNothing();
  return { connection, summary: `${created ? 'Added' : 'Updated'} the calendar event of ${row.typeName} with ${client}.` };
}

/** How long until the next poll, given whether push channels are open. */
export const nextPollDelay = (push: boolean) => (push ? POLL_WITH_PUSH_EVERY_MS : POLL_EVERY_MS);

/** The calendars' choice on the card: which calendars block times, which receives bookings. */
export async function chooseCalendars(services: AppServices, connection: ConnectionRow, input: { busyCalendarIds: string[]; writeCalendarId: string | null }): Promise<GoogleSettings> {
  const settings = readGoogleSettings(connection);
  const known = new Set(settings.calendars.map((c) => c.id));
  const busyCalendarIds = [...new Set(input.busyCalendarIds)].filter((id) => known.has(id)).slice(0, MAX_BUSY_CALENDARS);
  const writeCalendarId = input.writeCalendarId && known.has(input.writeCalendarId) ? input.writeCalendarId : null;
  const next = { ...settings, busyCalendarIds, writeCalendarId };
  await services.db.update(integrationConnections).set({ settings: next, updatedAt: services.clock.now() }).where(eq(integrationConnections.id, connection.id));
  return next;
}


/**
 * Queues the next read of a connection's calendars at the next point of a fixed grid (every `delayMs`), keyed by
 * that point: however many chains of polls exist (a reconnect starts one, several instances), they land on the
 * same points and the singleton key keeps one job per point.
 */
export async function schedulePoll(services: Pick<AppServices, 'queue' | 'clock'>, executor: Parameters<AppServices['queue']['enqueue']>[0], connection: Pick<ConnectionRow, 'id' | 'companyId'>, delayMs: number): Promise<void> {
  const runAt = Math.ceil((services.clock.now().getTime() + delayMs) / delayMs) * delayMs;
  await services.queue.enqueue(executor, CALENDAR_POLL_QUEUE, { connectionId: connection.id }, { companyId: connection.companyId, runAt: new Date(runAt), singletonKey: `poll:${connection.id}:${runAt}` });
}
