/**
 * Prices from the approved price book only, and only for the job the person described. An item is the one their
 * words name (the same matching as services); when its name carries conditions — "up to 1/4 acre", "2-bedroom",
 * "(40 gal)", "up to 30 ft run", "up to 12,000 BTU" — the amount is said only when what the person said fits
 * them. A bigger or different job, or one whose size they have not said, gets no figure: the team confirms.
 */
import type { PriceItem, PricingPolicy } from '@contracts/ai';
import { chooseOption } from './nlu/services';
import { fitsConditions, itemConditions, statedSizes } from './nlu/sizes';

/** Whole dollars without cents ("$1,250"), otherwise two decimals ("$89.50"). */
export function formatCents(cents: number): string {
  const whole = cents % 100 === 0;
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 })}`;
}

export function formatItemPrice(item: PriceItem, policy: PricingPolicy): string | null {
  if (policy === 'never') return null;
  const amount = item.minCents === item.maxCents ? formatCents(item.minCents) : `${formatCents(item.minCents)}–${formatCents(item.maxCents)}`;
  return item.unit.trim() ? `${amount} ${item.unit.trim()}` : amount;
}

export interface PriceChoice {
  item: PriceItem | null;
  why: string;
}

/**
 * The item to quote for `text` (what they asked) in a thread where the person said `everything`, or null with the
 * reason. `service` is the service already recorded, used when the question names nothing ("how much?").
 */
export function choosePriceItem(text: string, everything: string, items: readonly PriceItem[], service: string | null): PriceChoice {
  if (items.length === 0) return { item: null, why: 'the price book is empty' };
  const byName = (words: string) => chooseOption(words, items.map((item) => item.name)).ranked;
  let ranked = byName(text);
  if (ranked.length === 0 && service) ranked = byName(service);
  if (ranked.length === 0) ranked = byName(everything);
  if (ranked.length === 0) return { item: null, why: 'no price-book item matches what they asked' };
  const top = ranked[0]?.score ?? 0;
  const sizes = statedSizes(everything);
  // Items named about as well as the best (a 2-bedroom and a 4-bedroom move): the one whose conditions fit.
  const close = ranked.filter((match) => match.score >= top - 1.5);
  const reasons: string[] = [];
  for (const match of close) {
    const item = items.find((candidate) => candidate.name === match.option);
    if (!item) continue;
    const fit = fitsConditions(itemConditions(item.name), sizes);
    if (fit.fits) return { item, why: `“${item.name}”: ${fit.why}` };
    reasons.push(`“${item.name}”: ${fit.why}`);
  }
  return { item: null, why: `no item fits the job (${reasons.join('; ')})` };
}
