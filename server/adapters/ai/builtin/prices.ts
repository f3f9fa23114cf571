/**
 * Prices from the approved price book only. An item is quoted when its name matches the person's words (the same
 * word matching as services); the amount comes from the item, never from anywhere else.
 */
import type { PriceItem, PricingPolicy } from '@contracts/ai';
import { bestOption } from './extract';
import { contentWords } from './words';

/** The approved item the text names, or null when none (or two equally) match. */
export function matchPriceItem(text: string, items: readonly PriceItem[]): PriceItem | null {
  const best = bestOption(
    text,
    items.map((item) => item.name),
  );
  return best ? (items.find((item) => item.name === best.option) ?? null) : null;
}

/** Whole dollars without cents ("$1,250"), otherwise two decimals ("$89.50"). */
export function formatCents(cents: number): string {
  const whole = cents % 100 === 0;
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 })}`;
}

/**
 * The item's price as the policy allows: `ranges` says "$X–$Y" (one amount when the item has one), `exact` says
 * the item's amount ("$X"; an item the owner entered as a range stays a range — the book is never narrowed).
 * The unit follows ("per hour"). `never` has no amount.
 */
export function formatItemPrice(item: PriceItem, policy: PricingPolicy): string | null {
  if (policy === 'never') return null;
  const amount = item.minCents === item.maxCents ? formatCents(item.minCents) : `${formatCents(item.minCents)}–${formatCents(item.maxCents)}`;
  return item.unit.trim() ? `${amount} ${item.unit.trim()}` : amount;
}

/**
 * The one item that covers every word of a service already named in the thread ("How much will it be?" after
 * "Drain cleaning"): stricter than matching the person's words, so "Water heater repair" never borrows the price
 * of "Water heater replacement".
 */
export function priceItemForService(service: string, items: readonly PriceItem[]): PriceItem | null {
  const wanted = contentWords(service);
  if (wanted.length === 0) return null;
  const covering = items.filter((item) => {
    const words = new Set(contentWords(item.name));
    return wanted.every((word) => words.has(word));
  });
  return covering.length === 1 ? (covering[0] ?? null) : null;
}
