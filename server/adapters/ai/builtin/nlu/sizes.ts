/**
 * Sizes in a person's words and in an owner's names: "a 3 bed 2 bath", "about half an acre", "24,000 btu",
 * "single car door", "16x7" — and the conditions an item or an option sets ("up to 1/4 acre", "2-bedroom",
 * "4 or more bedrooms", "One-car"). Price items quote only when the job fits their conditions (prices.ts); a list
 * of sizes the owner asks about ("Studio", "1 bedroom", …) is answered by the size the person said.
 */
import { between } from '@contracts/text';
import { numbersAsDigits } from './answers';
import { LISTING, normalize, words } from './text';

/** Units a size is said in, with the words that name each (after number words became digits). */
const UNITS: ReadonlyArray<readonly [string, RegExp]> = [
  // (Not "one AC, furnace or heat pump system" nor "2 ac units": air conditioners, see AIR_CONDITIONER.)
  ['acre', /acres?|ac\b(?!-system)/],
  ['sqft', /sq\.? ?ft|square feet|square foot|sqft|sf\b|pies cuadrados/],
  ['bedroom', /bedrooms?|bed|beds|br\b|bd\b|recamaras?|cuartos?|habitaciones?/],
  ['bathroom', /bathrooms?|baths?|ba\b|banos?/],
  ['story', /stories|story|storey|floors?|levels?|pisos?|plantas?/],
  ['gallon', /gallons?|gal\b|galones/],
  ['btu', /btus?|btu\/h/],
  ['ton', /tons?\b|toneladas?/],
  ['foot', /ft\b|feet|foot|'|pies/],
  ['hour', /hours?|hrs?\b|horas?/],
  ['mover', /movers?|men\b|guys\b|muchachos|hombres|trabajadores|ayudantes/],
  ['tree', /trees?|arboles?|palms?|palmas?/],
  // The shrubs a yard has by name (a dispatcher knows a boxwood is a shrub).
  ['shrub', /shrubs?|bush(es)?\b|roses\b|rose ?bushes|hedges?|arbustos?|rosales?|boxwoods?|junipers?|hydrangeas?|azaleas?|arborvitaes?|hollies|holly bushes|lilacs?|privets?|yews?|camellias?|gardenias?|oleanders?|rhododendrons?|forsythias?|spireas?|barberr(y|ies)/],
  ['room', /rooms?\b/],
  ['window', /windows?|ventanas?/],
  ['outlet', /outlets?|enchufes?|contactos?/],
  ['door', /doors?|puertas?/],
  ['car', /car\b|cars\b|-car\b|autos?|carros?|coches?/],
  ['amp', /amps?|amperes?/],
  // Zones of a sprinkler or drip system, heads of a mini-split ("single zone (one indoor head)", "3 heads total").
  ['zone', /zones?|heads?|indoor heads?|zonas?|cabezas?/],
  ['mile', /miles?|millas?/],
  ['spring', /springs?|resortes?/],
  ['inch', /inch(es)?|in\b|"|\u201d|pulgadas?/],
  ['system', /systems?|units?\b|heat pumps?|furnaces?|ac-system|ac units?|air conditioners?|sistemas?|unidades?/],
];

/** Units an item sets as what the business provides rather than as the size of the job. */
const OFFER_TERMS: ReadonlySet<string> = new Set(['mover', 'hour']);

/** The unit a "How many …?" question counts. */
const QUESTION_UNITS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(stories|story|storeys?|floors|levels)\b/, 'stories'],
  [/\b(bedrooms?|recamaras)\b/, 'bedrooms'],
  [/\b(bathrooms?)\b/, 'bathrooms'],
  [/\b(cars?|garage door size|door size)\b/, 'car'],
  [/\b(systems?|units)\b/, 'systems'],
];

export interface Condition {
  unit: string;
  min: number;
  max: number;
}

const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?|\d+\/\d+)`;

/** A unit's words: one, or two when the second is no comparison that starts the next condition ("4 trees under 15 ft"). */
const UNIT_WORDS = String.raw`([a-z'"\u201d/.-]+(?: (?!(?:under|over|up|within|less|more|max|at|or|and|to|no|plus)\b)[a-z]+)?)`;

function value(text: string): number {
  if (text.includes('/')) {
    const [a, b] = text.split('/').map(Number);
    return (a ?? 0) / (b || 1);
  }
  return Number(text.replace(/,/g, ''));
}

function unitOf(words: string): string | null {
  for (const [unit, pattern] of UNITS) if (new RegExp(`^(${pattern.source})`).test(words.trim())) return unit;
  return null;
}

/** "AC" beside the things of heating and cooling is an air conditioner, not an acre ("one AC, furnace or heat pump"). */
const AIR_CONDITIONER = /\bac\b(?=\s*(?:,|\/|or\b|and\b|&)?\s*(?:furnaces?|heat pumps?|heaters?|units?|systems?|condensers?|mini|split|tune|repair|install|not\b|is\b|isn'?t|won'?t|quit|stopped|blowing)\b)/g;

/** The conditions an item's name sets on the job ("Lawn mowing, lots up to 1/4 acre" → acre ≤ 0.25). */
export function itemConditions(name: string): Condition[] {
  // A minimum charge ("2-hour minimum", "(3-hour minimum)") is how the job is billed, not a size it must have.
  const said = numbersAsDigits(name)
    .replace(AIR_CONDITIONER, 'ac-system')
    .replace(/(\d)\s*-\s*(?=[a-z])/g, '$1 ')
    .replace(new RegExp(String.raw`${NUMBER}\s*[a-z]+\s+minimum\b|\bminimum(?: of)?\s*${NUMBER}\s*[a-z]+`, 'g'), ' ')
    // ("6-inch seamless aluminum gutters": the gutter the business puts up, a kind a customer never says, not the job's
    // size.)
    .replace(new RegExp(String.raw`${NUMBER}\s*(?:inch(?:es)?|in|"|\u201d)\s+(?=(?:(?:seamless|aluminum|aluminium|copper|steel|galvanized|vinyl|k-?style|half-?round|box|commercial|residential|oversized?)\s+)*(?:gutters?|downspouts?)\b)`, 'g'), ' ');
  const conditions: Condition[] = [];
  const taken = new Set<string>();
  const add = (unit: string | null, min: number, max: number) => {
    if (!unit || taken.has(unit) || !Number.isFinite(min) || Number.isNaN(max)) return;
    taken.add(unit);
    conditions.push({ unit, min, max });
  };
  // "up to 2 bed / 2 bath and 1,200 sq ft": every size the bound lists is a bound.
  const bounded = new RegExp(String.raw`\b(?:up to|under|within|less than|max(?:imum)?|no more than|at most)\s*(${NUMBER.replace(/\((?!\?)/g, '(?:')}\s*${UNIT_WORDS.replace(/\((?!\?)/g, '(?:')}(?:\s*(?:\/|and|,|&)\s*${NUMBER.replace(/\((?!\?)/g, '(?:')}\s*${UNIT_WORDS.replace(/\((?!\?)/g, '(?:')})+)`, 'g');
  for (const list of said.matchAll(bounded)) for (const m of (list[1] ?? '').matchAll(new RegExp(String.raw`${NUMBER}\s*${UNIT_WORDS}`, 'g'))) add(unitOf(m[2] ?? ''), 0, value(m[1] ?? ''));
  const patterns: ReadonlyArray<readonly [RegExp, (match: RegExpExecArray) => void]> = [
    [new RegExp(String.raw`\b(?:up to|under|within|less than|max(?:imum)?|no more than|at most|<)\s*${NUMBER}\s*${UNIT_WORDS}`, 'g'), (m) => add(unitOf(m[2] ?? ''), 0, value(m[1] ?? ''))],
    [new RegExp(String.raw`${NUMBER}\s*${UNIT_WORDS}\s*(?:or less|or under|or fewer|max)\b`, 'g'), (m) => add(unitOf(m[2] ?? ''), 0, value(m[1] ?? ''))],
    [new RegExp(String.raw`\b(?:over|more than|at least|>)\s*${NUMBER}\s*${UNIT_WORDS}`, 'g'), (m) => add(unitOf(m[2] ?? ''), value(m[1] ?? ''), Number.POSITIVE_INFINITY)],
    [new RegExp(String.raw`${NUMBER}\s*\+\s*([a-z'/.-]+)`, 'g'), (m) => add(unitOf(m[2] ?? ''), value(m[1] ?? ''), Number.POSITIVE_INFINITY)],
    [new RegExp(String.raw`${NUMBER}\s*(?:or more|or bigger|or larger|and up|plus)\s*([a-z'/.-]+)`, 'g'), (m) => add(unitOf(m[2] ?? ''), value(m[1] ?? ''), Number.POSITIVE_INFINITY)],
    [new RegExp(String.raw`${NUMBER}\s*([a-z'/.-]+)\s*(?:or more|and up|\+|plus)`, 'g'), (m) => add(unitOf(m[2] ?? ''), value(m[1] ?? ''), Number.POSITIVE_INFINITY)],
    [new RegExp(String.raw`${NUMBER}\s*(?:-|to|–|or)\s*${NUMBER}\s*${UNIT_WORDS}`, 'g'), (m) => add(unitOf(m[3] ?? ''), value(m[1] ?? ''), value(m[2] ?? ''))],
    [new RegExp(String.raw`${NUMBER}\s*${UNIT_WORDS}`, 'g'), (m) => add(unitOf(m[2] ?? ''), value(m[1] ?? ''), value(m[1] ?? ''))],
  ];
  for (const [pattern, take] of patterns) for (const match of said.matchAll(pattern)) take(match);
  // "Studio" is a home without a separate bedroom; "single-car" / "double" garage doors.
  if (/\bstudio\b/.test(said)) add('bedroom', 0, 0);
  // "studio or 1-bedroom", "studio to 2-bedroom": from none to that many.
  const fromStudio = /\bstudio\s*(?:or|and|to|thru|through|\/|,|-|–)\s*(?:a\s+)?\d/.test(said) ? conditions.find((condition) => condition.unit === 'bedroom') : undefined;
  if (fromStudio) fromStudio.min = 0;
  if (/\b(single|one)[- ]car\b/.test(said)) add('car', 1, 1);
  if (/\b(single|one)[- ]zone\b/.test(said)) add('zone', 1, 1);
  if (/\b(double|two)[- ]car\b/.test(said)) add('car', 2, 2);
  // A door by its width: "Single (8 or 9 ft wide)", "Double (16 ft wide)" are the one- and two-car doors.
  const named = name.toLowerCase();
  if (/\bwide\b/.test(named) && /^\s*single\b/.test(named)) add('car', 1, 1);
  if (/\bwide\b/.test(named) && /^\s*double\b/.test(named)) add('car', 2, 2);
  // Or by the word alone: "Single" / "Double" (door) asked as the door's size.
  if (/^\s*single( door| garage door)?\s*$/.test(named)) add('car', 1, 1);
  if (/^\s*double( door| garage door)?\s*$/.test(named)) add('car', 2, 2);
  // A hole by a thing of its size ("Drywall patch, up to fist-size hole"): that many inches across at most.
  const thing = THING_SIZED.exec(named);
  if (thing?.[1]) add('inch', 0, THING_INCHES[thing[1].replace(/ /g, '')] ?? Number.NaN);
  return conditions;
}

/** Things a hole is sized by, in inches across (a dispatcher knows a fist is about four and a half). */
const THING_INCHES: Readonly<Record<string, number>> = { fist: 4.5, softball: 4, baseball: 3, grapefruit: 5, doorknob: 3, 'golf ball': 1.7, golfball: 1.7, 'tennis ball': 2.7, tennisball: 2.7, quarter: 1, dime: 0.7, 'dinner plate': 10, dinnerplate: 10, plate: 9, basketball: 9.5, football: 11, pizza: 14 };

const THING_NAMES = Object.keys(THING_INCHES).join('|');
/** An item sized by a thing ("up to fist-size hole"). */
const THING_SIZED = new RegExp(String.raw`\b(?:up to|under|max(?:imum)?|no (?:bigger|larger) than)?\s*(?:an? |the )?(${THING_NAMES})[- ]?(?:size|sized)\b`);
/** A hole said by a thing of its size ("fist sized hole", "doorknob hole", "the size of a dinner plate"). */
const THING_HOLE = new RegExp(String.raw`\b(${THING_NAMES})(?:[- ]?(?:size|sized)\b|\s+(?:hole|holes)\b)|\bsize of (?:an? |my )?(${THING_NAMES})\b`, 'g');

/** The sizes a person said ("a 3 bed 2 bath", "about half an acre", "24,000 btu"), by unit. */
export function statedSizes(text: string): Map<string, number> {
  const said = numbersAsDigits(text).replace(AIR_CONDITIONER, 'ac-system').replace(/(\d)\s*-\s*(?=[a-z])/g, '$1 ');
  const sizes = new Map<string, number>();
  for (const match of said.matchAll(new RegExp(String.raw`${NUMBER}\s*${UNIT_WORDS}`, 'g'))) {
    // "3 peach trees", "2 big windows": a word may come between the number and its unit.
    const words = match[2] ?? '';
    const unit = unitOf(words) ?? (words.includes(' ') ? unitOf(words.split(' ')[1] ?? '') : null);
    // Two sizes of one kind ("whats a 2 bedroom move cost? … we have a 4 bedroom house"): the larger, so no figure is
    // quoted for a smaller job than the one they have.
    if (unit) sizes.set(unit, Math.max(sizes.get(unit) ?? Number.NEGATIVE_INFINITY, value(match[1] ?? '')));
  }
  // "the boxwoods trimmed, there's 8 of them": the count of the last thing named before it.
  for (const match of said.matchAll(/\b(\d+) of (?:them|those|these|em)\b/g)) {
    const unit = words(between(said, 0, match.index)).map(unitOf).filter((found) => found !== null).at(-1);
    if (unit && !sizes.has(unit)) sizes.set(unit, Number(match[1]));
  }
  // "acre and a half", "a mile and a half", "2 acres and a half".
  for (const match of said.matchAll(/\b(?:(a|an|one|\d+(?:\.\d+)?) )?(acres?|miles?) and (?:a )?half\b/g)) {
    const unit = unitOf(match[2] ?? '');
    if (unit) sizes.set(unit, Math.max(sizes.get(unit) ?? Number.NEGATIVE_INFINITY, (/^\d/.test(match[1] ?? '') ? Number(match[1]) : 1) + 0.5));
  }
  if (/\bstudio\b/.test(said) && !sizes.has('bedroom')) sizes.set('bedroom', 0);
  // A listing's beds and baths: "es un 1/1 en Little Havana", "it's a 3/2".
  const listing = LISTING.exec(said);
  if (listing && !sizes.has('bedroom')) sizes.set('bedroom', Number(listing[1]));
  if (listing && !sizes.has('bathroom')) sizes.set('bathroom', Number(listing[2]));
  // Metres as feet: "como a 3 metros de donde va el cargador".
  // (Not "2 meters on the side of the house", the electric ones: "meters" as a length only with away, from, long.)
  const metres = /\b(\d+(?:\.\d+)?)\s*(?:metros?|metres?|mts|(?:meters?|m)(?=\s+(?:away|from|long|de distancia|of (?:wire|cable|pipe|distance))))\b/.exec(said);
  if (metres && !sizes.has('foot')) sizes.set('foot', Math.round(Number(metres[1]) * 3.28));
  // "an 8 ft by 6 ft section", "12x10 feet": an area.
  const by = /\b(\d+(?:\.\d+)?)\s*(?:ft|feet|foot|')?\s*(?:by|x)\s*(\d+(?:\.\d+)?)\s*(?:ft|feet|foot|')/.exec(said);
  if (by && !sizes.has('sqft')) sizes.set('sqft', Number(by[1]) * Number(by[2]));
  // A ranch or a bungalow is one story.
  if (!sizes.has('story') && /\b(ranch|rambler|bungalow|single[- ]level|one[- ]level)\b/.test(said)) sizes.set('story', 1);
  // "my furnace", "the heat pump": one system, unless a number was said.
  if (!sizes.has('system') && /\b(my|our|the|a|an|mi|el|la)\s+(furnace|heat pump|ac|a\/c|air conditioner|boiler|system|unit|hvac)\b/.test(said) && !/\b(both|all|each|every)\b/.test(said)) sizes.set('system', 1);
  // "on the same wall as the panel", "right next to it", "en la misma pared … bien cerquita": a few feet.
  if (!sizes.has('foot') && /\b(same wall|right next to|right beside|right by|right under|a few feet|couple (of )?feet|misma pared|bien cerc(a|ita|quita)|al ladito|justo al lado)\b/.test(said)) sizes.set('foot', 3);
  // "maybe 20 min drive", "15 minutes away": a minute of driving is about a mile at most (town traffic is slower).
  const drive = /\b(\d+)\s*(?:min|mins|minutes?|minutos?)\s+(?:drive|driving|away|apart|de distancia|de camino|en carro)\b/.exec(said);
  if (drive && !sizes.has('mile')) sizes.set('mile', Number(drive[1]));
  if (/\b(single|one)[- ]car\b/.test(said) || /\bsingle (garage )?door\b/.test(text.toLowerCase())) sizes.set('car', 1);
  if (!sizes.has('zone') && /\b(single|one|the one|just the one|1)[- ]zone\b/.test(said)) sizes.set('zone', 1);
  if (/\b(double|two|2)[- ]car\b|\bdouble (garage|door)\b/.test(said)) sizes.set('car', 2);
  // "16 wide so the double one": a door's width, or the double or single one asked about.
  const doubleOrSingle = /\b(?:the )?(double|single) (?:one|size)\b/.exec(text.toLowerCase());
  if (!sizes.has('car') && doubleOrSingle) sizes.set('car', doubleOrSingle[1] === 'double' ? 2 : 1);
  if (!sizes.has('car') && /\b(16|18)\s*(ft|foot|feet|')?\s*wide\b/.test(said)) sizes.set('car', 2);
  // ("both springs went on our 16 ft door": a door's width says how many cars.)
  const wide = /\b(8|9|10|16|18)\s*(?:ft|foot|feet|')\s*(?:wide\s+)?(?:garage\s+|overhead\s+)?doors?\b/.exec(said);
  if (!sizes.has('car') && wide) sizes.set('car', Number(wide[1]) >= 16 ? 2 : 1);
  // "es puerta doble", "la sencilla".
  if (/\b(puerta|porton|cochera|garaje) (doble|de dos (carros|coches))\b|\bes doble\b|\b(para|de) dos (carros|coches)\b/.test(said)) sizes.set('car', 2);
  if (/\b(puerta|porton|cochera|garaje) (sencilla|individual|de un (carro|coche))\b|\bes sencilla\b|\b(para|de) un (carro|coche)\b/.test(said)) sizes.set('car', 1);
  if (/\b(16 ?x ?7|16x8|18 ?x ?7)\b/.test(said)) sizes.set('car', 2);
  if (/\b(8 ?x ?7|9 ?x ?7|9x8)\b/.test(said)) sizes.set('car', 1);
  // How big a hole is: "now it's like a foot across", "a hole the size of a dinner plate", "fist sized hole" (the
  // largest said: a doorknob's hole made worse is the size it is now).
  const holeSaid = /\b(hole|holes|dent|patch|gap)\b/.test(said);
  // (Only of a hole: "the wall is like 10 feet wide" beside a TV, "16 ft wide" door, are no hole's size.)
  const across = !holeSaid ? [] : [...said.matchAll(/\b(\d+(?:\.\d+)?|an?|one|half an?)\s*(foot|feet|ft|inch(?:es)?|in|")\s*(?:across|wide|hole|in diameter|round)\b/g)].map((m) => (/^half/.test(m[1] ?? '') ? 0.5 : /^\d/.test(m[1] ?? '') ? Number(m[1]) : 1) * (/^(foot|feet|ft)$/.test(m[2] ?? '') ? 12 : 1));
  const things = holeSaid ? [...said.matchAll(THING_HOLE)].map((m) => THING_INCHES[(m[1] ?? m[2] ?? '').replace(/ /g, '')] ?? 0) : [];
  if (across.length + things.length > 0) sizes.set('inch', Math.max(sizes.get('inch') ?? 0, ...across, ...things));
  return sizes;
}

/**
 * Whether what the person said fits every condition of the item (issue 22: "a quote applies only when the price
 * item's conditions match what the customer said"). A size outside a condition does not fit, and neither does a
 * condition they said nothing about: the team confirms rather than quote a job nobody has sized.
 */
export function fitsConditions(conditions: readonly Condition[], sizes: ReadonlyMap<string, number>): { fits: boolean; why: string } {
  for (const condition of conditions) {
    const said = sizes.get(condition.unit);
    // The crew and the hours an item includes ("2 movers, up to 4 hours") are the business's terms, not the job's
    // size: they must fit only when the person asks for them ("for like 3 guys").
    if (said === undefined && OFFER_TERMS.has(condition.unit)) continue;
    // One zone or head is what a system is unless more are said ("a mini split for the bedroom"): only a count
    // said ("3 heads total") can fall outside it.
    if (said === undefined && condition.unit === 'zone' && condition.min <= 1) continue;
    if (said === undefined) return { fits: false, why: `they have not said the ${condition.unit}` };
    if (said < condition.min || said > condition.max) return { fits: false, why: `${said} ${condition.unit} is outside ${condition.min}–${condition.max === Number.POSITIVE_INFINITY ? '∞' : condition.max}` };
  }
  return { fits: true, why: conditions.length ? 'what they said fits the item' : 'the item has no conditions' };
}

/**
 * The option of a list of sizes ("Studio", "1 bedroom", "4 or more bedrooms"; "One-car", "Two-car") that the size a
 * person said fits, or null when the options are not sizes or nothing said fits exactly one.
 */
export function chooseSizeOption(text: string, options: readonly string[], question = ''): string | null {
  // Options that are bare numbers ("1", "2", "3+", "Three or more") take their unit from the question ("How many
  // stories?"), so "2 story colonial" picks "2".
  const unitWord = QUESTION_UNITS.find(([pattern]) => pattern.test(question.toLowerCase()))?.[1];
  const withUnit = (option: string) => (unitWord && !/[a-z]{3,}\s*$/i.test(option.replace(/\b(or more|or less|plus|and up)\b/i, '').trim()) ? `${option} ${unitWord}` : unitWord && /^(one|two|three|four|five|six)\b/i.test(option) && !/\b(story|stories|bed|bedroom|floor)/i.test(option) ? `${option} ${unitWord}` : option);
  const conditions = options.map((option) => ({ option, conditions: itemConditions(withUnit(option)) }));
  const sized = conditions.filter((entry) => entry.conditions.length > 0);
  if (sized.length < 2) return null;
  const sizes = statedSizes(text);
  if (sizes.size === 0) return null;
  const fitting = sized.filter((entry) => entry.conditions.some((condition) => sizes.has(condition.unit)) && fitsConditions(entry.conditions.filter((condition) => sizes.has(condition.unit)), sizes).fits);
  return fitting.length === 1 ? (fitting[0]?.option ?? null) : null;
}

/**
 * How often, in days, for each way of saying it (0 is once): "every 2 wks", "every other week", "biweekly", "twice a
 * month" are fourteen; "once a month", "every 4 weeks" thirty.
 */
const EVERY: ReadonlyArray<readonly [number, RegExp]> = [
  [0, /\b(one[- ]?time|one[- ]?off|just once|only once|just this once|just the once|una vez|solo una vez|por unica vez)\b/],
  [7, /\b(weekly|every week|each week|once a week|1x a week|once per week|every (1|one) (week|wk)|cada semana|semanal\w*|todas las semanas)\b/],
  [14, /\b(bi-?weekly|every (other|2|two|second) (weeks?|wks?)|every (2|two) (weeks|wks)|twice a month|2x a month|two times a month|cada (dos|2|otra) semanas?|quincenal\w*|cada (quince|15) dias)\b/],
  [21, /\b(every (3|three) (weeks|wks)|cada (tres|3) semanas)\b/],
  [30, /\b(monthly|every month|each month|once a month|1x a month|once per month|every (4|four) (weeks|wks)|cada mes|mensual\w*)\b/],
  [90, /\b(quarterly|every (3|three) months|cada (tres|3) meses|trimestral\w*)\b/],
  [365, /\b(yearly|annual(ly)?|once a year|every year|cada ano|anual\w*)\b/],
];

function intervalsSaid(text: string): Set<number> {
  const said = normalize(text);
  return new Set(EVERY.filter(([, pattern]) => pattern.test(said)).map(([days]) => days));
}

/**
 * The option for how often the job is wanted, when the options are ways of saying how often ("One-time", "Weekly",
 * "Every two weeks") and the text says one: "every 2 wks prob" is "Every two weeks". Null when the text says none, or
 * more than one ("weekly or every other week").
 */
export function chooseFrequencyOption(text: string, options: readonly string[], question = ''): string | null {
  const ofOptions = options.map((option) => ({ option, days: intervalsSaid(option) }));
  const often = ofOptions.filter(({ days }) => days.size > 0).length;
  // Only for a question of how often: asked so, or options that are all ways of saying it (one left over, "Not sure",
  // among four or more) — not "One-time treatment / Quarterly pest plan / Rodent control" for "mice in the kitchen".
  const asked = /\b(how often|frequency|one[- ]time|recurring|regular|schedule|every|weekly|monthly|cada cuando|con que frecuencia)\b/i.test(question);
  if (often < 2 || !(asked || often === options.length || (options.length >= 4 && often >= options.length - 1))) return null;
  // (Not what another company did, nor what they turn down: "not weekly, every other week"; "every week or two" is
  // unsure.)
  const wanted = normalize(text)
    .split(/[.;!?\n]|,\s*(?=but\b)/)
    .filter((clause) => !/\b(had|used to|last (company|guy|guys|one)|another company|other company|previous (company|guy))\b/.test(clause))
    .join('. ')
    .replace(/\b(not|no|instead of)\s+(weekly|biweekly|bi-weekly|monthly|every (week|month|other week))\b/g, ' ');
  if (/\bevery (week|wk) or (two|2|so)\b/.test(wanted)) return null;
  const said = intervalsSaid(wanted);
  if (said.size !== 1) return null;
  const [days] = [...said];
  const fitting = ofOptions.filter((option) => option.days.has(days ?? -1));
  return fitting.length === 1 ? (fitting[0]?.option ?? null) : null;
}
