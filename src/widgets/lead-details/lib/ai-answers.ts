import type { QualifierQuestion } from '@contracts/ai';
import { formatMoney } from '@/shared/lib/format';

/** "postal_code" → "Postal code": a key the settings no longer name, said in words. */
export function keyInWords(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.substring(1) : key;
}

/** Where the labels come from: the qualifier's questions, and the missed-call agent's own first question. */
export interface AnswerLabels {
  questions: QualifierQuestion[];
  /** Asked first in a missed-call thread; its answer is `call_reason`. Empty when none is set. */
  missedCallQuestion: string;
}

/**
 * The qualifier's answers as rows to read: each labelled with its question's words when the settings still have the
 * question (in the questions' order), else with its key in words; empty answers left out.
 */
export function answerRows(answers: Record<string, string>, labels: AnswerLabels | undefined): Array<[string, string]> {
  const questions = labels?.questions ?? [];
  const order = (key: string) => {
    const index = questions.findIndex((question) => question.key === key);
    return index === -1 ? questions.length : index;
  };
  const label = (key: string) => {
    const question = questions.find((q) => q.key === key);
    if (question) return question.text;
    if (key === 'call_reason' && labels?.missedCallQuestion) return labels.missedCallQuestion;
    return keyInWords(key);
  };
  return Object.entries(answers)
    .filter(([, value]) => value.trim() !== '')
    .sort(([a], [b]) => order(a) - order(b))
    .map(([key, value]) => [label(key), value]);
}

export interface Quote {
  name: string;
  minCents: number;
  maxCents: number;
  unit: string;
}

/** "Quoted $150–$250 per visit for Drain cleaning (from your price book)"; one price when there is no range. */
export function quoteSentence(quote: Quote): string {
  const price = quote.minCents === quote.maxCents ? formatMoney(quote.minCents) : `${formatMoney(quote.minCents)}–${formatMoney(quote.maxCents)}`;
  const unit = quote.unit.trim() ? ` ${quote.unit.trim()}` : '';
  return `Quoted ${price}${unit} for ${quote.name} (from your price book)`;
}
