/**
 * Automations (issue 23): a flow is a versioned graph of steps started by a trigger; a run is pinned to the version
 * it started on and walks the graph one step at a time (server/modules/flows). One schema here, read by the server
 * (every save and every run) and the screens. The no-reply follow-ups of Chat widget → Follow-ups are a built-in
 * flow of this same shape (`followUpsGraph`).
 */
import { type LEAD_SOURCES, type LEAD_STATUSES } from './lead';

export const FLOW_STATUSES = ['active', 'paused', 'archived'] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

export const FLOW_KINDS = ['custom', 'follow_ups'] as const;
export type FlowKind = (typeof FLOW_KINDS)[number];

export const FLOW_RUN_STATUSES = ['active', 'completed', 'stopped', 'failed'] as const;
export type FlowRunStatus = (typeof FLOW_RUN_STATUSES)[number];

/** Why a run stopped before its end: each one says so in the run's step log. */
export const FLOW_STOP_REASONS = ['replied', 'opted_out', 'takeover', 'lead_closed', 'flow_off', 'no_thread', 'blocked', 'stop_step'] as const;
export type FlowStopReason = (typeof FLOW_STOP_REASONS)[number];

export const FLOW_STOP_REASON_WORDS: Record<FlowStopReason, string> = {
  replied: 'They replied',
  opted_out: 'They opted out',
  takeover: 'A person took over the conversation',
  lead_closed: 'The lead was booked, won or lost',
  flow_off: 'The automation was turned off',
  no_thread: 'No conversation to text them in',
  blocked: 'The text could not be sent',
  stop_step: 'Reached a stop step',
};

/** Lead statuses that end a run (unless a flow says otherwise): the job is settled or the person is gone. */
export const FLOW_CLOSING_STATUSES: ReadonlySet<(typeof LEAD_STATUSES)[number]> = new Set(['booked', 'won', 'lost', 'spam', 'opted_out']);

/** A wait is at least a minute and at most 90 days. */
export const MAX_WAIT_MINUTES = 90 * 24 * 60;

/** A wait in its largest whole unit, as the run log and the editor say it ("2 days", "1 hour", "90 minutes"). */
export function describeMinutes(minutes: number): string {
  if (minutes % (24 * 60) === 0) return `${minutes / (24 * 60)} day${minutes === 24 * 60 ? '' : 's'}`;
  if (minutes % 60 === 0) return `${minutes / 60} hour${minutes === 60 ? '' : 's'}`;
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The trigger that starts a flow. */
export type FlowTrigger =
  | { type: 'lead_created'; sources: Array<(typeof LEAD_SOURCES)[number]> }
  /** The business texted (the assistant, a text-back, a staff member's automated template) and heard nothing back. */
  | { type: 'no_reply'; minutes: number }
  | { type: 'status_changed'; to: Array<(typeof LEAD_STATUSES)[number]> }
  | { type: 'missed_call' }
  /** A text whose first word is one of these (QUOTE, PROMO…): not STOP, HELP or START, which the carrier rules own. */
  | { type: 'keyword'; words: string[] }
  /** A new lead from a form on the website: the widget's form, an embedded form, a pop-up, the microsite. */
  | { type: 'form_submitted' }
  /** A call with a known caller ended (answered or not). */
  | { type: 'call_ended' }
  /**
   * Another tool posts to the flow's own address, signed with the flow's secret (Standard Webhooks), naming the
   * person: a known client or, if new, a lead from the API (server/modules/flows/flow-webhook.ts).
   */
  | { type: 'webhook' };

/** Each trigger in words (the editor, /flows, /flows/new). */
export const FLOW_TRIGGER_WORDS: Record<FlowTrigger['type'], string> = {
  lead_created: 'A new lead arrives',
  form_submitted: 'A form is sent on your website',
  missed_call: 'A call is missed',
  call_ended: 'A call ends',
  keyword: 'A keyword is texted',
  no_reply: 'No reply to your text',
  status_changed: 'A lead’s status changes',
  webhook: 'Another tool calls its webhook',
};

/** Words a keyword trigger may not use: opt-out, opt-in and help keywords (the compliance gate answers them). */
export const RESERVED_KEYWORDS: ReadonlySet<string> = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE', 'START', 'UNSTOP', 'YES', 'HELP', 'INFO']);

/** The first word of a text, as a keyword trigger compares it (letters and digits, upper case). */
export function firstWord(text: string): string {
  return (text.trim().split(/\s+/)[0] ?? '').replace(/[^\p{L}\p{N}]/gu, '').toUpperCase();
}

/** A step; `next` names the step after it (null: the run ends there). */
export type FlowStep =
  | { id: string; type: 'send_sms'; body: string; next: string | null }
  /** Waits this long after the run's anchor (the trigger's time), or after the step began when `from` is `previous`. */
  | { id: string; type: 'wait'; minutes: number; from: 'anchor' | 'previous'; next: string | null }
  /** Waits for a reply: `replied` when one comes, `timeout` when the time is up. */
  | { id: string; type: 'wait_for_reply'; minutes: number; replied: string | null; timeout: string | null }
  | { id: string; type: 'set_status'; status: (typeof LEAD_STATUSES)[number]; next: string | null }
  /** Goes to `yes` when the condition holds, else `no`. */
  | { id: string; type: 'branch'; condition: FlowCondition; yes: string | null; no: string | null }
  /** Assigns the lead to a team member (null: unassigned). */
  | { id: string; type: 'assign'; userId: string | null; next: string | null }
  /** Calls another tool's address (through the SSRF guard): `next` on a 2xx answer, `failed` otherwise. */
  | { id: string; type: 'http_request'; url: string; method: 'GET' | 'POST'; next: string | null; failed: string | null }
  /** Waits until 9 am – 8 pm in the person's time zone (goes on at once inside it). */
  | { id: string; type: 'wait_until_window'; next: string | null }
  /** Emails the client (skipped, and logged, when there is no address). */
  | { id: string; type: 'send_email'; subject: string; body: string; next: string | null }
  /** Adds a tag to the client. */
  | { id: string; type: 'add_tag'; tag: string; next: string | null }
  /** Tells the team (in the app, and by email or text as each person chose for flow alerts). */
  | { id: string; type: 'notify'; message: string; next: string | null }
  /**
   * The assistant takes the conversation with a goal: `ask` — get the answer to one question (stored on the lead under
   * `answerKey`), or `qualify` — the company's own qualifying questions until the lead is qualified. `done` when the
   * goal is reached; `notDone` when the team takes over, the assistant hands off, or `minutes` pass without it.
   */
  | { id: string; type: 'ai_step'; goal: AiStepGoal; question: string; answerKey: string; minutes: number; done: string | null; notDone: string | null }
  | { id: string; type: 'stop' };

export const AI_STEP_GOALS = ['ask', 'qualify'] as const;
export type AiStepGoal = (typeof AI_STEP_GOALS)[number];

export const AI_STEP_GOAL_WORDS: Record<AiStepGoal, string> = {
  ask: 'Get the answer to a question',
  qualify: 'Qualify the lead (your assistant’s questions)',
};

/** What a conversation's assistant works toward while an AI step of a run holds it (conversations.flow_goal). */
export interface ConversationFlowGoal {
  runId: string;
  stepId: string;
  goal: AiStepGoal;
  /** `ask`: the question and where its answer goes. */
  question: { key: string; text: string } | null;
  /** The thread's mode before the step gave it to the assistant (put back when the step ends). */
  previousMode: 'ai' | 'human';
}

/** What a branch looks at: the lead's status, an answer the lead gave, or the words of their last text. */
export type FlowCondition =
  | { field: 'lead_status'; equals: (typeof LEAD_STATUSES)[number] }
  | { field: 'answer'; key: string; equals: string | null }
  | { field: 'last_reply'; contains: string };

export interface FlowGraph {
  trigger: FlowTrigger;
  start: string;
  steps: FlowStep[];
  /** Where the editor drew each step (steps without one are laid out automatically). */
  positions?: Record<string, { x: number; y: number }> | undefined;
}

/** The steps a step leads to. */
export function nextSteps(step: FlowStep): string[] {
  switch (step.type) {
    case 'wait_for_reply':
      return [step.replied, step.timeout].filter((id): id is string => id !== null);
    case 'branch':
      return [step.yes, step.no].filter((id): id is string => id !== null);
    case 'http_request':
      return [step.next, step.failed].filter((id): id is string => id !== null);
    case 'ai_step':
      return [step.done, step.notDone].filter((id): id is string => id !== null);
    case 'stop':
      return [];
    default:
      return step.next === null ? [] : [step.next];
  }
}

export interface FlowProblem {
  stepId: string | null;
  message: string;
}

/**
 * What keeps a graph from being published: ids used twice, links to no step, steps nothing reaches, and a loop
 * with no wait in it (it would text someone in a tight circle). Empty when it can run.
 */
export function flowProblems(graph: FlowGraph): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const byId = new Map<string, FlowStep>();
  for (const step of graph.steps) {
    if (byId.has(step.id)) problems.push({ stepId: step.id, message: `Two steps are called “${step.id}”` });
    byId.set(step.id, step);
  }
  if (!byId.has(graph.start)) problems.push({ stepId: null, message: 'The trigger leads to no step' });
  if (graph.trigger.type === 'status_changed' && graph.trigger.to.length === 0) problems.push({ stepId: null, message: 'Choose the status that starts the flow' });
  for (const step of graph.steps) {
    for (const next of nextSteps(step)) if (!byId.has(next)) problems.push({ stepId: step.id, message: `“${step.id}” leads to a step that does not exist` });
  }
  const reached = new Set<string>();
  const queue = byId.has(graph.start) ? [graph.start] : [];
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (reached.has(id)) continue;
    reached.add(id);
    const step = byId.get(id);
    if (step) queue.push(...nextSteps(step));
  }
  for (const step of graph.steps) if (!reached.has(step.id)) problems.push({ stepId: step.id, message: `Nothing leads to “${step.id}”` });
  for (const step of graph.steps) {
    if (step.type === 'ai_step' && step.goal === 'ask' && (step.question.trim() === '' || step.answerKey.trim() === '')) {
      problems.push({ stepId: step.id, message: `Say what “${step.id}” should ask and where its answer goes` });
    }
  }
  // A loop of steps none of which waits.
  const waits = (step: FlowStep) => step.type === 'wait' || step.type === 'wait_for_reply' || step.type === 'ai_step';
  const visiting = new Set<string>();
  const done = new Set<string>();
  const visit = (id: string): boolean => {
    if (visiting.has(id)) return true;
    if (done.has(id)) return false;
    const step = byId.get(id);
    if (!step || waits(step)) return false;
    visiting.add(id);
    const looped = nextSteps(step).some(visit);
    visiting.delete(id);
    done.add(id);
    return looped;
  };
  for (const step of graph.steps) {
    if (!waits(step) && visit(step.id)) {
      problems.push({ stepId: step.id, message: `“${step.id}” is in a loop without a wait` });
      break;
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// The no-reply follow-ups (Chat widget → Follow-ups)

export interface FollowUpStep {
  /** Minutes after the unanswered text. */
  delayMinutes: number;
  body: string;
  enabled: boolean;
}

export interface FollowUpSettingsValues {
  enabled: boolean;
  steps: FollowUpStep[];
}

/** Product defaults: +1 h, +1 d, +3 d, +7 d after the text that went unanswered. */
export const DEFAULT_FOLLOW_UPS: FollowUpSettingsValues = {
  enabled: true,
  steps: [
    { delayMinutes: 60, enabled: true, body: 'Hi {first_name}, just checking in from {business_name}: still need a hand? Reply here and we’ll take it from there.' },
    { delayMinutes: 24 * 60, enabled: true, body: 'Hi {first_name}, {business_name} here. Happy to help whenever you’re ready: just reply to this text.' },
    { delayMinutes: 3 * 24 * 60, enabled: true, body: 'Hi {first_name}, do you still need help with your request? Reply YES and we’ll get you on the schedule.' },
    { delayMinutes: 7 * 24 * 60, enabled: true, body: 'Last check-in from {business_name}, {first_name}: if you still need us, just reply. Otherwise, no worries!' },
  ],
};

/**
 * The built-in follow-ups as a flow: after the trigger (the business's text went unanswered for the first delay),
 * each enabled text waits for its time counted from that unanswered text, and any reply ends the run.
 */
export function followUpsGraph(settings: FollowUpSettingsValues): FlowGraph {
  const enabled = settings.steps.filter((step) => step.enabled);
  const first = enabled[0];
  const steps: FlowStep[] = [];
  enabled.forEach((step, index) => {
    const send = `send_${index + 1}`;
    const wait = `wait_${index + 1}`;
    // The first text goes when the trigger fires (already `first.delayMinutes` after the unanswered text).
    if (index > 0) steps.push({ id: wait, type: 'wait', minutes: step.delayMinutes, from: 'anchor', next: send });
    steps.push({ id: send, type: 'send_sms', body: step.body, next: index + 1 < enabled.length ? `wait_${index + 2}` : null });
  });
  if (steps.length === 0) steps.push({ id: 'stop', type: 'stop' });
  return { trigger: { type: 'no_reply', minutes: first?.delayMinutes ?? DEFAULT_FOLLOW_UPS.steps[0]!.delayMinutes }, start: steps[0]!.id, steps };
}

// ---------------------------------------------------------------------------------------------------------------
// What changed between two versions (the editor's version history)

/** Each step in words: the editor's palette, the run log, the version history. */
export const FLOW_STEP_WORDS: Record<FlowStep['type'], string> = {
  send_sms: 'Send a text',
  send_email: 'Send an email',
  wait: 'Wait',
  wait_until_window: 'Wait for daytime',
  wait_for_reply: 'Wait for a reply',
  branch: 'Branch',
  set_status: 'Set the status',
  assign: 'Assign',
  add_tag: 'Add a tag',
  notify: 'Tell the team',
  http_request: 'Call another tool',
  ai_step: 'AI assistant with a goal',
  stop: 'Stop',
};

/** A short account of what `after` changed from `before`, for the version list ("Added a text; changed the trigger"). */
export function describeGraphChanges(before: FlowGraph | null, after: FlowGraph): string {
  if (!before) return 'First version';
  const parts: string[] = [];
  if (JSON.stringify(before.trigger) !== JSON.stringify(after.trigger)) parts.push('changed the trigger');
  const old = new Map(before.steps.map((step) => [step.id, step]));
  const now = new Map(after.steps.map((step) => [step.id, step]));
  const added = after.steps.filter((step) => !old.has(step.id));
  const removed = before.steps.filter((step) => !now.has(step.id));
  const changed = after.steps.filter((step) => old.has(step.id) && JSON.stringify(old.get(step.id)) !== JSON.stringify(step));
  const list = (steps: FlowStep[]) => steps.map((step) => `“${step.id}” (${FLOW_STEP_WORDS[step.type].toLowerCase()})`).join(', ');
  if (added.length > 0) parts.push(`added ${list(added)}`);
  if (removed.length > 0) parts.push(`removed ${list(removed)}`);
  if (changed.length > 0) parts.push(`changed ${list(changed)}`);
  if (before.start !== after.start) parts.push(`starts at “${after.start}”`);
  if (parts.length === 0) return 'No change to the steps';
  const text = parts.join('; ');
  return text.replace(/^./, (first) => first.toUpperCase());
}
