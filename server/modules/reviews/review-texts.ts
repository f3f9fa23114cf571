import { and, desc, eq, gte, isNotNull, isNull, ne, or } from 'drizzle-orm';
import { contactDisplayName } from '@contracts/person';
import { DEFAULT_REVIEW_SETTINGS, primaryLink, REPEAT_ASK_DAYS, REPLY_WATCH_DAYS, REVIEW_REMINDER_TEMPLATE, type ReviewSettingsValues, withLink } from '@contracts/reviews';
import { describeLocalTime } from '@contracts/send-window';
import { truncate } from '@contracts/text';
import type { DbOrTx, Tx } from '@server/platform/db/database';
import { companies, consentEvents, contacts, conversations, leads, messages, reviewLinks, reviewRequests, reviewSettings } from '@server/platform/db/schema';
import { type EventBatch, type RecordedEvent, transactionWithEvents } from '@server/platform/events/domain-events';
import { DAY, MINUTE } from '@server/platform/lib/clock';
import { generateToken } from '@server/platform/lib/crypto';
import type { AppServices } from '@server/platform/services';
import { latestConversationOf } from '@server/modules/contacts/contact-lookup';
import { openConversation } from '@server/modules/conversations/conversations.service';
import { renderMergeTags } from '@server/modules/messaging/merge-tags';
import { queueOutbound, REVIEW_TEXT_PREFIX } from '@server/modules/messaging/outbound.service';
import { notify } from '@server/modules/notifications/notify.service';
import { activeNumberOf } from '@server/modules/phone-numbers/active-number';
import { readReplyMood } from './reply-mood';

/**
 * Review requests in the background (issue 24 item 4, decision 0039): a lead marked won queues one request
 * (`reviews.send`, the company's delay after the won time); its text goes through the one outbound pipeline (opt-out,
 * send window, send-lock), with a short link per request; one reminder (`reviews.reminder`) after the set days unless
 * the link was opened, they opted out or replied unhappy; a reply that sounds unhappy (`reviews.reply`) hands the
 * thread to a person and tells the owner. Sending by hand or from a list uses the same `sendRequest`.
 */
export const REVIEW_SEND_QUEUE = 'reviews.send';
export const REVIEW_REMINDER_QUEUE = 'reviews.reminder';
export const REVIEW_REPLY_QUEUE = 'reviews.reply';

type RequestRow = typeof reviewRequests.$inferSelect;
type ContactRow = typeof contacts.$inferSelect;

/** The company's review settings, or the defaults when it never saved them. */
export async function readReviewSettings(executor: DbOrTx, companyId: string): Promise<ReviewSettingsValues> {
  const [row] = await executor.select().from(reviewSettings).where(eq(reviewSettings.companyId, companyId)).limit(1);
  if (!row) return DEFAULT_REVIEW_SETTINGS;
  return { links: row.links, primaryLinkId: row.primaryLinkId, template: row.template, automatic: row.automatic, delayMinutes: row.delayMinutes, reminder: row.reminder, reminderAfterDays: row.reminderAfterDays };
}

/** A short-link code: 72 random bits, URL-safe (12 characters of a fresh token). */
const newCode = () => generateToken().substring(0, 12);

const shortDate = (at: Date, zone: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: zone }).format(at);

interface AskContext {
  companyId: string;
  contact: ContactRow;
  /** The request being sent (left out of the "asked recently" check); null before it exists. */
  requestId: string | null;
  settings: ReviewSettingsValues;
  now: Date;
}

/** Why an automatic request is no longer wanted when it is due (it is cancelled, and comes back if won again). */
async function whyCancel(tx: Tx, request: RequestRow, settings: ReviewSettingsValues): Promise<string | null> {
  if (request.source !== 'automatic') return null;
  if (!settings.automatic) return 'Automatic review requests were turned off before it was due.';
  const [lead] = request.leadId ? await tx.select({ status: leads.status }).from(leads).where(eq(leads.id, request.leadId)).limit(1) : [];
  return lead?.status === 'won' ? null : 'The lead is no longer marked won.';
}

/**
 * Why this person may not be asked now, in words the owner reads, or null. Every path checks the same things:
 * consent and opt-out, a link to send, a number to send from, and nobody asked twice
 * within REPEAT_ASK_DAYS (any source).
 */
export async function whyNotAsk(tx: Tx, ctx: AskContext): Promise<string | null> {
  const name = contactDisplayName(ctx.contact);
  if (ctx.contact.mergedIntoId) return `${name} was merged into another client; ask from that client.`;
  if (ctx.contact.blockedAt) return `You blocked ${name}, so LeadLoop does not text them.`;
  if (ctx.contact.optedOutAt) return `${name} opted out of texts.`;
  if (!ctx.contact.phone) return `${name} has no phone number.`;
  if (!primaryLink(ctx.settings)) return 'No review link is set yet: add yours on Review requests.';
  const [earlier] = await tx
    .select({ sentAt: reviewRequests.sentAt, sendAt: reviewRequests.sendAt, status: reviewRequests.status })
    .from(reviewRequests)
    .where(
      and(
        eq(reviewRequests.contactId, ctx.contact.id),
        ctx.requestId ? ne(reviewRequests.id, ctx.requestId) : undefined,
        or(and(eq(reviewRequests.status, 'sent'), gte(reviewRequests.sentAt, new Date(ctx.now.getTime() - REPEAT_ASK_DAYS * DAY))), eq(reviewRequests.status, 'pending')),
      ),
    )
    .orderBy(desc(reviewRequests.createdAt))
    .limit(1);
  if (earlier) {
    const [company] = await tx.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, ctx.companyId)).limit(1);
    const zone = company?.timezone ?? 'America/New_York';
    return earlier.status === 'pending'
      ? `A review request to ${name} is already waiting to go out (${shortDate(earlier.sendAt, zone)}).`
      : `${name} was already asked on ${shortDate(earlier.sentAt!, zone)}; LeadLoop asks the same person at most once in ${REPEAT_ASK_DAYS} days.`;
  }
  // The compliance gate of every first text: they texted in, or consent is on record.
  const conversation = await latestConversationOf(tx, ctx.companyId, ctx.contact.id);
  if (!conversation) {
    const [consent] = await tx.select({ id: consentEvents.id }).from(consentEvents).where(and(eq(consentEvents.companyId, ctx.companyId), eq(consentEvents.contactId, ctx.contact.id))).limit(1);
    if (!consent) return `Nothing shows that ${name} agreed to get texts from you.`;
  }
  if (!(await activeNumberOf(tx, ctx.companyId))) return 'Texts go out from your business number: set it up in Settings → Phone first.';
  return null;
}

export interface SendOutcome {
  requestId: string;
  /** `sent`: handed to the pipeline (going now, or `scheduledFor` their send window); `skipped`: why in `reason`. */
  outcome: 'sent' | 'scheduled' | 'skipped';
  reason: string | null;
  scheduledFor: number | null;
}

/**
 * Sends a pending request in the caller's transaction: checks `whyNotAsk` (a refusal is recorded on the request),
 * makes its short link, fills the template and queues the text; schedules the one reminder.
 */
export async function sendRequest(tx: Tx, deps: AppServices, events: EventBatch, requestId: string): Promise<SendOutcome> {
  const now = deps.clock.now();
  const [request] = await tx.select().from(reviewRequests).where(eq(reviewRequests.id, requestId)).for('update').limit(1);
  if (!request || request.status !== 'pending') return { requestId, outcome: 'skipped', reason: 'Already handled.', scheduledFor: null };
  const [contact] = await tx.select().from(contacts).where(eq(contacts.id, request.contactId)).limit(1);
  const settings = await readReviewSettings(tx, request.companyId);
  const cancel = await whyCancel(tx, request, settings);
  if (cancel) {
    await tx.update(reviewRequests).set({ status: 'cancelled', skipReason: cancel, updatedAt: now }).where(eq(reviewRequests.id, request.id));
    return { requestId, outcome: 'skipped', reason: cancel, scheduledFor: null };
  }
  const reason = contact ? await whyNotAsk(tx, { companyId: request.companyId, contact, requestId: request.id, settings, now }) : 'The client was deleted.';
  const link = primaryLink(settings);
  if (reason || !contact?.phone || !link) {
    await tx.update(reviewRequests).set({ status: 'skipped', skipReason: reason, updatedAt: now }).where(eq(reviewRequests.id, request.id));
    return { requestId, outcome: 'skipped', reason, scheduledFor: null };
  }

  const number = (await activeNumberOf(tx, request.companyId))!;
  const existing = await latestConversationOf(tx, request.companyId, contact.id);
  const conversationId = existing?.id ?? (await openConversation(tx, request.companyId, contact, number, contact.phone, now)).conversation.id;
  const code = newCode();
  await tx.insert(reviewLinks).values({ companyId: request.companyId, requestId: request.id, code, linkId: link.id, site: link.site, url: link.url, createdAt: now });
  const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, request.companyId)).limit(1);
  const filled = renderMergeTags(settings.template, { contact, businessName: company?.name ?? '', businessPhone: number.e164, senderFirstName: company?.name ?? '' });
  const message = await queueOutbound(tx, deps, events, {
    companyId: request.companyId,
    conversationId,
    body: withLink(filled, `${deps.publicUrl}/r/${code}`),
    author: 'system',
    automated: true,
    isReply: false,
    dedupeKey: `${REVIEW_TEXT_PREFIX}:${request.id}`,
  });
  // Reminder days count from when the text really goes (the send window may hold it to the morning).
  const goesAt = message.scheduledFor ?? now;
  const reminderAt = settings.reminder && message.status !== 'blocked' ? new Date(goesAt.getTime() + settings.reminderAfterDays * DAY) : null;
  await tx.update(reviewRequests).set({ status: 'sent', sentAt: now, messageId: message.id, conversationId, reminderAt, updatedAt: now }).where(eq(reviewRequests.id, request.id));
  if (reminderAt) {
    await deps.queue.enqueue(tx, REVIEW_REMINDER_QUEUE, { requestId: request.id }, { companyId: request.companyId, runAt: reminderAt, singletonKey: `review-reminder:${request.id}` });
  }
  if (message.status === 'blocked') return { requestId, outcome: 'skipped', reason: message.errorMessage, scheduledFor: null };
  return { requestId, outcome: message.status === 'scheduled' ? 'scheduled' : 'sent', reason: null, scheduledFor: message.scheduledFor?.getTime() ?? null };
}

/** The `reviews.send` job: a request due now (automatic: the won time plus the delay). */
export function runSendJob(deps: AppServices, requestId: string): Promise<SendOutcome> {
  return transactionWithEvents(deps, (tx, events) => sendRequest(tx, deps, events, requestId));
}

/**
 * The `reviews.reminder` job: once, only when the link was not opened, they did not opt out or reply unhappy, and
 * the first text was not refused. Points at the same short link, so a click on either counts once.
 */
export async function sendReminder(deps: AppServices, requestId: string): Promise<'sent' | 'scheduled' | 'skipped'> {
  return transactionWithEvents(deps, async (tx, events) => {
    const now = deps.clock.now();
    const [request] = await tx.select().from(reviewRequests).where(eq(reviewRequests.id, requestId)).for('update').limit(1);
    if (!request || request.status !== 'sent' || request.remindedAt || request.reminderSkipReason || !request.conversationId) return 'skipped';
    const reason = await whyNoReminder(tx, request);
    if (reason) {
      await tx.update(reviewRequests).set({ reminderSkipReason: reason, updatedAt: now }).where(eq(reviewRequests.id, request.id));
      return 'skipped';
    }
    const [link] = await tx.select({ code: reviewLinks.code }).from(reviewLinks).where(eq(reviewLinks.requestId, request.id)).orderBy(reviewLinks.createdAt).limit(1);
    const [contact] = await tx.select().from(contacts).where(eq(contacts.id, request.contactId)).limit(1);
    const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, request.companyId)).limit(1);
    if (!link || !contact) return 'skipped';
    const filled = renderMergeTags(REVIEW_REMINDER_TEMPLATE, { contact, businessName: company?.name ?? '', businessPhone: null, senderFirstName: company?.name ?? '' });
    const message = await queueOutbound(tx, deps, events, {
      companyId: request.companyId,
      conversationId: request.conversationId,
      body: withLink(filled, `${deps.publicUrl}/r/${link.code}`),
      author: 'system',
      automated: true,
      isReply: false,
      dedupeKey: `${REVIEW_TEXT_PREFIX}-reminder:${request.id}`,
    });
    await tx.update(reviewRequests).set({ remindedAt: now, reminderMessageId: message.id, updatedAt: now }).where(eq(reviewRequests.id, request.id));
    return message.status === 'scheduled' ? 'scheduled' : message.status === 'blocked' ? 'skipped' : 'sent';
  });
}

async function whyNoReminder(tx: Tx, request: RequestRow): Promise<string | null> {
  if (request.unhappyAt) return 'They replied unhappy: a person is handling it.';
  const settings = await readReviewSettings(tx, request.companyId);
  if (!settings.reminder) return 'Reminders were turned off.';
  const [clicked] = await tx.select({ id: reviewLinks.id }).from(reviewLinks).where(and(eq(reviewLinks.requestId, request.id), isNotNull(reviewLinks.firstClickedAt))).limit(1);
  if (clicked) return 'They opened the review link.';
  const [contact] = await tx.select({ optedOutAt: contacts.optedOutAt, blockedAt: contacts.blockedAt }).from(contacts).where(eq(contacts.id, request.contactId)).limit(1);
  if (!contact || contact.optedOutAt) return 'They opted out of texts.';
  if (contact.blockedAt) return 'You blocked them.';
  const [first] = request.messageId ? await tx.select({ status: messages.status }).from(messages).where(eq(messages.id, request.messageId)).limit(1) : [];
  if (first && (first.status === 'failed' || first.status === 'blocked')) return 'The first text did not reach them.';
  return null;
}

/**
 * A lead marked won: one automatic request per lead, due the company's delay after the won time. Won again after
 * a request that was cancelled (the lead was moved off won before it was due) puts that request back; any other
 * repeat does nothing.
 */
export function reviewOnWonConsumer(deps: AppServices) {
  return async (recorded: RecordedEvent): Promise<void> => {
    const { event } = recorded;
    if (event.type !== 'lead.status_changed' || event.data.to !== 'won') return;
    await transactionWithEvents(deps, async (tx) => {
      const settings = await readReviewSettings(tx, recorded.companyId);
      if (!settings.automatic) return;
      const [lead] = await tx.select({ id: leads.id, contactId: leads.contactId }).from(leads).where(and(eq(leads.id, event.data.leadId), eq(leads.companyId, recorded.companyId))).limit(1);
      if (!lead) return;
      const sendAt = new Date(recorded.occurredAt.getTime() + settings.delayMinutes * MINUTE);
      const now = deps.clock.now();
      const [existing] = await tx.select().from(reviewRequests).where(and(eq(reviewRequests.leadId, lead.id), eq(reviewRequests.source, 'automatic'))).for('update').limit(1);
      let requestId: string | null = null;
      if (!existing) {
        const [created] = await tx
          .insert(reviewRequests)
          .values({ companyId: recorded.companyId, contactId: lead.contactId, leadId: lead.id, source: 'automatic', status: 'pending', sendAt, createdAt: now, updatedAt: now })
          .onConflictDoNothing()
          .returning({ id: reviewRequests.id });
        requestId = created?.id ?? null;
      } else if (existing.status === 'cancelled') {
        await tx.update(reviewRequests).set({ status: 'pending', skipReason: null, sendAt, updatedAt: now }).where(eq(reviewRequests.id, existing.id));
        requestId = existing.id;
      }
      if (requestId) {
        await deps.queue.enqueue(tx, REVIEW_SEND_QUEUE, { requestId }, { companyId: recorded.companyId, runAt: sendAt, singletonKey: `review-send:${requestId}:${sendAt.getTime()}` });
      }
    });
  };
}

/**
 * A text from someone asked for a review in the last REPLY_WATCH_DAYS: its mood is read by the `reviews.reply`
 * job (the consumer only looks the request up, so the dispatch stays quick).
 */
export function reviewRepliesConsumer(deps: AppServices) {
  return async (recorded: RecordedEvent): Promise<void> => {
    const { event } = recorded;
    if (event.type !== 'message.received') return;
    const since = new Date(recorded.occurredAt.getTime() - REPLY_WATCH_DAYS * DAY);
    const [request] = await deps.db
      .select({ id: reviewRequests.id })
      .from(reviewRequests)
      .where(and(eq(reviewRequests.companyId, recorded.companyId), eq(reviewRequests.contactId, event.data.contactId), eq(reviewRequests.status, 'sent'), gte(reviewRequests.sentAt, since), isNull(reviewRequests.unhappyAt)))
      .orderBy(desc(reviewRequests.sentAt))
      .limit(1);
    if (!request) return;
    await deps.queue.enqueue(deps.db, REVIEW_REPLY_QUEUE, { requestId: request.id, messageId: event.data.messageId }, { companyId: recorded.companyId, singletonKey: `review-reply:${event.data.messageId}` });
    deps.queue.wake();
  };
}

/**
 * The `reviews.reply` job: a reply after the request went out that sounds unhappy opens a recovery — the thread goes
 * to a person ("You're in control": the assistant stops), the owner is told, and the request shows it. Nothing is
 * taken back: the review link was already sent to them like to everyone.
 */
export async function checkReply(deps: AppServices, payload: { requestId: string; messageId: string }): Promise<'unhappy' | 'fine' | 'skipped'> {
  const [row] = await deps.db
    .select({ body: messages.body, receivedAt: messages.createdAt, direction: messages.direction, conversationId: messages.conversationId })
    .from(messages)
    .where(eq(messages.id, payload.messageId))
    .limit(1);
  if (!row || row.direction !== 'inbound') return 'skipped';
  const mood = await readReplyMood(row.body);
  if (!mood.unhappy) return 'fine';
  return transactionWithEvents(deps, async (tx, events) => {
    const now = deps.clock.now();
    const [request] = await tx.select().from(reviewRequests).where(eq(reviewRequests.id, payload.requestId)).for('update').limit(1);
    if (!request || request.unhappyAt || !request.messageId) return 'skipped';
    // Only a reply to a text they have actually received: one held for their send window was not read yet.
    const [asked] = await tx.select({ sentAt: messages.sentAt }).from(messages).where(eq(messages.id, request.messageId)).limit(1);
    if (!asked?.sentAt || asked.sentAt.getTime() > row.receivedAt.getTime()) return 'skipped';
    await tx.update(reviewRequests).set({ unhappyAt: now, unhappyMessageId: payload.messageId, updatedAt: now }).where(eq(reviewRequests.id, request.id));
    await tx.update(conversations).set({ mode: 'human', status: 'open', updatedAt: now }).where(eq(conversations.id, row.conversationId));
    events.add(request.companyId, { type: 'conversation.updated', data: { conversationId: row.conversationId, fields: ['mode', 'status'] } });
    const [company] = await tx.select().from(companies).where(eq(companies.id, request.companyId)).limit(1);
    const [contact] = await tx.select().from(contacts).where(eq(contacts.id, request.contactId)).limit(1);
    if (company && contact) {
      await notify(tx, deps, {
        company,
        event: 'review_unhappy',
        title: `${contactDisplayName(contact)} sounds unhappy after your review request`,
        body: truncate(`They wrote: “${row.body}”. The thread is yours now (the assistant stopped); a quick call often turns it around.`, 300, { ellipsis: true }),
        link: `/conversations?c=${row.conversationId}`,
      });
    }
    deps.logger.info({ requestId: request.id, why: mood.why }, 'unhappy reply to a review request: recovery opened');
    return 'unhappy';
  });
}

export const describeHeld = (scheduledFor: number, zone: string) => `Scheduled for ${describeLocalTime(scheduledFor, zone)} (their time)`;
