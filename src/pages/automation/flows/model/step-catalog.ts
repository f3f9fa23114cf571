import { FLOW_STEP_WORDS, FLOW_TRIGGER_WORDS, type FlowStep, type FlowTrigger } from '@contracts/flows';

/** A way out of a step: the field of the step that names the next one, and its label on the canvas. */
export interface StepOutput {
  key: 'next' | 'replied' | 'timeout' | 'yes' | 'no' | 'failed' | 'done' | 'notDone';
  label: string;
}

export type StepType = FlowStep['type'];

interface StepKind {
  label: string;
  /** What it does, for the palette. */
  hint: string;
  outputs: StepOutput[];
  create: (id: string) => FlowStep;
}

const NEXT: StepOutput[] = [{ key: 'next', label: '' }];

/** Every step the editor offers, in palette order: one place for labels, ways out and new-step defaults. */
export const STEP_KINDS: Record<StepType, StepKind> = {
  send_sms: { label: FLOW_STEP_WORDS.send_sms, hint: 'Through the compliance gate and send window', outputs: NEXT, create: (id) => ({ id, type: 'send_sms', body: 'Hi {first_name}, ', next: null }) },
  send_email: { label: FLOW_STEP_WORDS.send_email, hint: 'Skipped when they have no address', outputs: NEXT, create: (id) => ({ id, type: 'send_email', subject: 'From {business_name}', body: 'Hi {first_name},', next: null }) },
  wait: { label: FLOW_STEP_WORDS.wait, hint: 'A set time', outputs: NEXT, create: (id) => ({ id, type: 'wait', minutes: 60, from: 'previous', next: null }) },
  wait_until_window: { label: FLOW_STEP_WORDS.wait_until_window, hint: 'Until 9 am – 8 pm their time', outputs: NEXT, create: (id) => ({ id, type: 'wait_until_window', next: null }) },
  wait_for_reply: {
    label: FLOW_STEP_WORDS.wait_for_reply,
    hint: 'One way if they reply, another if not',
    outputs: [
      { key: 'replied', label: 'Replied' },
      { key: 'timeout', label: 'No reply' },
    ],
    create: (id) => ({ id, type: 'wait_for_reply', minutes: 24 * 60, replied: null, timeout: null }),
  },
  branch: {
    label: FLOW_STEP_WORDS.branch,
    hint: 'On the lead’s status, an answer or their reply',
    outputs: [
      { key: 'yes', label: 'Yes' },
      { key: 'no', label: 'No' },
    ],
    create: (id) => ({ id, type: 'branch', condition: { field: 'last_reply', contains: 'yes' }, yes: null, no: null }),
  },
  ai_step: {
    label: FLOW_STEP_WORDS.ai_step,
    hint: 'The assistant talks with them until it has what you want',
    outputs: [
      { key: 'done', label: 'Done' },
      { key: 'notDone', label: 'Not done' },
    ],
    create: (id) => ({ id, type: 'ai_step', goal: 'ask', question: 'Hi {first_name}, what is the best day and time for us to come by?', answerKey: 'visit_time', minutes: 24 * 60, done: null, notDone: null }),
  },
  set_status: { label: FLOW_STEP_WORDS.set_status, hint: 'Move the lead along', outputs: NEXT, create: (id) => ({ id, type: 'set_status', status: 'engaging', next: null }) },
  assign: { label: FLOW_STEP_WORDS.assign, hint: 'To someone on your team', outputs: NEXT, create: (id) => ({ id, type: 'assign', userId: null, next: null }) },
  add_tag: { label: FLOW_STEP_WORDS.add_tag, hint: 'To the client', outputs: NEXT, create: (id) => ({ id, type: 'add_tag', tag: 'follow up', next: null }) },
  notify: { label: FLOW_STEP_WORDS.notify, hint: 'In the app, by email or text', outputs: NEXT, create: (id) => ({ id, type: 'notify', message: '{full_name} needs a look.', next: null }) },
  http_request: {
    label: FLOW_STEP_WORDS.http_request,
    hint: 'A webhook to an address you give',
    outputs: [
      { key: 'next', label: 'OK' },
      { key: 'failed', label: 'Failed' },
    ],
    create: (id) => ({ id, type: 'http_request', url: 'https://', method: 'POST', next: null, failed: null }),
  },
  stop: { label: FLOW_STEP_WORDS.stop, hint: 'End the run here', outputs: [], create: (id) => ({ id, type: 'stop' }) },
};

export const STEP_TYPES = Object.keys(STEP_KINDS) as StepType[];

/** The step's ways out, each with the step it leads to. */
export function outputsOf(step: FlowStep): Array<StepOutput & { target: string | null }> {
  return STEP_KINDS[step.type].outputs.map((output) => ({ ...output, target: (step as unknown as Record<string, string | null>)[output.key] ?? null }));
}

export const TRIGGER_KINDS: Record<FlowTrigger['type'], { label: string; create: () => FlowTrigger }> = {
  lead_created: { label: FLOW_TRIGGER_WORDS.lead_created, create: () => ({ type: 'lead_created', sources: [] }) },
  form_submitted: { label: FLOW_TRIGGER_WORDS.form_submitted, create: () => ({ type: 'form_submitted' }) },
  missed_call: { label: FLOW_TRIGGER_WORDS.missed_call, create: () => ({ type: 'missed_call' }) },
  call_ended: { label: FLOW_TRIGGER_WORDS.call_ended, create: () => ({ type: 'call_ended' }) },
  keyword: { label: FLOW_TRIGGER_WORDS.keyword, create: () => ({ type: 'keyword', words: ['QUOTE'] }) },
  no_reply: { label: FLOW_TRIGGER_WORDS.no_reply, create: () => ({ type: 'no_reply', minutes: 24 * 60 }) },
  status_changed: { label: FLOW_TRIGGER_WORDS.status_changed, create: () => ({ type: 'status_changed', to: ['won'] }) },
  webhook: { label: FLOW_TRIGGER_WORDS.webhook, create: () => ({ type: 'webhook' }) },
};

export const TRIGGER_TYPES = Object.keys(TRIGGER_KINDS) as Array<FlowTrigger['type']>;
