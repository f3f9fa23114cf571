import { and, desc, eq, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/platform/db/database';
import { auditLog, companies, contacts, conversations, leads, users } from '@server/platform/db/schema';
import { CALLER_WORDS_SOURCES, type CallerWordsSource, heardFactSentence } from '@contracts/caller-facts';
import { zonesForPhone } from '@contracts/send-window';
import { LEAD_SOURCE_WORDS, LEAD_STATUS_WORDS, type LeadSource, type LeadStatus } from '@contracts/lead';
import { contactDisplayName, fullName } from '@contracts/person';
import { formatPhone } from '@contracts/phone';
import { contactFullName, searchWhere } from '@server/platform/db/search';
import { notFound } from '@server/platform/errors/app-error';
import { takeInquiry } from '@server/modules/intake/intake.service';
import { type EventBatch, type EventDeps, transactionWithEvents } from '@server/platform/events/domain-events';
import type { AppServices } from '@server/platform/services';
import type { CompanyScope } from '@server/platform/db/scope';
import { writeUserAudit } from '@server/modules/audit/audit.service';
import { CONTACT_SUMMARY_COLUMNS, contactSummary } from '@server/modules/contacts/contact-summary';
import { assertTeamMember, listTeam } from '@server/modules/team/team.service';


export interface LeadFilters {
  status?: LeadStatus[] | undefined;
  source?: LeadSource[] | undefined;
  /** 'me', 'unassigned' or a team member's id. */
  assigned?: string | undefined;
  /** Created at or after / before (epoch ms). */
  from?: number | undefined;
  to?: number | undefined;
  search?: string | undefined;
}

function filtersToSql(scope: CompanyScope, filters: LeadFilters): SQL[] {
  const where: SQL[] = [eq(leads.companyId, scope.companyId)];
  if (filters.status?.length) where.push(inArray(leads.status, filters.status));
  if (filters.source?.length) where.push(inArray(leads.source, filters.source));
  if (filters.assigned === 'me') where.push(eq(leads.assignedUserId, scope.userId));
  else if (filters.assigned === 'unassigned') where.push(isNull(leads.assignedUserId));
  else if (filters.assigned) where.push(eq(leads.assignedUserId, filters.assigned));
  if (filters.from !== undefined) where.push(gte(leads.createdAt, new Date(filters.from)));
  if (filters.to !== undefined) where.push(lt(leads.createdAt, new Date(filters.to)));
  if (filters.search) {
    // The answers too: a ZIP code, a service, the name a website visitor typed (`name_given`).
    where.push(searchWhere(filters.search, { text: [contactFullName, contacts.email, leads.summary, sql`${leads.answers}::text`], phone: [contacts.phone] }));
  }
  return where;
}

/** The lead columns the list, the drawer and the export read (not the jsonb details: getLead adds those). */
const LEAD_LIST_COLUMNS = {
  id: leads.id,
  status: leads.status,
  source: leads.source,
  summary: leads.summary,
  valueCents: leads.valueCents,
  assignedUserId: leads.assignedUserId,
  createdAt: leads.createdAt,
  lastActivityAt: leads.lastActivityAt,
};

/**
 * Leads with the columns the screens use, newest first; `total` is the count of every lead the filters match
 * (`count(*) over ()`: one query for a page and its total).
 */
async function leadRows(scope: CompanyScope, filters: LeadFilters, page?: { page: number; pageSize: number }, only?: string) {
  const where = and(...filtersToSql(scope, filters), ...(only ? [eq(leads.id, only)] : []));
  const query = scope.db
    .select({
      // One lead (the drawer) also reads its details (tracking, the assistant's answers, summary and quotes); a list does not.
      lead: only ? { ...LEAD_LIST_COLUMNS, tracking: leads.tracking, answers: leads.answers, aiSummary: leads.aiSummary, aiQuotes: leads.aiQuotes } : LEAD_LIST_COLUMNS,
      contact: { ...CONTACT_SUMMARY_COLUMNS, email: contacts.email },
      conversationId: sql<string | null>`(select ${conversations.id} from ${conversations} where ${conversations.contactId} = ${leads.contactId} order by ${conversations.lastMessageAt} desc nulls last limit 1)`,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(leads)
    .innerJoin(contacts, eq(contacts.id, leads.contactId))
    .where(where)
    .orderBy(desc(leads.createdAt), desc(leads.id));
  return page ? query.limit(page.pageSize).offset((page.page - 1) * page.pageSize) : query.limit(10_000);
}

function leadView(row: Awaited<ReturnType<typeof leadRows>>[number]) {
  return {
    id: row.lead.id,
    status: row.lead.status,
    source: row.lead.source,
    summary: row.lead.summary,
    valueCents: row.lead.valueCents,
    assignedUserId: row.lead.assignedUserId,
    createdAt: row.lead.createdAt.getTime(),
    lastActivityAt: row.lead.lastActivityAt.getTime(),
    contact: contactSummary(row.contact),
    conversationId: row.conversationId,
  };
}

export async function listLeads(scope: CompanyScope, input: LeadFilters & { page: number; pageSize: number }) {
  const rows = await leadRows(scope, input, input);
  // A page past the end has no rows to carry the total: count then (rare; the screen pages within the total).
  const total = rows[0]?.total ?? (input.page > 1 ? await countLeads(scope, input) : 0);
  return { items: rows.map(leadView), total };
}

async function countLeads(scope: CompanyScope, filters: LeadFilters): Promise<number> {
  const [count] = await scope.db
    .select({ total: sql<number>`count(*)::int` })
    .from(leads)
    .innerJoin(contacts, eq(contacts.id, leads.contactId))
    .where(and(...filtersToSql(scope, filters)));
  return count?.total ?? 0;
}

async function scopedLead(executor: DbOrTx, companyId: string, id: string) {
  const [row] = await executor.select().from(leads).where(and(eq(leads.id, id), eq(leads.companyId, companyId))).limit(1);
  if (!row) throw notFound('Lead');
  return row;
}

export async function getLead(scope: CompanyScope, id: string) {
  const [row] = await leadRows(scope, {}, undefined, id);
  if (!row) throw notFound('Lead');
  const details = 'tracking' in row.lead ? row.lead : null;
  return {
    ...leadView(row),
    tracking: details?.tracking ?? {},
    /** The qualifier's answers by question key (`service`, `postal_code`…), as the assistant recorded them. */
    answers: details?.answers ?? {},
    /** The assistant's short summary of the lead (apart from the team's own notes in `summary`). */
    aiSummary: details?.aiSummary ?? null,
    /** Prices the assistant quoted, each from an approved price-book item, oldest first. */
    aiQuotes: details?.aiQuotes ?? [],
    /** What callers said that filled (or would have filled) this lead, with where it came from, newest first. */
    fromCallers: await heardFromCallers(scope, id),
  };
}

/** The facts read from callers' words for a lead (decision 0051), as the audit log recorded them. */
async function heardFromCallers(scope: CompanyScope, leadId: string): Promise<Array<{ sentence: string; applied: boolean; at: number }>> {
  const entries = await scope.db
    .select({ metadata: auditLog.metadata, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.companyId, scope.companyId), eq(auditLog.action, 'lead.details_from_call'), eq(auditLog.targetType, 'lead'), eq(auditLog.targetId, leadId)))
    .orderBy(desc(auditLog.createdAt))
    .limit(20);
  return entries.flatMap(({ metadata, createdAt }) => {
    const source = metadata?.source;
    if (!(CALLER_WORDS_SOURCES as readonly unknown[]).includes(source) || !Array.isArray(metadata?.heard)) return [];
    return (metadata.heard as Array<Record<string, unknown>>).flatMap((fact) =>
      typeof fact.field === 'string' && typeof fact.value === 'string'
        ? [{ sentence: heardFactSentence({ field: fact.field as never, value: fact.value, applied: fact.applied === true }, source as CallerWordsSource), applied: fact.applied === true, at: createdAt.getTime() }]
        : [],
    );
  });
}

export interface LeadChanges {
  status?: LeadStatus | undefined;
  valueCents?: number | null | undefined;
  assignedUserId?: string | null | undefined;
  summary?: string | null | undefined;
}

/** The events for a change to one lead: its status change (if any) apart from the other fields. */
function leadChangeEvents(events: EventBatch, companyId: string, lead: { id: string; status: LeadStatus }, changes: LeadChanges): void {
  if (changes.status !== undefined && changes.status !== lead.status) {
    events.add(companyId, { type: 'lead.status_changed', data: { leadId: lead.id, from: lead.status, to: changes.status } });
  }
  const fields = Object.keys(changes).filter((field) => field !== 'status');
  if (fields.length > 0) events.add(companyId, { type: 'lead.updated', data: { leadId: lead.id, fields } });
}

/** A status staff set is theirs: a later START does not put back the one an opt-out replaced. */
const ownStatus = (changes: { status?: LeadStatus | undefined }) => (changes.status !== undefined ? { statusBeforeOptOut: null } : {});

export async function updateLead(scope: CompanyScope, messaging: EventDeps, id: string, changes: LeadChanges) {
  const before = await scopedLead(scope.db, scope.companyId, id);
  await assertTeamMember(scope.db, scope.companyId, changes.assignedUserId);
  await transactionWithEvents(messaging, async (tx, events) => {
    await tx.update(leads).set({ ...changes, ...ownStatus(changes), updatedAt: scope.now }).where(and(eq(leads.id, id), eq(leads.companyId, scope.companyId)));
    await writeUserAudit(tx, scope, { action: 'lead.updated', targetType: 'lead', targetId: id, metadata: { fields: Object.keys(changes) } });
    leadChangeEvents(events, scope.companyId, before, changes);
  });
  return getLead(scope, id);
}

/** Updates every lead or none: one id of another company (or unknown) answers NOT_FOUND and changes nothing. */
export async function bulkUpdateLeads(scope: CompanyScope, messaging: EventDeps, ids: string[], changes: Pick<LeadChanges, 'status' | 'assignedUserId'>) {
  const unique = [...new Set(ids)];
  await assertTeamMember(scope.db, scope.companyId, changes.assignedUserId);
  const updated = await transactionWithEvents(messaging, async (tx, events) => {
    const found = await tx.select({ id: leads.id, status: leads.status }).from(leads).where(and(eq(leads.companyId, scope.companyId), inArray(leads.id, unique)));
    if (found.length !== unique.length) throw notFound('Lead');
    await tx.update(leads).set({ ...changes, ...ownStatus(changes), updatedAt: scope.now }).where(and(eq(leads.companyId, scope.companyId), inArray(leads.id, unique)));
    await writeUserAudit(tx, scope, { action: 'lead.bulk_updated', targetType: 'lead', metadata: { count: unique.length, fields: Object.keys(changes) } });
    for (const lead of found) leadChangeEvents(events, scope.companyId, lead, changes);
    return unique.length;
  });
  return { updated };
}

export interface NewLeadInput {
  firstName: string;
  lastName: string | null;
  phone: string;
  email: string | null;
  summary: string | null;
  /** Staff confirm the customer asked to be contacted by text (recorded in the consent ledger). */
  consentConfirmed: boolean;
}

/**
 * A lead typed in by staff, through the one intake path: the client with that number is reused (or created), a
 * lead that person already has open inside the dedupe window is joined instead of doubled, and consent is recorded
 * when the team member confirms it. `joined` tells the screen it opened the existing lead.
 */
export async function createManualLead(scope: CompanyScope, messaging: AppServices, input: NewLeadInput) {
  const { leadId, joined } = await transactionWithEvents(messaging, async (tx, events) => {
    const [company] = await tx.select().from(companies).where(eq(companies.id, scope.companyId)).limit(1);
    if (!company) throw notFound('Company');
    const [me] = input.consentConfirmed ? await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, scope.userId)).limit(1) : [];
    const result = await takeInquiry(tx, messaging, events, {
      company,
      source: 'manual',
      person: { phone: input.phone, firstName: input.firstName, lastName: input.lastName, email: input.email },
      lead: { summary: input.summary, assignedUserId: scope.userId },
      consent: input.consentConfirmed
        ? {
            kind: 'opt_in',
            method: 'staff',
            text: `Recorded by ${me ? fullName(me) : 'a team member'}: the customer asked to be contacted by text.`,
            ip: scope.ip,
            actorUserId: scope.userId,
          }
        : null,
    });
    await writeUserAudit(tx, scope, {
      action: result.newLead ? 'lead.created' : 'lead.joined',
      targetType: 'lead',
      targetId: result.lead.id,
      metadata: { source: 'manual', client: contactDisplayName(result.contact) },
    });
    return { leadId: result.lead.id, joined: !result.newLead };
  });
  return { ...(await getLead(scope, leadId)), joined };
}

/** A spreadsheet cell that cannot run as a formula when opened (CSV injection). */
function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** "2026-11-26 21:33 CST": a moment as the company reads its own clock (a spreadsheet sorts it as text). */
function localStamp(at: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${parts.timeZoneName}`;
}

export async function exportLeadsCsv(scope: CompanyScope, filters: LeadFilters) {
  const rows = await leadRows(scope, filters);
  // Dates in the company's own zone (a 9:33 PM lead in Chicago is that day's, not the next UTC day's).
  const [company] = await scope.db.select({ timezone: companies.timezone, signupPhone: companies.signupPhone }).from(companies).where(eq(companies.id, scope.companyId)).limit(1);
  const zone = company?.timezone ?? (company?.signupPhone ? zonesForPhone(company.signupPhone)[0] : undefined) ?? 'America/New_York';
  const team = new Map((await listTeam(scope)).map((u) => [u.id, fullName(u)]));
  const header = ['Created', 'Name', 'Phone', 'Email', 'Source', 'Status', 'Value (USD)', 'Assigned to', 'Opted out', 'Summary'];
  const lines = rows.map(({ lead, contact }) =>
    [
      localStamp(lead.createdAt, zone),
      contactDisplayName(contact),
      // "(512) 555-0199": spreadsheets keep it as text, so it needs no formula guard (a leading + would).
      contact.phone ? formatPhone(contact.phone) : null,
      contact.email,
      LEAD_SOURCE_WORDS[lead.source],
      LEAD_STATUS_WORDS[lead.status],
      lead.valueCents === null ? null : (lead.valueCents / 100).toFixed(2),
      lead.assignedUserId ? team.get(lead.assignedUserId) : null,
      contact.optedOutAt ? 'yes' : 'no',
      lead.summary,
    ]
      .map(csvCell)
      .join(','),
  );
  const date = localStamp(scope.now, zone).slice(0, 10);
  return { filename: `leadloop-leads-${date}.csv`, csv: `${[header.join(','), ...lines].join('\r\n')}\r\n`, count: rows.length };
}
