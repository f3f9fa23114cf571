/**
 * FAQ matching: the person's meaningful words (stemmed, with the trade vocabulary's concepts) against each FAQ
 * question's, each weighted by how rare it is across the FAQ (a word every entry shares decides nothing). A match
 * must cover at least half of the entry's words and beat the runner-up; otherwise there is no clear answer and
 * the assistant says nothing it cannot ground.
 */
import type { FaqEntry } from '@contracts/ai';
import { read } from './nlu/services';

export interface FaqMatch {
  index: number;
  entry: FaqEntry;
  /** The shared words (stems or concepts), for the decision log. */
  words: string[];
  score: number;
}

// Money words are the price book's business: "how much to unclog a drain?" must not match "Do you charge for
// estimates?" on "charge" alone.
const IGNORED = new Set(['price', 'much', 'cost', 'charg', 'how', 'rate', 'fee', 'quot', 'what', 'do', 'you', 'your']);

/** Words that ask the same thing in FAQ questions ("open on Saturdays" / "work weekends"). */
const SAME: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(saturdays?|sundays?|weekends?|sabados?|domingos?|fines de semana)\b/gi, 'weekend'],
  [/\b(payment plans?|finance|financing|pay over time|monthly payments)\b/gi, 'financing'],
  [/\b(warrant(y|ies)|guarantee[ds]?)\b/gi, 'warranty'],
  [/\b(free estimates?|free quotes?|charge for (an )?estimates?|estimate fee)\b/gi, 'estimate fee'],
];

function faqWords(text: string): string[] {
  let said = text;
  for (const [pattern, word] of SAME) said = said.replace(pattern, word);
  const reading = read(said);
  return [...new Set([...reading.concepts.map((concept) => `#${concept}`), ...reading.allStems.filter((word) => !IGNORED.has(word) && word.length > 1)])];
}

export function matchFaq(text: string, faq: readonly FaqEntry[]): FaqMatch | null {
  const said = new Set(faqWords(text));
  if (said.size === 0) return null;
  const entries = faq.map((entry) => faqWords(entry.question));
  const spread = new Map<string, number>();
  for (const words of entries) for (const word of words) spread.set(word, (spread.get(word) ?? 0) + 1);
  const scored = entries
    .map((words, index) => {
      const shared = words.filter((word) => said.has(word));
      const score = shared.reduce((sum, word) => sum + 1 / (spread.get(word) ?? 1), 0);
      const coverage = words.length === 0 ? 0 : shared.length / words.length;
      return { index, shared, score, coverage };
    })
    .filter((candidate) => candidate.shared.length > 0 && candidate.coverage >= 0.5)
    .sort((a, b) => b.score - a.score || b.coverage - a.coverage);
  const [best, second] = scored;
  const entry = best ? faq[best.index] : undefined;
  if (!best || !entry) return null;
  if (second && second.score === best.score && second.coverage === best.coverage) return null;
  return { index: best.index, entry, words: best.shared, score: best.score };
}
