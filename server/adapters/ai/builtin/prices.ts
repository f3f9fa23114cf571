/**
 * Prices from the approved price book only, and only for the job the person described. An item is the one their
 * words name (the same matching as services); when its name carries conditions — "up to 1/4 acre", "2-bedroom",
 * "(40 gal)", "up to 30 ft run", "up to 12,000 BTU" — the amount is said only when what the person said fits
 * them. A bigger or different job, or one whose size they have not said, gets no figure: the team confirms.
 */
import type { PriceItem, PricingPolicy } from '@contracts/ai';
import { chooseOption, read } from './nlu/services';
import { fold } from './nlu/text';
import { fitsConditions, itemConditions, statedSizes } from './nlu/sizes';
import { statesOfTown, townsNamed } from './nlu/towns';

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
 * The item to quote for `asked` (what they asked) in a thread where the person said `thread`, or null with the
 * reason. `service` is the service already recorded, used when the question names nothing ("how much?").
 */
export function choosePriceItem(asked: string, thread: string, items: readonly PriceItem[], service: string | null): PriceChoice {
  if (items.length === 0) return { item: null, why: 'the price book is empty' };
  const text = withThingCorrected(asked);
  const everything = withThingCorrected(thread);
  const byName = (words: string) => chooseOption(words, items.map((item) => item.name)).ranked;
  // A question that names no thing ("What do you charge to swap it out, same spot?") is about the service recorded.
  const namesNothing = service !== null && read(text).concepts.every((concept) => concept.startsWith('property-'));
  let ranked = byName(namesNothing ? `${service}. ${text}` : text);
  // "How much just to come look at it?", "¿Cuánto cobran por venir a verla?": the visit that finds the fault, when the
  // book has one, and only the visit (the repair a symptom suggests is not what they asked the price of).
  // (Folded once: the checks below and each item's read them.)
  const askedFolded = fold(text).toLowerCase();
  const saidFolded = fold(everything).toLowerCase();
  const visit = items.find((item) => VISIT_ITEM.test(item.name));
  const visitAsked = visit !== undefined && VISIT_ASKED.test(askedFolded) && !JOB_ASKED.test(askedFolded);
  if (visit && visitAsked) ranked = [{ option: visit.name, score: 10, because: ['the visit itself'] }];
  if (ranked.length === 0 && service) ranked = byName(service);
  // (The whole thread only when no job is recorded: "decomposed granite" recorded, with no item for it, is not the
  // rye overseed a "1200 sq ft" said later fits.)
  if (ranked.length === 0 && !(service && read(text).concepts.some((concept) => !concept.startsWith('property-')))) ranked = byName(everything);
  if (ranked.length === 0) return { item: null, why: 'no price-book item matches what they asked' };
  const top = ranked[0]?.score ?? 0;
  const sizes = statedSizes(everything);
  // Items named about as well as the best (a 2-bedroom and a 4-bedroom move): the one whose conditions fit.
  // Also the items for the same job at other sizes ("Tune-up, one system" / "Tune-up, two systems at the same house").
  const base = (name: string) => name.split(/[,(]/)[0]?.trim().toLowerCase() ?? name;
  const topBase = base(ranked[0]?.option ?? '');
  const siblings = items.filter((item) => base(item.name) === topBase && !ranked.some((match) => match.option === item.name && match.score >= top - 1.5)).map((item) => ({ option: item.name, score: top - 1.5, because: ['the same job at another size'] }));
  // Among items named about as well, the one naming more of the things they said first ("an old fridge" is the
  // one-large-item pickup, not the trailer load).
  const said = new Set(read(everything).concepts);
  const candidates = [...ranked.filter((match) => match.score >= top - 1.5), ...siblings];
  const shared = new Map(candidates.map((match) => [match.option, read(match.option).concepts.filter((concept) => said.has(concept)).length]));
  const close = candidates.sort((a, b) => (shared.get(b.option) ?? 0) - (shared.get(a.option) ?? 0) || b.score - a.score);
  const reasons: string[] = [];
  // A thing only one of them names and the person did not say ("Labor only" among moves) is another kind of job.
  const conceptsOf = new Map(close.map((match) => [match.option, read(match.option).concepts]));
  // (Not a kind of place: "at the same house" names no other job.)
  const unsaidOwn = (option: string) => {
    const own = (conceptsOf.get(option) ?? []).filter((concept) => !concept.startsWith('property-') && close.filter((other) => conceptsOf.get(other.option)?.includes(concept)).length === 1);
    return own.length > 0 && !own.some((concept) => said.has(concept)) ? own[0] : undefined;
  };
  for (const match of close) {
    const item = items.find((candidate) => candidate.name === match.option);
    if (!item) continue;
    // An add-on ("Extra hour past the estimate, 3 movers") is no price for the job, unless the extra is what they ask.
    if (ADD_ON.test(item.name.toLowerCase()) && !EXTRA_ASKED.test(text.toLowerCase())) {
      reasons.push(`“${item.name}”: it is an add-on, not the job's price`);
      continue;
    }
    const other = close.length > 1 ? unsaidOwn(item.name) : undefined;
    if (other) {
      reasons.push(`“${item.name}”: it is for ${other}, which they did not ask for`);
      continue;
    }
    // An item for one part's repair ("Toilet flapper & fill valve replacement", "Dryer belt and idler pulley") is the
    // job only when they name the part or the trouble it mends ("keeps running", "won't tumble"): a toilet that rocks
    // and leaks at the base, a dryer that spins but won't heat, is another repair.
    // (So is an inspection, for someone who asks the price of the work itself: "$14,800 to tear off and replace the whole
    // roof … can you beat that?" is no question about the free inspection.)
    if (INSPECTION_ITEM.test(item.name) && !visitAsked && WORK_PRICED.test(askedFolded) && !INSPECTION_ASKED.test(saidFolded)) {
      reasons.push(`“${item.name}”: it is an inspection, and they asked the price of the work`);
      continue;
    }
    const part = !visitAsked ? partNotTold(item.name, saidFolded) : null;
    if (part) {
      reasons.push(`“${item.name}”: it is the ${part}'s repair, and nothing they said points to the ${part}`);
      continue;
    }
    const fit = fitsConditions(itemConditions(item.name), sizes);
    const ruledOut = excludedBy(item.name, everything);
    if (ruledOut) {
      reasons.push(`“${item.name}”: it excludes ${ruledOut}, which they mentioned`);
      continue;
    }
    // An item only for an elevator or the ground floor ("…, elevator or ground floor both ends, …"): quoted once they say
    // so, not before (a 4th-floor walk-up is another price).
    if (ACCESS_CONDITION.test(item.name.toLowerCase()) && !ACCESS_SAID.test(everything.toLowerCase())) {
      reasons.push(`“${item.name}”: it is for an elevator or the ground floor, which they have not said`);
      continue;
    }
    // An item for a list of towns ("Diagnostic visit in Albuquerque, Rio Rancho or Corrales"): quoted once they say they
    // are in one of them, not before (Grants is another price). (One town, "within Seattle", is the business's own
    // city as a rule: a person there names a neighbourhood, "capitol hill to ballard", not the city.)
    const towns = townsOf(item.name);
    if (towns.length > 1 && !towns.some((town) => new RegExp(`\\b${town.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(everything))) {
      reasons.push(`“${item.name}”: it is for ${towns.join(', ')}, which they have not said they are in`);
      continue;
    }
    // One town ("2-bedroom move within Chicago"): another town of its state named as where they go, come from or are
    // ("De Pilsen a Cicero": Cicero has its own post office; Pilsen and Logan Square are Chicago's) is another price.
    const elsewhere = towns.length === 1 && towns[0] ? townsNamed(everything, statesOfTown(towns[0]), towns[0]) : [];
    if (elsewhere.length > 0) {
      reasons.push(`“${item.name}”: it is for ${towns[0]}, and they named ${elsewhere.join(', ')}`);
      continue;
    }
    if (fit.fits) return { item, why: `“${item.name}”: ${fit.why}` };
    reasons.push(`“${item.name}”: ${fit.why}`);
  }
  return { item: null, why: `no item fits the job (${reasons.join('; ')})` };
}

/**
 * The thing a text corrects put in place of the one it turns down, everywhere it was said: "How much for a furnace
 * tune up? … wait no it's a boiler not a furnace" asks for a boiler tune-up.
 */
function withThingCorrected(text: string): string {
  const swap = /\b(?:it'?s|its|it is)\s+(?:a |an |the )?([\p{L}-]+)\s*,?\s+not\s+(?:a |an |the )?([\p{L}-]+)/iu.exec(text);
  if (!swap?.[1] || !swap[2] || swap[1].toLowerCase() === swap[2].toLowerCase()) return text;
  return text.replace(new RegExp(`\\b${swap[2].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'giu'), swap[1]);
}

/**
 * What an item's name rules out — "(no brick, stone or above a fireplace)", "not for flat roofs" — that the person
 * mentioned, or null.
 */
export function excludedBy(name: string, said: string): string | null {
  const lower = said.toLowerCase();
  for (const match of name.toLowerCase().matchAll(/\b(?:no|not for|not on|not|excludes?|except)\s+([^)(;.]+)/g)) {
    const terms = (match[1] ?? '').split(/,|\bor\b|\band\b|\//).map((term) => term.trim()).filter((term) => term.length > 2);
    const hit = terms.find((term) => new RegExp(`\\b${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(lower));
    if (hit) return hit;
  }
  // An item for one surface ("TV mount on drywall"): another surface they named ("above our brick fireplace") is
  // not the item's job. So with one kind of a thing ("chain-drive opener" for "a LiftMaster belt drive opener").
  for (const kinds of [MATERIALS, DRIVES, TANKS]) {
    const own = kinds.filter((kind) => kind.test(name.toLowerCase()));
    if (own.length === 0) continue;
    // (Not the kind of the old one: "Our old Genie chain drive finally died" asks for no chain drive.)
    const other = kinds.find((kind) => !own.includes(kind) && [...lower.matchAll(new RegExp(kind.source, 'g'))].some((found) => !/\b(old|current|existing|previous|had an?)\b[^.!?\n]{0,25}$/.test(lower.slice(Math.max(0, found.index - 40), found.index))));
    if (other && !own.some((kind) => kind.test(lower))) return other.exec(lower)?.[0] ?? 'another kind';
  }
  // An item that includes the thing ("opener, supplied and installed by us") is not the price of installing one they
  // bought themselves ("What do you charge to install one I already bought?").
  if (SUPPLIED_BY_US.test(name.toLowerCase())) {
    const theirs = THEIR_OWN.exec(lower);
    if (theirs) return `one they supply (“${theirs[0]}”)`;
  }
  // An item for pipe or work inside the house ("accessible pipe inside the heated house"): a job they place under
  // the house or outside it ("the line under our mobile home") is not the item's job.
  if (INSIDE.test(name.toLowerCase()) && !INSIDE.test(lower)) {
    const outside = OUTSIDE.exec(lower);
    if (outside) return outside[0];
  }
  return null;
}

/** The towns an item's name limits it to: "Diagnostic visit in Albuquerque, Rio Rancho or Corrales" → three. */
function townsOf(name: string): string[] {
  const town = String.raw`\p{Lu}[\p{L}'.-]*(?:\s+\p{Lu}[\p{L}'.-]*)*`;
  const listed = new RegExp(String.raw`\b(?:in|within)\s+(${town}(?:\s*(?:,|\bor\b|\band\b|&)\s*${town})*)`, 'u').exec(name);
  return listed ? (listed[1] ?? '').split(/\s*(?:,|\bor\b|\band\b|&)\s*/).filter((part) => part !== '') : [];
}

const INSPECTION_ITEM = /\b(inspection|inspect|assessment|evaluation)\b/i;
const INSPECTION_ASKED = /\b(inspect\w*|assess\w*|evaluat\w*|look (at|over)|check (it|them|things)? ?(out|over)|estimate|inspeccion|revis\w*)\b/;
const WORK_PRICED = /\b(replace|replaced|replacing|replacement|tear[- ]?off|tear (it )?off|new roof|re-?roof\w*|install\w*|put (in|on) a new)\b/;
const VISIT_ITEM = /\b(diagnos\w*|service call|trip (charge|fee)|visit fee|diagnostic visit)\b/i;
const VISIT_ASKED = /\b(come (out )?(and )?look|come (out )?(and )?see|look at it|take a look|have a look|check it out|diagnos\w*|service call|trip (charge|fee)|visit fee|house call|just to come( out| by| over)?(?! and)|revisar\w*|(que )?(me )?vengan a ver\w*|venir a ver\w*|venga a ver\w*|la visita|diagnostico)\b/i;
// ("What do you charge to come out and snake the main line?", "¿cuánto por destapar el fregadero? también revisarlo":
// a job asked with the visit is the job's price, not the visit's.)
const JOB_ASKED = /\b(fix|fixing|replace|replacing|replacement|repair|repairing|install|installing|swap|swapping|put in|change out|unclog\w*|snake|snaking|clean|cleaning|clear|clearing|rebuild|rodding|haul|remove|removal|destap\w*|cambi\w*|arregl\w*|instal\w*|repar\w*|limpi\w*)\b/;

/**
 * Items for one part's repair, and what tells that part: the part named, or the trouble it mends. (A type named in an
 * item, "belt-drive opener", is no part repair: only these names are.)
 */
const PARTS: readonly { item: RegExp; part: string; told: RegExp }[] = [
  {
    item: /\b(flapper|fill valve|toilet rebuild)\b/i,
    part: 'flapper and fill valve',
    told: /\b(flapper|fill valve|flush valve|runs?|running|keeps (running|filling|refilling|going)|won'?t stop|doesn'?t stop|hiss\w*|phantom|ghost|refill\w*|constantly|(tank|bowl) (won'?t|doesn'?t|takes forever to) fill|weak flush|jiggl\w*|handle|lever|chain|rebuild|trickl\w*|flush(es|ing)? (by|on) (itself|its own)|(won'?t|doesn'?t|barely|hardly) flush\w*|sigue corriendo|no para|se queda corriendo|no deja de (llenar\w*|correr)|sigue llenando\w*)\b/,
  },
  {
    item: /\bdryer belt\b|\bbelt (and|&|\+|or) idler\b|\bidler( pulley)?\b/i,
    part: 'belt',
    told: /\b(belt|idler|pulley|(won'?t|doesn'?t|does not|not|stopped|quit|isn'?t|don'?t) (spin|spinning|tumble|tumbling|turn|turning|rotat\w*|move|moving)|drum|squeal\w*|squeak\w*|thump\w*|screech\w*|hums?|humming|(loud|grinding|scraping|rubbing) (noise|sound)|no (gira|da vueltas)|correa|rechin\w*|ruido)\b/,
  },
  {
    item: /\b(heating element|igniter|ignitor|thermal fuse)\b/i,
    part: 'heating part',
    told: /\b(no heat|not heat\w*|n'?t heat\w*|won'?t heat|(won'?t|doesn'?t|not|no longer|never) (get(ting)? )?(hot|warm)|cold air|damp|wet|element|igniter|ignitor|fuse|light|lite|preheat\w*|no hot water|lukewarm|runs out|(won'?t|doesn'?t) bake|broiler works|takes (forever|\d+ min\w*|an hour) to (heat|get|preheat|warm)|no calienta|mojad[ao]|humed[ao]|fri[ao]|no (hay|tengo|tenemos) agua caliente)\b/,
  },
  {
    item: /\bdrain pump\b/i,
    part: 'drain pump',
    told: /\b(drain\w*|standing water|water (left|sitting|stays|in the (bottom|tub|drum))|won'?t (empty|pump)|pump|full of water|desagu\w*|no saca el agua|agua (en el fondo|estancada)|no drena)\b/,
  },
  {
    item: /\bice maker\b/i,
    part: 'ice maker',
    told: /\b(ice|icemaker|hielo)\b/,
  },
];

/** `said` folded and in lower case. */
function partNotTold(name: string, said: string): string | null {
  const part = PARTS.find((candidate) => candidate.item.test(name));
  return part && !part.told.test(said) ? part.part : null;
}

const ADD_ON = /\b(extra|additional|each additional|add-?on|past the estimate|overtime)\b/;

/**
 * The item for each one more, beside an item for the first ("AC tune-up, first system" and "AC tune-up, each additional
 * system at the same visit"), when they said more than one ("She has 2 AC units … how much is a tune up for both?"):
 * both prices make theirs. Null otherwise.
 */
export function itemForEachMore(item: PriceItem, items: readonly PriceItem[], thread: string): PriceItem | null {
  const first = /^(.*?),?\s*(?:the )?first (system|unit|one|door|window|room|fan|outlet|tree|hour|item)s?\b/i.exec(item.name);
  if (!first) return null;
  const base = (first[1] ?? '').trim().toLowerCase();
  const more = items.find((other) => other !== item && /\b(additional|each extra)\b/i.test(other.name) && other.name.toLowerCase().startsWith(base));
  if (!more) return null;
  const said = fold(thread).toLowerCase();
  const sizes = statedSizes(said);
  const count = sizes.get(first[2]?.toLowerCase() === 'unit' ? 'system' : (first[2] ?? '').toLowerCase()) ?? sizes.get('system');
  // ("both" of the units, not "we both work so evenings are best".)
  return (count !== undefined && count >= 2) || /\b(for both|both (of them|of those|units|systems|acs?|ac units|of the units)|all (2|two|three|3)( of them| units| systems)?|ambos|ambas|los dos|las dos)\b/.test(said) ? more : null;
}
const EXTRA_ASKED = /\b(extra|additional|over|past|longer|hourly|per hour|an hour|by the hour|overtime|add-?on|adicional|por hora|hora extra)\b/;
const ACCESS_CONDITION = /\b(elevator|ground[- ]floor|first[- ]floor|no stairs|ground[- ]level)\b/;
const ACCESS_SAID = /\b(elevators?|(in|from) the (garage|driveway|carport|yard|shed)|at the curb|curbside|ground[- ]floor|first[- ]floor|1st[- ]floor|no stairs|no steps|ground[- ]level|one[- ]level|single[- ]level|one[- ]story|single[- ]story|ranch|primer piso|planta baja|elevador|ascensor)\b/;

const INSIDE = /\b(inside|interior|indoors?|heated (house|home|space|area))\b/;
const OUTSIDE = /\b(under (the |our |my )?(mobile home|trailer|manufactured home|house|home|floor)|crawl ?space|underground|buried|between the ground and|skirting|outdoors?|exterior|(out )?to the (well|shop|barn|garage))\b/;

/** Kinds of garage door opener drive, and of water heater. */
const DRIVES: readonly RegExp[] = [/\bchain([- ]?drive)?\b/, /\bbelt([- ]?drive)?\b/, /\bscrew[- ]?drive\b/, /\b(wall[- ]mount(ed)?|jackshaft|side[- ]mount)\b/];
const TANKS: readonly RegExp[] = [/\btankless\b/, /\b(tank|tank-style|storage tank|\d+[- ]?gal(lon)?s?)\b(?! ?less)/];
const SUPPLIED_BY_US = /\b((supplied|provided|furnished|included)( and installed)? by us|we supply|(parts|part|unit|opener|fixture|fan|equipment|heater) (and labor )?included|includes (the )?(unit|opener|fixture|fan|part|parts|equipment|heater))\b/;
// (The part itself: not "We bought the house in May", "I got a quote from another company".)
const THEIR_OWN = /\b((i|we) (already )?(bought|purchased|ordered|picked up|got) (my |our |the |a |an |one |it|them)?([a-z0-9/-]+ ){0,4}(opener|unit|fixture|fan|part|parts|heater|faucet|toilet|charger|thermostat|fan|light|mount|one)\b(?! (quote|estimate|price))|(one|ones|it|the one) (i|we) (already )?(bought|purchased|have|got|ordered)|my own|our own|customer[- ]supplied|ya (lo|la) (compre|tengo|compramos))/;

/** Surfaces a price can depend on (mounting, drilling, cleaning, roofing on one and not another). */
const MATERIALS: readonly RegExp[] = [
  /\b(drywall|sheetrock|gypsum)\b/,
  /\bbrick\b/,
  /\b(stone|rock)\b/,
  /\b(concrete|cinder ?block)\b/,
  /\btile[sd]?\b/,
  /\bplaster\b/,
  /\bstucco\b/,
  /\bmetal roof\b/,
  /\bflat roof\b/,
  /\bslate\b/,
];
