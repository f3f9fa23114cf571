import { and, eq } from 'drizzle-orm';
import { firstWord, type FlowTrigger } from '@contracts/flows';
import type { Tx } from '@server/platform/db/database';
import { calls, flows, flowVersions, leads, messages } from '@server/platform/db/schema';
import { type RecordedEvent, transactionWithEvents } from '@server/platform/events/domain-events';
import type { AppServices } from '@server/platform/services';
import { latestConversationOf, latestLeadOf } from '@server/modules/contacts/contact-lookup';
import { startRun } from './flow-runs-lifecycle';

/**
 * Triggers of the flows a company builds (issue 23 item 2): a domain event starts a run of every active flow whose
 * published version's trigger matches it — a lead created (from the sources it names), a lead's status changed (to
 * the statuses it names), a form sent, a missed call, a call that ended, a text whose first word is a keyword. The run starts once per event (`event:<seq>` is its trigger key), and the
 * same contact started in the same flow within 10 minutes is suppressed and logged (startRun). The no-reply
 * follow-ups have their own trigger (follow-ups.service.ts).
 */
interface Subject {
  contactId: string;
  leadId: string | null;
}

/** The contact and lead an event is about, and whether a flow's trigger matches it. */
async function subjectOf(tx: Tx, recorded: RecordedEvent): Promise<{ subject: Subject; matches: (trigger: FlowTrigger) => boolean } | null> {
  const { event } = recorded;
  switch (event.type) {
    case 'lead.created':
      return {
        subject: { contactId: event.data.contactId, leadId: event.data.leadId },
        matches: (trigger) =>
          (trigger.type === 'lead_created' && (trigger.sources.length === 0 || trigger.sources.includes(event.data.source))) ||
          (trigger.type === 'form_submitted' && FORM_SOURCES.has(event.data.source)),
      };
    case 'lead.status_changed': {
      const [lead] = await tx.select({ contactId: leads.contactId }).from(leads).where(eq(leads.id, event.data.leadId)).limit(1);
      if (!lead) return null;
      return { subject: { contactId: lead.contactId, leadId: event.data.leadId }, matches: (trigger) => trigger.type === 'status_changed' && trigger.to.includes(event.data.to) };
    }
    case 'call.missed': {
      if (!event.data.contactId) return null;
      return { subject: { contactId: event.data.contactId, leadId: event.data.leadId }, matches: (trigger) => trigger.type === 'missed_call' };
    }
    case 'call.ended': {
      const [call] = await tx.select({ contactId: calls.contactId, leadId: calls.leadId }).from(calls).where(eq(calls.id, event.data.callId)).limit(1);
      if (!call?.contactId) return null;
      return { subject: { contactId: call.contactId, leadId: call.leadId }, matches: (trigger) => trigger.type === 'call_ended' };
    }
    case 'message.received': {
      const [message] = await tx.select({ body: messages.body }).from(messages).where(eq(messages.id, event.data.messageId)).limit(1);
      if (!message) return null;
      const word = firstWord(message.body);
      const lead = await latestLeadOf(tx, recorded.companyId, event.data.contactId);
      return {
        subject: { contactId: event.data.contactId, leadId: lead?.id ?? null },
        matches: (trigger) => trigger.type === 'keyword' && word !== '' && trigger.words.some((keyword) => keyword.toUpperCase() === word),
      };
    }
    default:
      return null;
  }
}

/** A form on the business's website: the widget's form, an embedded form, a pop-up, the microsite's form. */
const FORM_SOURCES: ReadonlySet<string> = new Set(['chat_widget', 'form', 'popup', 'microsite']);

const TRIGGERING_EVENTS = new Set(['lead.created', 'lead.status_changed', 'call.missed', 'call.ended', 'message.received']);

export function flowTriggersConsumer(deps: AppServices) {
  return async (recorded: RecordedEvent): Promise<void> => {
    if (!TRIGGERING_EVENTS.has(recorded.event.type)) return;
    await transactionWithEvents(deps, async (tx) => {
      const found = await subjectOf(tx, recorded);
      if (!found) return;
      const active = await tx
        .select({ flow: flows, graph: flowVersions.graph, versionId: flowVersions.id })
        .from(flows)
        .innerJoin(flowVersions, eq(flowVersions.id, flows.publishedVersionId))
        .where(and(eq(flows.companyId, recorded.companyId), eq(flows.kind, 'custom'), eq(flows.status, 'active')));
      const now = deps.clock.now();
      const matching = active.filter(({ graph }) => found.matches(graph.trigger));
      // Their thread, read once for every flow this event starts.
      const conversation = matching.length > 0 ? await latestConversationOf(tx, recorded.companyId, found.subject.contactId) : null;
      for (const { flow, graph, versionId } of matching) {
        await startRun(tx, deps, {
          flow,
          versionId,
          contactId: found.subject.contactId,
          leadId: found.subject.leadId,
          conversationId: conversation?.id ?? null,
          anchorAt: recorded.occurredAt,
          triggerKey: `event:${recorded.seq}`,
          startStep: graph.start,
          now,
        });
      }
    });
  };
}
