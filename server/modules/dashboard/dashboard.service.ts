import { and, desc, eq, gt, gte, lt, ne, type SQL, sql } from 'drizzle-orm';
import { AVERAGE_JOB_VALUE_MAX_CENTS, AVERAGE_JOB_VALUE_MIN_CENTS, type DashboardPeriod } from '@contracts/dashboard';
import { LEAD_SOURCES } from '@contracts/lead';
import { contactDisplayName } from '@contracts/person';
import { zonesForPhone } from '@contracts/send-window';
import { companies, contacts, conversations, dashboardLeadFacts, dashboardSettings, leads, messages, phoneNumbers, simulatorDevices, users } from '@server/platform/db/schema';
import type { CompanyScope } from '@server/platform/db/scope';
import { AppError } from '@server/platform/errors/app-error';
import { DAY, MINUTE } from '@server/platform/lib/clock';
import { aiAnsweredCalls, aiHandoffs, ensureRollup, firstResponseMedians, leadFigures, leadsByDay, leadsBySource, missedCallFigures } from './dashboard.queries';
import { periodBounds } from './periods';

/** A new lead nobody has answered for this long is listed under "needs attention". */
export const UNANSWERED_AFTER_MS = 5 * MINUTE;
const ATTENTION_ITEMS = 8;

export function zoneOf(company: { timezone: string | null; signupPhone: string | null }): string {
  return company.timezone ?? (company.signupPhone ? zonesForPhone(company.signupPhone)[0] : undefined) ?? 'America/New_York';
}

/** The average job value as set, who set it and when; null until someone sets one (no figure is made up). */
async function averageJobValue(scope: CompanyScope) {
  const [row] = await scope.db
    .select({ cents: dashboardSettings.averageJobValueCents, at: dashboardSettings.updatedAt, firstName: users.firstName, lastName: users.lastName })
    .from(dashboardSettings)
    .leftJoin(users, eq(users.id, dashboardSettings.updatedByUserId))
    .where(eq(dashboardSettings.companyId, scope.companyId))
    .limit(1);
  if (!row) return null;
  return { cents: row.cents, setAt: row.at.getTime(), setBy: row.firstName ? `${row.firstName} ${row.lastName ?? ''}`.trim() : null };
}

/**
 * /dashboard for a period in the company's time zone: the leads that arrived in it and how far they got (each
 * beside the same stretch before it), the missed-call funnel, the AI's share, the recovered-revenue estimate
 * with its formula, leads by channel and by day, what needs a person now, and the setup checklist.
 */
export async function dashboardSummary(scope: CompanyScope, input: { period: DashboardPeriod }) {
  const [company] = await scope.db.select().from(companies).where(eq(companies.id, scope.companyId)).limit(1);
  const zone = zoneOf(company ?? { timezone: null, signupPhone: null });
  const bounds = periodBounds(input.period, scope.now.getTime(), zone);
  await ensureRollup(scope, zone);

  const counts = await leadFigures(scope, bounds);
  const medians = await firstResponseMedians(scope, bounds);
  const figures = {
    current: { ...counts.current, medianFirstResponseSeconds: medians.current },
    previous: { ...counts.previous, medianFirstResponseSeconds: medians.previous },
  };
  const missedCalls = await missedCallFigures(scope, bounds);
  const aiCalls = await aiAnsweredCalls(scope, bounds);
  const handoffs = await aiHandoffs(scope, bounds);
  const bySource = await leadsBySource(scope, bounds);
  const byDay = await leadsByDay(scope, bounds);
  const jobValue = await averageJobValue(scope);
  const recoveredJobs = missedCalls.current.booked;

  return {
    period: input.period,
    timezone: zone,
    current: { from: bounds.current.from, to: scope.now.getTime(), firstDay: bounds.days[0]!, lastDay: bounds.days.at(-1)! },
    previous: { from: bounds.previous.from, to: bounds.previous.to - 1, firstDay: bounds.previousDays.first, lastDay: bounds.previousDays.last },
    leads: figures,
    aiAnsweredCalls: aiCalls,
    /** Threads the assistant handed to the team in each period. */
    handoffs,
    missedCalls,
    /**
     * Jobs booked from missed calls (texted back, replied, booked or won) × the average job value: what the
     * text-back won that a missed call would have lost. No estimate until the owner sets the average job value.
     */
    recoveredRevenue: {
      bookedFromMissedCalls: recoveredJobs,
      averageJobValue: jobValue,
      estimateCents: jobValue ? recoveredJobs * jobValue.cents : null,
    },
    leadsBySource: LEAD_SOURCES.map((source) => ({ source, count: bySource.find((s) => s.source === source)?.count ?? 0 })).filter((s) => s.count > 0),
    leadsByDay: bounds.days.map((day) => ({ day, count: byDay.get(day) ?? 0 })),
    needsAttention: await needsAttention(scope),
    setup: await setupState(scope, company),
  };
}

/** Sets (or, with null, clears) the company's average job value. Last write wins (decision 0053). */
export async function setAverageJobValue(scope: CompanyScope, input: { averageJobValueCents: number | null }) {
  const cents = input.averageJobValueCents;
  if (cents !== null && (!Number.isInteger(cents) || cents < AVERAGE_JOB_VALUE_MIN_CENTS || cents > AVERAGE_JOB_VALUE_MAX_CENTS)) {
    throw new AppError('INVALID', 'The average job value must be between $1 and $1,000,000.', undefined, 'averageJobValueCents');
  }
  if (cents === null) {
    await scope.db.delete(dashboardSettings).where(eq(dashboardSettings.companyId, scope.companyId));
  } else {
    const values = { averageJobValueCents: cents, updatedByUserId: scope.userId, updatedAt: scope.now };
    await scope.db
      .insert(dashboardSettings)
      .values({ companyId: scope.companyId, ...values })
      .onConflictDoUpdate({ target: dashboardSettings.companyId, set: values });
  }
  return { averageJobValue: await averageJobValue(scope) };
}

type AttentionKind = 'unanswered' | 'needs_human' | 'unread' | 'failed';

/** New leads nobody has answered for 5 minutes (count, oldest first), and when the next one waiting will join them. */
export async function unansweredLeads(scope: CompanyScope) {
  const now = scope.now;
  // From the dashboard's lead facts (kept by the database as texts go out). A lead the team typed in themselves is
  // theirs already; the others wait 5 minutes for a first answer.
  const waitingWhere = (since: SQL) =>
    and(eq(dashboardLeadFacts.companyId, scope.companyId), eq(dashboardLeadFacts.status, 'new'), eq(dashboardLeadFacts.handled, 'none'), ne(dashboardLeadFacts.source, 'manual'), since);
  const unansweredWhere = waitingWhere(lt(dashboardLeadFacts.createdAt, new Date(now.getTime() - UNANSWERED_AFTER_MS))!);
  const [count] = await scope.db.select({ n: sql<number>`count(*)::int` }).from(dashboardLeadFacts).where(unansweredWhere);
  // The next lead to join "no reply yet" when its 5 minutes are up: the screen asks again then (no event says so).
  const [waiting] = await scope.db
    .select({ first: sql<number | null>`(extract(epoch from min(${dashboardLeadFacts.createdAt})) * 1000)::float8` })
    .from(dashboardLeadFacts)
    .where(waitingWhere(gte(dashboardLeadFacts.createdAt, new Date(now.getTime() - UNANSWERED_AFTER_MS))!));
  const rows = await scope.db
    .select({ lead: leads, contact: contacts })
    .from(dashboardLeadFacts)
    .innerJoin(leads, eq(leads.id, dashboardLeadFacts.leadId))
    .innerJoin(contacts, eq(contacts.id, leads.contactId))
    .where(unansweredWhere)
    .orderBy(dashboardLeadFacts.createdAt)
    .limit(ATTENTION_ITEMS);
  const first = waiting?.first;
  return { count: count?.n ?? 0, rows, refreshAt: first === null || first === undefined ? null : Math.round(Number(first)) + UNANSWERED_AFTER_MS };
}

/**
 * "Needs a person" is read from the leads so marked — by the team, or by the assistant when it hands a thread
 * over — not from the thread mode (a thread the team simply took over is theirs, not waiting).
 */
export async function needsHumanLeads(scope: CompanyScope) {
  const where = and(eq(leads.companyId, scope.companyId), eq(leads.status, 'needs_human'));
  const [count] = await scope.db.select({ n: sql<number>`count(*)::int` }).from(leads).where(where);
  const rows = await scope.db.select({ lead: leads, contact: contacts }).from(leads).innerJoin(contacts, eq(contacts.id, leads.contactId)).where(where).orderBy(desc(leads.updatedAt)).limit(ATTENTION_ITEMS);
  return { count: count?.n ?? 0, rows };
}

export async function unreadThreads(scope: CompanyScope) {
  const where = and(eq(conversations.companyId, scope.companyId), gt(conversations.unreadCount, 0));
  const [count] = await scope.db.select({ n: sql<number>`count(*)::int` }).from(conversations).where(where);
  const rows = await scope.db
    .select({ conversation: conversations, contact: contacts })
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .where(where)
    .orderBy(desc(conversations.lastMessageAt))
    .limit(ATTENTION_ITEMS);
  return { count: count?.n ?? 0, rows };
}

/** Texts that failed in the last 7 days. */
export async function failedTexts(scope: CompanyScope) {
  const where = and(eq(messages.companyId, scope.companyId), eq(messages.status, 'failed'), gte(messages.createdAt, new Date(scope.now.getTime() - 7 * DAY)));
  const [count] = await scope.db.select({ n: sql<number>`count(*)::int` }).from(messages).where(where);
  const rows = await scope.db.select({ message: messages, contact: contacts }).from(messages).innerJoin(contacts, eq(contacts.id, messages.contactId)).where(where).orderBy(desc(messages.createdAt)).limit(ATTENTION_ITEMS);
  return { count: count?.n ?? 0, rows };
}

/** What needs a person now, whatever the period: new leads nobody answered, leads marked as needing a person, unread texts, failed texts. */
export async function needsAttention(scope: CompanyScope) {
  const waiting = await unansweredLeads(scope);
  const needsHuman = await needsHumanLeads(scope);
  const unread = await unreadThreads(scope);
  const failed = await failedTexts(scope);
  const unanswered = waiting.rows;
  const needsHumanRows = needsHuman.rows;
  const unreadRows = unread.rows;
  const failedRows = failed.rows;

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
    ...needsHumanRows.map(({ lead, contact }) => ({
      kind: 'needs_human' as const,
      id: `needs_human:${lead.id}`,
      conversationId: null,
      leadId: lead.id,
      name: contactDisplayName(contact),
      detail: lead.summary ?? '',
      at: lead.updatedAt.getTime(),
    })),
    ...unreadRows.map(({ conversation, contact }) => ({
      kind: 'unread' as const,
      id: `conversation:${conversation.id}`,
      conversationId: conversation.id,
      leadId: null,
      name: contactDisplayName(contact),
      detail: conversation.lastMessagePreview ?? '',
      at: (conversation.lastMessageAt ?? conversation.createdAt).getTime(),
    })),
    ...failedRows.map(({ message, contact }) => ({
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
    unanswered: waiting.count,
    unread: unread.count,
    needsHuman: needsHuman.count,
    failed: failed.count,
    items: items.sort((a, b) => b.at - a.at).slice(0, ATTENTION_ITEMS),
    /** When a waiting lead will count as unanswered (epoch ms), or null: the screen refreshes itself then. */
    refreshAt: waiting.refreshAt,
  };
}

/** The checklist from what is really set up. */
export async function setupState(scope: CompanyScope, company: typeof companies.$inferSelect | undefined) {
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
