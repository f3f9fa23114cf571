/**
 * The starting points on /flows/new (issue 23 item 3): a blank flow and the automations service businesses set up
 * first. Each is an ordinary graph the owner edits before publishing; one that needs a part of the product not built
 * yet says so instead of pretending (`needs`).
 */
import type { FlowGraph } from './flows';

export interface FlowTemplate {
  id: string;
  name: string;
  description: string;
  graph: FlowGraph;
  /** Set when the template depends on something not built yet: it is shown, but cannot be used. */
  needs?: string;
}

const DAY = 24 * 60;

export const FLOW_TEMPLATES: readonly FlowTemplate[] = [
  {
    id: 'blank',
    name: 'Start blank',
    description: 'A trigger and one text: build the rest yourself.',
    graph: {
      trigger: { type: 'lead_created', sources: [] },
      start: 'text',
      steps: [{ id: 'text', type: 'send_sms', body: 'Hi {first_name}, thanks for reaching out to {business_name}!', next: null }],
    },
  },
  {
    id: 'missed-call-nurture',
    name: 'Missed-call nurture',
    description: 'After the missed-call text-back: a second text if they don’t answer in 2 hours, then a call-back task for the team the next day.',
    graph: {
      trigger: { type: 'missed_call' },
      start: 'wait',
      steps: [
        { id: 'wait', type: 'wait_for_reply', minutes: 120, replied: null, timeout: 'nudge' },
        { id: 'nudge', type: 'send_sms', body: 'Hi {first_name}, it’s {business_name} again. Sorry we missed your call! What can we help with?', next: 'wait-again' },
        { id: 'wait-again', type: 'wait_for_reply', minutes: DAY, replied: null, timeout: 'call-back' },
        { id: 'call-back', type: 'notify', message: '{full_name} called, got two texts and hasn’t answered: give them a call.', next: null },
      ],
    },
  },
  {
    id: 'new-web-lead',
    name: 'New web lead',
    description: 'Someone sends a form on your website: a text at once, the team told, and a nudge if they go quiet.',
    graph: {
      trigger: { type: 'form_submitted' },
      start: 'hello',
      steps: [
        { id: 'hello', type: 'send_sms', body: 'Hi {first_name}, thanks for your request to {business_name}! A couple of quick questions so we can help: what’s the address of the job?', next: 'tell' },
        { id: 'tell', type: 'notify', message: 'New web lead: {full_name}.', next: 'wait' },
        { id: 'wait', type: 'wait_for_reply', minutes: 60, replied: null, timeout: 'nudge' },
        { id: 'nudge', type: 'send_sms', body: 'Hi {first_name}, just checking you got our text. Reply here whenever suits you.', next: null },
      ],
    },
  },
  {
    id: 'no-reply-follow-up',
    name: 'No-reply follow-up',
    description: 'A text from you went unanswered for a day: one check-in, and another two days later.',
    graph: {
      trigger: { type: 'no_reply', minutes: DAY },
      start: 'first',
      steps: [
        { id: 'first', type: 'send_sms', body: 'Hi {first_name}, {business_name} here: still need a hand? Just reply to this text.', next: 'reply' },
        { id: 'reply', type: 'wait_for_reply', minutes: 2 * DAY, replied: null, timeout: 'last' },
        { id: 'last', type: 'send_sms', body: 'Last check-in from {business_name}, {first_name}: if you still need us, just reply.', next: null },
      ],
    },
  },
  {
    id: 'review-request',
    name: 'Review request',
    description: 'A lead marked won gets a thank-you the next day in their daytime hours; a reply tells the team so they can send your review link.',
    graph: {
      trigger: { type: 'status_changed', to: ['won'] },
      start: 'wait',
      steps: [
        { id: 'wait', type: 'wait', minutes: DAY, from: 'anchor', next: 'daytime' },
        { id: 'daytime', type: 'wait_until_window', next: 'ask' },
        { id: 'ask', type: 'send_sms', body: 'Thanks for choosing {business_name}, {first_name}! If you were happy with the job, would you leave us a quick review? Reply YES and we’ll send the link.', next: 'answer' },
        { id: 'answer', type: 'wait_for_reply', minutes: 3 * DAY, replied: 'tell', timeout: null },
        { id: 'tell', type: 'notify', message: '{full_name} answered the review request: send them your review link.', next: null },
      ],
    },
  },
  {
    id: 'before-the-visit',
    name: 'Before the visit',
    description: 'A lead just booked (Scheduling already sends the confirmation and the reminders): in their daytime hours, one question about anything the tech should know; a reply tells the team.',
    graph: {
      trigger: { type: 'status_changed', to: ['booked'] },
      start: 'daytime',
      steps: [
        { id: 'daytime', type: 'wait_until_window', next: 'ask' },
        { id: 'ask', type: 'send_sms', body: 'Thanks for booking with {business_name}, {first_name}! Anything our tech should know before the visit, like a gate code, pets or parking? Just reply here.', next: 'answer' },
        { id: 'answer', type: 'wait_for_reply', minutes: 2 * DAY, replied: 'tell', timeout: null },
        { id: 'tell', type: 'notify', message: '{full_name} wrote before their visit: read it in the thread.', next: null },
      ],
    },
  },
  {
    id: 'reactivation',
    name: 'Reactivate old leads',
    description: 'Two months after a lead is marked lost: one friendly check-in; a reply reopens the lead and tells the team.',
    graph: {
      trigger: { type: 'status_changed', to: ['lost'] },
      start: 'wait',
      steps: [
        { id: 'wait', type: 'wait', minutes: 60 * DAY, from: 'anchor', next: 'daytime' },
        { id: 'daytime', type: 'wait_until_window', next: 'hello' },
        { id: 'hello', type: 'send_sms', body: 'Hi {first_name}, it’s {business_name}. Is there anything we can help with around the house this season? Just reply here.', next: 'answer' },
        { id: 'answer', type: 'wait_for_reply', minutes: 7 * DAY, replied: 'reopen', timeout: null },
        { id: 'reopen', type: 'set_status', status: 'engaging', next: 'tell' },
        { id: 'tell', type: 'notify', message: '{full_name} answered the reactivation text.', next: null },
      ],
    },
  },
];

export const FLOW_TEMPLATE_IDS = FLOW_TEMPLATES.map((template) => template.id) as [string, ...string[]];
