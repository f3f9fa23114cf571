import { and, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { isAnonymousCaller, MISSED_CALL_LIMITS } from '@contracts/call';
import { zonedTimeToInstant } from '@contracts/send-window';
import { calls, companies, contacts, conversations, leads, messages, users } from '@server/platform/db/schema';
import { afterCursor, keysetPage } from '@server/platform/db/keyset';
import { notFound } from '@server/platform/errors/app-error';
import { SECOND } from '@server/platform/lib/clock';
import type { CompanyScope } from '@server/platform/db/scope';
import { contactDisplayName } from '@contracts/person';
import type { ListCallsInput } from './calls.schema';
import { callRecordingPath, hasPlayableAudio } from './recordings.service';

type CallRow = typeof calls.$inferSelect;

/** Whether the caller texted back after the call (the "replied" chip): one inbound text in the thread since. */
const repliedSql = sql<boolean>`exists (select 1 from ${messages} m where m.conversation_id = ${calls.conversationId} and m.direction = 'inbound' and m.created_at > coalesce(${calls.missedAt}, ${calls.startedAt}))`;

const selection = {
  call: calls,
  contactFirstName: contacts.firstName,
  contactLastName: contacts.lastName,
  contactPhone: contacts.phone,
  leadStatus: leads.status,
  replied: repliedSql,
  answeredByFirstName: users.firstName,
  answeredByLastName: users.lastName,
};

type Selected = {
  call: CallRow;
  contactFirstName: string | null;
  contactLastName: string | null;
  contactPhone: string | null;
  leadStatus: string | null;
  replied: boolean;
  answeredByFirstName: string | null;
  answeredByLastName: string | null;
};

/** A call as the API shows it (times in epoch ms). */
function toCallView(row: Selected) {
  const c = row.call;
  return {
    id: c.id,
    direction: c.direction,
    from: c.fromNumber,
    to: c.toNumber,
    status: c.status,
    routingMode: c.routingMode,
    startedAt: c.startedAt.getTime(),
    answeredAt: c.answeredAt?.getTime() ?? null,
    /** Who on the team answered it in the app; null when answered on a phone (or their account was removed). */
    answeredBy: c.answeredByUserId && row.answeredByFirstName !== null ? { id: c.answeredByUserId, name: `${row.answeredByFirstName} ${row.answeredByLastName ?? ''}`.trim() } : null,
    endedAt: c.endedAt?.getTime() ?? null,
    ringSeconds: c.ringSeconds,
    talkSeconds: c.talkSeconds,
    missed: c.missed,
    missedReason: c.missedReason,
    forwardedTo: c.forwardedTo,
    contact: c.contactId && row.contactPhone ? { id: c.contactId, name: contactDisplayName({ firstName: row.contactFirstName, lastName: row.contactLastName, phone: row.contactPhone }) } : null,
    conversationId: c.conversationId,
    lead: c.leadId && row.leadStatus ? { id: c.leadId, status: row.leadStatus } : null,
    voicemail:
      c.recordingSeconds !== null
        ? {
            // Played through LeadLoop (session + company checked; Twilio's own URL needs the account's credentials).
            audioUrl: hasPlayableAudio(c) ? callRecordingPath(c.id) : null,
            seconds: c.recordingSeconds,
            transcript: c.transcript,
            transcriptStatus: c.transcriptStatus,
          }
        : null,
    textBack: {
      outcome: c.textBackOutcome,
      reason: c.textBackReason,
      /** For reason repeat_caller: the window (hours) that applied then; null for calls skipped before it was kept. */
      repeatWindowHours: c.textBackRepeatWindowHours,
      messageId: c.textBackMessageId,
      dueAt: c.textBackDueAt?.getTime() ?? null,
    },
    replied: Boolean(row.replied),
  };
}
export type CallView = ReturnType<typeof toCallView>;

function baseQuery(scope: Pick<CompanyScope, 'db'>) {
  return scope.db
    .select(selection)
    .from(calls)
    .leftJoin(contacts, eq(contacts.id, calls.contactId))
    .leftJoin(leads, eq(leads.id, calls.leadId))
    .leftJoin(users, and(eq(users.id, calls.answeredByUserId), eq(users.companyId, calls.companyId)));
}

/** The start of a local day ("2026-11-21") in the company's time zone. */
function dayStart(day: string, zone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(zonedTimeToInstant({ year, month, day: date, hour: 0, minute: 0 }, zone));
}

function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/**
 * An explicit client or thread must be one of the caller's company (a merged-away client is gone, as on its page):
 * another company's id answers NOT_FOUND rather than an empty list that would read as "no calls". Their calls are
 * the ones linked to them (a missed call becomes the client's and the thread's through the intake path) and the
 * calls nobody linked from their number (a call the team answered, or one still ringing): those are theirs too.
 */
async function ownFilters(scope: Pick<CompanyScope, 'db' | 'companyId'>, input: ListCallsInput): Promise<SQL[]> {
  const where: SQL[] = [];
  if (input.contactId) {
    const [contact] = await scope.db
      .select({ id: contacts.id, phone: contacts.phone, otherPhones: contacts.otherPhones })
      .from(contacts)
      .where(and(eq(contacts.id, input.contactId), eq(contacts.companyId, scope.companyId), isNull(contacts.mergedIntoId)))
      .limit(1);
    if (!contact) throw notFound('Client');
    where.push(or(eq(calls.contactId, contact.id), and(isNull(calls.contactId), inArray(calls.fromNumber, [...(contact.phone ? [contact.phone] : []), ...contact.otherPhones, ''])))!);
  }
  if (input.conversationId) {
    const [conversation] = await scope.db
      .select({ id: conversations.id, phoneNumberId: conversations.phoneNumberId, peerPhone: conversations.peerPhone })
      .from(conversations)
      .where(and(eq(conversations.id, input.conversationId), eq(conversations.companyId, scope.companyId)))
      .limit(1);
    if (!conversation) throw notFound('Conversation');
    where.push(
      or(
        eq(calls.conversationId, conversation.id),
        and(isNull(calls.conversationId), eq(calls.fromNumber, conversation.peerPhone), eq(calls.phoneNumberId, conversation.phoneNumberId)),
      )!,
    );
  }
  return where;
}

/** Missed calls → History: the company's calls, newest first, by local date range and outcome (or one client's / thread's). */
export async function listCalls(scope: Pick<CompanyScope, 'db' | 'companyId'>, input: ListCallsInput) {
  const byClientOrThread = await ownFilters(scope, input);
  const [company] = await scope.db.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, scope.companyId)).limit(1);
  const zone = company?.timezone ?? 'America/New_York';
  const where: SQL[] = [eq(calls.companyId, scope.companyId)];
  if (input.from) where.push(gte(calls.startedAt, dayStart(input.from, zone)));
  // "to" includes that whole day: before the next local midnight.
  if (input.to) where.push(lt(calls.startedAt, dayStart(nextDay(input.to), zone)));
  if (input.outcome === 'missed') where.push(eq(calls.missed, true));
  else if (input.outcome === 'voicemail') where.push(isNotNull(calls.recordingSeconds), gt(calls.recordingSeconds, 0));
  else if (input.outcome) where.push(eq(calls.textBackOutcome, input.outcome));
  where.push(...byClientOrThread);
  where.push(...afterCursor(input.cursor, calls.startedAt, calls.id));
  const rows = await baseQuery(scope)
    .where(and(...where))
    .orderBy(desc(calls.startedAt), desc(calls.id))
    .limit(input.limit + 1);
  const { page, nextCursor } = keysetPage(rows, input.limit, (r) => ({ at: r.call.startedAt.getTime(), id: r.call.id }));
  return { items: page.map(toCallView), nextCursor };
}

/** One call of the caller's company; another company's id answers NOT_FOUND, like an unknown one. */
export async function getCall(scope: Pick<CompanyScope, 'db' | 'companyId'>, id: string): Promise<CallView> {
  const [row] = await baseQuery(scope)
    .where(and(eq(calls.id, id), eq(calls.companyId, scope.companyId)))
    .limit(1);
  if (!row) throw notFound('Call');
  return toCallView(row);
}

/** A call rings at most the longest ring timeout (plus a margin for a late job): older "ringing" rows are not shown. */
const RINGING_SHOWN_MS = (MISSED_CALL_LIMITS.ringTimeoutSeconds.max + 30) * SECOND;

/**
 * The calls ringing the team now (routing mode a), newest first, for the app's incoming-call card. The test
 * phone's calls can be answered in the app; a Twilio call rings the business's phone and is answered there.
 */
export async function ringingCalls(scope: CompanyScope) {
  const rows = await scope.db
    .select({ call: calls, firstName: contacts.firstName, lastName: contacts.lastName, phone: contacts.phone })
    .from(calls)
    .leftJoin(contacts, and(eq(contacts.companyId, calls.companyId), eq(contacts.phone, calls.fromNumber)))
    .where(
      and(
        eq(calls.companyId, scope.companyId),
        eq(calls.status, 'ringing'),
        isNotNull(calls.forwardedTo),
        gt(calls.startedAt, new Date(scope.now.getTime() - RINGING_SHOWN_MS)),
      ),
    )
    .orderBy(desc(calls.startedAt))
    .limit(5);
  const seen = new Set<string>();
  return rows
    .filter((row) => !seen.has(row.call.id) && seen.add(row.call.id))
    .map(({ call, firstName, lastName, phone }) => ({
      id: call.id,
      from: isAnonymousCaller(call.fromNumber) ? null : call.fromNumber,
      callerName: phone ? contactDisplayName({ firstName, lastName, phone }) : null,
      startedAt: call.startedAt.getTime(),
      ringsPhone: call.forwardedTo,
      answerableHere: call.provider === 'simulator',
    }));
}
