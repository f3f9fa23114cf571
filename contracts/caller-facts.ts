/**
 * Facts taken from what a caller said (issue 27, item 4): the words owners see for each fact and where it came
 * from, in the audit log and on the lead. The server writes the codes; both sides read the words from here.
 */
import { truncate } from './text';

export const CALLER_FACT_FIELDS = ['name', 'address', 'postal_code', 'need'] as const;
export type CallerFactField = (typeof CALLER_FACT_FIELDS)[number];

export const CALLER_FACT_WORDS = { name: 'Name', address: 'Address', postal_code: 'ZIP or postal code', need: 'Need' } as const satisfies Record<CallerFactField, string>;

export const CALLER_WORDS_SOURCES = ['voicemail', 'ai_call'] as const;
export type CallerWordsSource = (typeof CALLER_WORDS_SOURCES)[number];
export const CALLER_WORDS_SOURCE_WORDS = { voicemail: 'the voicemail', ai_call: 'the AI-answered call' } as const satisfies Record<CallerWordsSource, string>;

/** One fact heard: a field of the client or lead, or the answer to a qualifier question (`answer:<key>`). */
export interface HeardFact {
  field: CallerFactField | `answer:${string}`;
  value: string;
  applied: boolean;
  /** Why it was not applied: the value already there (typed by staff, given by the customer) wins. */
  kept?: 'already_set' | 'other_name';
}

/** "Name", "ZIP or postal code", "Answer: timing". */
export function callerFactFieldWords(field: string): string {
  if (field.startsWith('answer:')) return `Answer: ${field.replace('answer:', '').replace(/_/g, ' ')}`;
  return field in CALLER_FACT_WORDS ? CALLER_FACT_WORDS[field as CallerFactField] : field;
}

/** "Name from the voicemail: Tom Becker", or "Name heard in the voicemail, kept the one on file: Tom Becker". */
export function heardFactSentence(fact: Pick<HeardFact, 'field' | 'value' | 'applied'>, source: CallerWordsSource): string {
  const field = callerFactFieldWords(fact.field);
  const value = truncate(fact.value, 120, { ellipsis: true });
  return fact.applied ? `${field} from ${CALLER_WORDS_SOURCE_WORDS[source]}: ${value}` : `${field} heard in ${CALLER_WORDS_SOURCE_WORDS[source]}, kept the one on file: ${value}`;
}
