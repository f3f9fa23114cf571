import { and, desc, eq, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { consentEvents, contacts, conversations, type LEAD_SOURCES, type LEAD_STATUSES, leads, users } from '../db/schema';
import { contactFullName, searchWhere } from '../db/search';
import { notFound } from '../lib/errors';
import { findContactByPhone } from '../messaging/contact-lookup';
import { contactDisplayName, type MessagingDeps } from '../messaging/messaging.deps';
import type { CompanyScope } from '../trpc/scope';
import { writeUserAudit } from './audit.service';
import { contactSummary } from './conversations.service';
import { assertTeamMember, listTeam } from './team.service';

export type LeadStatus = (typeof LEAD_STATUSES)[number];
export type LeadSource = (typeof LEAD_SOURCES)[number];

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
    where.push(searchWhere(filters.search, { text: [contactFullName, contacts.email, leads.summary], phone: [contacts.phone] }));
  }
  return where;
}

async function leadRows(scope: CompanyScope, filters: LeadFilters, page?: { page: number; pageSize: number }, only?: string) {
  const where = and(...filtersToSql(scope, filters), ...(only ? [eq(leads.id, only)] : []));
  const query = scope.db
    .select({ lead: leads, contact: contacts, conversationId: sql<string | null>`(select ${conversations.id} from ${conversations} where ${conversations.contactId} = ${leads.contactId} order by ${conversations.lastMessageAt} desc nulls last limit 1)` })
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
  const [count] = await scope.db
    .select({ total: sql<number>`count(*)::int` })
    .from(leads)
    .innerJoin(contacts, eq(contacts.id, leads.contactId))
    .where(and(...filtersToSql(scope, input)));
  const rows = await leadRows(scope, input, input);
  return { items: rows.map(leadView), total: count?.total ?? 0 };
}

async function scopedLead(executor: DbOrTx, companyId: string, id: string) {
  const [row] = await executor.select().from(leads).where(and(eq(leads.id, id), eq(leads.companyId, companyId))).limit(1);
  if (!row) throw notFound('Lead');
  return row;
}

export async function getLead(scope: CompanyScope, id: string) {
  const [row] = await leadRows(scope, {}, undefined, id);
  if (!row) throw notFound('Lead');
  return { ...leadView(row), tracking: row.lead.tracking ?? {}, answers: row.lead.answers ?? {} };
}

export interface LeadChanges {
  status?: LeadStatus | undefined;
  valueCents?: number | null | undefined;
  assignedUserId?: string | null | undefined;
  summary?: string | null | undefined;
}

export async function updateLead(scope: CompanyScope, messaging: Pick<MessagingDeps, 'bus'>, id: string, changes: LeadChanges) {
  await scopedLead(scope.db, scope.companyId, id);
  await assertTeamMember(scope.db, scope.companyId, changes.assignedUserId);
  await scope.db.transaction(async (tx) => {
    await tx.update(leads).set({ ...changes, updatedAt: scope.now }).where(and(eq(leads.id, id), eq(leads.companyId, scope.companyId)));
    await writeUserAudit(tx, scope, { action: 'lead.updated', targetType: 'lead', targetId: id, metadata: { fields: Object.keys(changes) } });
  });
  messaging.bus.publish(scope.companyId, { type: 'lead', leadId: id });
  return getLead(scope, id);
}

/** Updates every lead or none: one id of another company (or unknown) answers NOT_FOUND and changes nothing. */
export async function bulkUpdateLeads(scope: CompanyScope, messaging: Pick<MessagingDeps, 'bus'>, ids: string[], changes: Pick<LeadChanges, 'status' | 'assignedUserId'>) {
  const unique = [...new Set(ids)];
  await assertTeamMember(scope.db, scope.companyId, changes.assignedUserId);
  const updated = await scope.db.transaction(async (tx) => {
    const found = await tx.select({ id: leads.id }).from(leads).where(and(eq(leads.companyId, scope.companyId), inArray(leads.id, unique)));
    if (found.length !== unique.length) throw notFound('Lead');
    await tx.update(leads).set({ ...changes, updatedAt: scope.now }).where(and(eq(leads.companyId, scope.companyId), inArray(leads.id, unique)));
    await writeUserAudit(tx, scope, { action: 'lead.bulk_updated', targetType: 'lead', metadata: { count: unique.length, fields: Object.keys(changes) } });
    return unique.length;
  });
  for (const leadId of unique) messaging.bus.publish(scope.companyId, { type: 'lead', leadId });
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

/** A lead typed in by staff: reuses the client with that number (or creates one), records consent if confirmed. */
export async function createManualLead(scope: CompanyScope, messaging: Pick<MessagingDeps, 'bus'>, input: NewLeadInput) {
  const leadId = await scope.db.transaction(async (tx) => {
    let contact = await findContactByPhone(tx, scope.companyId, input.phone);
    if (!contact) {
      [contact] = await tx
        .insert(contacts)
        .values({ companyId: scope.companyId, phone: input.phone, firstName: input.firstName, lastName: input.lastName, email: input.email, createdAt: scope.now, updatedAt: scope.now })
        .returning();
    } else {
      // Fill in what was missing; never overwrite what the client already told us.
      await tx
        .update(contacts)
        .set({ firstName: contact.firstName ?? input.firstName, lastName: contact.lastName ?? input.lastName, email: contact.email ?? input.email, updatedAt: scope.now })
        .where(eq(contacts.id, contact.id));
    }
    if (!contact) throw new Error('contact insert returned nothing');
    if (input.consentConfirmed) {
      const [me] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, scope.userId)).limit(1);
      await tx.insert(consentEvents).values({
        companyId: scope.companyId,
        contactId: contact.id,
        kind: 'opt_in',
        method: 'staff',
        text: `Recorded by ${me ? `${me.firstName} ${me.lastName}` : 'a team member'}: the customer asked to be contacted by text.`,
        ip: scope.ip,
        actorUserId: scope.userId,
        createdAt: scope.now,
      });
    }
    const [lead] = await tx
      .insert(leads)
      .values({ companyId: scope.companyId, contactId: contact.id, source: 'manual', status: 'new', summary: input.summary, assignedUserId: scope.userId, lastActivityAt: scope.now, createdAt: scope.now, updatedAt: scope.now })
      .returning({ id: leads.id });
    await writeUserAudit(tx, scope, { action: 'lead.created', targetType: 'lead', targetId: lead!.id, metadata: { source: 'manual', client: contactDisplayName(contact) } });
    return lead!.id;
  });
  messaging.bus.publish(scope.companyId, { type: 'lead', leadId });
  return getLead(scope, leadId);
}

/** A spreadsheet cell that cannot run as a formula when opened (CSV injection). */
function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export async function exportLeadsCsv(scope: CompanyScope, filters: LeadFilters) {
  const rows = await leadRows(scope, filters);
  const team = new Map((await listTeam(scope)).map((u) => [u.id, `${u.firstName} ${u.lastName}`]));
  const header = ['Created', 'Name', 'Phone', 'Email', 'Source', 'Status', 'Value (USD)', 'Assigned to', 'Opted out', 'Summary'];
  const lines = rows.map(({ lead, contact }) =>
    [
      lead.createdAt.toISOString(),
      contactDisplayName(contact),
      contact.phone,
      contact.email,
      lead.source,
      lead.status,
      lead.valueCents === null ? null : (lead.valueCents / 100).toFixed(2),
      lead.assignedUserId ? team.get(lead.assignedUserId) : null,
      contact.optedOutAt ? 'yes' : 'no',
      lead.summary,
    ]
      .map(csvCell)
      .join(','),
  );
  const date = scope.now.toISOString().slice(0, 10);
  return { filename: `leadloop-leads-${date}.csv`, csv: `${[header.join(','), ...lines].join('\r\n')}\r\n`, count: rows.length };
}
