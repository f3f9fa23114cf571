/**
 * The built-in assistant's sentences, in the three tones. Only these words, the owner's own (question texts, FAQ
 * answers, the disqualify message) and amounts from the approved price book ever reach a person, so nothing in a
 * reply is invented. None of them names a time of arrival.
 */
import type { AiTone, HandoffReason, QualifierQuestion } from '@contracts/ai';
import { orList } from './words';

export interface Voice {
  business: string;
  assistant: string;
  tone: AiTone;
}

export function greeting({ business, tone }: Voice): string {
  if (tone === 'friendly') return `Hi! Thanks for reaching out to ${business}.`;
  if (tone === 'professional') return `Hello, thank you for contacting ${business}.`;
  return `Hi from ${business}.`;
}

const ACKNOWLEDGMENTS = {
  friendly: ['Got it, thanks!', 'Great, thank you!', 'Perfect, thanks!'],
  professional: ['Thank you.', 'Thank you, noted.'],
  concise: [],
} as const satisfies Record<AiTone, readonly string[]>;

/** After an answer was recorded, varied by the reply count so a thread does not repeat itself; concise says nothing. */
export function acknowledgment({ tone }: Voice, replyCount: number): string | null {
  const options: readonly string[] = ACKNOWLEDGMENTS[tone];
  return options.length === 0 ? null : (options[replyCount % options.length] ?? null);
}

/** The question as asked, with its options listed for a choice. */
export function askQuestion(question: QualifierQuestion, options: readonly string[]): string {
  if (question.kind === 'choice' && options.length > 0) return `${question.text} (${orList(options)})`;
  return question.text;
}

/** A simpler second try when the answer could not be placed, with an example for the kinds that have a format. */
export function askAgain({ tone }: Voice, question: QualifierQuestion, options: readonly string[], postalExample: string): string {
  const sorry = tone === 'concise' ? 'Sorry —' : "Sorry, I didn't catch that.";
  switch (question.kind) {
    case 'zip':
      return `${sorry} What's the ZIP or postal code where you need the work? (e.g. ${postalExample})`;
    case 'date':
      return `${sorry} What day works for you? (e.g. tomorrow, Friday or 12/5)`;
    case 'yes_no':
      return `${sorry} ${question.text} Just reply yes or no.`;
    case 'choice':
      return options.length > 0 ? `${sorry} Which one is it: ${orList(options)}?` : `${sorry} ${question.text}`;
    case 'text':
      return `${sorry} ${question.text}`;
  }
}

export function closing({ business, tone }: Voice, firstName: string | null): string {
  if (tone === 'friendly') return `Thanks${firstName ? `, ${firstName}` : ''}! ${business} will text you shortly to confirm the details.`;
  if (tone === 'professional') return `Thank you${firstName ? `, ${firstName}` : ''}. ${business} will text you shortly to confirm the details.`;
  return `Thanks${firstName ? ` ${firstName}` : ''}! ${business} will text you shortly to confirm.`;
}

/** After qualification, for anything new that is not a question: it goes to the team. */
export function passedOn({ business, tone }: Voice): string {
  if (tone === 'concise') return `Thanks, passed on to ${business}.`;
  return `Thanks, I've passed that on to the team at ${business}.`;
}

export function botAnswer({ business, assistant, tone }: Voice): string {
  if (tone === 'concise') return `I'm ${assistant}, an automated assistant for ${business}.`;
  return `I'm ${assistant}, an automated assistant for ${business}. A person from the team follows up on every request.`;
}

export function unknownQuestion({ tone }: Voice): string {
  if (tone === 'concise') return "The team will answer that when they text you.";
  return "I'm not sure about that one, but the team can answer it when they text you.";
}

export function priceNever({ tone }: Voice): string {
  if (tone === 'concise') return 'The team gives a price once they see the job.';
  return 'Prices depend on the job, so the team will give you a price after they take a look.';
}

export function priceUnknown({ tone }: Voice): string {
  if (tone === 'concise') return "The team will confirm the price for that.";
  return "I don't have a set price for that, so the team will confirm it after they take a look.";
}

export function priceQuote({ tone }: Voice, itemName: string, amount: string, policy: 'ranges' | 'exact'): string {
  if (policy === 'exact') return `${itemName}: ${amount}.`;
  if (tone === 'concise') return `${itemName}: ${amount}; final price after the team sees the job.`;
  return `${itemName} is usually ${amount}; the team confirms the final price after seeing the job.`;
}

export function handoffReply({ business, tone }: Voice, reason: HandoffReason): string {
  switch (reason) {
    case 'emergency':
      return tone === 'concise'
        ? `Alerting the ${business} team now; someone will text you shortly. If anyone is in danger, get to safety and call emergency services.`
        : `That sounds urgent. I'm alerting the team at ${business} right now and someone will text you shortly. If anyone is in danger, get to safety and call emergency services.`;
    case 'anger':
      return tone === 'concise' ? `Sorry about that. Someone from ${business} will text you shortly.` : `I'm sorry about that. I'll have someone from ${business} text you shortly.`;
    case 'confusion':
      return tone === 'concise' ? `Sorry for the trouble. Someone from ${business} will text you shortly.` : `Sorry for the trouble. I'll have someone from ${business} text you shortly.`;
    default:
      return tone === 'friendly' ? `Of course! I'll have someone from ${business} text you shortly.` : tone === 'professional' ? `Certainly. I'll have someone from ${business} text you shortly.` : `Someone from ${business} will text you shortly.`;
  }
}

/** When the owner left the disqualify message empty. */
export function defaultDisqualify({ business }: Voice): string {
  return `Sorry, that's outside what ${business} can help with. Thanks for reaching out.`;
}

/** When several options fit what the person said ("my water heater is leaking"): which one? */
export function whichOne({ tone }: Voice, options: readonly string[]): string {
  return tone === 'concise' ? `Which one: ${orList(options)}?` : `Just to check, which one is it: ${orList(options)}?`;
}
