import { and, desc, eq, gt, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { LEAD_SOURCES, type LeadSource } from '@contracts/lead';
import { zonesForPhone } from '@contracts/send-window';
import { aiTurns, appointments, calls, companies, contacts, conversations, leads, messages, phoneNumbers, simulatorDevices, users } from '@server/platform/db/schema';
import { DAY, MINUTE } from '@server/platform/lib/clock';
import type { CompanyScope } from '@server/platform/db/scope';
import { contactDisplayName } from '@contracts/person';

export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** A new lead nobody has answered for this long is listed under "needs attention". */
const UNANSWERED_AFTER_MS = 5 * MINUTE;
const ATTENTION_ITEMS = 8;
/** Who counts as answering a lead: a person, the assistant or an automation — not a compliance auto-reply. */
const ANSWERING_AUTHORS = ['user', 'ai', 'flow'] as const;

function zoneOf(company: { timezone: string | null; signupPhone: string | null }): string {
  return company.timezone ?? (company.signupPhone ? zonesForPhone(company.signupPhone)[0] : undefined) ?? 'America/New_York';
}

/** YYYY-MM-DD of an instant in a time zone. */
function localDay(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** Leads the team has marked qualified, or further along (booked, won). */
const QUALIFIED_STATUSES = ['qualified', 'booked', 'won'] as const;

/** Threads the assistant handed to a person in [from, to) (asked for a person, upset, emergency, daily cap, …). */
async function handoffCount(scope: CompanyScope, from: Date, to: Date): Promise<number> {
  const [row] = await scope.db
    .select({ n: sql<number>`count(*)::int` })
    .from(aiTurns)
    .where(and(eq(aiTurns.companyId, scope.companyId), eq(aiTurns.action, 'handoff'), gte(aiTurns.createdAt, from), lt(aiTurns.createdAt, to)));
  return row?.n ?? 0;
}

async function leadCount(scope: CompanyScope, from: Date, to: Date, options: { qualified?: boolean } = {}): Promise<number> {
  const [row] = await scope.db
    .select({ n: sql<number>`count(*)::int` })
    .from(leads)
    .where(
      and(
        eq(leads.companyId, scope.companyId),
        gte(leads.createdAt, from),
        lt(leads.createdAt, to),
        options.qualified ? inArray(leads.status, [...QUALIFIED_STATUSES]) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Bookings made in [from, to) — by the team or the assistant, counted when booked (not when the visit is) — that
 * are not cancelled since: a booking moved counts once, on the day it was made (decision 0040).
 */
async function bookingCount(scope: CompanyScope, from: Date, to: Date): Promise<number> {
  const [row] = await scope.db
    .select({ n: sql<number>`count(*)::int` })
    .from(appointments)
    .where(and(eq(appointments.companyId, scope.companyId), ne(appointments.status, 'cancelled'), gte(appointments.createdAt, from), lt(appointments.createdAt, to)));
  return row?.n ?? 0;
}

/**
 * Median time from a lead arriving to the first answer a person (or, later, the assistant or an automation) sent
 * the client, over the leads of the period that were answered; `answered` of `leads` says how many that is.
 */
async function firstResponse(scope: CompanyScope, from: Date, to: Date) {
  const firstAnswer = sql`(select min(${messages.createdAt}) from ${messages} where ${messages.contactId} = ${leads.contactId}
    and ${messages.direction} = 'outbound' and ${inArray(messages.author, [...ANSWERING_AUTHORS])} and ${messages.createdAt} >= ${leads.createdAt})`;
  const [row] = await scope.db
    .select({
      leads: sql<number>`count(*)::int`,
      answered: sql<number>`count(${firstAnswer})::int`,
      medianSeconds: sql<number | null>`percentile_cont(0.5) within group (order by extract(epoch from (${firstAnswer} - ${leads.createdAt})))`,
    })
    .from(leads)
    .where(and(eq(leads.companyId, scope.companyId), gte(leads.createdAt, from), lt(leads.createdAt, to)));
  const median = row?.medianSeconds;
  return { medianSeconds: median === null || median === undefined ? null : Math.round(Number(median)), answered: row?.answered ?? 0, leads: row?.leads ?? 0 };
}

/**
 * Missed calls → texted back → replied → qualified, over the calls missed in the period: of those, how many got their
 * text-back (handed to the carrier and not failed), of those how many callers texted the business after it (an
 * inbound text in the text-back's thread after the text-back), and of those how many calls' leads the team marked
 * qualified, booked or won. Skipped, pending and failed text-backs stop at "missed".
 */
async function missedCallFunnel(scope: CompanyScope, from: Date, to: Date) {
  // Qualified by hand: inside the subquery drizzle would print the outer columns unqualified.
  const replied = sql`exists (select 1 from ${messages} as text_back join ${messages} as reply on reply.conversation_id = text_back.conversation_id
    where text_back.id = "calls"."text_back_message_id" and reply.direction = 'inbound' and reply.created_at > text_back.created_at)`;
  const texted = sql`${calls.textBackOutcome} = 'texted'`;
  const qualified = sql`exists (select 1 from ${leads} where ${leads.id} = "calls"."lead_id" and ${inArray(leads.status, [...QUALIFIED_STATUSES])})`;
  const [row] = await scope.db
    .select({
      missed: sql<number>`count(*)::int`,
      textedBack: sql<number>`count(*) filter (where ${texted})::int`,
      replied: sql<number>`count(*) filter (where ${texted} and ${replied})::int`,
      qualified: sql<number>`count(*) filter (where ${texted} and ${replied} and ${qualified})::int`,
    })
    .from(calls)
    .where(and(eq(calls.companyId, scope.companyId), eq(calls.missed, true), gte(calls.startedAt, from), lt(calls.startedAt, to)));
  return { missed: row?.missed ?? 0, textedBack: row?.textedBack ?? 0, replied: row?.replied ?? 0, qualified: row?.qualified ?? 0 };
}

/**
 * /dashboard: the period's figures from the data as it is, each beside the period before, what needs a person
 * now, the missed-call funnel, and the setup checklist from the real setup state. Figures whose source is not built
 * yet (AI-answered calls) are not here: the screen says what will feed them.
 */
export async function dashboardSummary(scope: CompanyScope, input: { days: DashboardPeriod }) {
  // The current period includes this very moment; each period is [from, to).
  const now = new Date(scope.now.getTime() + 1);
  const from = new Date(now.getTime() - input.days * DAY);
  const previousFrom = new Date(from.getTime() - input.days * DAY);
  const [company] = await scope.db.select().from(companies).where(eq(companies.id, scope.companyId)).limit(1);
  const zone = zoneOf(company ?? { timezone: null, signupPhone: null });

  const [newLeads, previousLeads, qualified, previousQualified, response, previousResponse] = [
    await leadCount(scope, from, now),
    await leadCount(scope, previousFrom, from),
    await leadCount(scope, from, now, { qualified: true }),
    await leadCount(scope, previousFrom, from, { qualified: true }),
    await firstResponse(scope, from, now),
    await firstResponse(scope, previousFrom, from),
  ];
  const handoffs = { current: await handoffCount(scope, from, now), previous: await handoffCount(scope, previousFrom, from) };
  const bookings = { current: await bookingCount(scope, from, now), previous: await bookingCount(scope, previousFrom, from) };

  const bySourceRows = await scope.db
    .select({ source: leads.source, n: sql<number>`count(*)::int` })
    .from(leads)
    .where(and(eq(leads.companyId, scope.companyId), gte(leads.createdAt, from), lt(leads.createdAt, now)))
    .groupBy(leads.source);
  const bySource = new Map<LeadSource, number>(bySourceRows.map((r) => [r.source, r.n]));

  const dayExpr = sql<string>`to_char(${leads.createdAt} at time zone ${zone}, 'YYYY-MM-DD')`;
  const byDayRows = await scope.db
    .select({ day: dayExpr, n: sql<number>`count(*)::int` })
    .from(leads)
    .where(and(eq(leads.companyId, scope.companyId), gte(leads.createdAt, from), lt(leads.createdAt, now)))
    // By position: the zone is a parameter, and two parameters are two expressions to PostgreSQL.
    .groupBy(sql`1`);
  const byDay = new Map(byDayRows.map((r) => [r.day, r.n]));
  const days: Array<{ day: string; count: number }> = [];
  for (let i = input.days - 1; i >= 0; i -= 1) {
    const day = localDay(new Date(now.getTime() - i * DAY), zone);
    if (days.at(-1)?.day !== day) days.push({ day, count: byDay.get(day) ?? 0 });
  }

  return {
    days: input.days,
    timezone: zone,
    newLeads: { current: newLeads, previous: previousLeads },
    /** Leads of the period qualified (by the assistant or the team), booked or won. */
    qualified: { current: qualified, previous: previousQualified },
    /** Threads the assistant handed to the team in the period. */
    handoffs,
    /** Bookings made in the period and not cancelled. */
    bookings,
    firstResponse: { current: response, previous: previousResponse },
    leadsBySource: LEAD_SOURCES.map((source) => ({ source, count: bySource.get(source) ?? 0 })).filter((s) => s.count > 0),
    leadsByDay: days,
    missedCalls: await missedCallFunnel(scope, from, now),
    needsAttention: await needsAttention(scope),
    setup: await setupState(scope, company),
  };
}

type AttentionKind = 'unanswered' | 'needs_human' | 'unread' | 'failed';

/** What needs a person now, whatever the period: new leads nobody answered, leads marked as needing a person, unread texts, failed texts. */
async function needsAttention(scope: CompanyScope) {
  const now = scope.now;
  const answered = sql`exists (select 1 from ${messages} where ${messages.contactId} = ${leads.contactId} and ${messages.direction} = 'outbound'
    and ${inArray(messages.author, [...ANSWERING_AUTHORS])} and ${messages.createdAt} >= ${leads.createdAt})`;
  const unansweredWhere = and(
    eq(leads.companyId, scope.companyId),
    eq(leads.status, 'new'),
    // A lead the team typed in themselves is theirs already; the others wait for a first answer.
    ne(leads.source, 'manual'),
    lt(leads.createdAt, new Date(now.getTime() - UNANSWERED_AFTER_MS)),
    sql`not ${answered}`,
  );
  const [unansweredCount] = await scope.db.select({ n: sql<number>`count(*)::int` }).from(leads).where(unansweredWhere);
  const unanswered = await scope.db
    .select({ lead: leads, contact: contacts })
    .from(leads)
    .innerJoin(contacts, eq(contacts.id, leads.contactId))
    .where(unansweredWhere)
    .orderBy(leads.createdAt)
    .limit(ATTENTION_ITEMS);
  // "Needs a person" is read from the leads so marked — by the team, or by the assistant when it hands a thread
  // over — not from the thread mode (a thread the team simply took over is theirs, not waiting).
  const needsHumanWhere = and(eq(leads.companyId, scope.companyId), eq(leads.status, 'needs_human'));
  const [needsHumanCount] = await scope.db.select({ n: sql<number>`count(*)::int` }).from(leads).where(needsHumanWhere);
  const needsHumanLeads = await scope.db
    .select({ lead: leads, contact: contacts })
    .from(leads)
    .innerJoin(contacts, eq(contacts.id, leads.contactId))
    .where(needsHumanWhere)
    .orderBy(desc(leads.updatedAt))
    .limit(ATTENTION_ITEMS);
  const [counts] = await scope.db
    .select({ unread: sql<number>`count(*)::int` })
    .from(conversations)
    .where(and(eq(conversations.companyId, scope.companyId), gt(conversations.unreadCount, 0)));
  const unreadThreads = await scope.db
    .select({ conversation: conversations, contact: contacts })
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .where(and(eq(conversations.companyId, scope.companyId), gt(conversations.unreadCount, 0)))
    .orderBy(desc(conversations.lastMessageAt))
    .limit(ATTENTION_ITEMS);
  const weekAgo = new Date(now.getTime() - 7 * DAY);
  const failedFilter = and(eq(messages.companyId, scope.companyId), eq(messages.status, 'failed'), gte(messages.createdAt, weekAgo));
  const [failedCount] = await scope.db.select({ n: sql<number>`count(*)::int` }).from(messages).where(failedFilter);
  const failed = await scope.db
    .select({ message: messages, contact: contacts })
    .from(messages)
    .innerJoin(contacts, eq(contacts.id, messages.contactId))
    .where(failedFilter)
    .orderBy(desc(messages.createdAt))
    .limit(ATTENTION_ITEMS);

  const items: Array<{ kind: AttentionKind; id: string; conversationId: string | null; leadId: string | null; name: string; detail: string; at: number }> = [
    ...unanswered.map(({ lead, contact }) => ({
      kind: 'unanswered' as const,
      id: `lead:${lead.id}`,
      conversationId: null,
      leadId: lead.id,
      name: contactDisplayName(contact),
      detail: lead.summary ?? '',
      at: lead.createdAt.getTime(),
    })),
    ...needsHumanLeads.map(({ lead, contact }) => ({
      kind: 'needs_human' as const,
      id: `needs_human:${lead.id}`,
      conversationId: null,
      leadId: lead.id,
      name: contactDisplayName(contact),
      detail: lead.summary ?? '',
      at: lead.updatedAt.getTime(),
    })),
    ...unreadThreads.map(({ conversation, contact }) => ({
      kind: 'unread' as const,
      id: `conversation:${conversation.id}`,
      conversationId: conversation.id,
      leadId: null,
      name: contactDisplayName(contact),
      detail: conversation.lastMessagePreview ?? '',
      at: (conversation.lastMessageAt ?? conversation.createdAt).getTime(),
    })),
    ...failed.map(({ message, contact }) => ({
      kind: 'failed' as const,
      id: `message:${message.id}`,
      conversationId: message.conversationId,
      leadId: null,
      name: contactDisplayName(contact),
      detail: message.errorMessage ?? 'The text was not delivered.',
      at: message.createdAt.getTime(),
    })),
  ];
  return {
    unanswered: unansweredCount?.n ?? 0,
    unread: counts?.unread ?? 0,
    needsHuman: needsHumanCount?.n ?? 0,
    failed: failedCount?.n ?? 0,
    items: items.sort((a, b) => b.at - a.at).slice(0, ATTENTION_ITEMS),
  };
}

/** The checklist from what is really set up. */
async function setupState(scope: CompanyScope, company: typeof companies.$inferSelect | undefined) {
  const [number] = await scope.db
    .select({ e164: phoneNumbers.e164, provider: phoneNumbers.provider })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.companyId, scope.companyId), eq(phoneNumbers.status, 'active')))
    .limit(1);
  const [firstLead] = await scope.db.select({ id: leads.id }).from(leads).where(eq(leads.companyId, scope.companyId)).limit(1);
  const [testPhone] = await scope.db.select({ id: simulatorDevices.id }).from(simulatorDevices).where(eq(simulatorDevices.companyId, scope.companyId)).limit(1);
  const [team] = await scope.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.companyId, scope.companyId));
  return {
    businessNumber: number ? { e164: number.e164, provider: number.provider } : null,
    /** A test phone added in Settings → Phone (only meaningful with the test number). */
    testPhone: Boolean(testPhone),
    companyDetails: Boolean(company?.timezone && company.hours),
    address: Boolean(company?.addressLine1 && company.city && company.region),
    alertPhone: Boolean(company?.alertPhone),
    firstLead: Boolean(firstLead),
    teamMembers: team?.n ?? 0,
  };
}
