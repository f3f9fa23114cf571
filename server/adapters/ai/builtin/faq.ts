/**
 * FAQ matching by keyword overlap: the person's meaningful words against each FAQ question's, each word weighted
 * by how rare it is across the FAQ (a word every entry shares decides nothing). A match must cover at least half
 * of the entry's words and beat the runner-up; otherwise there is no clear answer and the assistant says nothing
 * it cannot ground.
 */
import type { FaqEntry } from '@contracts/ai';
import { contentWords } from './words';

export interface FaqMatch {
  index: number;
  entry: FaqEntry;
  /** The shared words (folded), for the decision log. */
  words: string[];
  score: number;
}

// Money words are the price book's business: "how much to unclog a drain?" must not match "Do you charge for
// estimates?" on "charge" alone.
const IGNORED = new Set(['price', 'much']);

function faqWords(text: string): string[] {
  return [...new Set(contentWords(text).filter((word) => !IGNORED.has(word)))];
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
