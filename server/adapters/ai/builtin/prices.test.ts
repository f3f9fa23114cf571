import { describe, expect, it } from 'vitest';
import type { PriceItem } from '@contracts/ai';
import { formatCents, formatItemPrice, matchPriceItem, priceItemForService } from './prices';

const items: PriceItem[] = [
  { id: 'tune', name: 'AC tune-up', minCents: 12_900, maxCents: 16_900, unit: '' },
  { id: 'furnace-tune', name: 'Furnace tune-up', minCents: 11_900, maxCents: 15_900, unit: '' },
  { id: 'movers', name: 'Two movers and a truck', minCents: 14_900, maxCents: 17_900, unit: 'per hour' },
  { id: 'ev', name: 'Level 2 EV charger installation', minCents: 89_900, maxCents: 89_900, unit: '' },
];

describe('matchPriceItem', () => {
  it('finds the approved item the person names', () => {
    expect(matchPriceItem('How much is an AC tune-up?', items)?.id).toBe('tune');
    expect(matchPriceItem('what do 2 movers cost per hour', items)?.id).toBe('movers');
    expect(matchPriceItem('price to install a Tesla charger?', items)?.id).toBe('ev');
  });

  it('finds nothing for an item that is not in the book, or when two fit equally', () => {
    expect(matchPriceItem('how much to rewire a house', items)).toBeNull();
    expect(matchPriceItem('how much is a tune-up', items)).toBeNull();
  });
});

describe('formatItemPrice', () => {
  it('says a range under `ranges`, the amount under `exact`, nothing under `never`', () => {
    expect(formatItemPrice(items[0]!, 'ranges')).toBe('$129–$169');
    expect(formatItemPrice(items[2]!, 'ranges')).toBe('$149–$179 per hour');
    expect(formatItemPrice(items[3]!, 'exact')).toBe('$899');
    expect(formatItemPrice(items[3]!, 'ranges')).toBe('$899');
    expect(formatItemPrice(items[0]!, 'never')).toBeNull();
  });

  it('keeps an owner’s range a range under `exact` (the book is never narrowed)', () => {
    expect(formatItemPrice(items[0]!, 'exact')).toBe('$129–$169');
  });

  it('writes cents only when there are some', () => {
    expect(formatCents(240_000)).toBe('$2,400');
    expect(formatCents(8_950)).toBe('$89.50');
  });
});

describe('priceItemForService', () => {
  const book: PriceItem[] = [
    { id: 'wh-replace', name: 'Water heater replacement (40 gal)', minCents: 160_000, maxCents: 240_000, unit: '' },
    { id: 'drain', name: 'Drain cleaning', minCents: 17_500, maxCents: 17_500, unit: '' },
  ];

  it('finds the one item covering every word of the service', () => {
    expect(priceItemForService('Drain cleaning', book)?.id).toBe('drain');
    expect(priceItemForService('Water heater replacement', book)?.id).toBe('wh-replace');
  });

  it('never lends one service the price of a neighbour', () => {
    expect(priceItemForService('Water heater repair', book)).toBeNull();
  });
});
