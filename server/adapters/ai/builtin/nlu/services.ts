/**
 * Which of the owner's options a text means: services, not-offered services, or any list the owner wrote
 * ("Studio", "1 bedroom", …). Both the option names and the person's words are read against the trade
 * vocabularies (trade-vocabulary.ts): longest phrase first, stemmed with nlp.js's English stemmer, with fuse.js
 * correcting a long word that is one slip away from a trade word ("thermastat"). An option scores for the
 * concepts it shares with the text — most for its head, the thing it is about ("gates" in "Driveway gates", so a
 * car in the driveway is not a gate) — then for the words it shares, then for the kind of job (repair, install,
 * maintenance…) when two options are the same thing. The caller gets the best option with a confidence, or the
 * tied options to ask about.
 */
import { StemmerEn } from '@nlpjs/lang-en';
import { between } from '@contracts/text';
import Fuse from 'fuse.js';
import { type Action, ACTIONS, type Concept, CONCEPTS } from './trade-vocabulary';
import { clauseAfter, normalize, words } from './text';
import { isKnownFirstName } from './answers';

const stemmer = new StemmerEn();
const stemCache = new Map<string, string>();

/** A word's stem (cached: the vocabulary is stemmed once, texts are short). */
export function stem(word: string): string {
  let cached = stemCache.get(word);
  if (cached === undefined) {
    cached = /^\d/.test(word) ? word : (stemmer.stemWord(word) as string);
    stemCache.set(word, cached);
  }
  return cached;
}

/** Words that carry no meaning for matching an option (English and Spanish), after normalisation. */
export const STOP = new Set(
  (
    'a an the and or but if of to in on at by for with from about as into over under up out off is are was were be been am do does ' +
    'did have has had will would should can could may might must i me my we us our you your he she it its they them their this that ' +
    'these those there here what which who when where why how all any some no not just so too very also than then s t please thanks ' +
    'ok yes hi hello hey need needs want wants like get got looking look help someone somebody guy guys come out today tomorrow ' +
    "i'm it's don't can't won't isn't doesn't i've that's there's " +
    'el la los las un una unos unas de del al y o que en con por para mi mis su sus es esta estan hay tengo tiene necesito quiero ' +
    'puede pueden me se lo le muy pero si no hola gracias favor'
  ).split(/\s+/),
);
/** Words that only say the kind of job or its size: they break ties, never pick an option alone. */
const GENERIC = new Set(['service', 'servic', 'local', 'job', 'work', 'small', 'big', 'larg', 'full', 'onli', 'just', 'general', 'gener', 'other', 'misc', 'basic', 'standard', 'standard', 'quot', 'estim', 'new', 'old', 'home', 'hous', 'residenti', 'commerci', 'system', 'after', 'befor']);
/** Concepts that name a whole trade's work in one word ("move", "cleaning", "pests"): a more specific one beside them is the head. */
const GENERIC_CONCEPTS = new Set(['local-move', 'standard-clean', 'general-pest', 'appliance-brand', 'hvac-brand', 'garage-door', 'door', 'mowing', 'roof', 'wiring']);
// "Other", "General pest control" — not "every other week".
const CATCH_ALL = /\b(general|(?<!every )other|others|something else|misc|miscellaneous|not sure|anything else)\b/;

interface Phrase {
  stems: readonly string[];
  /** The words as written, to prefer an exact word when two stem alike ("refrigerator", "refrigerant"). */
  raw: readonly string[];
  concept: string | null;
  action: Action | null;
  problem: boolean;
  /** Matched only as written: its stem is another everyday word ("openers" → "open", "controller" → "control"). */
  asWritten?: boolean;
}

interface Lexicon {
  byFirst: Map<string, Phrase[]>;
  concepts: Map<string, Concept>;
  fuse: Fuse<string>;
  known: Set<string>;
}

/**
 * Names whose stem is an everyday word of another meaning: "openers" is not "open" ("the door won't open"),
 * "controller" not "control" ("Rodent control"), "winterize" not "winter", "cooling" not "cool" ("cool, thanks"),
 * "molding" not "mold", "flashing" not "flash", "railing" not "rail", "droppings" not "drop", "leaves" not "leave",
 * "siding" not the "side" of a side gate, "walking" (a washer) not a walk-up, "ants" not Spanish "antes", "lateral"
 * not "later", "apartment" not "falling apart", "plug" not a toilet "plugged up", Spanish "aire" (the AC) not the
 * English "air" of "the dry air" or "air in the lines", a drain "backed up" not a door that "pops back up" (a phrase
 * starting with one of these words is matched as written too), the "wind" of a storm not "winding".
 */
const AS_WRITTEN: ReadonlySet<string> = new Set(['weekly', 'biweekly', 'openers', 'opener', 'controller', 'controllers', 'winterize', 'winterizing', 'cooling', 'molding', 'moulding', 'flashing', 'railing', 'railings', 'droppings', 'leaves', 'siding', 'walking', 'ant', 'ants', 'lateral', 'apartment', 'edging', 'insulation', 'insulate', 'plug', 'plugs', 'build', 'aire', 'backed', 'backing', 'backs', 'wind']);

let lexicon: Lexicon | null = null;

function tokens(text: string): string[] {
  return words(normalize(text));
}

function build(): Lexicon {
  const byFirst = new Map<string, Phrase[]>();
  const known = new Set<string>();
  const add = (text: string, phrase: Omit<Phrase, 'stems' | 'raw'>) => {
    const raw = tokens(text);
    if (raw.length === 0) return;
    for (const word of raw) known.add(word);
    const stems = raw.map(stem);
    const list = byFirst.get(stems[0] ?? '') ?? [];
    list.push({ ...phrase, stems, raw, asWritten: AS_WRITTEN.has(raw[0] ?? '') });
    byFirst.set(stems[0] ?? '', list);
  };
  for (const concept of CONCEPTS) {
    for (const name of concept.names) add(name, { concept: concept.id, action: null, problem: false });
    for (const problem of concept.problems ?? []) add(problem, { concept: concept.id, action: null, problem: true });
    for (const name of concept.es ?? []) add(name, { concept: concept.id, action: null, problem: false });
  }
  for (const [action, phrases] of Object.entries(ACTIONS) as Array<[Action, { names: readonly string[]; es: readonly string[] }]>) {
    for (const name of [...phrases.names, ...phrases.es]) add(name, { concept: null, action, problem: false });
  }
  // Everyday words a slip away from a trade word: never corrected ("contractor" is not "contactor", Spanish for outlet).
  // (Found by running every word of the dev texts through the correction: "two charges of $145" is no EV charger,
  // "la casa rentada" no burst pipe, "Windsor" no windstorm.)
  for (const word of [
    'contract', 'contracts', 'contractor', 'contractors', 'building', 'buildings', 'section', 'sections', 'general', 'generally', 'generic',
    'charges', 'details', 'convert', 'interceptor', 'interceptors', 'quarter', 'quarters', 'windsor', 'generate', 'electrician', 'electricians', 'residential', 'standards',
    'calentando', 'rentada', 'rentado', 'quemado', 'quemada', 'apagados', 'apagadas', 'apagado', 'apagada', 'semanas', 'problema', 'nuestra',
  ]) known.add(word);
  // Longest phrases first, so "water heater" is tried before "water".
  for (const list of byFirst.values()) list.sort((a, b) => b.stems.length - a.stems.length);
  const long = [...known].filter((word) => word.length >= 7);
  return {
    byFirst,
    concepts: new Map(CONCEPTS.map((concept) => [concept.id, concept])),
    fuse: new Fuse(long, { includeScore: true, threshold: 0.25, ignoreLocation: true, minMatchCharLength: 5 }),
    known,
  };
}

function lex(): Lexicon {
  lexicon ??= build();
  return lexicon;
}

/** A long word one slip away from a trade word is read as that word ("thermastat" → "thermostat"). */
function corrected(word: string, lexicon: Lexicon): string {
  if (word.length < 7 || lexicon.known.has(word) || /\d/.test(word)) return word;
  // The fuzzy search is most of a turn's CPU, and a turn reads the same words many times: remembered per word (a pure
  // function of the word and the fixed vocabulary, so nothing to keep true across instances; emptied past 20,000).
  const remembered = correctedWords.get(word);
  if (remembered !== undefined) return remembered;
  if (correctedWords.size >= 20_000) correctedWords.clear();
  const result = fuzzyCorrected(word, lexicon);
  correctedWords.set(word, result);
  return result;
}

const correctedWords = new Map<string, string>();

/** Forgets the remembered corrections: the bench measures a turn as if its words were new. */
export function forgetCorrections(): void {
  correctedWords.clear();
}

function fuzzyCorrected(word: string, lexicon: Lexicon): string {
  // An English word with its ending ("replaced", "leaving", "sending", "talking") is a word, not a slip: only a
  // word that starts as the trade word does is corrected ("thermastat", not "replaced" → "fireplace").
  if (/(ing|ed|ers|tion|ment)$/.test(word)) return word;
  const [best] = lexicon.fuse.search(word, { limit: 1 });
  // A slip is inside a word ("thermastat", "furnance"); a different ending is another word ("carries" is no Carrier,
  // "freezes" no freezer, "contact" no contacto, "interest" no interstate): the start and the last two letters agree.
  return best && (best.score ?? 1) <= 0.2 && Math.abs(best.item.length - word.length) <= 2 && best.item.slice(0, 3) === word.slice(0, 3) && best.item.slice(-2) === word.slice(-2) ? best.item : word;
}

export interface Reading {
  /** The text as given. */
  raw: string;
  /** Concepts named, in the order they appear. */
  concepts: string[];
  /** Concepts named only as a place ("outlets in the garage", "the microwave above the stove"). */
  located: Set<string>;
  /** Concepts named by the problem rather than the thing ("no hot water"). */
  problems: Set<string>;
  actions: Set<Action>;
  /** Content stems not part of a vocabulary phrase. */
  stems: Set<string>;
  /** Every content stem, in order. */
  allStems: string[];
  /** Weather named as what happened ("after all the snow", "the snow melt"): the cause, not the job. */
  causes: Set<string>;
  /**
   * Things said not to be wanted somewhere in the text ("nothing for the birds, I love my birds | its the RATS"): when
   * named again, they are not what the text is about.
   */
  denied: Set<string>;
  /**
   * Things named only in a sentence about work done long ago ("you guys did a spring for us a few years back, great
   * job. Now the keypad outside quit working"): not what the text is about.
   */
  past: Set<string>;
  /** Concepts named only by a word several things share ("heat" for the furnace, "bugs" for general pest). */
  sharedOnly: Set<string>;
  /** Kinds of job turned down and not asked for elsewhere ("actually scratch the inspection … i just want … fixed"). */
  deniedActions: Set<Action>;
}

/**
 * Words a concept shares with others of its kind (`words`): they name it only when no concept of the families in
 * `yieldsTo` is named ("flying bugs … pretty sure its termites" is termites; "still heats ok" beside a boiler).
 */
const SHARED: Readonly<Record<string, { words: readonly string[]; yieldsTo: readonly string[] }>> = {
  furnace: { words: ['heat', 'heats', 'heating', 'heated'], yieldsTo: ['heating', 'heat-pump'] },
  ac: { words: ['outside unit', 'outdoor unit', 'condenser', 'compressor'], yieldsTo: ['heat-pump'] },
  // ("Need a 240 outlet or wall charger put in for a Model Y": the outlet is the car's charger.)
  outlet: { words: ['outlet', 'outlets', 'plug', 'plugs', 'receptacle', 'receptacles', '220 outlet', '240 outlet', 'socket'], yieldsTo: ['ev'] },
  // ("how much to clean out gutters?": cleaning them out, no sewer cleanout.)
  sewer: { words: ['clean out'], yieldsTo: ['gutters', 'junk', 'cleanup', 'cleaning', 'air', 'chimney', 'exterior-cleaning'] },
  'general-pest': { words: ['bug', 'bugs', 'insects', 'insect', 'pests', 'pest', 'critters', 'flies', 'fly'], yieldsTo: ['insects', 'wood-pests', 'stinging', 'wildlife', 'rodents'] },
};

/** What a text (or an option's name) names: concepts, kinds of job, and its other meaningful words. */
/** A wall's kind said as such: "regular drywall", "the walls are plaster", "la pared es drywall", "it's sheetrock". */
const WALL_KIND = /\b((regular|normal|standard|plain|just|ordinary|old) (drywall|sheetrock|plaster)|(walls?|pared|paredes) (is|are|es|son) (just |regular |normal |all )?(drywall|sheetrock|plaster|tablaroca|yeso)|(it'?s|its|it is) (just |regular |normal |all )?(drywall|sheetrock|plaster)( walls?)?[.,!]|(drywall|sheetrock|plaster) walls?)\b/;

export function read(text: string): Reading {
  const lexicon = lex();
  // A first name signed last ("… Monday the 7th if you can. Luz", "- Bill") is who is texting, not a thing ("luz" is light).
  const signed = SIGNED_NAME.exec(text);
  // (After a sentence of its own, and not a word of the trade that is also a name: "Hi there. Snow" asks for snow removal.)
  if (signed?.[1] && isKnownFirstName(signed[1]) && !englishTradeWords().has(signed[1].toLowerCase()) && between(text, 0, signed.index).trim().split(/\s+/).length >= 4) text = between(text, 0, signed.index);
  // ("Leaks & pipe repair", "Leak (pipes, faucets)": an "&" or a bracket joins two things, and no phrase runs across
  // it, "leaking pipe".)
  // (A bracketed "(free estimate)" in an option tells what the visit costs, not a kind of job: "New furnace or AC (free
  // estimate)" is no check-up for "need the AC looked at".)
  const raw = tokens(withIndicators(withoutVolumes(withBedrooms(withoutDoorIdioms(text.replace(/\(\s*free (estimates?|quotes?)\s*\)/gi, ' ').replace(/\s*[&(]\s*/g, ' and ').replace(WEATHER_TIME, ' ')))))).map((word) => corrected(word, lexicon));
  const stems = raw.map(stem);
  const concepts: string[] = [];
  const located = new Set<string>();
  const unlocated = new Set<string>();
  const problems = new Set<string>();
  const actions = new Set<Action>();
  const loose = new Set<string>();
  const allStems: string[] = [];
  const namedOutright = new Set<string>();
  const causes = new Set<string>();
  const denied = new Set<string>();
  const refusedActions = new Set<Action>();
  for (let at = 0; at < stems.length; ) {
    const first = stems[at] ?? '';
    const candidates = lexicon.byFirst.get(first) ?? [];
    const matching = candidates.filter((phrase) => phrase.stems.every((word, offset) => stems[at + offset] === word) && (!phrase.asWritten || raw[at] === phrase.raw[0] || raw[at] === `${phrase.raw[0] ?? ''}s`));
    const exact = (phrase: Phrase) => phrase.raw.filter((word, offset) => raw[at + offset] === word).length;
    // "the 3rd floor", "ground floor": a storey, not flooring.
    const storey = /^floors?$/.test(raw[at] ?? '') && /^(\d+(st|nd|rd|th)?|first|second|third|fourth|fifth|top|ground|main|upper|lower|bottom|same|one|two|three)$/.test(raw[at - 1] ?? '');
    // "during last week's heat", "in this heat": the weather, not the heating (unless it is said to quit: "the heat went out").
    const weather = raw[at] === 'heat' && (/^(week'?s|weekend'?s|summer'?s|today'?s|yesterday'?s|month'?s|wave)$/.test(raw[at - 1] ?? '') || /^(in|during|from) (this|the|that|all) $/.test(`${raw[at - 2] ?? ''} ${raw[at - 1] ?? ''} `) || raw[at + 1] === 'wave') && !/^(is|isn'?t|isnt|went|quit|stopped|won'?t|wont|doesn'?t|not|works|working|kicks|kicked|comes|came|keeps|broke|died|out)$/.test(raw[at + 1] ?? '');
    // ("left two windows open": the windows as windows, no window cleaning.)
    const openWindow = /^windows?$/.test(raw[at] ?? '') && /^(open|opened)$/.test(raw[at + 1] ?? '');
    const hit = storey || weather || openWindow ? undefined : matching.sort((a, b) => b.stems.length - a.stems.length || exact(b) - exact(a))[0];
    if (!STOP.has(raw[at] ?? '')) allStems.push(first);
    // "its dry, not dripping", "never leaked": a thing or trouble denied is not named.
    // ("no piano or anything crazy": a thing said not to be there.)
    // ("Not looking for anybody to hang Christmas lights lol, my husband does that": a job said not to be wanted.)
    // ("I know you guys don't plow, that's fine": a job said not to be done; not "the furnace don't heat".)
    if (hit && (/^(not|isn'?t|isnt|wasn'?t|wasnt|aren'?t|never|without)$/.test(raw[at - 1] ?? '') || (/^(don'?t|dont)$/.test(raw[at - 1] ?? '') && /^(you|guys|y'?all|yall|u|we|i|they)$/.test(raw[at - 2] ?? '')) || (raw[at - 1] === 'no' && (/^(or|and|nothing|anything|,|needed|necessary|wanted|required)$/.test(raw[at + hit.stems.length] ?? '') || (/^(work|service|services|job|stuff|help)$/.test(raw[at + hit.stems.length] ?? '') && /^(needed|necessary|wanted|required)$/.test(raw[at + hit.stems.length + 1] ?? '')))) || NOT_WANTED_BEFORE.test(raw.slice(Math.max(0, at - 8), at).join(' ')))) {
      if (hit.concept) denied.add(hit.concept);
      if (hit.action) refusedActions.add(hit.action);
      at += hit.stems.length;
      continue;
    }
    if (hit) {
      if (hit.concept) {
        if (!concepts.includes(hit.concept)) concepts.push(hit.concept);
        if (!(SHARED[hit.concept]?.words ?? []).includes(hit.raw.join(' '))) namedOutright.add(hit.concept);
        // ("before the snow flies": when, not what.)
        if (hit.concept === 'snow' && (/^(melt\w*|storm|this|last|yesterday|week|flies|falls|comes|hits)$/.test(raw[at + hit.stems.length] ?? '') || /^(all|after|from|with|before|until|till|til) (the|that|this|all)$/.test(`${raw[at - 2] ?? ''} ${raw[at - 1] ?? ''}`))) causes.add(hit.concept);
        // (A storm too, when it brought a leak: "con la tormenta de hoy se está metiendo agua por el techo".)
        // ("after the June hail": a month or a size between.)
        if (hit.concept === 'storm-damage' && (/^(after|from|with|during|since|con|tras|desde|por|despues de) (the|that|this|all|la|el|esa|esta|las|los)$/.test(`${raw[at - 2] ?? ''} ${raw[at - 1] ?? ''}`) || /^(after|from|since|during) (the|that) (january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|fall|winter|big|last|bad)$/.test(`${raw[at - 3] ?? ''} ${raw[at - 2] ?? ''} ${raw[at - 1] ?? ''}`))) causes.add(hit.concept);
        // ("buried in oak leaves and sycamore junk": what fell from the trees, not the trees.)
        if (hit.concept === 'trees' && /^(leaves|leaf|needles|junk|debris|mess|pods|seeds|balls|nuts|cones|droppings|litter|fluff|hojas)$/.test(raw[at + hit.stems.length] ?? '')) causes.add(hit.concept);
        // ("Since the power went out …, the keypad … no longer opens the door": the outage is what set it off.)
        if (hit.concept === 'power-out' && /^(since|after|when) (the|our|my)$/.test(`${raw[at - 2] ?? ''} ${raw[at - 1] ?? ''}`)) causes.add(hit.concept);
        // ("the thermostat clicks but nothing kicks on", "thermostat says 58": the thermostat tells what the system does, it
        // is not the job.)
        if (hit.concept === 'thermostat' && /^(says|said|reads|shows|showed|is|was|set|clicks|clicked|calls|called|reading)$/.test(raw[at + hit.stems.length] ?? '') && /\b(nothing (kicks|comes|turns|fires)|never (kicks|comes)|no heat|not heating|won'?t (kick|come|turn)|degrees|\d{2}\b)/.test(normalize(text))) causes.add(hit.concept);
        // ("Every time the heat comes on the metal ducts … go BANG": when it happens, not what is in trouble.)
        if (/^(time|whenever|when) (the|our|my)$/.test(`${raw[at - 2] ?? ''} ${raw[at - 1] ?? ''}`) && /^(comes?|kicks?|turns?|runs?|starts?|cycles?|clicks?) ?(on|up|off)?$/.test(raw[at + hit.stems.length] ?? '')) causes.add(hit.concept);
        if (hit.problem) problems.add(hit.concept);
        // "moving out of my apartment to a townhouse": the place moved to is where, not what is moved.
        // (A thing a trouble comes from is the thing in trouble, not a place: "a smell coming from the outlet".)
        if ((isLocated(raw, at) && !(family(hit.concept) !== 'property' && troubleFrom(raw, at))) || (family(hit.concept) === 'property' && isDestination(raw, at))) located.add(hit.concept);
        else unlocated.add(hit.concept);
      }
      // "new" / "another" ask for something new only of a thing of the trade ("a new furnace", "a new one"), not of
      // "my new tenants", "a new house", "another company".
      if (hit.action) {
        if (!(hit.stems.length === 1 && /^(new|another|nuevo|nueva|otro|otra)$/.test(raw[at] ?? '') && !newOfTheTrade(raw, stems, at + 1, lexicon))) actions.add(hit.action);
      }
      // A thing named with its kind of job in it ("new roof", "roof leak", "tune up") says that job too, and so does
      // a thing that is itself a kind of job ("get rid of", "haul away").
      else {
        const whole = actionPhrases().get(hit.stems.join(' '));
        if (whole) actions.add(whole);
        for (const word of hit.stems) {
          const implied = singleActionStems().get(word);
          if (implied) actions.add(implied);
        }
      }
      for (let offset = 1; offset < hit.stems.length; offset += 1) if (!STOP.has(raw[at + offset] ?? '')) allStems.push(stems[at + offset] ?? '');
      at += hit.stems.length;
      continue;
    }
    if (!STOP.has(raw[at] ?? '') && (raw[at] ?? '').length > 1) loose.add(first);
    at += 1;
  }
  for (const concept of unlocated) located.delete(concept);
  // The wall's kind said beside a thing to hang on it ("wants it on the wall in the den. Regular drywall, she has the
  // mount already", "la pared es drywall"): what the wall is, not a wall to repair — unless a hole, a crack or damage is
  // named. (Said as the wall's kind only: "TV mounting on drywall" names the job with its wall.)
  if (concepts.includes('drywall') && concepts.some((concept) => family(concept) === 'mounting') && WALL_KIND.test(normalize(text)) && !/\b(holes?|patch\w*|cracks?|cracked|damage[ds]?|dents?|dented|gouges?|repair\w*|fix\w*|torn|tear|ripped|sag\w*|stain\w*|texture|soak\w*|soft|wet|water|crumbl\w*|redo\w*|redone|replac\w*|mold\w*|rot\w*|bubbl\w*|peel\w*|hoyos?|resanar)\b/.test(normalize(text))) concepts.splice(concepts.indexOf('drywall'), 1);
  // Cleaning at an office or a business ("the office manager at Bayside Family Dental … our cleaning service") is
  // office cleaning.
  if (concepts.includes('standard-clean') && concepts.includes('property-office') && !concepts.includes('office-clean')) concepts.push('office-clean');
  // "Heat" alone is the furnace only when no other heating is named ("boiler bangs … still heats ok" is the boiler's),
  // and the outside unit is the AC's only when no heat pump or mini split is named ("her outside unit grinds … Trane
  // heat pump").
  for (const [concept, { yieldsTo }] of Object.entries(SHARED)) {
    if (!concepts.includes(concept) || namedOutright.has(concept) || !concepts.some((other) => other !== concept && yieldsTo.includes(family(other)))) continue;
    concepts.splice(concepts.indexOf(concept), 1);
    located.delete(concept);
    problems.delete(concept);
  }
  // (Or when they ask for the roof replaced: "tear off and replace the whole roof after the June hail".)
  if (causes.has('storm-damage') && !concepts.includes('leak') && !/\b(replace|replaced|replacing|replacement|tear[- ]?off|tear (it )?off|new roof|re-?roof\w*)\b/.test(normalize(text))) causes.delete('storm-damage');
  // With nothing else named, a place is the subject ("a leak in the roof").
  if (located.size === concepts.length) located.clear();
  // A problem described ("blowing warm air"), or a thing of theirs ("my furnace … kicking on and off") without
  // anything new asked for, is a repair.
  // (A burning smell or smoke from it is a trouble too: "is it normal for the AC to smell like burning plastic when it
  // kicks on?".)
  if (!actions.has('install') && (problems.size > 0 || (concepts.length > 0 && /\b(my|our|the) \w+/.test(normalize(text)) && actions.size === 0 && /\b(keeps|won'?t|doesn'?t|isn'?t|not|stopped|quit|broke|burning|burnt|smoking|sparking|sparks)\b/.test(normalize(text))))) actions.add('repair');
  // (Unless a later sentence names it on its own: "NOT looking for duct cleaning lol, a guy already tried to sell me
  // that. Every time the heat comes on the metal ducts … go BANG".)
  const sentences = denied.size > 0 || LONG_AGO.test(normalize(text)) ? text.split(/[.!?|\n]+/).filter((sentence) => sentence.trim() !== '') : [];
  const past = new Set<string>();
  if (sentences.length > 1) {
    const readings = sentences.map((sentence) => ({ own: read(sentence), longAgo: LONG_AGO.test(normalize(sentence)) }));
    for (const { own } of readings) for (const concept of own.concepts) if (!own.denied.has(concept)) denied.delete(concept);
    const now = new Set(readings.filter(({ longAgo }) => !longAgo).flatMap(({ own }) => own.concepts));
    if (now.size > 0) for (const { own, longAgo } of readings) if (longAgo) for (const concept of own.concepts) if (!now.has(concept)) past.add(concept);
  }
  const sharedOnly = new Set(concepts.filter((concept) => concept in SHARED && !namedOutright.has(concept)));
  const deniedActions = new Set([...refusedActions].filter((action) => !actions.has(action)));
  return { raw: text, concepts, located, problems, actions, stems: loose, allStems, causes, denied, past, sharedOnly, deniedActions };
}

/** "if he answers the door", "someone will get the door", "leave it at the door": a person at a door, no door job. */
/** Work or a thing of long ago: "a few years back", "years ago", "last year", "back in 2019". */
const LONG_AGO = /\b((a )?(few|couple( of)?|two|three|\d+) (years?|months?) (ago|back)|years (ago|back)|a while (ago|back)|last (year|spring|summer|fall|winter)|back in (19|20)\d\d|hace (unos |varios |dos |tres )?(anos|meses))\b/;

// ("I don't need anybody to hang lights", "not looking for carpet cleaning", "don't need a new furnace", "nothing for
// the birds, I love my birds".)
const NOT_WANTED_BEFORE = /\b((not|don'?t|dont|do not|no longer) (looking for|asking for|asking about|needing|need|here for|texting about|writing about|interested in) (anybody|anyone|someone|somebody|a (guy|company|crew|person|pro)|you( guys)?) to( \S+){0,2}|(not|no longer) (looking for|asking for|asking about|needing|here for|interested in)( (a|an|any|the))?|(don'?t|dont|do not) need( (a|an|any|the))?|nothing (for|about|with) (the|my|our)|(scratch|forget( about)?|cancel|skip|nix) (the|that|this)( \S+)?|(never ?mind|nvm)( on| about| with)?( the| that| my| our)?)$/;

function withoutDoorIdioms(text: string): string {
  // (And the TV's cable, not a garage door's: "the tv and cable box are plugged in", "the cable guy".)
  return text.replace(/\b(answers?|answered|answering|get|gets|come to|comes to|knock on|knocks on|knock at|leave (it|them) at|meet (you|them) at|be at) the (front |back |side )?door\b|\bcable (box|boxes|tv|company|guy|modem|bill|provider|internet|cord|wires?)\b/gi, ' ').replace(WAIT_IDIOMS, ' ');
}

/** Asking to wait is no job: "hang on forklift guy needs me", "hang tight", "hold on a sec". */
const WAIT_IDIOMS = /\b(hang|hold) (on|tight)\b(?! (to|the|a|an|my|our|your|it|them|that|this)\b)/gi;

/**
 * "the light on the sensor is blinking", "little light on it flashing": a thing's indicator light, not lighting
 * work (only when a light is said to blink or flash: "the light on the porch is out" is a light).
 */
function withIndicators(text: string): string {
  if (!/\b(blink\w*|flash\w*)\b/i.test(text)) return text;
  return text.replace(/\blights?(?= (on|by|near|in) (the|my|our|that|this|it|its|each|one)\b)/gi, 'indicator');
}

/** Whether the words after "new" (one or two on) name a thing of the trade, or "one": "a new (gas) furnace". */
function newOfTheTrade(raw: readonly string[], stems: readonly string[], from: number, lexicon: Lexicon): boolean {
  for (let at = from; at < Math.min(raw.length, from + 2); at += 1) {
    if (/^(one|ones|uno|una|system|systems|unit|units|install|installation|installs|equipment|setup|build|construction|door|doors|sistema|equipo)$/.test(raw[at] ?? '')) return true;
    const phrase = (lexicon.byFirst.get(stems[at] ?? '') ?? []).find((candidate) => candidate.concept && !candidate.concept.startsWith('property-') && candidate.stems.every((word, offset) => stems[at + offset] === word));
    if (phrase) return true;
  }
  return from >= raw.length;
}

const LOCATIVE = new Set(['in', 'inside', 'out', 'on', 'above', 'over', 'under', 'below', 'beneath', 'near', 'by', 'behind', 'beside', 'next', 'outside', 'at', 'from', 'into', 'along', 'around', 'against', 'alongside', 'en', 'sobre', 'encima', 'debajo', 'cerca', 'junto', 'detras', 'dentro', 'afuera', 'por', 'alrededor']);
const ARTICLES = new Set(['the', 'my', 'our', 'a', 'an', 'his', 'her', 'their', 'to', 'of', 'back', 'front', 'side', 'el', 'la', 'los', 'las', 'mi', 'mis', 'su', 'del', 'de']);

/** Whether the words before position `at` make it where something goes: "to a townhouse", "into the new house". */
function isDestination(raw: readonly string[], at: number): boolean {
  let back = at - 1;
  while (back >= 0 && (ARTICLES.has(raw[back] ?? '') || /^(new|bigger|smaller|little|nuevo|nueva|una|un)$/.test(raw[back] ?? '')) && raw[back] !== 'to') back -= 1;
  // ("my dorm stuff moved back home", "going home for the summer": home is where they go.)
  if (raw[at] === 'home' && /^(back|moved|moving|move|going|go|headed|heading)$/.test(raw[at - 1] ?? '')) return true;
  // ("nos vamos pa una casa", "nos mudamos a una casa": where they go.)
  return back >= 0 && (/^(to|into|hasta|hacia)$/.test(raw[back] ?? '') || (/^(pa|para|a)$/.test(raw[back] ?? '') && /^(vamos|mudamos|mudo|muda|mudan|movemos|van|voy|vamonos|cambiamos)$/.test(raw[back - 1] ?? '')));
}

/** Whether the words before position `at` make it a place: "in the", "above my", "next to the". */
function isLocated(raw: readonly string[], at: number): boolean {
  // "blew off in the wind storm", "en la tormenta": weather is when, not where.
  if (/^(wind|winds|windstorm|storm|storms|hail|hailstorm|tormenta|granizo|granizada)$/.test(raw[at] ?? '')) return false;
  // A size named ("go from 100 to 200 amp service"): what it becomes, not a place.
  if (/^\d+$/.test(raw[at] ?? '')) return false;
  let back = at - 1;
  // "around 2 of the vent pipes", "on both of the windows".
  // ("sale por donde está la lámpara": where it comes out, a place; "on the far wall" too — not "the other sink",
  // which may be the job.)
  // ("in the back corner of the yard": a part of a place is the place.)
  while (back >= 0 && (ARTICLES.has(raw[back] ?? '') || /^(\d+|two|three|both|all|each|one|some|dos|tres|donde|esta|far|opposite)$/.test(raw[back] ?? '') || (raw[back + 1] === 'of' && /^(corner|corners|edge|end|middle|part|section|area|strip)$/.test(raw[back] ?? '')))) back -= 1;
  // "the light on the sensor", "the button on the remote": a part of the thing, which is the subject.
  if (/^(indicator|led|leds|buttons?|display|screen)$/.test(raw[back - 1] ?? '')) return false;
  // "a price on a ductless unit", "a quote on a new roof": what the price is for, not a place.
  if (raw[back] === 'on' && /^(price|prices|quote|quotes|estimate|estimates|pricing|info|deal|bid|bids|ballpark)$/.test(raw[back - 1] ?? '')) return false;
  // "a built-in wine fridge", "a walk-in closet", "plug-in": a kind of the thing, not a place.
  if (raw[back] === 'in' && /^(built|plug|plugged|walk|drive|pull|drop|slide)$/.test(raw[back - 1] ?? '')) return false;
  // "look at the hose bib", "take a look at the panel": what is to be looked at, not a place.
  if (raw[back] === 'at' && /^(look|looks|looking|looked)$/.test(raw[back - 1] ?? '')) return false;
  // "seal up a house from rats", "protect it from termites": what is kept out, not a place.
  if (raw[back] === 'from' && raw.slice(Math.max(0, back - 4), back).some((word) => /^(seal|sealed|sealing|proof|proofed|proofing|protect|protected|protecting|keep|keeping|block|blocking|exclude|safe|free)$/.test(word))) return false;
  // "clean out gutters", "blow out the sprinklers": the verb's particle, not a place.
  if (raw[back] === 'out' && /^(clean|cleaned|cleaning|clear|cleared|clearing|blow|blown|blowing|flush|flushing|pump|pumping|haul|hauling|empty|emptying|dig|digging|scoop|scooping|vacuum|vacuuming)$/.test(raw[back - 1] ?? '')) return false;
  // Spanish "por" places a thing only with its article ("sale por la lámpara"), not before a job ("cobran por lavar").
  if (raw[back] === 'por' && back === at - 1) return false;
  return back >= 0 && back < at && LOCATIVE.has(raw[back] ?? '');
}

/** "a smell kind of like hot plastic coming from the outlet", "sparks from the switch": where a trouble comes from. */
function troubleFrom(raw: readonly string[], at: number): boolean {
  let back = at - 1;
  while (back >= 0 && ARTICLES.has(raw[back] ?? '')) back -= 1;
  if (raw[back] !== 'from') return false;
  return raw.slice(Math.max(0, back - 8), back).some((word) => /^(coming|comes|came|smell|smells|smelling|smelled|odor|smoke|smoking|sparks?|sparking|noises?|sounds?|buzz|buzzing|humming|hum|clicking|popping|crackling|sizzling|heat|hot|warm|leaking|leaks|dripping|drips|water|gas)$/.test(word));
}

interface OptionReading extends Reading {
  option: string;
  /**
   * The concepts the option is about: the last one of each part of its name ("gates" in "Driveway gates"; both
   * "refrigerator" parts in "Refrigerator & freezer repair"; "lighting" and "fan" in "Lighting (fixtures, fans)").
   */
  heads: Set<string>;
  /** Heads joined by "and" ("Packing and moving"): both are the job, so one not mentioned counts against it. */
  joined: boolean;
  catchAll: boolean;
}

/**
 * An option read in the trade of the list it is in: "Panel replacement" among a garage-door business's options is the
 * door's panel, not the electrical panel (a thing of another trade whose name a thing of the list's trade shares, and
 * the option says that name, is read as the list's thing).
 */
function inTradeOf(readings: OptionReading[]): OptionReading[] {
  const families = readings.map((reading) => new Set([...reading.heads].map(family)));
  return readings.map((reading, at) => {
    const others = new Set(families.filter((_, other) => other !== at).flatMap((set) => [...set]));
    const said = normalize(reading.option);
    const twinOf = (concept: string): string => {
      if (others.has(family(concept))) return concept;
      const names = lex().concepts.get(concept)?.names ?? [];
      const twin = CONCEPTS.find((other) => other.id !== concept && others.has(other.family) && other.names.some((name) => names.includes(name) && new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}s?\\b`).test(said)));
      return twin?.id ?? concept;
    };
    const heads = [...reading.heads].map(twinOf);
    if (heads.every((head) => reading.heads.has(head))) return reading;
    return { ...reading, heads: new Set(heads), concepts: reading.concepts.map(twinOf) };
  });
}

function readOption(option: string): OptionReading {
  let reading = read(option);
  const heads = new Set<string>();
  // Two kinds sharing their last word ("Flat & commercial roofs"): each with it, "flat roofs" too — not a flat to live
  // in.
  const sharing = /^\s*([\p{L}-]+)\s*(?:&|\/|\band\b|\bor\b|\by\b)\s*[\p{L}-]+(?:\s+[\p{L}-]+)?\s+([\p{L}-]+)\s*$/u.exec(option);
  if (sharing) {
    const own = read(`${sharing[1]} ${sharing[2]}`).concepts;
    const alone = read(sharing[1] ?? '').concepts.filter((concept) => !own.includes(concept));
    const added = own.filter((concept) => !reading.concepts.includes(concept));
    if (added.length > 0) {
      reading = { ...reading, concepts: [...reading.concepts.filter((concept) => !alone.includes(concept)), ...added] };
      for (const concept of added) if (family(concept) !== 'property') heads.add(concept);
    }
  }
  for (const part of option.split(/\s*(?:,|&|\+|\/|\(|\)|\band\b|\bor\b|\by\b|\bo\b)\s*/i)) {
    // The thing a part is about: its last specific concept ("Long-distance" in "Long-distance move").
    const concepts = read(part).concepts.filter((concept) => family(concept) !== 'property');
    const head = concepts.filter((concept) => !GENERIC_CONCEPTS.has(concept)).at(-1) ?? concepts.at(-1);
    if (head) heads.add(head);
    // "Roof leak repair", "Toilet leak": about the thing that leaks as much as the leak.
    const leaking = head === 'leak' ? concepts.filter((concept) => concept !== 'leak').at(-1) : undefined;
    if (leaking) heads.add(leaking);
    // "brush hauling": about the thing hauled as much as the hauling.
    const hauled = head === 'junk-removal' ? concepts.filter((concept) => concept !== 'junk-removal' && !GENERIC_CONCEPTS.has(concept)).at(-1) : undefined;
    if (hauled) heads.add(hauled);
  }
  // "Service" in an owner's option name ("Boiler & radiant heat service") is the work in general, not upkeep.
  const actions = /\bservices?\b/i.test(option) ? read(option.replace(/\bservices?\b/gi, ' ')).actions : reading.actions;
  return { ...reading, actions, option, heads, joined: /\b(and|y)\b/i.test(option), catchAll: CATCH_ALL.test(normalize(option)) };
}

/** The things an owner's option is about, kinds of place aside ("Flat & commercial roofs": flat roofs, roofs). */
export function optionThings(option: string): string[] {
  return readOption(option).concepts.filter((concept) => family(concept) !== 'property');
}

export interface OptionMatch {
  option: string;
  score: number;
  /** Why, for the decision log ("AC (named as 'not cooling')"). */
  because: string[];
  /** The concepts of the text it was matched through. */
  concepts?: string[];
}

export interface OptionChoice {
  best: OptionMatch | null;
  /** Options scoring as well as the best (the person is asked which one). */
  tied: string[];
  /** Every option that scored, best first. */
  ranked: OptionMatch[];
  /** Whether the best is clearly meant: a concept or two words shared, and ahead of the next. */
  confident: boolean;
  /** A plain word of the trade with a need said in no words ("my yard needs some help"): no option is likely. */
  vague?: boolean;
}

const APPLIANCE_FAMILIES: ReadonlySet<string> = new Set(['cold-appliances', 'laundry', 'kitchen-appliances', 'cooking-appliances', 'disposal']);
/** A garage door that will not stay closed, told ("goes down then bounces right back up") and as an option names it. */
const GOES_BACK_UP = /\b(goes|bounces|pops|comes|goes right|bounces right|pops right|comes right) back up\b|\b(door )?reverses\b|\bwon'?t stay (closed|down|shut)\b|\bwon'?t close\b/;
const WONT_CLOSE_OPTION = /\b(won'?t|doesn'?t|will not|not) (close|stay closed|stay down)\b/;

/** A rental between tenants: "they move out", "my tenants", "a 3-unit". */
const TURNOVER_SAID = /\b(move out|moving out|moves out|moved out|turnover|make ready|unit turn|between (tenants|renters)|(new|next) (tenants?|renters?) (coming|moving|move)|(tenants?|renters?) (left|moved|are moving|is moving|leaving))\b/;
const LIST_OPTION = /\b(honey[- ]?do|odd jobs|small (repairs|jobs|projects)|to[- ]?do list|punch lists?|handyman (list|hour|work)|misc\w*|multiple small|(inspection|repair) (repair )?lists?)\b/;
// (An inspection's findings are a list: "the buyer's inspection came back with a few electrical items: …".)
// ("I have a whole list of little things before my kids … come": a list, however long.)
// (Not a list of something else: "a long list of questions", "a whole list of TVs to mount".)
const LIST_SAID = /\b(a (little |short |small |whole |long |big |running )?list(?! of (?!(little |small |odd )?(things|jobs|projects|items|stuff|repairs|fixes|chores)\b))|(little|small) things (around|to do|that need)|honey[- ]?do|few (small )?(\w+ )?(things|jobs|projects|items)|couple (of )?(small )?(things|jobs|projects|items)|bunch of (small |little )?(things|jobs|projects|items)|odd jobs|to[- ]?do list|punch list|inspection (came back|report|found|items|list|repairs?)|(buyer'?s?|home) inspection)\b/;
// Rooms and places say where, not what: "the one in the kitchen" asks for nothing of "Commercial kitchen equipment".
const PLACE_STEMS: ReadonlySet<string> = new Set(['lot', 'kitchen', 'bathroom', 'bath', 'garag', 'basement', 'attic', 'yard', 'backyard', 'bedroom', 'laundri', 'room', 'hall', 'hallwai', 'porch', 'patio', 'deck', 'upstair', 'downstair', 'cocina', 'bano']);
const RECURRING = /\b(recurring|weekly|biweekly|bi-weekly|every (other |2 |two )?(week|weeks|month)|monthly|regular service|cada semana|cada (dos|2|tres|3) semanas|cada (quince|15) dias|cada mes|semanal|quincenal|mensual)\b/;
const HAULABLE: ReadonlySet<string> = new Set(['furniture', 'moving-specialty', 'hot-tub', 'any-appliance', ...APPLIANCE_FAMILIES]);
const UNSURE_SAID = /\b(not sure|unsure|don'?t know|no idea|no clue|no se|ni idea)\b/;
const LOAD_OPTION = /\b(truck ?loads?|trailer( loads?)?|full (truck|load|trailer)|whole (house|garage|home)|clean ?outs?|estate)\b/;
const ITEMS_OPTION = /\b(single|one|few|couple|items?|pieces?)\b/;
const LOAD_SAID = /\b((a |one |\d |two |three |four )?(bed|bedroom|br|bdrm)'?s? worth|(\d|one|two|three|four|five)[- ]?(bed|bedroom|br|bdrm)s? (house|home|apartment|apt|place|condo)|truck ?load|trailer ?load|full (truck|load|trailer|garage|basement|house)|(garage|basement|attic|shed|house) (is )?full|whole (house|garage|basement|room|attic|shed)|clean ?out|cleanout|a lot of|lots of|bunch of|tons of|everything|entire|estate)\b/;
const CONFLICTS = new Set(['install:repair', 'repair:install', 'install:maintenance', 'maintenance:install', 'install:removal', 'removal:install']);

let actionStemSet: Set<string> | null = null;
let singleActionMap: Map<string, Action> | null = null;

/** The kind of job each one-word action name says ("new" → install, "leak" → repair). */
function singleActionStems(): Map<string, Action> {
  if (!singleActionMap) {
    singleActionMap = new Map();
    for (const [action, phrases] of Object.entries(ACTIONS) as Array<[Action, { names: readonly string[]; es: readonly string[] }]>) {
      for (const name of [...phrases.names, ...phrases.es]) {
        const words = tokens(name);
        if (words.length === 1 && !singleActionMap.has(stem(words[0] ?? ''))) singleActionMap.set(stem(words[0] ?? ''), action);
      }
    }
  }
  return singleActionMap;
}

let actionPhraseMap: Map<string, Action> | null = null;

/** Every kind-of-job phrase, by its stems ("get rid of" → removal). */
function actionPhrases(): Map<string, Action> {
  if (!actionPhraseMap) {
    actionPhraseMap = new Map();
    for (const [action, phrases] of Object.entries(ACTIONS) as Array<[Action, { names: readonly string[]; es: readonly string[] }]>) {
      for (const name of [...phrases.names, ...phrases.es]) {
        const key = tokens(name).map(stem).join(' ');
        if (!actionPhraseMap.has(key)) actionPhraseMap.set(key, action);
      }
    }
  }
  return actionPhraseMap;
}

/** A need said in no words of what: "needs some help", "whatever it needs", "it's about my …", "needs attention". */
const VAGUE_NEED = /\b(needs? (some |a little |a lot of |lots of )?(help|work|attention|love|tlc)|whatever (it|they) needs?|(it'?s|its|this is|texting|writing) about (my|our|the|her|his|their) |(is|are|has been) acting up|not sure what (it|they) needs?)\b/;

/** A sentence asking for the work: "can you …", "could someone …", "what's the soonest someone could …", "I need …". */
const ASKS_FOR_WORK = /\b(can|could|would|will) (you|u|y'?all|someone|somebody)\b|\b(someone|somebody|you|u|y'?all) (can|could|would) (get|put|come|do|fix|replace|install|take)\b|\b(i|we) (just |only |really |now |still )?(need|want|would like)\b|^\s*(just|only|really) (want|need|looking for)\b|\bpodrian?\b|\bpueden?\b|\bnecesito\b/i;

/** The last sentence of a text (or part between " | ") that asks for the work. */
function askingSentence(text: string): string | undefined {
  return text.split(/(?<=[.!?])\s+|\n+|\s\|\s/).filter((sentence) => ASKS_FOR_WORK.test(sentence)).at(-1);
}

/** Stems of the kind-of-job words ("replace", "repair"): a shared one says nothing about which thing. */
function actionStems(): Set<string> {
  actionStemSet ??= new Set(Object.values(ACTIONS).flatMap((phrases) => [...phrases.names, ...phrases.es]).flatMap((name) => tokens(name).map(stem)));
  return actionStemSet;
}

const conceptStemCache = new Map<string, Set<string>>();

/** Every stem of a concept's names (a shared word explained by a shared concept is not counted twice). */
function conceptStems(id: string): Set<string> {
  let stems = conceptStemCache.get(id);
  if (!stems) {
    const concept = lex().concepts.get(id);
    stems = new Set([...(concept?.names ?? []), ...(concept?.problems ?? []), ...(concept?.es ?? [])].flatMap((name) => tokens(name).map(stem)));
    conceptStemCache.set(id, stems);
  }
  return stems;
}

function family(concept: string): string {
  return lex().concepts.get(concept)?.family ?? concept;
}

/** Whether the text names the option's thing as a kind of it, or the option's kind of thing by its plain name. */
function kindMatch(concept: string, text: Reading, option: OptionReading, namedElsewhere: ReadonlySet<string>): boolean {
  const kindOf = (id: string) => lex().concepts.get(id)?.kindOf;
  // The plain name only when it comes before any other thing the options are about ("the spring on the door" is
  // about the spring).
  const before = (said: string) => !text.concepts.slice(0, text.concepts.indexOf(said)).some((other) => namedElsewhere.has(other));
  return text.concepts.some((said) => !option.concepts.includes(said) && (kindOf(said) === concept || (kindOf(concept) === said && before(said))));
}

/** How well `text` names `option`, or null when nothing ties them. */
function score(text: Reading, option: OptionReading, namedElsewhere: ReadonlySet<string> = new Set(), placesDistinguish = false): OptionMatch | null {
  // "Not sure" is the answer of someone who says they are not sure, not of "pretty sure it's the sensor".
  if (/^(not sure|unsure|(i )?don'?t know|no idea|no se)\b/.test(normalize(option.option)) && !UNSURE_SAID.test(normalize(text.raw))) return null;
  const because: string[] = [];
  let points = 0;
  let anchored = false;
  // The first specific thing named (a generic "move" or "cleaning" only when nothing more specific is there).
  const unlocated = text.concepts.filter((concept) => !text.located.has(concept) && family(concept) !== 'property');
  // (Weather that caused it is not what the text is about: "after all that snow … water dripping from the light".)
  const aside = (concept: string) => text.causes.has(concept) || text.denied.has(concept) || text.past.has(concept);
  const first = unlocated.find((concept) => !GENERIC_CONCEPTS.has(concept) && !aside(concept)) ?? unlocated.find((concept) => !aside(concept)) ?? unlocated[0];
  // The best concept counts in full, every other one it shares a little: a text that mentions a furnace in passing
  // is not about "New furnace or AC install" as much as it is about the thermostat it is asking for.
  const hits = option.concepts
    // A kind of the option's thing counts when the job agrees too ("new garage doors" for "New door quote").
    // (And the plain thing said for the option's kind of it: "a new 16x7 door" for "New garage door".)
    .filter((concept) => (text.concepts.includes(concept) || (kindMatch(concept, text, option, namedElsewhere) && [...option.actions].some((action) => text.actions.has(action)))) && family(concept) !== 'property')
    // (An option naming the thing by a trouble — "dead outlets" — counts less for a text with no trouble and no fix:
    // "needs a 50 amp GFCI disconnect" is a new outlet.)
    .map((concept) => ({ concept, value: (option.heads.has(concept) ? 6 : 3) / (text.located.has(concept) ? 2 : 1) / (option.problems.has(concept) && !text.problems.has(concept) && !text.actions.has('repair') && !TROUBLE_SAID.test(normalize(text.raw)) ? 2 : 1) }))
    .sort((a, b) => b.value - a.value);
  // Matched only through the examples in its brackets ("beds" in "Spring cleanup (leaves, beds, first cut)") while its
  // name says another thing: a lesser match than an option named for what was said ("Mulch & bed edging").
  const named = option.option.includes('(') ? read(option.option.replace(/\([^)]*\)/g, ' ')).concepts : [];
  if (hits.length > 0 && named.length > 0 && !hits.some((hit) => named.includes(hit.concept))) points -= 1;
  hits.forEach((hit, index) => {
    points += index === 0 ? hit.value : 1;
    anchored ||= (option.heads.has(hit.concept) || option.concepts.length === 1) && !text.located.has(hit.concept);
    because.push(`${hit.concept}${text.problems.has(hit.concept) ? ' (as a problem)' : ''}${text.located.has(hit.concept) ? ' (as a place)' : ''}`);
  });
  // The thing named first is what the text is about ("genie opener … the door goes up" is about the opener).
  if (first && option.concepts.includes(first)) {
    points += 3;
    because.push('said first');
  }
  // The same family: an owner's "Rodent control" covers "rats"; a different head in the family counts less.
  if (!anchored && option.heads.size > 0) {
    const families = new Set([...option.heads].map(family));
    // Only for a thing no other option names itself ("microwave" is not an oven when a microwave option exists).
    // "Appliance haul-away" covers the fridge and the washer: any appliance is of the appliance family.
    // Junk removal takes away any thing said to go ("an old sectional and a treadmill picked up").
    // (A cleanout or a truckload is not for a couple of things, unless a load is said.)
    const hauled = families.has('junk') && text.actions.has('removal') && !(LOAD_OPTION.test(normalize(option.option)) && !LOAD_SAID.test(normalize(text.raw)));
    // An option that names its own things ("Hot tub removal", "Appliance haul-away") takes away only those.
    const things = option.concepts.filter((concept) => family(concept) !== 'junk' && family(concept) !== 'property');
    const carries = (concept: string) => things.length === 0 || things.some((thing) => family(thing) === family(concept) || (family(thing) === 'any-appliance' && APPLIANCE_FAMILIES.has(family(concept))));
    // A part listed apart only sometimes ("remote") is its whole's ("Opener repair") when the whole is an option.
    const whole = (concept: string) => lex().concepts.get(concept)?.partOf;
    const covers = (concept: string) => (namedElsewhere.has(whole(concept) ?? '') ? option.heads.has(whole(concept) ?? '') : families.has(family(concept))) || (families.has('any-appliance') && APPLIANCE_FAMILIES.has(family(concept))) || (hauled && HAULABLE.has(family(concept)) && carries(concept));
    const same =
      (hauled ? text.concepts.find((concept) => HAULABLE.has(family(concept)) && !text.located.has(concept) && carries(concept)) : undefined) ??
      text.concepts.find((concept) => covers(concept) && !option.concepts.includes(concept) && !text.located.has(concept) && !namedElsewhere.has(concept));
    if (same) {
      // A thing to be hauled away is what a junk option is about, as much as if it were named in it.
      const carried = hauled && HAULABLE.has(family(same));
      points += carried ? 6 : 3;
      anchored = true;
      because.push(`${same} (${carried ? 'to be hauled away' : `same family as ${[...option.heads].join('/')}`})`);
      if (carried && same === first) {
        points += 3;
        because.push('said first');
      }
    }
  }
  // An option worded as one of the text's things, in other words ("Moving out / moving in" for a "move out clean"):
  // every word of its name is a word of that thing's names.
  if (!anchored && hits.length === 0) {
    const wording = tokens(option.option.replace(/\([^)]*\)/g, ' ')).filter((word) => !/^(a|an|the|and|or|y|o|of|for|de)$/.test(word)).map(stem);
    const worded = wording.length >= 2 ? text.concepts.find((concept) => !text.located.has(concept) && family(concept) !== 'property' && wording.every((word) => conceptStems(concept).has(word))) : undefined;
    if (worded) {
      points += 6;
      anchored = true;
      because.push(`${worded} (worded as its names)`);
      if (worded === first) {
        points += 3;
        because.push('said first');
      }
    }
  }
  const shared = [...new Set(option.allStems)].filter((word) => !GENERIC.has(word) && !actionStems().has(word) && word.length > 1 && text.allStems.includes(word) && !text.concepts.some((concept) => conceptStems(concept).has(word)));
  // The option named word for word ("Leak repair I guess") is the answer — not when it only says where ("dents all
  // over the gutters" is no "Gutters" job).
  // (Not denied: "we have well of course, no city water up here".)
  const deniedWords = new RegExp(`\\b(no|not|without|isn'?t|aren'?t|never|sin|ni)\\s+(any\\s+|the\\s+|a\\s+)?${normalize(option.option).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`);
  // (Or its name without the examples in brackets: "a general pest spray" for "General pest (roaches, ants, spiders)".)
  const bare = normalize(option.option.replace(/\([^)]*\)/g, ' ')).trim();
  const wordForWord = (normalize(option.option).length > 3 && ` ${normalize(text.raw)} `.includes(` ${normalize(option.option)} `)) || (bare.includes(' ') && bare !== normalize(option.option) && ` ${normalize(text.raw)} `.includes(` ${bare} `));
  if (wordForWord && !deniedWords.test(normalize(text.raw)) && !(option.concepts.length > 0 && option.concepts.every((concept) => text.located.has(concept) && family(concept) !== 'property'))) {
    points += 10;
    anchored = true;
    because.push('named word for word');
  }
  points += shared.length * 2;
  if (shared.length > 0) because.push(`words ${shared.join(', ')}`);
  // A word of the name of the option's own thing, said alone ("a charger" for "EV charger install"), when no thing
  // of the text accounts for it: that thing named in short (not a short word like "air", which many things share).
  const short = [...option.heads].find((head) => shared.some((word) => word.length >= 4 && conceptStems(head).has(word)));
  if (short && !anchored) {
    points += 1;
    anchored = true;
    because.push(`${short} (named in short)`);
  }
  // An option named only by its kind of job ("System replacement", "Maintenance tune-up") is the answer for a thing
  // of the trade with that job asked for ("replacing our AC", "tune ups on both units").
  // Not for a repair: fixing is what most options are, so "Leak repair" is no answer to "toilet keeps running".
  if (option.concepts.length === 0 && option.actions.size > 0 && shared.length === 0 && text.concepts.some((concept) => family(concept) !== 'property') && [...option.actions].some((action) => action !== 'repair' && text.actions.has(action))) {
    points += 8;
    anchored = true;
    because.push('the kind of job, for a thing of the trade');
  }
  // Options told apart by the kind of place ("Apartment or condo move" / "House move"): the place said picks one.
  if (placesDistinguish && option.concepts.some((concept) => family(concept) === 'property' && text.concepts.includes(concept) && !text.located.has(concept))) anchored = true;
  // Upkeep on a schedule asked for in the option's own terms ("biweekly maintenance" for "Weekly / biweekly yard
  // maintenance"), whatever else the text describes ("a corner lot … with a lot of hedges").
  if (!anchored && RECURRING.test(normalize(text.raw)) && RECURRING.test(normalize(option.option)) && option.actions.has('maintenance') && text.actions.has('maintenance')) {
    points += 6;
    anchored = true;
    because.push('the recurring upkeep asked');
  }
  if (option.concepts.length > 0 && !anchored && shared.length === 0) return null;
  if (option.concepts.length === 0 && shared.length === 0 && !anchored) {
    // An option of only generic words ("Other", "Small job") scores only by those.
    const generic = [...option.stems].filter((word) => text.allStems.includes(word));
    if (generic.length === 0) return null;
    points += generic.length;
    because.push(`generic ${generic.join(', ')}`);
  }
  // A haul-away that names its own things ("Appliance haul-away", "Yard debris haul-off") when the text names other
  // things to haul ("an old piano and a couch").
  const junkThings = option.concepts.filter((concept) => family(concept) !== 'junk' && family(concept) !== 'property');
  if (option.concepts.some((concept) => family(concept) === 'junk') && junkThings.length > 0 && text.concepts.some((concept) => HAULABLE.has(family(concept))) && !junkThings.some((thing) => text.concepts.some((concept) => family(concept) === family(thing) || (family(thing) === 'any-appliance' && APPLIANCE_FAMILIES.has(family(concept)))))) {
    points -= 1.5;
  }
  // The kind of place: "House moves" for a house, not for an apartment.
  const places = option.concepts.filter((concept) => family(concept) === 'property');
  const allPlaces = text.concepts.filter((concept) => family(concept) === 'property');
  const fromPlaces = allPlaces.filter((concept) => !text.located.has(concept));
  const saidPlaces = fromPlaces.length > 0 ? fromPlaces : allPlaces;
  // Only when the options differ by it ("Apartment moves" / "House moves"); "house cleaning" is just cleaning.
  if (placesDistinguish && places.length > 0 && saidPlaces.length > 0) {
    const same = places.some((concept) => saidPlaces.includes(concept));
    points += same ? 2 : -2;
    if (same) because.push(`the kind of place (${places.join('/')})`);
  }
  // An option about several things, some of which were not mentioned ("Packing and moving" for a plain move).
  if (option.heads.size > 1 && option.joined) {
    const matched = [...option.heads].filter((head) => text.concepts.includes(head));
    points -= 2 * [...option.heads].filter((head) => !text.concepts.includes(head) && !matched.some((other) => family(other) === family(head))).length;
  }
  // A few things or a whole load: "Junk pickup (single items)" for an old couch, "Junk removal (truckload)" for a
  // garage full of it.
  const loadSaid = LOAD_SAID.test(normalize(text.raw));
  if (LOAD_OPTION.test(normalize(option.option))) points += loadSaid ? 1 : -1;
  else if (ITEMS_OPTION.test(normalize(option.option))) points += loadSaid ? -2 : 0.5;
  // Once or every week: "Recurring cleaning (weekly or every 2 weeks)" is not the answer to a one-off clean.
  const recurringSaid = RECURRING.test(normalize(text.raw));
  if (RECURRING.test(normalize(option.option))) {
    points += recurringSaid ? 3 : -1.5;
    if (recurringSaid) because.push('a recurring schedule');
  }
  // (An option that says it is one time contradicts a schedule said: "every other week cleaning" is no "(one time)".)
  if (/\b(one[- ]time|once|single visit|una vez)\b/.test(normalize(option.option)) && recurringSaid) points -= 4;
  // (Nor is a repair, with no trouble said: "u guys do weekly mowing?" is no "Plow damage & lawn repair".)
  if (recurringSaid && option.actions.has('repair') && !option.actions.has('maintenance') && text.problems.size === 0 && !text.actions.has('repair')) points -= 2;
  // A noise told ("SO loud, grinding and squealing every time it goes up") is the option named for noise ("Noisy door
  // tune-up"), when its name, not its examples in brackets, says so.
  if (anchored && /\b(noisy|noise|noises|squeak\w*|squeal\w*|loud)\b/.test(normalize(option.option.replace(/\([^)]*\)/g, ' '))) && /\b(loud|noisy|noise|noises|squeal\w*|squeak\w*|grind\w*|screech\w*|rattl\w*|clunk\w*)\b/.test(normalize(text.raw)) && !/\bloud (bang|pop|snap|boom)\b/.test(normalize(text.raw))) {
    points += 3;
    because.push('the noise they tell');
  }
  // A move within one home ("Moving furniture within the same home") is not a move from one place to another ("moving
  // into his dorm … coming from our house"), and a dorm at either end is the dorm move.
  // (Two kinds of place named, not two rooms: "from the garage to the living room" is within one home.)
  if (/\b(within|inside|in) the same (home|house|place)\b|\bwithin (the|your) (home|house)\b/.test(normalize(option.option)) && new Set(text.concepts.filter((concept) => family(concept) === 'property')).size >= 2) points -= 6;
  if (option.concepts.includes('property-dorm') && text.concepts.includes('property-dorm')) {
    points += 3;
    because.push('a dorm at one end');
  }
  // A drain trouble told ("drains super slow and gurgles") is the option named for clogs, more than one named for the
  // fixture ("Toilet, faucet or sink install/repair").
  if (text.problems.has('drain') && option.concepts.includes('drain') && /\b(clogs?|clogged|backups?|back-?ups?|slow drains?|stoppages?)\b/.test(normalize(option.option))) {
    points += 3;
    because.push('the drain trouble told');
  }
  if (option.actions.size > 0 && text.actions.size > 0) {
    const agree = [...option.actions].some((action) => text.actions.has(action));
    // Something new against fixing or looking after what is there is the wrong job; repair and care are close.
    const conflicting = !agree && [...option.actions].every((action) => [...text.actions].some((said) => CONFLICTS.has(`${action}:${said}`)));
    points += agree ? 1.5 : conflicting ? -2 : -1;
    if (agree) because.push(`kind of job ${[...option.actions].filter((action) => text.actions.has(action)).join('/')}`);
  } else if (option.actions.size > 0) {
    // The option asks for a kind of job ("Recurring cleaning") the text does not say: a plainer option fits better.
    points -= 0.5;
  }
  // A kind of job they turned down ("scratch the inspection") is not theirs.
  if ([...option.actions].some((action) => text.deniedActions.has(action)) && ![...option.actions].some((action) => text.actions.has(action))) {
    points -= 2;
    because.push('a kind of job they turned down');
  }
  return { option: option.option, score: points, because, concepts: hits.map((hit) => hit.concept).sort() };
}

/**
 * The words of an option's name that narrow its thing and that the text did not say: "wine" in "Wine fridge" for a
 * "french door fridge", "quarterly" and "plan" in "Quarterly pest plan" for bugs in the pantry. Examples in
 * brackets, kinds of job, generic words and words that name a thing on their own are not counted.
 */
function unsaidModifiers(option: string, text: Reading): string[] {
  const words = tokens(option.replace(/\([^)]*\)/g, ' ')).filter((word) => !STOP.has(word) && word.length > 2 && !/\d/.test(word));
  return words.filter((word) => {
    const stemmed = stem(word);
    if (GENERIC.has(stemmed) || actionStems().has(stemmed) || text.allStems.includes(stemmed)) return false;
    return read(word).concepts.length === 0;
  });
}

/** Any word of something wrong: "not", "won't", "stopped", "se apagó", "no prende". */
const TROUBLE_SAID = /\b(not?|won'?t|isn'?t|doesn'?t|can'?t|stopped|quit|died|dead|broke\w*|trip\w*|flicker\w*|apag\w*|no (prende|funciona|sirve|calienta|enciende|jala))\b/;

/** Adds `points` (and the reason) to the matches `fits` picks, then ranks them again. */
function boost(ranked: OptionMatch[], fits: (match: OptionMatch) => boolean, points: number, why: string): void {
  for (const [index, match] of ranked.entries()) if (fits(match)) ranked[index] = { ...match, score: match.score + points, because: [...match.because, why] };
  ranked.sort((a, b) => b.score - a.score);
}

/** A thing said to come first among several: "the fridge is the urgent one", "the AC is the priority". */
const PRIORITY = /\b(is|'s) (the )?(urgent|main|important|bigger|biggest|priority|worst|worse|pressing)( one| issue| problem| thing| deal)?\b|\b(most urgent|top priority|more urgent|more important|first priority)\b/;

/** A correction inside one text: ", well a …", "I mean", "or rather", "make that", "no wait", "mejor dicho". */
const SELF_CORRECTION = /(?:,|\.|;|\s-+|\.\.\.)\s*(?:well,? (?=(?:a|an|more like|more of|really|technically|probably)\b)|i mean\b|or rather\b|make (?:that|it)\b|scratch that\b|no wait\b|wait no\b|mejor dicho\b|o sea\b|bueno no,?\s*(?:mejor\b)?|no,? mejor\b)[,\s]*/i;

/** A thing that stopped working: a repair, not upkeep ("her furnace quit", "AC died", "won't kick on"). */
const BROKE = /\b(quit|died|dead|stopped (working|heating|cooling)|broke|broken|won'?t (start|turn on|kick on|come on|fire|light|run)|not (heating|cooling|working|blowing|running)|no (heat|hot water|a\/?c|air)|out of order|se (descompuso|apago)|no (prende|funciona|calienta|enfria|sirve)|(sale|echa|tira|bota) (puro |solo |nomas |pura )?aire caliente)\b/;

/** A sentence saying what the person wants done, not what is wrong: "thinking of going drought tolerant". */
export const WISH = /\b((need|needs|want|wanted) (someone|somebody|a (guy|tech|crew|pro|roofer|plumber|electrician)|you( guys)?|y'?all|u) to|thinking (of|about)|want(ing)? to|wanna|looking to|planning (on|to)|plan (is )?to|hoping to|would (like|love) to|'?d (like|love) to|going to (go|do|put|get|switch|replace|turn|redo)|quiero|queremos|pensando en)\b/;

/**
 * The option a text means among `options`. `catchAll`: when nothing else fits but the text names a trade thing, an
 * option like "General pest control" or "Other" is the answer (with low confidence).
 */
/**
 * The choice `now` names on its own, when it is sure and differs from what `earlier` named: a change of job said in the
 * same text ("… scratch that, …", "… instead?"); null otherwise.
 */
function replacedBy(now: string, earlier: string, options: readonly string[], why: (was: string) => string): OptionChoice | null {
  const put = chooseOption(now, options);
  const was = put.best && put.confident ? chooseOption(earlier, options).best : null;
  return put.best && was && was.option !== put.best.option ? { ...put, best: { ...put.best, because: [...put.best.because, why(was.option)] } } : null;
}

export function chooseOption(text: string, options: readonly string[], context: { turnedDown?: ReadonlySet<Action> } = {}): OptionChoice {
  // Corrected in the same text ("need a deep clean, well a move out clean I guess since im leaving"): what follows
  // the correction, when it names another option on its own (and adds nothing: "actually also the carpets").
  const correction = SELF_CORRECTION.exec(text);
  if (correction) {
    const after = between(text, correction.index + correction[0].length, text.length);
    const corrected = /\b(also|too|as well|plus|another|tambien)\b/i.test(after) ? null : replacedBy(after, between(text, 0, correction.index), options, (was) => `corrected from “${was}” in the same text`);
    if (corrected) return corrected;
  }
  // Asked for in place of another ("never mind on the tv, my wife wants the TV on the stand … can you swap out the
  // ceiling fan in the bedroom instead?"): the sentence that says "instead", when it names an option on its own.
  const instead = /[^.!?\n]*\b(instead|en vez|en lugar)\b(?! of| de)[^.!?\n]*/i.exec(text);
  // (Asked for, not a way round the trouble: "we have been using space heaters and the fireplace instead".)
  if (instead && instead[0].trim().length < text.trim().length && /\?|\b(can|could|would|will) (you|u|y'?all|someone|somebody)\b|\b(i|we) (need|want|would like|'?d like)\b|\b(please|pls)\b/.test(normalize(instead[0]))) {
    const put = replacedBy(instead[0], between(text, 0, instead.index), options, (was) => `asked for instead of “${was}”`);
    if (put) return put;
  }
  const readings = inTradeOf(options.map(readOption));
  const named = new Set(readings.flatMap((option) => [...option.heads]));
  const listed = asListed(read(text), named);
  // (Kinds of job turned down in words taken out before ("scratch the inspection"), as the caller read them.)
  const turnedDown = [...(context.turnedDown ?? [])].filter((action) => !listed.actions.has(action));
  const reading = turnedDown.length > 0 ? { ...listed, deniedActions: new Set([...listed.deniedActions, ...turnedDown]) } : listed;
  const placeKinds = new Set(readings.flatMap((option) => option.concepts.filter((concept) => family(concept) === 'property')));
  const ranked = readings
    .map((option) => score(reading, option, named, placeKinds.size >= 2))
    .filter((match): match is OptionMatch => match !== null && match.score > 0)
    .sort((a, b) => b.score - a.score);
  // Upkeep asked for with no thing named ("how much for a tune up? just one unit") is the one option for upkeep.
  // (A make says no thing either: "just one unit, 3 ton Carrier".)
  if (ranked.length === 0 && reading.concepts.every((concept) => family(concept) === 'property' || concept.endsWith('-brand')) && /\b(tune[- ]?ups?|maintenance|check[- ]?ups?|annual service)\b/.test(normalize(text))) {
    const upkeep = readings.filter((option) => option.actions.has('maintenance'));
    if (upkeep.length === 1 && upkeep[0]) ranked.push({ option: upkeep[0].option, score: 6, because: ['the only option for upkeep'] });
  }
  // A list of small jobs ("got a little list: closet door, curtain rods, recaulk the tub") is the handyman's list option.
  // (Of two list options, the one whose thing they name, or the rental's between tenants when they tell one: "I own a
  // 3-unit … two of the kids graduate and move out. Need the usual: …" is the turnover punch list, not small repairs.)
  const listOptions = readings.filter((option) => LIST_OPTION.test(normalize(option.option)));
  const listOption =
    // (Its own words, not its bracketed examples: "Misc. repairs (vents, screens, caulking)" names no screen of theirs.)
    listOptions.find((option) => read(option.option.replace(/\([^)]*\)/g, ' ')).concepts.some((concept) => reading.concepts.includes(concept))) ??
    (TURNOVER_SAID.test(normalize(text)) ? listOptions.find((option) => /\b(turnover|move[- ]?outs?|rentals?|make[- ]?ready)\b/.test(normalize(option.option))) : undefined) ??
    listOptions[0];
  // Things named as places ("in the garage") are not jobs of the list.
  // (Nor a make: "a 75 inch samsung" is the TV's.)
  const families = new Set(reading.concepts.filter((concept) => family(concept) !== 'property' && !reading.located.has(concept) && !concept.endsWith('-brand')).map(family));
  // (Not the list a round of checks is made of, when that round is what they ask first: "open up the place before we
  // land — AC on, water main on, run the faucets, check the fridge".)
  const round = ranked[0]?.because.includes('said first') && (ranked[0].concepts ?? []).some((concept) => family(concept) === 'home-watch');
  if (listOption && !round && (families.size >= 4 || LIST_SAID.test(normalize(text)))) {
    ranked.unshift({ option: listOption.option, score: (ranked[0]?.score ?? 0) + 3, because: [`a list of ${families.size} different jobs`] });
    for (let index = ranked.length - 1; index > 0; index -= 1) if (ranked[index]?.option === listOption.option) ranked.splice(index, 1);
  }
  // Options told apart by the kind of place, a move from one kind to another ("de un apartamento … a una casa"):
  // the place moved from is the kind of move.
  if (placeKinds.size >= 2) {
    const origin = /\b(?:from|out of|de|desde)\s+(?:(?:a|an|my|our|the|un|una|el|la|mi|nuestro|nuestra)\s+)?(?:\w+\s+)?(apartment|apt|condo|house|home|townhouse|duplex|studio|apartamento|departamento|casa|condominio|traila)\b/.exec(normalize(text));
    const from = origin ? read(origin[1] ?? '').concepts.find((concept) => family(concept) === 'property') : undefined;
    const placesSaid = new Set(reading.concepts.filter((concept) => family(concept) === 'property'));
    if (from && placesSaid.size >= 2) boost(ranked, (match) => readOption(match.option).concepts.includes(from), 1.5, 'the kind of place moved from');
  }
  // What they say they want done beats what they only describe: "… dead lawn plus a broken sprinkler system.
  // thinking of ripping it all out and going drought tolerant" is the drought-tolerant planting.
  // (The words after "want to" up to a comma, not the rest of its sentence: "tenant hasn't seen any leaks yet but I
  // want to get ahead of it" wants no leak repair.)
  const sentences = text.split(/(?<=[.!?])\s+|\n+/).filter((sentence) => sentence.trim() !== '');
  const wishing = sentences.flatMap((sentence) => clauseAfter(WISH, normalize(sentence)) ?? []);
  if (wishing.length > 0 && wishing.length < sentences.length) {
    const wanted = read(wishing.join(' '));
    // (A general thing wished for says the kind of job more than the thing: "need someone to check out my roof" is an
    // inspection, not whichever roof option.)
    const specific = wanted.concepts.filter((concept) => !GENERIC_CONCEPTS.has(concept));
    const byJob = specific.length === 0 && wanted.concepts.length > 0 && wanted.actions.size > 0;
    const jobWished = (match: OptionMatch) => [...readOption(match.option).actions].some((action) => wanted.actions.has(action));
    const thingWished = (match: OptionMatch) => (match.concepts ?? []).some((concept) => wanted.concepts.includes(concept)) || readOption(match.option).allStems.some((word) => word.length > 3 && !GENERIC.has(word) && !actionStems().has(word) && wanted.allStems.includes(word));
    const inWish = (match: OptionMatch) => (byJob ? jobWished(match) : thingWished(match));
    boost(ranked, inWish, 3, 'what they want done');
  }
  // An option named only by its kind of job yields to one that names the thing and agrees on the job ("mini split
  // install" is "Mini-split install", not "System replacement").
  const byJobOnly = (match: OptionMatch) => match.because.includes('the kind of job, for a thing of the trade');
  // (Or names the thing and asks for no kind of job at all: "clean mini splits" is "Heat pump / mini-split service".)
  const namesThingNoJob = (match: OptionMatch) => (match.concepts?.length ?? 0) > 0 && match.because.includes('said first') && readOption(match.option).actions.size === 0;
  const agreeing = ranked.some((match) => !byJobOnly(match) && match.because.some((why) => why.startsWith('kind of job')));
  const thingOnly = !agreeing && ranked.some((match) => !byJobOnly(match) && namesThingNoJob(match));
  if (agreeing || thingOnly) {
    // (A job-only option the text backs with more than the kind of job — a schedule, its own words — keeps its place
    // against a thing with no job.)
    const backed = (match: OptionMatch) => match.because.some((why) => why === 'a recurring schedule' || why.startsWith('words '));
    for (const [index, match] of ranked.entries()) if (byJobOnly(match) && !(thingOnly && backed(match))) ranked[index] = { ...match, score: match.score - 4 };
    ranked.sort((a, b) => b.score - a.score);
  }
  // Several things, one said to come first ("Dishwasher also leaves water … The fridge is the urgent one"): that one.
  const first = sentences.find((sentence) => PRIORITY.test(normalize(sentence)));
  const urgent = first ? read(first).concepts.filter((concept) => family(concept) !== 'property') : [];
  if (urgent.length > 0 && ranked.some((match) => (match.concepts ?? []).some((concept) => !urgent.includes(concept)))) boost(ranked, (match) => (match.concepts ?? []).some((concept) => urgent.includes(concept)), 12, 'the one said to come first');
  // The kind of job settles between a repair option and an upkeep one: a thing that stopped working is the repair's
  // ("furnace quit … Oil furnace" is no tune-up for the word "oil"); upkeep with nothing wrong is the tune-up's ("get
  // the boiler cleaned before it gets cold" is no boiler repair).
  const jobsOf = (match: OptionMatch) => readOption(match.option).actions;
  const repairOnly = (match: OptionMatch) => jobsOf(match).has('repair') && !jobsOf(match).has('maintenance');
  const upkeepOnly = (match: OptionMatch) => jobsOf(match).has('maintenance') && !jobsOf(match).has('repair');
  if (ranked.some(repairOnly) && ranked.some(upkeepOnly)) {
    const broke = reading.problems.size > 0 || BROKE.test(normalize(text));
    const upkeep = !broke && reading.actions.has('maintenance') && !reading.actions.has('repair');
    if (broke && !reading.actions.has('maintenance')) {
      boost(ranked, repairOnly, 3, 'a thing that stopped working: a repair');
      boost(ranked, upkeepOnly, -3, 'upkeep, for a thing that stopped working');
    } else if (upkeep) {
      boost(ranked, upkeepOnly, 3, 'upkeep asked, nothing wrong');
      boost(ranked, repairOnly, -3, 'a repair, for upkeep with nothing wrong');
    }
  }
  // "Not sure how urgent this is … It's a tile roof": a thing named outright outranks an unsure said of something else.
  const unsureOption = (match: OptionMatch) => /^(not sure|unsure|(i )?don'?t know|no se)\b/.test(normalize(match.option));
  if (ranked.some(unsureOption) && ranked.some((match) => !unsureOption(match) && match.because.includes('named word for word'))) {
    boost(ranked, unsureOption, -2, 'an unsure said beside an option named outright');
  }
  // A door that goes back up is the option that names that trouble in its own words ("Door off track / won't close"),
  // where the owner lists one; else the opener's or the sensors', by what else they say.
  const wontClose = GOES_BACK_UP.test(normalize(text)) && /\b(garage|overhead door|opener|door)\b/.test(normalize(text)) && !/\bwindows?\b/.test(normalize(text)) ? options.find((option) => WONT_CLOSE_OPTION.test(normalize(option))) : undefined;
  if (wontClose) {
    const why = 'the trouble they tell, in the option\'s words';
    if (ranked.some((match) => match.option === wontClose)) boost(ranked, (match) => match.option === wontClose, 2, why);
    else {
      ranked.push({ option: wontClose, score: (ranked[0]?.score ?? 4) + 2, because: [why] });
      ranked.sort((a, b) => b.score - a.score);
    }
  }
  // The thing the sentence asking for the work names, over one the description names ("… water is coming through the
  // ceiling … What's the soonest someone could get a tarp on it?" asks for the tarp, not the leak's repair).
  const asks = askingSentence(text);
  // (What comes after the asking words: "I want to get ahead of it" after "hasn't seen any leaks" asks for no leak job.)
  const askedWords = asks ? clauseAfter(ASKS_FOR_WORK, normalize(asks)) : null;
  // (Not something asked besides: "Could you also take a look at the water heater while you're here?".)
  const besides = askedWords !== null && /\b(also|too|as well|while (you'?re|youre|you are) (here|there|out)|tambien)\b/.test(normalize(asks ?? ''));
  const askedFor = askedWords && !besides ? read(askedWords).concepts.filter((concept) => family(concept) !== 'property') : [];
  const leader = ranked[0];
  if (leader && askedFor.length > 0 && !(leader.concepts ?? []).some((concept) => askedFor.includes(concept))) {
    const close = ranked.filter((match) => match !== leader && match.score >= leader.score - 1.5 && (match.concepts ?? []).some((concept) => askedFor.includes(concept)));
    if (close.length === 1) boost(ranked, (match) => match === close[0], 2, 'the thing they ask for');
  }
  let best = ranked[0] ?? null;
  if (!best && reading.concepts.length > 0) {
    const fallback = readings.find((option) => option.catchAll && (!/\b(not sure|unsure)\b/.test(normalize(option.option)) || UNSURE_SAID.test(normalize(text))));
    // ("quarterly pest control" for "General pest (roaches, ants, spiders)": the general thing they name is the one
    // the option's name says, not only the option left over.)
    const things = reading.concepts.filter((concept) => family(concept) !== 'property' && !reading.located.has(concept));
    const ownName = fallback ? read(fallback.option.replace(/\([^)]*\)/g, ' ')).concepts : [];
    const named = things.length > 0 && things.every((concept) => GENERIC_CONCEPTS.has(concept) && ownName.includes(concept));
    if (fallback) best = { option: fallback.option, score: named ? 2 : 1, because: [named ? `${things.join(', ')} (the general service, by its name)` : `no listed service names ${reading.concepts.join(', ')}: the catch-all option`] };
  }
  if (!best) return { best: null, tied: [], ranked, confident: false };
  const top = best.score;
  let tied = ranked.filter((match) => match.score === top).map((match) => match.option);
  // A tie between options matched through the same things is the plainer one's when the other narrows the thing
  // with words the text did not say ("Refrigerator / freezer", not "Wine fridge", for a french door fridge).
  const tiedMatches = ranked.filter((match) => match.score === top);
  if (tiedMatches.length > 1 && tiedMatches.every((match) => match.concepts && match.concepts.length > 0 && match.concepts.join() === tiedMatches[0]?.concepts?.join())) {
    const plain = tiedMatches.filter((match) => unsaidModifiers(match.option, reading).length === 0);
    if (plain.length === 1 && plain[0]) {
      const plainer: OptionMatch = { ...plain[0], score: plain[0].score + 1.5, because: [...plain[0].because, `the plainer of ${tied.join(', ')}`] };
      ranked.splice(ranked.indexOf(plain[0]), 1);
      ranked.unshift(plainer);
      best = plainer;
      tied = [plainer.option];
    }
  }
  // Tied only by the family of the thing said ("downsizing" is a move of some kind): the trade's plain job ("Local
  // move"), not one that narrows it in words not said ("Long-distance", "Labor only").
  const byFamily = ranked.filter((match) => match.score === top);
  if (tied.length > 1 && byFamily.every((match) => match.because.some((why) => why.includes('(same family as ')))) {
    const plainJob = byFamily.filter((match) => readOption(match.option).heads.size > 0 && [...readOption(match.option).heads].every((head) => GENERIC_CONCEPTS.has(head)));
    if (plainJob.length === 1 && plainJob[0]) {
      best = { ...plainJob[0], score: plainJob[0].score + 1.5, because: [...plainJob[0].because, 'the plain job of that family'] };
      ranked.splice(ranked.indexOf(plainJob[0]), 1, best);
      ranked.sort((a, b) => b.score - a.score);
      tied = [best.option];
    }
  }
  // Still tied: the one whose thing the asking sentence names ("… the seal doesn't sit flat … door is noisy too. can
  // you replace the seal / do a tune up?" asks for the seal, not a new door).
  if (tied.length > 1) {
    const asking = askingSentence(text);
    const asked = asking ? read(asking).concepts : [];
    let named = ranked.filter((match) => tied.includes(match.option) && (match.concepts ?? []).some((concept) => asked.includes(concept)));
    // Several named in the request ("Just want a transfer switch so we can run … a few lights"): the one it names first.
    if (named.length > 1 && asking) {
      // (A reading lists its concepts in the order the text names them.)
      const at = (match: OptionMatch) => Math.min(...(match.concepts ?? []).filter((concept) => asked.includes(concept)).map((concept) => asked.indexOf(concept)));
      const order = named.map((match) => ({ match, index: at(match) })).sort((a, b) => a.index - b.index);
      if (order[0] && order[1] && order[0].index < order[1].index) named = [order[0].match];
    }
    if (named.length === 1 && named[0]) {
      best = { ...named[0], because: [...named[0].because, 'the thing the request names'] };
      tied = [best.option];
    }
  }
  // Still tied between the repair of a thing and its upkeep ("AC repair" / "AC tune-up") for a text that tells a trouble
  // ("a thin line of smoke coming out the top of the outside AC unit … smells like burnt plastic"): the repair.
  // (Not when the upkeep is asked for outright: "want a tune up on the AC, it makes a little noise on startup".)
  if (tied.length > 1 && !reading.actions.has('maintenance') && (reading.problems.size > 0 || TROUBLE_WORDS.test(normalize(text)))) {
    const repairs = ranked.filter((match) => tied.includes(match.option) && readOption(match.option).actions.has('repair'));
    const upkeep = ranked.filter((match) => tied.includes(match.option) && !readOption(match.option).actions.has('repair') && readOption(match.option).actions.has('maintenance'));
    // (The thing named outright, not only guessed from a trouble or a family: "furnace (as a problem)".)
    if (repairs.length === 1 && repairs[0] && upkeep.length === tied.length - 1 && !repairs[0].because.some((why) => why.includes('('))) {
      best = { ...repairs[0], score: repairs[0].score + 1.5, because: [...repairs[0].because, 'a trouble told, so the repair'] };
      ranked.splice(ranked.indexOf(repairs[0]), 1, best);
      ranked.sort((a, b) => b.score - a.score);
      tied = [best.option];
    }
  }
  const second = ranked.find((match) => match.option !== best.option);
  // Ahead by 1.5, or by less when the best is the thing named first and the runner-up is not ("our mitsubishi mini
  // split … furnace handles the rest of the house").
  const firstOnly = best.because.includes('said first') && !(second?.because.includes('said first') ?? false);
  // Or the best is the plain option of the same thing as the runner-up, which narrows it with words not said
  // ("Termites", not "Termite inspection for a sale (WDI report)", for swarmers on the lanai).
  const plainerOfSame = second !== undefined && (best.concepts?.length ?? 0) > 0 && best.concepts?.join() === second.concepts?.join() && unsaidModifiers(best.option, reading).length === 0 && unsaidModifiers(second.option, reading).length > 0;
  const requested = best.because.includes('the thing the request names');
  // Something new for a text that only tells a trouble ("New garage door" for a door that squeals): the thing fits,
  // the job does not — likely, not sure.
  const bestJobs = readOption(best.option).actions;
  // (Only when the thing is a general one, "the garage door", not a thing of its own: "a wall connector".)
  const wrongJob = bestJobs.has('install') && reading.actions.has('repair') && ![...bestJobs].some((action) => reading.actions.has(action)) && (best.concepts ?? []).every((concept) => GENERIC_CONCEPTS.has(concept));
  // A plain word of the trade and a need said in no words ("my yard needs some help", "it's about my mother's heat",
  // "just whatever it needs"): the trade, not which of its jobs.
  const vague = reading.concepts.length > 0 && reading.concepts.every((concept) => GENERIC_CONCEPTS.has(concept) || family(concept) === 'property' || reading.sharedOnly.has(concept)) && reading.actions.size === 0 && reading.problems.size === 0 && VAGUE_NEED.test(normalize(text)) && !best.because.includes('named word for word');
  const confident = tied.length <= 1 && best.score >= 2 && !wrongJob && !vague && (!second || requested || best.score - second.score >= (firstOnly || plainerOfSame ? 0.5 : 1.5));
  return { best: tied.length > 1 ? null : best, tied: tied.length > 1 ? tied : [], ranked, confident, ...(vague ? { vague } : {}) };
}

/**
 * A part the options do not list apart is read as its whole when they list that ("the remote" is the opener's for
 * "Opener repair", and is the remote's own for "Remote & keypad programming").
 */
function asListed(reading: Reading, named: ReadonlySet<string>): Reading {
  const whole = (concept: string) => {
    const parent = lex().concepts.get(concept)?.partOf;
    return parent && !named.has(concept) && named.has(parent) ? parent : concept;
  };
  // A part listed apart and said with its whole ("the rubber boots" on "the roof") is what the text is about.
  const parts = reading.concepts.filter((concept) => named.has(concept) && !reading.located.has(concept) && reading.concepts.includes(lex().concepts.get(concept)?.partOf ?? ''));
  if (parts.length > 0) reading = { ...reading, located: new Set([...reading.located, ...parts.map((concept) => lex().concepts.get(concept)?.partOf ?? '')]) };
  if (!reading.concepts.some((concept) => whole(concept) !== concept)) return reading;
  const mapped = (concepts: Iterable<string>) => [...new Set([...concepts].map(whole))];
  const concepts = mapped(reading.concepts);
  // A whole said as a place only through its part stays a place only if it is never said otherwise.
  const located = new Set(concepts.filter((concept) => reading.concepts.some((said) => whole(said) === concept) && reading.concepts.filter((said) => whole(said) === concept).every((said) => reading.located.has(said))));
  return { ...reading, concepts, located, problems: new Set(mapped(reading.problems)) };
}

/** A text without its kind-of-job words ("Water heater repair" → "Water heater"). */
export function withoutActions(text: string): string {
  const lexicon = lex();
  const raw = tokens(text);
  const stems = raw.map(stem);
  const kept: string[] = [];
  for (let at = 0; at < raw.length; ) {
    const hit = (lexicon.byFirst.get(stems[at] ?? '') ?? []).find((phrase) => phrase.action && phrase.stems.every((word, offset) => stems[at + offset] === word));
    if (hit) {
      at += hit.stems.length;
      continue;
    }
    kept.push(raw[at] ?? '');
    at += 1;
  }
  return kept.join(' ');
}

/** Among options just offered, the one whose kind of job the text says ("just a repair"), or null. */
export function pickByAction(text: string, candidates: readonly string[]): string | null {
  const said = read(text).actions;
  if (said.size === 0) return null;
  const fitting = candidates.filter((candidate) => [...read(candidate).actions].some((action) => said.has(action)));
  return fitting.length === 1 ? (fitting[0] ?? null) : null;
}

/**
 * Another option for the same thing, by the kind of job a text now asks ("we would prefer that you quote a complete
 * replacement" after "Storm damage / missing shingles" is "Full roof replacement"), when the recorded one is not that
 * kind of job and the text names no thing of its own.
 */
export function sameThingOtherJob(text: string, recorded: string, options: readonly string[]): string | null {
  const said = read(text);
  if (said.actions.size === 0 || said.concepts.some((concept) => family(concept) !== 'property')) return null;
  const before = read(recorded);
  if ([...before.actions].some((action) => said.actions.has(action))) return null;
  const families = new Set(before.concepts.filter((concept) => family(concept) !== 'property').map(family));
  const kindred = options.filter((option) => option !== recorded && read(option).concepts.some((concept) => families.has(family(concept))));
  return pickByAction(text, kindred);
}

/** The concepts a text names (for the summary, the emergency check and price conditions). */
export function conceptsIn(text: string): string[] {
  return read(text).concepts;
}

// A clause that mentions something to set it aside ("we have a driveway gate too but that's not the problem", "I
// panicked thinking bed bugs but there's nothing there", "we're moving out end of month") asks for none of it.
const SET_ASIDE = /\b(not an? [a-z ]{0,20}(job|thing|issue|problem)|(are|is|r|themselves are|itself is) (fine|ok|okay|good|alright|not the problem)|not looking for|don'?t need|do not need|no need for|not a new|not interested in|not the (problem|issue|reason|point)|not why|not what|nothing there|none there|isn't it|wasn't it|thought|thinking|worried it was|too|also have|besides|other than|except|no es eso|no es el problema|no era|pense que|tambien tenemos|ourselves|myself|diy|if (that|it) matters|fwiw|for what it'?s worth|(for|in) the rest of the house|(we|i) (just |already )?(had|got) [a-z ]{0,30}(done|installed|put in|put on|put up)|(we|i) already (have|got|own)|(we|i) (have|got) [a-z ]{0,20} already|(guys|crew|company|installers?|contractor) (installing|who installed|that installed|who put|that put|doing)|(don'?t|dont|do not) (even )?have|ya (lo )?hicimos|nosotros mismos|(you|y'?all|u) (guys )?(don'?t|dont|do not|can'?t|cant|won'?t) (do|offer|handle|take|go|[a-z]+ (that|those|it|them)?\s*,? ?(that'?s|thats|which is) (fine|ok|okay|cool))|(i )?know (you|y'?all|u) (guys )?(don'?t|dont|do not)|[a-z]+ (stays|is staying|stays behind|stays here|isn'?t coming|is not coming)|so no [a-z]+|not taking the|leaving the [a-z]+ behind|this (isn'?t|isnt|is not|ain'?t)( one)?)\b/;
const CONTEXT = /\b((we're|were|we are|i'm|im|i am|we|i|just|recently|already) (moving|moved|movin)( out| in| away)?|moving (out|in|away)|mudando(nos)?|nos mudamos|me mudo)\b/g;

/** The text without its set-aside clauses and its life-event context, for the not-offered check only. */
/** Weather that says when, not what: "before the snow flies", "till the first freeze". */
// (And a season as a time: "put turf in last spring" is no garage spring; "spring cleanup" stays a job.)
const WEATHER_TIME = /\b((before|after|until|till|til) (the )?(first )?(snow|snows|freeze|frost)( (flies|falls|comes|hits|starts))?|snow flies|before it snows|(last|this past|this coming|next|since|early|late|in the|by|until|till) spring(?! (clean|clean-?ups?|cleaning|aeration|planting|mulch|tune))|spring (of )?(19|20)\d\d|spring(?= (ac |a\/c |hvac |)(start[- ]?ups?|tune[- ]?ups?)\b|(ac|a\/c|hvac) (check|service|servicing|maintenance)\b))\b/gi;

function requestedPart(text: string): string {
  return text
    .split(/[.!?;\n]+|\bbut\b|\bpero\b/i)
    .filter((clause) => !SET_ASIDE.test(normalize(clause)))
    .map((clause) => normalize(clause).replace(CONTEXT, ' ').replace(WEATHER_TIME, ' '))
    .join('. ');
}

/**
 * A service drawn by distance ("Long-distance moves (over 100 miles)") when the text says the trip is shorter:
 * "like 15 min", "about 20 miles", "across the river".
 */
function shorterThanDrawn(name: string, text: string): boolean {
  const drawn = /\bover (\d+) ?(miles?|mi)\b/i.exec(name);
  if (!drawn) return false;
  const said = normalize(text);
  const minutes = /\b(\d+) ?(min|mins|minutes)\b(?! (late|early))/.exec(said);
  const miles = /\b(\d+) ?(miles?|mi)\b/.exec(said);
  return (minutes !== null && Number(minutes[1]) <= Number(drawn[1])) || (miles !== null && Number(miles[1]) < Number(drawn[1])) || /\b(across the (river|bridge|street|lake)|next town over|down the (road|street))\b/.test(said);
}

/**
 * The not-offered service a text asks for: its head concept is named, and no offered option fits as well. A
 * word that only resembles it ("the car is in the driveway" against "Driveway gates") is not asking for it.
 */
export function notOfferedAsked(text: string, offered: readonly string[], notOffered: readonly string[]): string | null {
  if (notOffered.length === 0) return null;
  const reading = read(requestedPart(text));
  const candidates = notOffered
    .filter((name) => !shorterThanDrawn(name, text))
    .map(readOption)
    .filter((option) => (option.heads.size > 0 ? [...option.heads].some((head) => reading.concepts.includes(head) && !reading.located.has(head)) : [...option.stems].some((word) => !GENERIC.has(word) && reading.stems.has(word))))
    .map((option) => score(reading, option))
    .filter((match): match is OptionMatch => match !== null)
    .sort((a, b) => b.score - a.score);
  const offeredReadings = offered.map(readOption);
  const offeredHeads = new Set(offeredReadings.flatMap((option) => [...option.heads]));
  // (A thing general in its own trade — "roof" to a roofer — is its own thing to a business of another trade: "a few
  // shingles blew off my garage roof" at a handyman's who does no roofing.)
  const offeredFamilies = new Set(offeredReadings.flatMap((option) => option.concepts.map(family)));
  // (Only a roof, wiring or a lawn: a door, a move or a cleaning is said of so much else — "door won't close" at a
  // garage-door company, "moving a dresser upstairs" at a handyman's.)
  const ownThing = (head: string) => !GENERIC_CONCEPTS.has(head) || (['roof', 'wiring', 'mowing'].includes(head) && !offeredFamilies.has(family(head)));
  // "Flat commercial roofs" for a roofer: the roof is theirs too, so only its own words ("flat", "commercial") make it.
  const wanted = candidates.find((match) => {
    const option = readOption(match.option);
    // Its own thing named ("a flat TPO roof"), not only the thing it shares with an offered one ("el techo").
    // (A general thing — "the big 2 car door" at a garage-door business — is not "Commercial roll-up / dock doors".)
    if ([...option.heads].some((head) => !offeredHeads.has(head) && ownThing(head) && reading.concepts.includes(head) && !reading.located.has(head))) return true;
    return [...new Set(option.allStems)].some((word) => !GENERIC.has(word) && !PLACE_STEMS.has(word) && !actionStems().has(word) && reading.allStems.includes(word) && ![...option.heads].some((head) => conceptStems(head).has(word)));
  });
  if (!wanted) return null;
  const served = chooseOption(text, offered).ranked[0];
  // Named by its own words ("baby grand" against "Grand pianos" beside "Piano move (uprights only)"): the offered
  // option does not cover it unless it says those words too.
  const option = readOption(wanted.option);
  const ownWords = [...new Set(option.allStems)].filter((word) => !GENERIC.has(word) && !PLACE_STEMS.has(word) && !actionStems().has(word) && reading.allStems.includes(word) && ![...option.heads].some((head) => conceptStems(head).has(word)));
  if ([...option.heads].every((head) => offeredHeads.has(head)) && ownWords.length > 0 && served && !ownWords.some((word) => read(served.option).allStems.includes(word))) return wanted.option;
  // Its own thing named ("a baby grand") while the offered option's thing is not ("Piano move (uprights only)").
  const servedHeads = served ? [...readOption(served.option).heads] : [];
  // (An offered option with no thing of its own — "Post-party / event cleanup" — is not passed over for a thing only
  // mentioned: "punch got spilled on the carpet" beside "Carpet shampooing".)
  if (served && servedHeads.length > 0 && [...option.heads].some((head) => reading.concepts.includes(head)) && !servedHeads.some((head) => reading.concepts.includes(head))) return wanted.option;
  return !served || wanted.score > served.score ? wanted.option : null;
}

/** Words that tell something is wrong, for a tie between a repair and upkeep. */
const TROUBLE_WORDS = /\b(smok\w*|burn\w*|smell\w*|leak\w*|nois\w*|grind\w*|squeal\w*|bang\w*|won'?t|doesn'?t|not (working|cooling|heating|turning|running|blowing)|stopped|broke\w*|warm air|hot air|humm?ing|hums|sparks?)\b/;

let tradeWords: Set<string> | null = null;
/** One-word English names of the trade's things ("snow", "spring", "holly", "lennox"): never a signature. */
function englishTradeWords(): Set<string> {
  tradeWords ??= new Set(CONCEPTS.flatMap((concept) => [...concept.names, ...(concept.problems ?? [])]).filter((name) => !name.includes(' ')));
  return tradeWords;
}

const SIGNED_NAME = /(?:[.!?\n,]\s*|\s[-–—~]\s*)(\p{Lu}\p{Ll}+)\s*[.!]?\s*$/u;

/** "3 bed 2 bath", "a 2-bed": bedrooms, not flower beds. */
function withBedrooms(text: string): string {
  return text.replace(/\b(\d+|one|two|three|four|five|six|a|studio or \d+)\s*-?\s*beds?\b/gi, '$1 bedroom');
}

/**
 * "10 yards of mulch", "up to 10 yards installed", "3 cubic yards": a volume, not a lawn — taken out before the words
 * are matched to services ("mow the 2 yards", front and back, keeps its lawns).
 */
function withoutVolumes(text: string): string {
  return text.replace(/\b(\d+(?:\.\d+)?)\s*(cu(?:bic)?\.?\s*)?(?:yards?|yds?)\b(\s+(?:of|installed|delivered|spread)\b)?/gi, (whole, amount: string, cubic: string | undefined, after: string | undefined) =>
    cubic || after || Number(amount) >= 3 ? `${amount} cuyd${after ?? ''}` : whole,
  );
}
