import { and, asc, desc, eq, inArray, isNull, notLike } from 'drizzle-orm';
import type { FlowCondition, FlowGraph, FlowStep } from '@contracts/flows';
import { flowDraftSchema } from '@contracts/flows.schema';
import { companies, contacts, conversations, flowRuns, flows, flowVersions, leads, messages } from '@server/platform/db/schema';
import type { CompanyScope } from '@server/platform/db/scope';
import { AppError, notFound } from '@server/platform/errors/app-error';
import { MINUTE } from '@server/platform/lib/clock';
import { renderMergeTags } from '@server/modules/messaging/merge-tags';

/**
 * Replay (issue 23 item 5): before publishing a change, the draft and the published version are both walked over the
 * last 50 real conversations the flow touched (its latest runs; for a flow never run, the latest leads its trigger
 * would have started on), on what is recorded — when each reply came, what it said, the lead's answers — and the texts
 * each would have sent are compared. Nothing is sent or changed: it is a reading of the past, and it says so where it
 * has to guess (a branch on the lead's status reads today's status; "wait for daytime" is not simulated).
 */
export const REPLAY_LIMIT = 50;
const MAX_STEPS = 60;

interface History {
  anchorAt: Date;
  inbound: Array<{ at: Date; body: string }>;
  optedOutAt: Date | null;
  status: string | null;
  answers: Record<string, string>;
  merge: Parameters<typeof renderMergeTags>[1];
}

export interface ReplayedRun {
  texts: string[];
  actions: string[];
}

/** What a graph would have done for one recorded conversation: its texts (as the person would have read them) and its other actions. */
export function replayGraph(graph: FlowGraph, history: History): ReplayedRun {
  const texts: string[] = [];
  const actions: string[] = [];
  const byId = new Map(graph.steps.map((step) => [step.id, step]));
  let at = history.anchorAt;
  let id: string | null = graph.start;
  for (let count = 0; id !== null && count < MAX_STEPS; count += 1) {
    const step: FlowStep | undefined = byId.get(id);
    if (!step) break;
    if (history.optedOutAt && history.optedOutAt <= at) {
      actions.push('stopped: they had opted out');
      break;
    }
    switch (step.type) {
      case 'send_sms':
        texts.push(renderMergeTags(step.body, history.merge));
        id = step.next;
        break;
      case 'wait':
        at = new Date((step.from === 'anchor' ? history.anchorAt : at).getTime() + step.minutes * MINUTE);
        id = step.next;
        break;
      case 'wait_until_window':
        id = step.next;
        break;
      case 'wait_for_reply': {
        const until = at.getTime() + step.minutes * MINUTE;
        const reply = history.inbound.find((message) => message.at > at && message.at.getTime() <= until);
        at = reply ? reply.at : new Date(until);
        id = reply ? step.replied : step.timeout;
        break;
      }
      case 'branch': {
        const holds = conditionHolds(step.condition, history, at);
        id = holds ? step.yes : step.no;
        break;
      }
      case 'ai_step': {
        // The opening is what can be compared; whether the goal was reached reads what is recorded now (the
        // lead's answer, or its status), and when they replied.
        if (step.goal === 'ask') texts.push(renderMergeTags(step.question, history.merge));
        else actions.push('assistant qualifies them');
        const until = at.getTime() + step.minutes * MINUTE;
        const reply = history.inbound.find((message) => message.at > at && message.at.getTime() <= until);
        const reached = reply !== undefined && (step.goal === 'ask' ? (history.answers[step.answerKey] ?? '') !== '' : ['qualified', 'booked', 'won'].includes(history.status ?? ''));
        at = reply ? reply.at : new Date(until);
        id = reached ? step.done : step.notDone;
        break;
      }
      case 'http_request':
        actions.push(`${step.method} ${step.url}`);
        id = step.next;
        break;
      case 'set_status':
        actions.push(`status → ${step.status}`);
        id = step.next;
        break;
      case 'assign':
        actions.push(step.userId ? 'assigned' : 'unassigned');
        id = step.next;
        break;
      case 'add_tag':
        actions.push(`tag “${step.tag}”`);
        id = step.next;
        break;
      case 'notify':
        actions.push('team told');
        id = step.next;
        break;
      case 'send_email':
        actions.push(`email “${renderMergeTags(step.subject, history.merge)}”`);
        id = step.next;
        break;
      case 'stop':
        id = null;
        break;
    }
  }
  return { texts, actions };
}

function conditionHolds(condition: FlowCondition, history: History, at: Date): boolean {
  if (condition.field === 'last_reply') {
    const last = history.inbound.filter((message) => message.at <= at).at(-1);
    return last !== undefined && last.body.toLowerCase().includes(condition.contains.toLowerCase());
  }
  if (condition.field === 'lead_status') return history.status === condition.equals;
  const answer = history.answers[condition.key];
  return condition.equals === null ? answer !== undefined && answer !== '' : (answer ?? '').trim().toLowerCase() === condition.equals.trim().toLowerCase();
}

/** flows.replay: the draft against the published version over the last 50 conversations; the ones that differ, in full. */
export async function replayFlow(scope: CompanyScope, id: string) {
  const [flow] = await scope.db.select().from(flows).where(and(eq(flows.id, id), eq(flows.companyId, scope.companyId), eq(flows.kind, 'custom'))).limit(1);
  if (!flow) throw notFound('Flow');
  const draft = flowDraftSchema.safeParse(flow.settings);
  if (!draft.success) throw new AppError('INVALID', 'The draft could not be read: save it again.');
  const [published] = flow.publishedVersionId ? await scope.db.select({ graph: flowVersions.graph, number: flowVersions.number }).from(flowVersions).where(eq(flowVersions.id, flow.publishedVersionId)).limit(1) : [];
  const [company] = await scope.db.select({ name: companies.name }).from(companies).where(eq(companies.id, scope.companyId)).limit(1);

  // The conversations: the flow's latest real runs, else the latest leads (of the sources a "new lead" trigger names).
  const runs = await scope.db
    .select({ contactId: flowRuns.contactId, conversationId: flowRuns.conversationId, leadId: flowRuns.leadId, anchorAt: flowRuns.anchorAt })
    .from(flowRuns)
    .where(and(eq(flowRuns.flowId, flow.id), eq(flowRuns.test, false), notLike(flowRuns.triggerKey, 'test:%')))
    .orderBy(desc(flowRuns.startedAt))
    .limit(REPLAY_LIMIT);
  const trigger = (draft.data as FlowGraph).trigger;
  const subjects =
    runs.length > 0
      ? runs
      : (
          await scope.db
            .select({ contactId: leads.contactId, leadId: leads.id, anchorAt: leads.createdAt, source: leads.source })
            .from(leads)
            .where(and(eq(leads.companyId, scope.companyId), ...(trigger.type === 'lead_created' && trigger.sources.length > 0 ? [inArray(leads.source, trigger.sources)] : [])))
            .orderBy(desc(leads.createdAt))
            .limit(REPLAY_LIMIT)
        ).map((lead) => ({ contactId: lead.contactId, leadId: lead.leadId, anchorAt: lead.anchorAt, conversationId: null as string | null }));

  const items = [];
  let same = 0;
  for (const subject of subjects) {
    const [contact] = await scope.db.select().from(contacts).where(and(eq(contacts.id, subject.contactId), isNull(contacts.mergedIntoId))).limit(1);
    if (!contact) continue;
    const [conversation] = subject.conversationId
      ? [{ id: subject.conversationId }]
      : await scope.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.contactId, contact.id)).orderBy(desc(conversations.lastMessageAt)).limit(1);
    const inbound = conversation
      ? await scope.db
          .select({ at: messages.createdAt, body: messages.body })
          .from(messages)
          .where(and(eq(messages.conversationId, conversation.id), eq(messages.direction, 'inbound')))
          .orderBy(asc(messages.seq))
      : [];
    const [lead] = subject.leadId ? await scope.db.select({ status: leads.status, answers: leads.answers }).from(leads).where(eq(leads.id, subject.leadId)).limit(1) : [];
    const history: History = {
      anchorAt: subject.anchorAt,
      inbound,
      optedOutAt: contact.optedOutAt,
      status: lead?.status ?? null,
      answers: lead?.answers ?? {},
      merge: { contact, businessName: company?.name ?? '', businessPhone: null, senderFirstName: company?.name ?? '' },
    };
    const before = published ? replayGraph(published.graph, history) : { texts: [], actions: [] };
    const after = replayGraph(draft.data as FlowGraph, history);
    if (JSON.stringify(before) === JSON.stringify(after)) {
      same += 1;
      continue;
    }
    items.push({ contactId: contact.id, contactName: [contact.firstName, contact.lastName].filter(Boolean).join(' ') || null, phone: contact.phone, before, after });
  }
  return { compared: same + items.length, same, publishedNumber: published?.number ?? null, basis: runs.length > 0 ? ('runs' as const) : ('leads' as const), changed: items };
}
