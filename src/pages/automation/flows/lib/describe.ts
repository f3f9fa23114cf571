import { describeMinutes, type FlowStep, type FlowTrigger } from '@contracts/flows';
import { LEAD_SOURCE_WORDS, LEAD_STATUS_WORDS } from '@contracts/lead';
import { truncate } from '@contracts/text';
import { STEP_KINDS, TRIGGER_KINDS } from '../model/step-catalog';

export const UNITS = [
  { value: 'minutes', label: 'minutes', minutes: 1 },
  { value: 'hours', label: 'hours', minutes: 60 },
  { value: 'days', label: 'days', minutes: 24 * 60 },
] as const;
export type Unit = (typeof UNITS)[number]['value'];

/** A number of minutes in its largest whole unit ("2 days", "90 minutes"). */
export function splitMinutes(minutes: number): { amount: number; unit: Unit } {
  const unit = [...UNITS].reverse().find((candidate) => minutes % candidate.minutes === 0) ?? UNITS[0];
  return { amount: minutes / unit.minutes, unit: unit.value };
}


/** One line under a step's name on the canvas: what it will do. */
export function describeStep(step: FlowStep, memberName: (id: string) => string | null): string {
  switch (step.type) {
    case 'send_sms':
      return `“${clip(step.body)}”`;
    case 'send_email':
      return `“${clip(step.subject)}”`;
    case 'wait':
      return `${describeMinutes(step.minutes)} ${step.from === 'anchor' ? 'after the trigger' : ''}`.trim();
    case 'wait_for_reply':
      return `Up to ${describeMinutes(step.minutes)}`;
    case 'wait_until_window':
      return '9 am – 8 pm their time';
    case 'branch':
      return step.condition.field === 'lead_status'
        ? `Status is ${LEAD_STATUS_WORDS[step.condition.equals]}`
        : step.condition.field === 'answer'
          ? `Answer “${step.condition.key}” ${step.condition.equals === null ? 'is given' : `is “${step.condition.equals}”`}`
          : `Reply has “${step.condition.contains}”`;
    case 'set_status':
      return LEAD_STATUS_WORDS[step.status];
    case 'assign':
      return step.userId ? (memberName(step.userId) ?? 'Someone no longer on the team') : 'Unassigned';
    case 'add_tag':
      return `“${step.tag}”`;
    case 'notify':
      return `“${clip(step.message)}”`;
    case 'http_request':
      return `${step.method} ${clip(step.url, 36)}`;
    case 'ai_step':
      return step.goal === 'ask' ? `Asks “${clip(step.question)}”` : 'Qualifies the lead';
    case 'stop':
      return STEP_KINDS.stop.hint;
  }
}

export function describeTrigger(trigger: FlowTrigger): string {
  switch (trigger.type) {
    case 'lead_created':
      return trigger.sources.length === 0 ? 'From any source' : `From ${trigger.sources.map((source) => LEAD_SOURCE_WORDS[source].toLowerCase()).join(', ')}`;
    case 'keyword':
      return trigger.words.map((word) => word.toUpperCase()).join(', ');
    case 'no_reply':
      return `For ${describeMinutes(trigger.minutes)}`;
    case 'status_changed':
      return `To ${trigger.to.map((status) => LEAD_STATUS_WORDS[status]).join(' or ')}`;
    default:
      return TRIGGER_KINDS[trigger.type].label;
  }
}

/** Cut on a grapheme boundary (an emoji is never split). */
const clip = (text: string, length = 48) => truncate(text, length, { ellipsis: true });
