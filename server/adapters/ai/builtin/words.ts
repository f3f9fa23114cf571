/**
 * Word handling shared by the built-in assistant's rules: splitting a text into comparable words, folding simple
 * plurals and common trade synonyms onto one word, and the stop words that carry no meaning for matching. Every
 * matcher (services, FAQ, price items) compares the same folded words, so "AC units" and "air conditioner" meet.
 */

/** Words that say nothing about what a person wants; ignored when comparing a text with a FAQ question or a name. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or but if of to in on at by for with from about as into onto over under up down out off ' +
    'is are was were be been being am do does did doing done have has had having will would shall should can could ' +
    'may might must i me my mine we us our ours you your yours u ur he she it its they them their this that these ' +
    'those there here what which who whom whose when where why how all any some no not just so too very also ' +
    'than then there s t d ll re ve m guys guy hi hello hey please thanks thank ok okay yes yeah yep get got ' +
    'need needs want wants like would let know tell im ive id dont doesnt isnt arent cant wont'
  ).split(/\s+/),
);

/**
 * Trade phrases folded onto one word before matching, longest first so "hot water heater" wins over "heater".
 * The folded word is what both sides of a comparison see; it never appears in a reply.
 */
const PHRASES: ReadonlyArray<readonly [RegExp, string]> = [
  // How people describe a broken system, before the system words below fold "cooling" and "heat" away.
  [/\b(not cooling|won't cool|wont cool|blowing (warm|hot) air)\b/g, 'ac repair'],
  [/\b(not heating|won't heat|wont heat|blowing cold air)\b/g, 'furnace repair'],
  [/\b(hot water heaters?|water heaters?|hot water tanks?|hot water|tankless heaters?|tankless)\b/g, 'waterheater'],
  [/\b(air conditioning|air conditioners?|air conditioner units?|a\/c|central air|ac units?|cooling)\b/g, 'ac'],
  [/\b(heat pumps?)\b/g, 'heatpump'],
  [/\b(fuse box|breaker box|breaker panel|electrical panel|electric panel|service panel)\b/g, 'panel'],
  [/\b(ev chargers?|car chargers?|tesla chargers?|electric vehicle chargers?|ev charging)\b/g, 'evcharger'],
  [/\b(garbage disposals?|disposals?)\b/g, 'disposal'],
  [/\b(sump pumps?)\b/g, 'sumppump'],
  [/\b(light fixtures?|ceiling fans?)\b/g, 'fixture'],
  [/\b(deep clean(ing)?)\b/g, 'deepclean'],
  [/\b(move[- ]out clean(ing)?|move[- ]in clean(ing)?)\b/g, 'moveoutclean'],
  [/\b(tune[- ]?ups?)\b/g, 'tuneup'],
  [/\b(long[- ]distance)\b/g, 'longdistance'],
  // Listing shorthand: "2BR", "3bd", "2-bed".
  [/\b(\d)\s?-?(br|bd|bdr|bdrm|bed)s?\b/g, '$1 bedroom'],
  // Ways of saying something is broken: they point at a repair rather than a new installation.
  [
    /\b(stopped working|not working|isn't working|isnt working|quit working|won't (turn on|start|work)|wont (turn on|start|work)|went out|acting up|making (a |an )?([a-z]+ ){0,2}noises?|(weird|loud|strange|banging|grinding|squealing|rattling) noises?)\b/g,
    'repair',
  ],
];

/** Single words folded onto one word (after plurals are folded). */
const SYNONYMS: Readonly<Record<string, string>> = {
  // Verbs and nouns of the same job.
  fix: 'repair', fixing: 'repair', fixed: 'repair', repairs: 'repair', repairing: 'repair', broken: 'repair', broke: 'repair',
  install: 'install', installed: 'install', installing: 'install', installation: 'install',
  // A replacement is a new installation to the person asking; one word keeps "new water heater" and "Water heater
  // replacement" together.
  replace: 'install', replaced: 'install', replacing: 'install', replacement: 'install', swap: 'install', new: 'install', upgrade: 'upgrade',
  leaking: 'leak', leaky: 'leak', leaked: 'leak', dripping: 'leak', drip: 'leak',
  clogged: 'clog', clogging: 'clog', blocked: 'clog', backed: 'clog', slow: 'clog',
  cleaning: 'clean', cleaner: 'clean', cleaned: 'clean', maid: 'clean', regular: 'standard', basic: 'standard', recurring: 'standard',
  moving: 'move', mover: 'move', movers: 'move', relocating: 'move', relocation: 'move',
  roofing: 'roof', roofer: 'roof', shingle: 'roof',
  heat: 'furnace', heating: 'furnace', heater: 'furnace', boiler: 'furnace',
  outlets: 'outlet', plug: 'outlet', receptacle: 'outlet',
  wiring: 'wire', rewire: 'wire', rewiring: 'wire',
  toilets: 'toilet', loo: 'toilet',
  faucets: 'faucet', tap: 'faucet',
  gutters: 'gutter', downspout: 'gutter',
  apartment: 'apartment', apt: 'apartment', condo: 'apartment', flat: 'apartment',
  house: 'house', home: 'house',
  office: 'office', commercial: 'commercial', business: 'commercial',
  maintenance: 'maintenance', service: 'service', servicing: 'service', checkup: 'tuneup', inspection: 'inspect', inspect: 'inspect',
  estimate: 'estimate', estimates: 'estimate', quote: 'estimate',
  saturday: 'weekend', saturdays: 'weekend', sunday: 'weekend', sundays: 'weekend', weekends: 'weekend',
  warranty: 'guarantee', warranties: 'guarantee', guaranteed: 'guarantee', guarantees: 'guarantee',
  insured: 'insurance', licensed: 'license', licence: 'license',
  cost: 'price', costs: 'price', charge: 'price', charges: 'price', fee: 'price', fees: 'price', rate: 'price', rates: 'price', pricing: 'price', prices: 'price',
  hours: 'hour', open: 'hour', opening: 'hour',
  financing: 'finance', payment: 'finance', payments: 'finance', pay: 'finance',
  one: '1', two: '2', three: '3', four: '4', five: '5', six: '6',
  br: 'bedroom', bed: 'bedroom', beds: 'bedroom', bedrooms: 'bedroom',
};

/** A simple plural folded to its singular ("gutters" → "gutter", "batteries" → "battery", "boxes" → "box"). */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ches|shes|xes|sses|zes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

/** Lower case, straight quotes, and a space around anything that is not a letter, digit, apostrophe or slash. */
export function plain(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"');
}

/** The words of a text as the matchers compare them: folded phrases, singulars and synonyms, in order. */
export function foldedWords(text: string): string[] {
  let folded = plain(text);
  for (const [pattern, word] of PHRASES) folded = folded.replace(pattern, ` ${word} `);
  const words = folded.match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? [];
  return words.map((word) => {
    const bare = word.replace(/'/g, '');
    const direct = SYNONYMS[bare];
    if (direct) return direct;
    const one = singular(bare);
    return SYNONYMS[one] ?? one;
  });
}

/** The words of a text that carry meaning: folded, without stop words. */
export function contentWords(text: string): string[] {
  return foldedWords(text).filter((word) => !STOP_WORDS.has(word));
}

/** Words that say what kind of job it is rather than what it is about; they only break ties between options. */
export const GENERIC_WORDS: ReadonlySet<string> = new Set(['repair', 'install', 'service', 'maintenance', 'job', 'work', 'small', 'big', 'full', 'general', 'other', 'estimate']);

/** "A, B or C" — a list as a person would say it. */
export function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}
