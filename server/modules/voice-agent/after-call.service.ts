import { and, asc, eq, isNull } from 'drizzle-orm';
import { AI_CALL_OUTCOME_WORDS, type AiCallOutcome, type FollowUpSkipReason } from '@contracts/voice-agent';
import { HANDOFF_REASON_WORDS, type HandoffReason } from '@contracts/ai';
import { CLOSED_LEAD_STATUSES, type LeadStatus } from '@contracts/lead';
import { isAnonymousCaller } from '@contracts/call';
import { contactDisplayName } from '@contracts/person';
import { formatPhone } from '@contracts/phone';
import { truncate } from '@contracts/text';
import type { Tx } from '@server/platform/db/database';
import { appointments, calls, companies, consentEvents, leads, phoneNumbers, voiceAgentCalls, voiceAgentTurns } from '@server/platform/db/schema';
import { type EventBatch, transactionWithEvents } from '@server/platform/events/domain-events';
import { RescheduleJob } from '@server/platform/jobs/job-queue';
import { MINUTE, SECOND } from '@server/platform/lib/clock';
import type { AppServices } from '@server/platform/services';
import { takeInquiry } from '@server/modules/intake/intake.service';
import { queueCallerFacts } from '@server/modules/intake/caller-facts';
import { ensureAiSettings } from '@server/modules/ai/ai-settings.service';
import { renderMergeTags } from '@server/modules/messaging/merge-tags';
import { APPOINTMENT_TEXT_PREFIX, queueOutbound } from '@server/modules/messaging/outbound.service';
import { heldConfirmation } from '@server/modules/scheduling/appointment-texts';
import { notify } from '@server/modules/notifications/notify.service';

type AgentCallRow = typeof voiceAgentCalls.$inferSelect;

/** A session still open this long after the call's maximum length is taken as over (its instance went away). */
const LIVE_GRACE_MS = 2 * MINUTE;
/** How long the after-call work waits for the calls module to store the call itself (its webhook job). */
const CALL_ROW_WAIT_MS = MINUTE;
const RETRY_MS = 10 * SECOND;

/** The outcome of a call, from how it ended and where the lead stands. */
export function outcomeOf(call: Pick<AgentCallRow, 'endReason' | 'transferTo'>, leadStatus: LeadStatus | null, requiredAnswered: boolean): AiCallOutcome {
  if (call.endReason === 'transfer' && call.transferTo) return 'transferred';
  if (leadStatus === 'booked') return 'booked';
  if (leadStatus === 'qualified' || requiredAnswered) return 'qualified';
  return 'hung_up';
}

/** A summary staff can read in one glance: how the call went, then the assistant's summary (or the answers it took). */
export function callSummary(input: { outcome: AiCallOutcome; aiSummary: string | null; answers: Record<string, string>; questions: Array<{ key: string; text: string }>; handoffReason: string | null; turns: number }): string {
  const head = input.outcome === 'transferred' ? `Put through to the on-call number${input.handoffReason && input.handoffReason in HANDOFF_REASON_WORDS ? ` (${HANDOFF_REASON_WORDS[input.handoffReason as HandoffReason].toLowerCase()})` : ''}.` : `${AI_CALL_OUTCOME_WORDS[input.outcome].label}.`;
  const answered = input.questions.filter((q) => input.answers[q.key]).map((q) => `${q.text.replace(/[?:.]+$/, '')}: ${input.answers[q.key]}`);
  const body = input.aiSummary ?? (answered.length ? answered.join('; ') + '.' : input.turns <= 1 ? 'The caller said nothing the assistant could use.' : 'No intake answers were taken.');
  return truncate(`${head} ${body}`, 600, { ellipsis: true });
}

/** Lead statuses in the order a call can move them (never backwards, never a closed lead). */
const FORWARD: LeadStatus[] = ['new', 'engaging', 'qualified', 'needs_human', 'booked'];
function moveLead(current: LeadStatus, to: LeadStatus): LeadStatus {
  if ((CLOSED_LEAD_STATUSES as readonly string[]).includes(current)) return current;
  return FORWARD.indexOf(to) > FORWARD.indexOf(current) ? to : current;
}

/**
 * The `voice_agent.after_call` job, once per call (the `<Connect>`'s action and the socket's close both queue it;
 * `processedAt` makes a second run a no-op). In one transaction: the caller becomes an inquiry through the one intake
 * path (source `ai_call`: their client, thread and lead), the lead gets the answers, the summary and its status, the
 * call gets its outcome and summary, exactly one follow-up text for that outcome goes through the outbound pipeline
 * (merge tags filled; skipped with a reason when it cannot go), and the team is told per their preferences.
 */
export async function runAfterCall(deps: AppServices, agentCallId: string): Promise<void> {
  const [peek] = await deps.db.select().from(voiceAgentCalls).where(eq(voiceAgentCalls.id, agentCallId)).limit(1);
  if (!peek || peek.processedAt) return;
  const now = deps.clock.now();
  if (peek.status === 'ringing_staff' || peek.status === 'staff_answered') {
    // The team's phone is ringing (or was answered): no assistant call here (yet); a later step queues it again.
    if (peek.status === 'staff_answered') await deps.db.update(voiceAgentCalls).set({ processedAt: now, updatedAt: now }).where(eq(voiceAgentCalls.id, agentCallId));
    return;
  }
  // The socket is still open on some instance (its close writes the last turns, then runs this again), or Twilio
  // has not connected yet: wait, within reason.
  const liveUntil = (peek.connectedAt?.getTime() ?? peek.createdAt.getTime()) + peek.settings.maxCallSeconds * SECOND + LIVE_GRACE_MS;
  if ((peek.status === 'live' || peek.status === 'waiting') && now.getTime() < liveUntil) throw new RescheduleJob(new Date(now.getTime() + RETRY_MS));
  const [callRow] = await deps.db
    .select({ id: calls.id })
    .from(calls)
    .where(and(eq(calls.companyId, peek.companyId), eq(calls.provider, peek.provider), eq(calls.providerCallSid, peek.providerCallSid)))
    .limit(1);
  if (!callRow && now.getTime() - peek.createdAt.getTime() < CALL_ROW_WAIT_MS) throw new RescheduleJob(new Date(now.getTime() + RETRY_MS));

  await transactionWithEvents(deps, async (tx, events) => {
    const [call] = await tx.select().from(voiceAgentCalls).where(eq(voiceAgentCalls.id, agentCallId)).for('update').limit(1);
    if (!call || call.processedAt) return;
    await finish(tx, deps, events, call, callRow?.id ?? null);
  });
}

async function finish(tx: Tx, deps: AppServices, events: EventBatch, call: AgentCallRow, callId: string | null): Promise<void> {
  const now = deps.clock.now();
  const [company] = await tx.select().from(companies).where(eq(companies.id, call.companyId)).limit(1);
  if (!company) return;
  const [number] = call.phoneNumberId ? await tx.select().from(phoneNumbers).where(eq(phoneNumbers.id, call.phoneNumberId)).limit(1) : [];
  const turns = await tx.select().from(voiceAgentTurns).where(eq(voiceAgentTurns.agentCallId, call.id)).orderBy(asc(voiceAgentTurns.seq));
  const settings = call.settings;
  const questions = settings.questions ?? (await ensureAiSettings(tx, call.companyId, now)).questions;
  const requiredAnswered = questions.filter((q) => q.required).every((q) => Boolean(call.answers[q.key])) && questions.some((q) => call.answers[q.key]);

  // The caller becomes an inquiry through the one intake path (a hidden number cannot: nobody to text or call back).
  let intake: Awaited<ReturnType<typeof takeInquiry>> | null = null;
  if (number && number.status === 'active' && !isAnonymousCaller(call.fromNumber)) {
    intake = await takeInquiry(tx, deps, events, {
      company,
      source: 'ai_call',
      person: { phone: call.fromNumber },
      businessNumber: number,
      message: null,
      lead: { summary: call.aiSummary ? truncate(call.aiSummary, 280, { ellipsis: false }) : null },
    });
  }

  let leadStatus: LeadStatus | null = null;
  if (intake) {
    const lead = intake.lead;
    const target: LeadStatus = call.handoffReason ? 'needs_human' : requiredAnswered ? 'qualified' : Object.keys(call.answers).length ? 'engaging' : lead.status;
    leadStatus = moveLead(lead.status, target);
    const changes = {
      answers: { ...(lead.answers ?? {}), ...call.answers },
      status: leadStatus,
      ...(call.aiSummary ? { aiSummary: call.aiSummary } : {}),
      lastActivityAt: now,
      updatedAt: now,
    };
    await tx.update(leads).set(changes).where(eq(leads.id, lead.id));
    events.add(company.id, { type: 'lead.updated', data: { leadId: lead.id, fields: Object.keys(changes) } });
    // The transcript fills what the intake answers did not: the caller's name, the job's address, the need.
    await queueCallerFacts(tx, deps.queue, company.id, { source: 'ai_call', agentCallId: call.id });
  }

  const outcome = outcomeOf(call, leadStatus, requiredAnswered);
  const summary = callSummary({ outcome, aiSummary: call.aiSummary, answers: call.answers, questions, handoffReason: call.handoffReason, turns: turns.length });

  // A booking made on the call: its confirmation was held for this one text (decision 0048, "Booking by phone").
  const [appointment] = call.appointmentId ? await tx.select().from(appointments).where(and(eq(appointments.id, call.appointmentId), eq(appointments.status, 'booked'))).limit(1) : [];

  // Exactly one text for the outcome (the dedupe key holds it to one even if this ran twice).
  let followUpStatus: 'queued' | 'skipped' = 'skipped';
  let skipReason: FollowUpSkipReason | null = null;
  let followUpMessageId: string | null = null;
  const template = settings.followUps.templates[outcome].trim();
  if (!settings.followUps.enabled) skipReason = 'disabled';
  else if (isAnonymousCaller(call.fromNumber)) skipReason = 'anonymous';
  else if (!template) skipReason = 'no_template';
  else if (!intake?.conversation || !number || number.status !== 'active') skipReason = 'no_number';
  else {
    const filled = renderMergeTags(template, { contact: intake.contact, businessName: company.name, businessPhone: number.e164, senderFirstName: company.name });
    const body = appointment ? `${filled} ${await heldConfirmation(tx, deps, appointment, { alone: false })}` : filled;
    // Calling the business is consent to one text about that call, as with a missed call's text-back.
    await tx.insert(consentEvents).values({ companyId: company.id, contactId: intake.contact.id, kind: 'implied', method: 'missed_call', text: `Called ${number.e164} and spoke with the AI assistant; one text after the call.`, createdAt: now });
    const message = await queueOutbound(tx, deps, events, {
      companyId: company.id,
      conversationId: intake.conversation.id,
      body,
      author: 'system',
      automated: true,
      // An answer to the caller's own call, moments after it: it may go at any hour, as a missed call's text-back.
      isReply: true,
      dedupeKey: `ai-call:${call.id}`,
      thread: { conversation: intake.conversation, contact: intake.contact, number },
    });
    followUpMessageId = message.id;
    if (message.status === 'blocked') skipReason = 'blocked';
    else followUpStatus = 'queued';
  }
  if (appointment && !followUpMessageId && intake?.conversation) {
    // No follow-up text for this call (turned off, no text for the outcome): the booking is still confirmed, alone.
    const body = await heldConfirmation(tx, deps, appointment, { alone: true });
    await queueOutbound(tx, deps, events, { companyId: company.id, conversationId: intake.conversation.id, body, author: 'system', automated: true, isReply: true, dedupeKey: `${APPOINTMENT_TEXT_PREFIX}booked:${appointment.id}` });
  }

  await tx
    .update(voiceAgentCalls)
    .set({
      callId,
      outcome,
      summary,
      contactId: intake?.contact.id ?? null,
      conversationId: intake?.conversation?.id ?? null,
      leadId: intake?.lead.id ?? null,
      followUpStatus,
      followUpSkipReason: skipReason,
      followUpMessageId,
      status: 'ended',
      endedAt: call.endedAt ?? now,
      endReason: call.endReason ?? (call.connectedAt ? 'caller_hung_up' : 'error'),
      processedAt: now,
      updatedAt: now,
    })
    .where(eq(voiceAgentCalls.id, call.id));
  events.add(company.id, { type: 'ai_call.ended', data: { aiCallId: call.id, callId, outcome } });
  if (callId && intake) {
    // The call itself belongs to the caller's client, thread and lead (their timeline shows it), as a missed call does.
    await tx
      .update(calls)
      .set({ contactId: intake.contact.id, conversationId: intake.conversation?.id ?? null, leadId: intake.lead.id, updatedAt: now })
      .where(and(eq(calls.id, callId), isNull(calls.contactId)));
  }

  const name = intake ? contactDisplayName(intake.contact) : isAnonymousCaller(call.fromNumber) ? 'A caller with a hidden number' : formatPhone(call.fromNumber);
  // A lead opened during the call (the booking took the caller in) is as new as one opened now.
  const newLead = intake && (intake.newLead || intake.lead.createdAt.getTime() >= call.createdAt.getTime()) ? ' (new lead)' : '';
  await notify(tx, deps, {
    company,
    event: outcome === 'transferred' ? 'ai_handoff' : 'ai_call',
    title: outcome === 'transferred' ? `${name} was put through to your on-call number${newLead}` : `AI answered ${name}: ${AI_CALL_OUTCOME_WORDS[outcome].label.toLowerCase()}${newLead}`,
    body: summary,
    link: `/ai-call-answering/history?call=${call.id}`,
  });
}
