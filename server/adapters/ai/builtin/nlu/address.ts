/**
 * A street address in what someone said or wrote, English and Spanish: "12 Elm Street", "4410 Oak Ridge Drive,
 * apartment 3B", "3021 North Highland Blvd, number 4", "230 Calle Sol, apartamento 5", "calle Olmo 45 depto 2".
 * The house number must be written in digits (speech-to-text writes them so); the street must end in a street word
 * (Street, Ave, Road…) or start with one in Spanish (Calle, Avenida…). Returns null when no address is clearly there:
 * a lead's address is never a guess.
 */

const STREET_TYPES =
  'street|st|avenue|ave|av|road|rd|drive|dr|lane|ln|court|ct|boulevard|blvd|way|place|pl|circle|cir|terrace|ter|parkway|pkwy|highway|hwy|trail|trl|square|sq|loop|crescent|cres|row|alley|pike|plaza|path|run|point|pt|ridge|close|grove|heights';
const SPANISH_STREET_TYPES = 'calle|avenida|av|camino|paseo|carretera|privada|callejon|calzada|boulevard|bulevar';
const DIRECTION = 'north|south|east|west|northeast|northwest|southeast|southwest|n|s|e|w|ne|nw|se|sw|norte|sur|oriente|poniente';
const UNIT_WORDS = 'apartment|apt|unit|suite|ste|number|no|#|floor|fl|building|bldg|apartamento|apto|departamento|depto|dpto|piso|interior|int|numero|número|oficina|local';

// A word of a street's name: letters (with ' . -), never a word that ends the address or starts the next clause.
const NAME_WORD = String.raw`(?!(?:and|or|at|in|on|the|my|our|please|thanks|thank|call|y|en|por|el|la)\b)[\p{L}][\p{L}'.-]*`;
const UNIT = String.raw`(?:,?\s*(?<unitWord>${UNIT_WORDS})\.?\s*(?<unitId>[\p{L}]?\d+[\p{L}]?(?:-\d+)?|[\p{L}]\b))?`;

const ENGLISH = new RegExp(
  String.raw`(?<![\d\p{L}-])(?<number>\d{1,6}[\p{L}]?)\s+(?<street>(?:(?:${DIRECTION})\.?\s+)?(?:${NAME_WORD}\s+){0,3}(?:${STREET_TYPES})\b\.?(?:\s+(?:${DIRECTION})\b\.?)?)${UNIT}`,
  'giu',
);
const SPANISH_NUMBER_FIRST = new RegExp(String.raw`(?<![\d\p{L}-])(?<number>\d{1,6}[\p{L}]?)\s+(?<street>(?:${SPANISH_STREET_TYPES})\b\.?(?:\s+${NAME_WORD}){1,3}?)(?=[\s,.;]|$)${UNIT}`, 'giu');
const SPANISH_NAME_FIRST = new RegExp(String.raw`\b(?<street>(?:${SPANISH_STREET_TYPES})\b\.?(?:\s+${NAME_WORD}){1,3}?),?\s+(?:n[uú]mero\s+|#\s*|no\.?\s*)?(?<number>\d{1,6}[\p{L}]?)(?![\d\p{L}-])${UNIT}`, 'giu');

export interface StreetAddress {
  /** As it would be written on an envelope: "4410 Oak Ridge Drive, Apartment 3B". */
  line: string;
  /** The words as said, to show where it came from and to take them out of the rest. */
  words: string;
  index: number;
}

/** A word written as people write it: "elm" → "Elm", "3b" → "3B", "NE" stays. */
function written(word: string): string {
  if (/^\d/.test(word)) return word.toUpperCase();
  if (word === word.toUpperCase() && word.length <= 3) return word;
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

function line(number: string, street: string, unitWord: string | undefined, unitId: string | undefined, spanishOrder: boolean): string {
  const streetWords = street
    .trim()
    .replace(/\s+/g, ' ')
    .split(' ')
    .map((word) => written(word.replace(/\.$/, '')));
  const base = spanishOrder ? `${streetWords.join(' ')} ${number.toUpperCase()}` : `${number.toUpperCase()} ${streetWords.join(' ')}`;
  if (!unitWord || !unitId) return base;
  return unitWord === '#' ? `${base}, #${unitId.toUpperCase()}` : `${base}, ${written(unitWord.replace(/\.$/, ''))} ${unitId.toUpperCase()}`;
}

/** The first street address in the text, or null. */
export function extractStreetAddress(text: string): StreetAddress | null {
  const said = text.normalize('NFKC');
  const found: StreetAddress[] = [];
  for (const [pattern, spanishOrder] of [
    [ENGLISH, false],
    [SPANISH_NUMBER_FIRST, false],
    [SPANISH_NAME_FIRST, true],
  ] as const) {
    for (const match of said.matchAll(pattern)) {
      const groups = match.groups ?? {};
      const number = groups.number ?? '';
      const street = groups.street ?? '';
      // A phone number's group ("555 0142 Street" cannot be), or a time ("at 5 pm"): a house number stands alone.
      if (!number || !street || /^0/.test(number)) continue;
      found.push({ line: line(number, street, groups.unitWord, groups.unitId, spanishOrder), words: match[0].trim().replace(/[,.]+$/, ''), index: match.index ?? 0 });
    }
  }
  found.sort((a, b) => a.index - b.index || b.words.length - a.words.length);
  return found[0] ?? null;
}
