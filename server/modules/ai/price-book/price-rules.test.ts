import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { storableText } from '@contracts/text';
import { NOTES, proposePriceItems, proposedItemSchema } from './price-rules';

/** What the review table would show for one row: [name, min, max, unit, confidence, note]. */
type Row = [string, number, number, string, 'high' | 'low', string?];

function read(text: string): Row[] {
  return proposePriceItems([{ page: 1, line: 1, text }], { fileName: 'prices.pdf' }).map((item) => {
    const row: Row = [item.name, item.minCents, item.maxCents, item.unit, item.confidence];
    if (item.note !== undefined) row.push(item.note);
    return row;
  });
}

describe('proposePriceItems: rows with a name and a price', () => {
  const cases: Array<[string, Row[]]> = [
    ['Drain cleaning $150', [['Drain cleaning', 15000, 15000, '', 'high']]],
    ['Drain cleaning ........ $150', [['Drain cleaning', 15000, 15000, '', 'high']]],
    ['Drain cleaning.......$150', [['Drain cleaning', 15000, 15000, '', 'high']]],
    ['Drain cleaning | $150', [['Drain cleaning', 15000, 15000, '', 'high']]],
    ['Drain cleaning - $150', [['Drain cleaning', 15000, 15000, '', 'high']]],
    ['Drain cleaning: 150.00', [['Drain cleaning', 15000, 15000, '', 'high']]],
    ['Water heater replacement | $1,200', [['Water heater replacement', 120000, 120000, '', 'high']]],
    ['Whole-house repipe $12,500.50', [['Whole-house repipe', 1250050, 1250050, '', 'high']]],
    ['Main line cleaning $150 - $250', [['Main line cleaning', 15000, 25000, '', 'high']]],
    ['Camera inspection $150–250', [['Camera inspection', 15000, 25000, '', 'high']]],
    ['Slab leak repair $800 to $1,500', [['Slab leak repair', 80000, 150000, '', 'high']]],
    ['Service call from $99', [['Service call', 9900, 9900, '', 'high', NOTES.from]]],
    ['Service call (diagnostic): starting at $89', [['Service call (diagnostic)', 8900, 8900, '', 'high', NOTES.from]]],
    ['Sewer replacement $4,000+', [['Sewer replacement', 400000, 400000, '', 'high', NOTES.from]]],
    ['Labor $95/hr', [['Labor', 9500, 9500, 'per hour', 'high']]],
    ['Labor $95 per hour', [['Labor', 9500, 9500, 'per hour', 'high']]],
    ['After-hours labor | $145 an hour', [['After-hours labor', 14500, 14500, 'per hour', 'high']]],
    ['Trip charge 85 per visit', [['Trip charge', 8500, 8500, 'per visit', 'high']]],
    ['Tile floor repair $2.50/sq ft', [['Tile floor repair', 250, 250, 'per sq ft', 'high']]],
    ['Faucet cartridge $45 each', [['Faucet cartridge', 4500, 4500, 'each', 'high']]],
    ['PEX line $12 per linear foot', [['PEX line', 1200, 1200, 'per foot', 'high']]],
    ['Fixture install $60 per fixture', [['Fixture install', 6000, 6000, 'per fixture', 'high']]],
    ['1. Gas line repair - $300', [['Gas line repair', 30000, 30000, '', 'high']]],
    ['Water heater (40 gal) | $1,200', [['Water heater (40 gal)', 120000, 120000, '', 'high']]],
    ['40-gal tank replacement | $1,200 - $1,800', [['40-gal tank replacement', 120000, 180000, '', 'high']]],
    ['Toilets | Wax ring replacement | $120', [['Toilets – Wax ring replacement', 12000, 12000, '', 'high']]],
    ['Drain cleaning $150 (10% off for seniors)', [['Drain cleaning', 15000, 15000, '', 'high']]],
    ['Toilet repair $120 | Faucet repair $95', [['Toilet repair', 12000, 12000, '', 'high'], ['Faucet repair', 9500, 9500, '', 'high']]],
  ];
  it.each(cases)('%s', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });
});

describe('proposePriceItems: rows the owner should look at twice (confidence low, with a note)', () => {
  const cases: Array<[string, Row[]]> = [
    ['Drain cleaning ....... 150', [['Drain cleaning', 15000, 15000, '', 'low', NOTES.noCurrency]]],
    ['Drain cleaning | 150', [['Drain cleaning', 15000, 15000, '', 'low', NOTES.noCurrency]]],
    ['Repipe $2,500 - $1,800', [['Repipe', 180000, 250000, '', 'low', NOTES.swapped]]],
    ['Starting at $89 — Faucet repair', [['Faucet repair', 8900, 8900, '', 'low', `${NOTES.from}; ${NOTES.nameAfterPrice}`]]],
    ['Drain cleaning $150, $75 each additional drain', [['Drain cleaning', 15000, 15000, '', 'low', NOTES.morePrices]]],
  ];
  it.each(cases)('%s', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });
});

describe('proposePriceItems: rows that are not price items', () => {
  it.each([
    'PLUMBING PRICE LIST',
    'Service | Price',
    'Call (512) 555-0142 for a free estimate',
    'Emergency line 512.555.0142 | $0',
    'Text us: 555-0142',
    'Page 1 of 2',
    '2',
    'Price list effective 01/15/2025',
    'Prices valid through Dec 31, 2025',
    'Updated 2025-01-15',
    'Effective | 2025',
    'Rivera Plumbing, 1200 Main St, Austin, TX 78701',
    'Service area | 78701',
    'Open 8:00 AM - 5:00 PM',
    'Seniors and veterans: 10% off',
    'Save $25 off any repair over $300',
    'Senior discount | $25',
    'Subtotal | $1,200',
    'Total $1,450.00',
    'Sales tax | $99.60',
    'Commercial tower repipe | $2,000,000',
    'Licence #12345',
    '$150',
    '........ | ........',
  ])('%s', (text) => {
    expect(read(text)).toEqual([]);
  });
});

describe('proposePriceItems: what every proposal carries', () => {
  it('keeps the file, page, line and the row as written', () => {
    const items = proposePriceItems(
      [
        { page: 2, line: 7, text: 'Labor | $95/hr' },
        { page: 3, line: 1, text: 'Heading' },
      ],
      { fileName: 'rivera-2025.pdf' },
    );
    expect(items).toEqual([
      { name: 'Labor', minCents: 9500, maxCents: 9500, unit: 'per hour', confidence: 'high', source: { file: 'rivera-2025.pdf', page: 2, line: 7, text: 'Labor | $95/hr' } },
    ]);
    expect(() => proposedItemSchema.array().parse(items)).not.toThrow();
  });

  it('bounds a long name at 120 characters, never cutting an emoji in half', () => {
    // The emoji straddles the cut: a cut by UTF-16 units would keep half of it.
    const name = `${'x'.repeat(118)}🚿 and the rest of the name`;
    const [item] = proposePriceItems([{ page: 1, line: 1, text: `${name} $450` }], { fileName: 'a.pdf' });
    expect(item?.name).toBe(`${'x'.repeat(118)}…`);
    expect(item?.minCents).toBe(45000);
  });

  it('proposes nothing from no rows, and refuses rows that are not rows', () => {
    expect(proposePriceItems([], { fileName: 'a.pdf' })).toEqual([]);
    expect(() => proposePriceItems([{ page: 0, line: 1, text: 'Labor $95' }], { fileName: 'a.pdf' })).toThrow();
  });
});

describe('proposePriceItems on any row', () => {
  // Rows built from the characters price lists are made of, plus emoji and combining marks, in any order.
  const piece = fc.constantFrom('$', '1', '5', '0', ',', '.', '-', '–', ' ', ' | ', '....', 'per hour', '/sq ft', 'from ', '%', 'off', 'Drain', 'é', '\u0301', '🚿', '(', ')', '+', 'to', '555-0142', 'Jan 1, 2025');
  const row = fc.array(piece, { maxLength: 20 }).map((pieces) => pieces.join(''));

  it('proposes only well-formed items: a named price, min ≤ max, within bounds, no half of a character', () => {
    fc.assert(
      fc.property(row, (text) => {
        const items = proposePriceItems([{ page: 1, line: 1, text }], { fileName: 'a.pdf' });
        for (const item of items) {
          expect(proposedItemSchema.parse(item)).toEqual(item);
          expect(item.minCents).toBeLessThanOrEqual(item.maxCents);
          expect(item.name).toMatch(/\p{L}/u);
          expect(storableText(item.name)).toBe(item.name);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
