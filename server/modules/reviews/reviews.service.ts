import metadata from 'libphonenumber-js/min/metadata';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { contactDisplayName } from '@contracts/person';
import { formatPhone, INVALID_US_CA_PHONE_MESSAGE, parseUsCaPhone } from '@contracts/phone';
import { MAX_LIST_LINES, primaryLink, REVIEW_SITE_WORDS, type ReviewRequestState, type ReviewSettingsValues, type ReviewSource } from '@contracts/reviews';
import { recipientZones } from '@contracts/send-window';
import { truncate } from '@contracts/text';
import { companies, contacts, leads, messages, reviewLinks, reviewRequests, reviewSettings } from '@server/platform/db/schema';
import type { Tx } from '@server/platform/db/database';
import type { CompanyScope } from '@server/platform/db/scope';
import { AppError, notFound } from '@server/platform/errors/app-error';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import type { AppServices } from '@server/platform/services';
import { writeUserAudit } from '@server/modules/audit/audit.service';
import { findContactByPhone } from '@server/modules/contacts/contact-lookup';
import { describeHeld, readReviewSettings, type SendOutcome, sendRequest, whyNotAsk } from './review-texts';

/** The review screen's settings (the defaults until saved). */
export async function getReviewSettings(scope: CompanyScope): Promise<ReviewSettingsValues> {
  return readReviewSettings(scope.db, scope.companyId);
}

/** Saves the settings (validated by the router: https links, a template with {link}); the chosen link must be one of them. */
export async function setReviewSettings(scope: CompanyScope, input: ReviewSettingsValues): Promise<ReviewSettingsValues> {
  const primaryLinkId = input.primaryLinkId && input.links.some((link) => link.id === input.primaryLinkId) ? input.primaryLinkId : (input.links[0]?.id ?? null);
  const values = { ...input, primaryLinkId, updatedAt: scope.now };
  await scope.db.transaction(async (tx) => {
    await tx
      .insert(reviewSettings)
      .values({ companyId: scope.companyId, ...values })
      .onConflictDoUpdate({ target: reviewSettings.companyId, set: values });
    await writeUserAudit(tx, scope, { action: 'reviews.settings_updated', targetType: 'company', targetId: scope.companyId, metadata: { links: input.links.length, automatic: input.automatic, reminder: input.reminder } });
  });
  return getReviewSettings(scope);
}

/** What the screen says after a request: sent now, held for their send window, or why not. */
function outcomeView(outcome: SendOutcome, zone: string) {
  return {
    requestId: outcome.requestId,
    outcome: outcome.outcome,
    reason: outcome.reason,
    scheduledFor: outcome.scheduledFor,
    note: outcome.outcome === 'scheduled' && outcome.scheduledFor ? describeHeld(outcome.scheduledFor, zone) : null,
  };
}

/**
 * "Request review" on a lead or a client: asked now, through the same checks and pipeline as the automatic one. A
 * refusal (opted out, asked recently, no link yet…) is the answer, with nothing recorded.
 */
export async function requestReview(scope: CompanyScope, deps: AppServices, input: { leadId: string } | { contactId: string }) {
  return transactionWithEvents(deps, async (tx, events) => {
    let contactId: string;
    let leadId: string | null = null;
    if ('leadId' in input) {
      const [lead] = await tx.select({ id: leads.id, contactId: leads.contactId }).from(leads).where(and(eq(leads.id, input.leadId), eq(leads.companyId, scope.companyId))).limit(1);
      if (!lead) throw notFound('Lead');
      contactId = lead.contactId;
      leadId = lead.id;
    } else contactId = input.contactId;
    const [contact] = await tx.select().from(contacts).where(and(eq(contacts.id, contactId), eq(contacts.companyId, scope.companyId))).limit(1);
    if (!contact) throw notFound('Client');
    const settings = await readReviewSettings(tx, scope.companyId);
    const reason = await whyNotAsk(tx, { companyId: scope.companyId, contact, requestId: null, settings, now: scope.now });
    if (reason) throw new AppError('PRECONDITION_FAILED', reason);
    const id = await insertRequest(tx, scope, { contactId: contact.id, leadId, source: 'manual' });
    const outcome = await sendRequest(tx, deps, events, id);
    await writeUserAudit(tx, scope, { action: 'reviews.requested', targetType: leadId ? 'lead' : 'contact', targetId: leadId ?? contact.id, metadata: { outcome: outcome.outcome } });
    return outcomeView(outcome, await zoneOf(tx, scope, contact));
  });
}

async function insertRequest(tx: Tx, scope: CompanyScope, input: { contactId: string; leadId: string | null; source: ReviewSource }) {
  const [row] = await tx
    .insert(reviewRequests)
    .values({ companyId: scope.companyId, contactId: input.contactId, leadId: input.leadId, source: input.source, status: 'pending', sendAt: scope.now, createdByUserId: scope.userId, createdAt: scope.now, updatedAt: scope.now })
    .returning({ id: reviewRequests.id });
  return row!.id;
}

async function zoneOf(tx: Tx, scope: CompanyScope, contact: typeof contacts.$inferSelect) {
  const [company] = await tx.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, scope.companyId)).limit(1);
  return recipientZones({ contactTimezone: contact.timezone, contactRegion: contact.region, phone: contact.phone ?? '', companyTimezone: company?.timezone })[0] ?? 'America/New_York';
}

export interface ListLineResult {
  line: number;
  /** The line as pasted (shortened for the report). */
  text: string;
  name: string | null;
  phone: string | null;
  outcome: 'sent' | 'scheduled' | 'skipped';
  reason: string | null;
}

/**
 * "Send to a list": one line per customer, "name, phone" (either order; the name may be left out). Each line is
 * reported: sent, held for their send window, or skipped with the reason — a number that is not a client yet is
 * refused (decision 0039: LeadLoop texts only people whose consent it holds), never silently dropped.
 */
export async function requestReviewList(scope: CompanyScope, deps: AppServices, text: string): Promise<{ lines: ListLineResult[] }> {
  const lines = text.split(/\r?\n/).map((raw, index) => ({ raw: raw.trim(), line: index + 1 })).filter((entry) => entry.raw !== '');
  if (lines.length === 0) throw new AppError('INVALID', 'Paste at least one line: a name and a phone number.', undefined, 'text');
  if (lines.length > MAX_LIST_LINES) throw new AppError('INVALID', `At most ${MAX_LIST_LINES} lines at a time.`, undefined, 'text');
  return transactionWithEvents(deps, async (tx, events) => {
    const settings = await readReviewSettings(tx, scope.companyId);
    const results: ListLineResult[] = [];
    for (const { raw, line } of lines) {
      const parts = raw.split(/[,;\t]/).map((part) => part.trim()).filter(Boolean);
      const phoneAt = parts.findIndex((part) => parseUsCaPhone(part, metadata) !== null);
      const name = parts.filter((_, index) => index !== phoneAt).join(' ') || null;
      const base = { line, text: truncate(raw, 80, { ellipsis: true }), name: name ? truncate(name, 80, { ellipsis: true }) : null };
      if (phoneAt === -1) {
        results.push({ ...base, phone: null, outcome: 'skipped', reason: INVALID_US_CA_PHONE_MESSAGE });
        continue;
      }
      const phone = parseUsCaPhone(parts[phoneAt]!, metadata)!.e164;
      const contact = await findContactByPhone(tx, scope.companyId, phone);
      if (!contact) {
        results.push({ ...base, phone: formatPhone(phone), outcome: 'skipped', reason: 'Not a client yet: LeadLoop only texts people who have texted you or whose consent your team recorded.' });
        continue;
      }
      const reason = await whyNotAsk(tx, { companyId: scope.companyId, contact, requestId: null, settings, now: scope.now });
      if (reason) {
        results.push({ ...base, phone: formatPhone(phone), outcome: 'skipped', reason });
        continue;
      }
      const id = await insertRequest(tx, scope, { contactId: contact.id, leadId: null, source: 'list' });
      const outcome = outcomeView(await sendRequest(tx, deps, events, id), await zoneOf(tx, scope, contact));
      results.push({ ...base, name: base.name ?? contactDisplayName(contact), phone: formatPhone(phone), outcome: outcome.outcome, reason: outcome.reason ?? outcome.note });
    }
    await writeUserAudit(tx, scope, { action: 'reviews.list_requested', targetType: 'company', targetId: scope.companyId, metadata: { lines: results.length, asked: results.filter((r) => r.outcome !== 'skipped').length } });
    return { lines: results };
  });
}

/** How a request went: before its text (waiting, skipped, cancelled), then its text's delivery status. */
function stateOf(status: (typeof reviewRequests.$inferSelect)['status'], messageStatus: string | null): ReviewRequestState {
  if (status === 'pending') return 'waiting';
  if (status === 'skipped') return 'skipped';
  if (status === 'cancelled') return 'cancelled';
  switch (messageStatus) {
    case 'scheduled':
      return 'scheduled';
    case 'queued':
    case 'sending':
      return 'sending';
    case 'delivered':
      return 'delivered';
    case 'failed':
      return 'failed';
    case 'blocked':
      return 'blocked';
    default:
      return 'sent';
  }
}

/** Recent requests, newest first: the client, how it went, when it was sent and delivered, clicks, the reminder, an unhappy reply. */
export async function listReviewRequests(scope: CompanyScope, input: { limit: number }) {
  const clicks = sql<number>`(select coalesce(sum(${reviewLinks.clicks}), 0)::int from ${reviewLinks} where ${reviewLinks.requestId} = ${reviewRequests.id})`;
  const firstClick = sql<Date | null>`(select min(${reviewLinks.firstClickedAt}) from ${reviewLinks} where ${reviewLinks.requestId} = ${reviewRequests.id})`;
  const rows = await scope.db
    .select({
      request: reviewRequests,
      contact: { id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName, phone: contacts.phone },
      message: { status: messages.status, sentAt: messages.sentAt, deliveredAt: messages.deliveredAt, scheduledFor: messages.scheduledFor, errorMessage: messages.errorMessage },
      clicks,
      firstClick,
    })
    .from(reviewRequests)
    .innerJoin(contacts, eq(contacts.id, reviewRequests.contactId))
    .leftJoin(messages, eq(messages.id, reviewRequests.messageId))
    .where(eq(reviewRequests.companyId, scope.companyId))
    .orderBy(desc(reviewRequests.createdAt), desc(reviewRequests.id))
    .limit(input.limit);
  return rows.map(({ request, contact, message, clicks: clickCount, firstClick: clickedAt }) => {
    const state = stateOf(request.status, message?.status ?? null);
    return {
      id: request.id,
      client: { id: contact.id, name: contactDisplayName(contact) },
      leadId: request.leadId,
      conversationId: request.conversationId,
      source: request.source,
      state,
      /** Why it was not sent or did not arrive. */
      reason: request.skipReason ?? (state === 'blocked' || state === 'failed' ? (message?.errorMessage ?? null) : null),
      createdAt: request.createdAt.getTime(),
      dueAt: request.status === 'pending' ? request.sendAt.getTime() : null,
      scheduledFor: state === 'scheduled' ? (message?.scheduledFor?.getTime() ?? null) : null,
      sentAt: message?.sentAt?.getTime() ?? null,
      deliveredAt: message?.deliveredAt?.getTime() ?? null,
      clicks: clickCount,
      clickedAt: clickedAt ? new Date(clickedAt).getTime() : null,
      reminder: { dueAt: request.remindedAt || request.reminderSkipReason ? null : (request.reminderAt?.getTime() ?? null), sentAt: request.remindedAt?.getTime() ?? null, skipReason: request.reminderSkipReason },
      unhappyAt: request.unhappyAt?.getTime() ?? null,
    };
  });
}

/**
 * Results of the requests sent in a period (the cohort sent from `from` to `to`): how many texts went out, were
 * delivered, had their link opened, got a reminder, got an unhappy reply — per link too — and the same for the
 * period of equal length just before.
 */
export async function reviewStats(scope: CompanyScope, input: { from: number; to: number }) {
  const length = input.to - input.from;
  const [current, previous] = await Promise.all([periodStats(scope, input.from, input.to), periodStats(scope, input.from - length, input.from)]);
  const settings = await readReviewSettings(scope.db, scope.companyId);
  const labels = new Map(settings.links.map((link) => [link.id, `${REVIEW_SITE_WORDS[link.site]} · ${hostOf(link.url)}`]));
  const primary = primaryLink(settings)?.id ?? null;
  return {
    from: input.from,
    to: input.to,
    current: current.totals,
    previous: previous.totals,
    links: current.links.map((link) => ({ ...link, label: labels.get(link.linkId) ?? `${REVIEW_SITE_WORDS[link.site]} (removed)`, primary: link.linkId === primary })),
  };
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

async function periodStats(scope: CompanyScope, from: number, to: number) {
  const inPeriod = and(eq(reviewRequests.companyId, scope.companyId), eq(reviewRequests.status, 'sent'), gte(reviewRequests.sentAt, new Date(from)), lt(reviewRequests.sentAt, new Date(to)));
  const clicked = sql`exists (select 1 from ${reviewLinks} where ${reviewLinks.requestId} = ${reviewRequests.id} and ${reviewLinks.firstClickedAt} is not null)`;
  const [totals] = await scope.db
    .select({
      sent: sql<number>`count(*) filter (where ${messages.sentAt} is not null)::int`,
      delivered: sql<number>`count(*) filter (where ${messages.status} = 'delivered')::int`,
      clicked: sql<number>`count(*) filter (where ${clicked})::int`,
      reminded: sql<number>`count(*) filter (where ${reviewRequests.remindedAt} is not null)::int`,
      unhappy: sql<number>`count(*) filter (where ${reviewRequests.unhappyAt} is not null)::int`,
    })
    .from(reviewRequests)
    .leftJoin(messages, eq(messages.id, reviewRequests.messageId))
    .where(inPeriod);
  const links = await scope.db
    .select({
      linkId: reviewLinks.linkId,
      site: sql<(typeof reviewLinks.$inferSelect)['site']>`min(${reviewLinks.site})`,
      sent: sql<number>`count(*) filter (where ${messages.sentAt} is not null)::int`,
      clicked: sql<number>`count(*) filter (where ${reviewLinks.firstClickedAt} is not null)::int`,
    })
    .from(reviewLinks)
    .innerJoin(reviewRequests, eq(reviewRequests.id, reviewLinks.requestId))
    .leftJoin(messages, eq(messages.id, reviewRequests.messageId))
    .where(inPeriod)
    .groupBy(reviewLinks.linkId)
    .orderBy(reviewLinks.linkId);
  return { totals: totals ?? { sent: 0, delivered: 0, clicked: 0, reminded: 0, unhappy: 0 }, links };
}
