import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { smsLength } from '@contracts/sms-segments';
import { storableText, truncate } from '@contracts/text';
import { describeLocalTime, nextSendTime, recipientZones } from '@contracts/send-window';
import { ProviderSendError } from '@server/adapters/telephony/telephony.port';
import type { Tx } from '@server/platform/db/database';
import { companies, contacts, conversations, messages, phoneNumbers, protectedNumbers } from '@server/platform/db/schema';
import { RescheduleJob } from '@server/platform/jobs/job-queue';
import { MINUTE, SECOND } from '@server/platform/lib/clock';
import { notFound } from '@server/platform/errors/app-error';
import { lockKey } from '@server/platform/db/rate-limit';
import { type AppServices, providerFor } from '@server/platform/services';
import { contactDisplayName } from '@contracts/person';
import { type EventBatch, transactionWithEvents } from '@server/platform/events/domain-events';
import { explainProviderError } from './provider-errors';
import { A2P_HELD_CODE } from '@contracts/registration';
import { caslBlockingReason, heldForRegistration, isHeldForRegistration } from './texting-gates';
import { PLAN_PAUSED_CODE } from '@contracts/billing';
import { planPause } from './plan-gate';

export const DELIVER_QUEUE = 'sms.deliver';
/** Two automations texting one person "at once": the later one within this time is held back. */
export const SEND_LOCK_MS = 60 * SECOND;
/** The same trigger firing again for one person within this time is a duplicate. */
export const DUPLICATE_TRIGGER_MS = 10 * MINUTE;

type MessageRow = typeof messages.$inferSelect;
type ContactRow = typeof contacts.$inferSelect;

/**
 * The thread's rows as the caller already holds them in its transaction. The contact's consent fields decide
 * whether the text is blocked, so they must be current (compliance replies skip that check).
 */
export interface OutboundThread {
  conversation: Pick<typeof conversations.$inferSelect, 'id' | 'peerPhone'>;
  contact: ContactRow;
  number: Pick<typeof phoneNumbers.$inferSelect, 'e164' | 'provider'>;
}

export interface OutboundInput {
  companyId: string;
  conversationId: string;
  body: string;
  media?: string[];
  author: 'user' | 'ai' | 'flow' | 'system';
  authorUserId?: string | null;
  /** Automations (AI, flows, follow-ups, text-backs) obey the send window, the send-lock and duplicate suppression. */
  automated: boolean;
  /** A direct reply to someone who just wrote may go out now, even outside the send window. */
  isReply?: boolean;
  /** Names the trigger (e.g. "missed-call:<callId>"); compliance confirmations use "compliance:…". */
  dedupeKey?: string | null;
  /** Given, the conversation, contact and number are not read again. */
  thread?: OutboundThread;
}

const isComplianceReply = (message: { dedupeKey?: string | null }) => message.dedupeKey?.startsWith('compliance:') ?? false;

/**
 * Texts about a booking the person has (its confirmation, reminders, a cancellation, the answer to their C or R)
 * carry this prefix on their dedupe key, and a review request (one per job) carries REVIEW_TEXT_PREFIX: the
 * send-lock delays them until the other automation's minute is over, instead of dropping them like a second
 * marketing text — the person must still learn their booking, and a job's only review request is not lost.
 */
export const APPOINTMENT_TEXT_PREFIX = 'appointment:';
export const REVIEW_TEXT_PREFIX = 'review';
/** Booking texts are transactional: CASL's consent rules exempt them (decision 0046). */
const isTransactional = (message: { dedupeKey?: string | null }) => message.dedupeKey?.startsWith(APPOINTMENT_TEXT_PREFIX) ?? false;
const waitsOutSendLock = (message: { dedupeKey?: string | null }) => [APPOINTMENT_TEXT_PREFIX, REVIEW_TEXT_PREFIX].some((prefix) => message.dedupeKey?.startsWith(prefix) ?? false);

function optedOutReason(contact: ContactRow): string {
  const when = contact.optedOutAt ? contact.optedOutAt.toISOString().slice(0, 10) : 'earlier';
  return `${contactDisplayName(contact)} opted out of texts on ${when}. LeadLoop will not text this number unless they reply START.`;
}

/** Why nothing may be sent to this contact right now, or null. Compliance confirmations are always allowed. */
async function blockingReason(tx: Tx, contact: ContactRow, input: { automated: boolean; compliance: boolean; to: string }): Promise<{ code: string; message: string } | null> {
  if (input.compliance) return null;
  if (contact.blockedAt) return { code: 'blocked', message: `You blocked ${contactDisplayName(contact)}, so LeadLoop does not text them.` };
  if (contact.optedOutAt) return { code: 'opted_out', message: optedOutReason(contact) };
  if (input.automated) {
    const [protectedRow] = await tx
      .select({ id: protectedNumbers.id, label: protectedNumbers.label })
      .from(protectedNumbers)
      .where(and(eq(protectedNumbers.companyId, contact.companyId), eq(protectedNumbers.e164, input.to)))
      .limit(1);
    if (protectedRow) {
      return { code: 'protected_number', message: `This number is on your protected list${protectedRow.label ? ` (${protectedRow.label})` : ''}, so automations never text it.` };
    }
  }
  return null;
}

async function readThread(tx: Tx, input: Pick<OutboundInput, 'companyId' | 'conversationId'>): Promise<OutboundThread> {
  const [conversation] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, input.conversationId), eq(conversations.companyId, input.companyId)))
    .limit(1);
  if (!conversation) throw notFound('Conversation');
  const [contact] = await tx.select().from(contacts).where(eq(contacts.id, conversation.contactId)).limit(1);
  const [number] = await tx.select().from(phoneNumbers).where(eq(phoneNumbers.id, conversation.phoneNumberId)).limit(1);
  if (!contact || !number) throw notFound('Conversation');
  return { conversation, contact, number };
}

/**
 * Adds an outbound text to a conversation and queues its delivery, in the caller's transaction: blocked at once
 * (with the reason, visible in the thread) when the person opted out, is blocked or protected; scheduled for the
 * recipient's next send window when an automated, non-reply text would arrive outside 9:00–20:00 their time.
 */
export async function queueOutbound(tx: Tx, deps: AppServices, events: EventBatch, input: OutboundInput): Promise<MessageRow> {
  const now = deps.clock.now();
  const { conversation, contact, number } = input.thread ?? (await readThread(tx, input));
  const compliance = isComplianceReply(input);
  const gate = { companyId: input.companyId, provider: number.provider, automated: input.automated, isReply: input.isReply ?? false, compliance, transactional: isTransactional(input) };
  const blocked =
    (await blockingReason(tx, contact, { automated: input.automated, compliance, to: conversation.peerPhone })) ?? (await caslBlockingReason(tx, contact, { ...gate, now }));
  // A2P_GATE=hold: an automated text from a Twilio number waits for the registration's approval, saying why.
  const registrationHold = !blocked && (await isHeldForRegistration(tx, deps, gate));
  // The plan's soft landing: past a limit, after the trial or a cancellation, AI replies and flow texts pause, saying why.
  const paused = !blocked && !registrationHold && deps.planLimits === 'enforce' ? await planPause(tx, { companyId: input.companyId, author: input.author, conversationId: conversation.id }, now) : null;
  const held = registrationHold || paused !== null;
  let scheduledFor: Date | null = null;
  if (!blocked && !held && input.automated && !input.isReply && !compliance) {
    const [company] = await tx.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, input.companyId)).limit(1);
    const zones = recipientZones({ contactTimezone: contact.timezone, contactRegion: contact.region, phone: conversation.peerPhone, companyTimezone: company?.timezone });
    const next = nextSendTime(now.getTime(), zones);
    if (next > now.getTime()) scheduledFor = new Date(next);
  }

  const [message] = await tx
    .insert(messages)
    .values({
      companyId: input.companyId,
      conversationId: conversation.id,
      contactId: contact.id,
      direction: 'outbound',
      author: input.author,
      authorUserId: input.authorUserId ?? null,
      automated: input.automated,
      dedupeKey: input.dedupeKey ?? null,
      fromNumber: number.e164,
      toNumber: conversation.peerPhone,
      // Templates carry words from outside (a lead email's service line): stored as PostgreSQL can keep them.
      body: storableText(input.body),
      media: input.media ?? [],
      status: blocked ? 'blocked' : held || scheduledFor ? 'scheduled' : 'queued',
      provider: number.provider,
      errorCode: blocked?.code ?? (paused ? paused.code : registrationHold ? heldForRegistration.code : null),
      errorMessage: blocked ? blocked.message : paused ? paused.message : registrationHold ? heldForRegistration.message : null,
      scheduledFor,
      createdAt: now,
    })
    .returning();
  if (!message) throw new Error('message insert returned nothing');
  if (!blocked && !held) await deps.queue.enqueue(tx, DELIVER_QUEUE, { messageId: message.id }, { runAt: scheduledFor ?? now, companyId: input.companyId, maxAttempts: 8 });
  await tx
    .update(conversations)
    .set({ lastMessageAt: now, lastMessagePreview: truncate(input.body, 160, { ellipsis: false }), updatedAt: now })
    .where(eq(conversations.id, conversation.id));
  events.add(input.companyId, { type: 'message.queued', data: { messageId: message.id, conversationId: conversation.id, contactId: contact.id } });
  return message;
}

/**
 * "Scheduled for Sat, Nov 21, 9:00 AM PST": the note a scheduled automated text shows in its thread; a text waiting
 * for the texting registration says that instead.
 */
export function scheduledNote(message: Pick<MessageRow, 'scheduledFor' | 'toNumber'> & Partial<Pick<MessageRow, 'errorCode' | 'errorMessage'>>, zones: string[]): string | null {
  if (message.errorCode === A2P_HELD_CODE || message.errorCode === PLAN_PAUSED_CODE) return message.errorMessage ?? null;
  if (!message.scheduledFor) return null;
  return `Scheduled for ${describeLocalTime(message.scheduledFor.getTime(), zones[0] ?? 'America/New_York')} (their time)`;
}

const STATUS_RANK: Record<string, number> = { received: 0, scheduled: 0, queued: 1, sending: 2, sent: 3, delivered: 4, failed: 4, blocked: 4 };

/** A step of an outbound text, as a domain event. */
function statusChanged(message: Pick<MessageRow, 'id' | 'conversationId'>, status: MessageRow['status']) {
  return { type: 'message.status_changed', data: { messageId: message.id, conversationId: message.conversationId, status } } as const;
}

async function setBlocked(tx: Tx, message: MessageRow, code: string, text: string, events: EventBatch) {
  await tx.update(messages).set({ status: 'blocked', errorCode: code, errorMessage: text }).where(eq(messages.id, message.id));
  events.add(message.companyId, statusChanged(message, 'blocked'));
}

/**
 * The `sms.deliver` job. Under a per-contact lock it re-checks consent (an opt-out may have arrived since the
 * text was queued), applies the send-lock and duplicate suppression to automations, paces the business number,
 * marks the text "sending" and commits; only then calls the provider, outside any transaction. A crash between
 * the two is recovered by asking the provider whether it already took the text, so nothing is sent twice.
 */
export async function deliverMessage(deps: AppServices, messageId: string, options: { lastAttempt?: boolean } = {}): Promise<void> {
  const ready = await transactionWithEvents(deps, async (tx, events) => {
    const now = deps.clock.now();
    const [message] = await tx.select().from(messages).where(eq(messages.id, messageId)).for('update').limit(1);
    if (!message || !['queued', 'scheduled', 'sending'].includes(message.status)) return null;
    await lockKey(tx, `contact-send:${message.contactId}`);
    const [contact] = await tx.select().from(contacts).where(eq(contacts.id, message.contactId)).limit(1);
    if (!contact) return null;

    // A text that waited for its send window (never a reply: replies go at once) meets the gates again now.
    const deferred = message.status === 'scheduled' && message.scheduledFor !== null;
    const gate = { companyId: message.companyId, provider: message.provider, automated: message.automated, isReply: !deferred, compliance: isComplianceReply(message), transactional: isTransactional(message) };
    const blocked =
      (await blockingReason(tx, contact, { automated: message.automated, compliance: isComplianceReply(message), to: message.toNumber })) ?? (await caslBlockingReason(tx, contact, { ...gate, now }));
    if (blocked) {
      await setBlocked(tx, message, blocked.code, blocked.message, events);
      return null;
    }
    if (await isHeldForRegistration(tx, deps, gate)) {
      // Back to waiting (A2P_GATE switched to hold, or the registration lost its approval): released on approval.
      await tx.update(messages).set({ status: 'scheduled', scheduledFor: null, errorCode: heldForRegistration.code, errorMessage: heldForRegistration.message }).where(eq(messages.id, message.id));
      return null;
    }
    if (message.status !== 'sending' && deps.planLimits === 'enforce') {
      // Released (or waiting for its send window) while the plan paused again: back to waiting, saying why.
      const paused = await planPause(tx, { companyId: message.companyId, author: message.author, conversationId: message.conversationId, messageId: message.id }, now);
      if (paused) {
        await tx.update(messages).set({ status: 'scheduled', scheduledFor: null, errorCode: paused.code, errorMessage: paused.message }).where(eq(messages.id, message.id));
        return null;
      }
    }

    if (message.status !== 'sending' && message.automated && !isComplianceReply(message)) {
      const others = await tx
        .select({ id: messages.id, dedupeKey: messages.dedupeKey, createdAt: messages.createdAt })
        .from(messages)
        .where(
          and(
            eq(messages.contactId, message.contactId),
            eq(messages.direction, 'outbound'),
            eq(messages.automated, true),
            ne(messages.id, message.id),
            // The assistant's replies answer the person's own texts: one does not hold the next back (the AI engine
            // waits out other automations' send-lock before it replies, and its daily cap bounds it).
            message.author === 'ai' ? ne(messages.author, 'ai') : undefined,
            inArray(messages.status, ['sending', 'sent', 'delivered']),
            gt(messages.createdAt, new Date(now.getTime() - DUPLICATE_TRIGGER_MS)),
          ),
        );
      const duplicate = message.dedupeKey ? others.find((o) => o.dedupeKey === message.dedupeKey) : undefined;
      if (duplicate) {
        await setBlocked(tx, message, 'duplicate', 'The same automation already texted this person in the last 10 minutes; this repeat was not sent.', events);
        return null;
      }
      // One flow run is one voice: its AI step's question does not hold back the run's next text.
      const run = flowRunOf(message.dedupeKey);
      const recent = others.find((o) => o.createdAt.getTime() > now.getTime() - SEND_LOCK_MS && (run === null || flowRunOf(o.dedupeKey) !== run));
      if (recent && waitsOutSendLock(message)) throw new RescheduleJob(new Date(recent.createdAt.getTime() + SEND_LOCK_MS + SECOND));
      if (recent) {
        await setBlocked(tx, message, 'send_lock', 'Another automation texted this person moments ago; this one was held back so they do not get two texts at once.', events);
        return null;
      }
    }

    const [number] = await tx.select().from(phoneNumbers).where(eq(phoneNumbers.e164, message.fromNumber)).for('update').limit(1);
    if (!number || number.status !== 'active') {
      await tx
        .update(messages)
        .set({ status: 'failed', errorCode: 'no_number', errorMessage: 'The business number this text belongs to is no longer active.', failedAt: now })
        .where(eq(messages.id, message.id));
      events.add(message.companyId, { type: 'message.failed', data: { messageId: message.id, conversationId: message.conversationId, errorCode: 'no_number' } });
      return null;
    }
    const recovering = message.status === 'sending';
    if (!recovering && number.lastSentAt && now.getTime() - number.lastSentAt.getTime() < deps.numberPacingMs) {
      throw new RescheduleJob(new Date(number.lastSentAt.getTime() + deps.numberPacingMs));
    }
    if (!recovering) {
      await tx.update(phoneNumbers).set({ lastSentAt: now }).where(eq(phoneNumbers.id, number.id));
      await tx.update(messages).set({ status: 'sending', scheduledFor: null }).where(eq(messages.id, message.id));
    }
    events.add(message.companyId, statusChanged(message, 'sending'));
    return { message, recovering };
  });
  if (!ready) return;

  const { message, recovering } = ready;
  // Outbound messages are texts; `web_chat` and `thumbtack` are only ever a person's inbound messages.
  if (message.provider === 'web_chat' || message.provider === 'thumbtack') throw new Error(`message ${message.id} is an inbound ${message.provider} message, not a text to send`);
  const provider = providerFor(deps, message.provider);
  const request = {
    companyId: message.companyId,
    messageId: message.id,
    from: message.fromNumber,
    to: message.toNumber,
    body: message.body,
    mediaUrls: message.media,
    statusCallbackUrl: message.provider === 'twilio' ? `${deps.publicUrl}/webhooks/twilio/status` : null,
    createdAt: message.createdAt,
  };
  let providerMessageId: string;
  deps.logger.info({ messageId: message.id, provider: message.provider, segments: smsLength(message.body).segments, recovering }, 'handing a text to the provider');
  try {
    const accepted = recovering ? await provider.findAccepted(request) : null;
    providerMessageId = (accepted ?? (await provider.sendSms(request))).providerMessageId;
  } catch (error) {
    const caught = error instanceof ProviderSendError ? error : new ProviderSendError((error as Error).message, null, true);
    // Out of retries: a transient failure becomes final, so the thread shows it instead of "retrying" forever.
    const sendError = caught.transient && options.lastAttempt ? new ProviderSendError(caught.message, caught.code, false) : caught;
    await transactionWithEvents(deps, async (tx, events) => {
      await tx
        .update(messages)
        .set(
          sendError.transient
            ? { status: 'queued', errorCode: sendError.code, errorMessage: `${explainProviderError(sendError.code, sendError.message)} Retrying.` }
            : { status: 'failed', errorCode: sendError.code, errorMessage: explainProviderError(sendError.code, sendError.message), failedAt: deps.clock.now() },
        )
        .where(eq(messages.id, message.id));
      events.add(
        message.companyId,
        sendError.transient ? statusChanged(message, 'queued') : { type: 'message.failed', data: { messageId: message.id, conversationId: message.conversationId, errorCode: sendError.code } },
      );
    });
    if (sendError.transient) throw sendError; // the queue retries with backoff
    return;
  }

  await transactionWithEvents(deps, async (tx, events) => {
    await tx
      .update(messages)
      .set({
        providerMessageId,
        // A fast status callback may already have moved it on; never step back.
        status: sql`case when ${messages.status} in ('delivered', 'failed') then ${messages.status} else 'sent' end`,
        sentAt: deps.clock.now(),
        errorCode: sql`case when ${messages.status} = 'failed' then ${messages.errorCode} else null end`,
        errorMessage: sql`case when ${messages.status} = 'failed' then ${messages.errorMessage} else null end`,
      })
      .where(eq(messages.id, message.id));
    events.add(message.companyId, { type: 'message.sent', data: { messageId: message.id, conversationId: message.conversationId } });
  });
}

/** Provider statuses (Twilio's vocabulary; the simulator speaks it too) mapped to ours. */
const PROVIDER_STATUS: Record<string, MessageRow['status'] | null> = {
  accepted: null,
  scheduled: null,
  queued: null,
  sending: null,
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'failed',
  failed: 'failed',
  canceled: 'failed',
};

export class StatusForUnknownMessage extends Error {
  override name = 'StatusForUnknownMessage';
}

/**
 * A delivery report. Statuses only move forward (a late "sent" never undoes "delivered"); a report for a text
 * we have not recorded as sent yet (the callback can beat our own write) is retried by the caller's job.
 */
export async function applyDeliveryStatus(
  deps: AppServices,
  input: { provider: 'simulator' | 'twilio'; providerMessageId: string; status: string; errorCode: string | null; errorMessage?: string | null },
): Promise<void> {
  const next = PROVIDER_STATUS[input.status.toLowerCase()];
  if (next === undefined || next === null) return;
  const now = deps.clock.now();
  await transactionWithEvents(deps, async (tx, events) => {
    const [message] = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.provider, input.provider), eq(messages.providerMessageId, input.providerMessageId)))
      .for('update')
      .limit(1);
    if (!message) throw new StatusForUnknownMessage(`no message with ${input.provider} id ${input.providerMessageId} yet`);
    if ((STATUS_RANK[next] ?? 0) <= (STATUS_RANK[message.status] ?? 0)) return;
    await tx
      .update(messages)
      .set(
        next === 'failed'
          ? { status: 'failed', errorCode: input.errorCode, errorMessage: explainProviderError(input.errorCode, input.errorMessage), failedAt: now }
          : next === 'delivered'
            ? { status: 'delivered', deliveredAt: now }
            : { status: 'sent' },
      )
      .where(eq(messages.id, message.id));
    events.add(
      message.companyId,
      next === 'failed' ? { type: 'message.failed', data: { messageId: message.id, conversationId: message.conversationId, errorCode: input.errorCode } } : statusChanged(message, next),
    );
  });
}

/** The flow run a text belongs to (flow texts are keyed `flow:<run>:<step>`), or null. */
function flowRunOf(dedupeKey: string | null): string | null {
  const match = /^flow:([^:]+):/.exec(dedupeKey ?? '');
  return match ? match[1]! : null;
}
