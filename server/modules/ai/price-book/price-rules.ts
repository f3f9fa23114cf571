import { z } from 'zod';
import { truncate } from '@contracts/text';
import { COLUMN_SEPARATOR, MAX_LINE_CHARS } from './pdf-lines';

/**
 * The rule-based reading of a price list (used when no model is configured, and as the model's fallback): each
 * row with a name and a price or a range becomes a proposed item for the owner to review. The rules lean towards
 * proposing less: an owner drops a wrong proposal easily but may never notice a price the assistant invented.
 * Anything the rules are unsure of is proposed with confidence "low" and a note saying why.
 */

export const MAX_NAME_CHARS = 120;
/** Prices above this are typos or not prices (a part number, a licence number): dropped. */
export const MAX_PRICE_CENTS = 1_000_000 * 100;
/** At most this many proposals from one file: a review table of thousands of rows helps nobody. */
export const MAX_PROPOSALS = 2_000;

export const proposedItemSchema = z.object({
  name: z.string().min(1).max(MAX_NAME_CHARS),
  minCents: z.number().int().min(0).max(MAX_PRICE_CENTS),
  maxCents: z.number().int().min(0).max(MAX_PRICE_CENTS),
  /** "per hour", "per visit", "per sq ft", "each", another "per …", or empty. */
  unit: z.string().max(40),
  source: z.object({
    file: z.string(),
    page: z.number().int().min(1),
    line: z.number().int().min(1),
    text: z.string().max(MAX_LINE_CHARS),
  }),
  confidence: z.enum(['high', 'low']),
  note: z.string().optional(),
});
export type ProposedItem = z.infer<typeof proposedItemSchema>;

const linesSchema = z.array(z.object({ page: z.number().int().min(1), line: z.number().int().min(1), text: z.string() }));
const optionsSchema = z.object({ fileName: z.string() }).strict();

export const NOTES = {
  from: 'from',
  swapped: 'range written high to low: swapped',
  nameAfterPrice: 'name found after the price',
  noCurrency: 'no $ sign: check this is a price',
  morePrices: 'more than one price on this line',
} as const;

const CURRENCY = String.raw`(?:US\$|CA\$|C\$|\$)`;
const AMOUNT = String.raw`(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?`;
/**
 * One amount, with its currency sign if any. Not a piece of a longer number, a code or a time: nothing word-like,
 * no "#", ":", "/" or a lone "." right before (dot leaders are fine), no digit, letter, "%" or ":" right after.
 * Nor a combining mark right after, so a name read up to or from a match keeps its letters whole ("5́" is no price).
 */
const AMOUNT_TOKEN = new RegExp(String.raw`(?<![\w$#:,/])(?<![^.]\.)(?<currency>${CURRENCY})?\s?(?<amount>${AMOUNT})(?![\d%]|[.,:]\d|[A-Za-z]|\p{M})`, 'gu');
/** Read at a position (sticky): what joins the two ends of a range, a column or leaders before a bare number, the end of a column. */
const RANGE_JOIN = /\s*(?:[-–—~]|\bto\b)\s*/iy;
const LEADS_IN = /(?<=(?:\.{2,}|…|\|)\s*)/y;
const ENDS_COLUMN = /\s*(?:$|\|)/y;
/** What may stand between a number and the unit word: "/hr", "per hour", "an hour", " / sq ft". */
const UNIT_AFTER = /\s*(?:\/|\bper\b|\ba\b|\ban\b)\s*(?<word>sq\.?\s?ft\.?|square\s+f(?:oo|ee)t|ft²|sf|hours?|hrs?\.?|h|visits?|trips?|service\s+calls?|each|ea\.?|items?|units?|linear\s+f(?:oo|ee)t|lf|f(?:oo|ee)t|ft\.?|[a-z]{2,20})(?![a-z]|\p{M})/iuy;
const UNIT_WORD_AFTER = /\s*(?<word>each|ea\.?|hourly)(?![a-z]|\p{M})/iuy;
const FROM_AFTER = /\s*(?:\+|and up\b|& up\b|or more\b)/iy;
/** "$25 off any repair": a row with an offer in dollars is a promotion, not a price of the list. */
const OFFER = /\$\s?\d[\d,.]*\s*off\b/i;
const FROM_BEFORE = /(?:\b(?:from|starting at|starts at|starting from|as low as)\s*:?\s*)$/i;

/** Lines that are about the business, not its prices: read no price from them at all. */
const PHONE = /(?:\+?1[\s.-]?)?\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]\d{4}\b|(?<![$\d,.])\b\d{3}[-.]\d{4}\b(?![-.]?\d)/;
/** Dates, times and percentages carry numbers that are not prices: blanked before amounts are looked for. */
const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?(?![a-z])`;
const NOT_PRICES = [
  /(?<![$\d.,])\b\d{1,2}([/.-])\d{1,2}\1(?:\d{4}|\d{2})\b/g,
  /\b\d{4}-\d{2}-\d{2}\b/g,
  new RegExp(String.raw`\b${MONTH}\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?\b`, 'gi'),
  new RegExp(String.raw`\b\d{1,2}(?:st|nd|rd|th)?\s+${MONTH}(?:,?\s+\d{4})?\b`, 'gi'),
  new RegExp(String.raw`\b${MONTH}\s+\d{4}\b`, 'gi'),
  /\b\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)(?![a-z])/gi,
  /\d+(?:\.\d+)?\s*%(?:\s*off\b)?/gi,
];
/** Names that are never an item: sums, taxes and discounts (contact rows are already out: they hold a phone number). */
const NOT_ITEM_NAME =
  /^(?:sub\s*-?\s*total|grand\s+total|total|sales\s+tax|tax(?:es)?|hst|gst|pst|qst|vat|balance(?:\s+due)?|amount\s+due)\b|\b(?:discount|coupon|rebate|promo(?:tion)?)\b/i;
const LEADERS = /^[\s.,·•…:;=>|@*_~–—-]+|[\s.,·•…:;=>|@*_~–—([-]+$/g;
const LIST_NUMBER = /^\(?\d{1,2}[.)]\s+/;

interface Token {
  start: number;
  end: number;
  hasCurrency: boolean;
  /** Two decimals ("150.00"): written like money even without a sign. */
  hasCents: boolean;
  cents: number | null;
  digits: number;
}

interface PriceExpression {
  start: number;
  end: number;
  minCents: number | null;
  maxCents: number | null;
  unit: string;
  from: boolean;
  swapped: boolean;
  /** A bare whole number accepted only because it fills a column or follows dot leaders. */
  bare: boolean;
}

/** Proposed price-book items from the rows of a price list, in reading order, each with the row it came from. */
export function proposePriceItems(lines: ReadonlyArray<{ page: number; line: number; text: string }>, options: { fileName: string } = { fileName: '' }): ProposedItem[] {
  const { fileName } = optionsSchema.parse(options);
  const file = truncate(fileName, 200);
  const items: ProposedItem[] = [];
  for (const line of linesSchema.parse(lines)) {
    const text = truncate(line.text, MAX_LINE_CHARS);
    for (const found of readLine(text)) {
      if (items.length >= MAX_PROPOSALS) return items;
      items.push({ ...found, source: { file, page: line.page, line: line.line, text } });
    }
  }
  return items;
}

type Found = Omit<ProposedItem, 'source'>;

function readLine(original: string): Found[] {
  if (!/\d/.test(original) || PHONE.test(original) || OFFER.test(original)) return [];
  // Dates, times and percentages are blanked, not removed, so a position in `text` (where amounts are looked for)
  // is the same in `written` (where names are read: a name keeps its "10% off" or "March").
  const written = original.replace(/[\u00a0\u2000-\u200b]/g, ' ');
  let text = written;
  for (const pattern of NOT_PRICES) text = text.replace(pattern, (match) => ' '.repeat(match.length));

  const expressions = findPrices(text);
  const first = expressions[0];
  if (!first) return [];
  // Most rows read "name … price". A row that opens with its price ("Starting at $89 — Faucet repair") names each
  // price by the words after it instead; such a reading is less sure.
  const priceFirst = cleanName(withoutFrom(written.substring(0, first.start))) === '';
  const found: Found[] = [];
  for (const [index, expression] of expressions.entries()) {
    const before = written.substring(expressions[index - 1]?.end ?? 0, expression.start);
    const after = written.substring(expression.end, expressions[index + 1]?.start ?? written.length);
    const from = expression.from || FROM_BEFORE.test(before.trimEnd());
    const name = cleanName(withoutFrom(priceFirst ? after : before));
    if (name === '') {
      // "$150 first drain, $75 each additional": the second price is part of the first item's wording.
      const previous = found.at(-1);
      if (previous) markLow(previous, NOTES.morePrices);
      continue;
    }
    if (!/\p{L}/u.test(name) || NOT_ITEM_NAME.test(name)) continue;
    if (expression.minCents === null || expression.maxCents === null) continue;
    if (expression.maxCents > MAX_PRICE_CENTS) continue;

    const notes: string[] = [];
    if (from) notes.push(NOTES.from);
    if (expression.swapped) notes.push(NOTES.swapped);
    if (expression.bare) notes.push(NOTES.noCurrency);
    if (priceFirst) notes.push(NOTES.nameAfterPrice);
    const item: Found = {
      name: truncate(name, MAX_NAME_CHARS),
      // "from $99" is a single price (min = max) with the note; "from $150 - $250" keeps its range.
      minCents: expression.minCents,
      maxCents: expression.maxCents,
      unit: expression.unit,
      confidence: expression.bare || expression.swapped || priceFirst ? 'low' : 'high',
    };
    if (notes.length > 0) item.note = notes.join('; ');
    found.push(item);
  }
  return found;
}

function withoutFrom(text: string): string {
  return text.trimEnd().replace(FROM_BEFORE, '');
}

function markLow(item: Found, note: string): void {
  item.confidence = 'low';
  if (!item.note?.includes(note)) item.note = item.note ? `${item.note}; ${note}` : note;
}

function findPrices(text: string): PriceExpression[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(AMOUNT_TOKEN)) {
    const amount = match.groups?.amount ?? '';
    tokens.push({
      start: match.index,
      end: match.index + match[0].length,
      hasCurrency: Boolean(match.groups?.currency),
      hasCents: /\.\d{2}$/.test(amount),
      cents: toCents(amount),
      digits: amount.replace(/\D/g, '').length - (amount.includes('.') ? (amount.split('.')[1]?.length ?? 0) : 0),
    });
  }

  const expressions: PriceExpression[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const first = tokens[index];
    if (!first) continue;
    let last = first;
    const next = tokens[index + 1];
    // "$150 - $250", "$150–250", "150 to 250": a range. "$150 - 2 hr minimum" is not one, so a second number
    // without its own sign must not be smaller than the first.
    if (next && joinedAt(RANGE_JOIN, text, first.end) === next.start && (next.hasCurrency || (next.cents ?? 0) >= (first.cents ?? 0))) {
      last = next;
      index++;
    }
    let end = last.end;
    let from = false;
    let unit = '';

    FROM_AFTER.lastIndex = end;
    const plus = FROM_AFTER.exec(text);
    if (plus) {
      from = true;
      end += plus[0].length;
    }
    UNIT_AFTER.lastIndex = end;
    UNIT_WORD_AFTER.lastIndex = end;
    const unitMatch = UNIT_AFTER.exec(text) ?? UNIT_WORD_AFTER.exec(text);
    const normalized = unitMatch ? normalizeUnit(unitMatch.groups?.word ?? '', unitMatch[0]) : null;
    if (unitMatch && normalized !== null) {
      unit = normalized;
      end += unitMatch[0].length;
    }

    const hasCurrency = first.hasCurrency || last.hasCurrency;
    const hasCents = first.hasCents || last.hasCents;
    let bare = false;
    if (!hasCurrency && !hasCents && unit === '') {
      // A bare whole number is a price only where a price list puts one: alone at the end of a column, after
      // a name and dot leaders or a column gap ("Drain cleaning ....... 150", "Drain cleaning | 150"). Years and
      // five-digit numbers (ZIP codes) never are.
      const year = first.digits === 4 && (first.cents ?? 0) >= 1900_00 && (first.cents ?? 0) <= 2100_00;
      const leadsIn = joinedAt(LEADS_IN, text, first.start) !== null;
      const endsColumn = joinedAt(ENDS_COLUMN, text, end) !== null;
      if (year || first.digits > 4 || last.digits > 4 || !leadsIn || !endsColumn) continue;
      bare = true;
    }

    let minCents = first.cents;
    let maxCents = last.cents;
    let swapped = false;
    if (minCents !== null && maxCents !== null && minCents > maxCents) {
      [minCents, maxCents] = [maxCents, minCents];
      swapped = true;
    }
    expressions.push({ start: first.start, end, minCents, maxCents, unit, from, swapped, bare });
  }
  return expressions;
}

/** Where a sticky pattern that matches at `position` ends, or null when it does not match there. */
function joinedAt(sticky: RegExp, text: string, position: number): number | null {
  sticky.lastIndex = position;
  const match = sticky.exec(text);
  return match ? position + match[0].length : null;
}

/** Cents of "1,200.5" (120050); null when the number is too long to be a price at all. */
function toCents(amount: string): number | null {
  const [whole = '', fraction = ''] = amount.replace(/,/g, '').split('.');
  if (whole.length > 12) return null;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The unit in the price book's words; `null` when the word after the number is not a unit at all. */
function normalizeUnit(word: string, matched: string): string | null {
  const plain = word.toLowerCase().replace(/\.$/, '').replace(/\s+/g, ' ');
  if (/^(?:hours?|hrs?|h|hourly)$/.test(plain)) return 'per hour';
  if (/^(?:visits?|trips?|service calls?)$/.test(plain)) return 'per visit';
  if (/^(?:sq ?ft|square f(?:oo|ee)t|ft²|sf)$/.test(plain.replace(/\./g, ''))) return 'per sq ft';
  if (/^(?:each|ea|items?|units?)$/.test(plain)) return 'each';
  if (/^(?:linear f(?:oo|ee)t|lf|f(?:oo|ee)t|ft)$/.test(plain)) return 'per foot';
  // Any other word counts only after "per" ("$45 per fixture"): after "/" or "a" it may be the next item's name.
  if (!/\bper\b/i.test(matched)) return null;
  const singular = plain.length > 3 && plain.endsWith('s') && !plain.endsWith('ss') ? plain.replace(/s$/, '') : plain;
  return `per ${singular}`;
}

/** The item's name as written, without leaders, list numbers and column bars around it. */
function cleanName(raw: string): string {
  const name = raw
    .split(COLUMN_SEPARATOR.trim())
    .map((part) => part.replace(LEADERS, '').trim())
    .filter((part) => part !== '')
    .join(' – ')
    .replace(LIST_NUMBER, '')
    .replace(/\s+/g, ' ')
    .replace(LEADERS, '')
    .trim();
  return name;
}
