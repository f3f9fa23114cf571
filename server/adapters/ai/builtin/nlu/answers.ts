/**
 * Plain answers in a person's words, English and Spanish: a ZIP or postal code (in digits or spoken, "seven eight
 * seven oh four"), yes or no (for the question asked: "it's my house" owns it, "we lease" does not, "not urgent,
 * just annoying" is no), a name ("this is Dana", "it's Tom Becker", "me llamo Ana"), and sizes in words. Each
 * returns null when the answer is not clearly there: the assistant asks rather than record a guess.
 */
import { createRequire } from 'node:module';
import { fold, normalize, plain, words } from './text';
import { between } from '@contracts/text';

// Popular first names (English and Spanish, from the human-names package): a word on these lists is a name even
// when nobody asked for one ("92021 | yep own it | Trish").
const require = createRequire(import.meta.url);
const FIRST_NAMES: ReadonlySet<string> = new Set(
  ['female-human-names-en', 'male-human-names-en', 'female-human-names-es', 'male-human-names-es'].flatMap((file) => (require(`human-names/data/${file}.json`) as string[]).map((name) => fold(name.toLowerCase()))),
);

/** Whether a word is a popular first name (accents ignored). */
export function isKnownFirstName(word: string): boolean {
  return FIRST_NAMES.has(fold(word.toLowerCase()));
}

// ---------------------------------------------------------------------------------------------------------------
// ZIP and postal codes

export interface PostalCode {
  value: string;
  country: 'US' | 'CA';
}

const STREET_AFTER = /^\s+(?:[NSEW]\.?\s+)?(?!(?:en|in|at|near|by|off|right|on|just)\s)(?:[\p{L}'.-]+\s+){1,3}(?:rd|road|st|street|ave|avenue|dr|drive|ln|lane|way|blvd|boulevard|ct|court|pl|place|pkwy|parkway|hwy|highway|trl|trail|cir|circle|ter|terrace)\b/iu;
const US_ZIP = /(?<![\p{L}\d$#.,/-])(\d{5})(?:-(\d{4}))?(?![\p{L}\d]|[.,]\d|-\d|\/|\s?(?:sq|square|ft|feet|lbs?|dollars|bucks|btu|k\b))/gu;
const CA_POSTAL = /\b([abceghj-nprstvxy]\d[abceghj-nprstv-z])[ -]?(\d[abceghj-nprstv-z]\d)\b/gi;
const DIGIT_WORDS: Readonly<Record<string, string>> = {
  zero: '0', oh: '0', o: '0', one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9',
  cero: '0', uno: '1', dos: '2', tres: '3', cuatro: '4', cinco: '5', seis: '6', siete: '7', ocho: '8', nueve: '9',
};

const TENS: Readonly<Record<string, string>> = {
  twenty: '2', thirty: '3', forty: '4', fifty: '5', sixty: '6', seventy: '7', eighty: '8', ninety: '9',
  veinte: '2', treinta: '3', cuarenta: '4', cincuenta: '5', sesenta: '6', setenta: '7', ochenta: '8', noventa: '9',
};
const TEENS: Readonly<Record<string, string>> = {
  ten: '1 0', eleven: '1 1', twelve: '1 2', thirteen: '1 3', fourteen: '1 4', fifteen: '1 5', sixteen: '1 6', seventeen: '1 7', eighteen: '1 8', nineteen: '1 9',
  diez: '1 0', doce: '1 2', trece: '1 3', catorce: '1 4', quince: '1 5', dieciseis: '1 6', diecisiete: '1 7', dieciocho: '1 8', diecinueve: '1 9',
};
const UNIT_WORD = 'one|two|three|four|five|six|seven|eight|nine|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve';
const TENS_SAID = new RegExp(String.raw`\b(${Object.keys(TENS).join('|')})(?:(?:[ -]| y )(${UNIT_WORD}))?\b`, 'g');
const TEENS_SAID = new RegExp(String.raw`\b(${Object.keys(TEENS).join('|')})\b`, 'g');

/**
 * "seven eight seven oh four" → "78704": five spoken digits in a row (digits among them count too); pairs said as
 * numbers too ("noventa y nueve dos cero ocho", "ninety-nine two oh eight" → "99208").
 */
function spokenDigits(text: string): string[] {
  const paired = normalize(text)
    .replace(TENS_SAID, (_, tens: string, unit: string | undefined) => `${TENS[tens] ?? ''} ${unit ? (DIGIT_WORDS[unit] ?? '0') : '0'}`)
    .replace(TEENS_SAID, (teen: string) => TEENS[teen] ?? teen);
  const tokens = words(paired.replace(/-/g, ' '));
  const found: string[] = [];
  let run = '';
  for (const token of tokens) {
    const digit = DIGIT_WORDS[token] ?? (/^\d$/.test(token) ? token : /^\d{2,4}$/.test(token) && run !== '' ? token : null);
    if (digit !== null) {
      run += digit;
      if (run.length === 5) {
        found.push(run);
        run = '';
      }
    } else {
      run = '';
    }
  }
  return found;
}

/**
 * A US ZIP or a Canadian postal code in the text; with several, the last (an address's street number comes first,
 * and a correction "78704 not 78740" is handled by the caller reading the correction words).
 */
export function extractPostalCodes(text: string): PostalCode[] {
  const found: Array<PostalCode & { index: number }> = [];
  // (A number that names a paper, not a place: "Invoice 20418", "order #55123", "claim no. 60614".)
  const numbered = (index: number) => /\b(invoice|inv|order|ticket|acct|account|ref|reference|confirmation|conf|claim|policy|case|job|work order|wo|po|receipt|model|serial|factura|orden|recibo|poliza|reclamo)\s*(#|no\.?|number|num|nr)?\s*:?\s*$/i.test(between(text, Math.max(0, index - 24), index));
  // (Nor a house number: "His address is 29150 Lilac Rd" — a street after it, and an address said before it or a ZIP
  // after it; "17584 Willow Street" alone is the ZIP of Willow Street, PA.)
  const houseNumber = (index: number, length: number) =>
    STREET_AFTER.test(between(text, index + length, index + length + 60)) &&
    (/\b(address( is)?|addy|direccion( es)?)\s*:?\s*$/i.test(between(text, Math.max(0, index - 24), index)) || /\b\d{5}\b(?!\s*(sq|square|ft|feet|sf)\b)/i.test(between(text, index + length, text.length)));
  for (const match of text.matchAll(US_ZIP)) if (!numbered(match.index ?? 0) && !houseNumber(match.index ?? 0, match[0].length)) found.push({ value: match[2] ? `${match[1]}-${match[2]}` : (match[1] ?? ''), country: 'US', index: match.index ?? 0 });
  for (const match of text.matchAll(CA_POSTAL)) found.push({ value: `${match[1]} ${match[2]}`.toUpperCase(), country: 'CA', index: match.index ?? 0 });
  if (found.length === 0) for (const digits of spokenDigits(text)) found.push({ value: digits, country: 'US', index: text.length });
  // A ZIP dictated in groups after its name ("Zip code is 89 148", "zip 9 21 04"), or sent over two texts ("my zip is
  // 787" / "04").
  const grouped = found.length === 0 ? /\b(?:zip|zip ?code|postal code|codigo postal)\s*(?:is|es|:)?\s*(\d{1,4})[ .\n-]+(\d{1,4})(?:[ .\n-]+(\d{1,3}))?(?![\d])/i.exec(text) : null;
  const joined = grouped ? `${grouped[1] ?? ''}${grouped[2] ?? ''}${grouped[3] ?? ''}` : '';
  if (grouped && joined.length === 5) found.push({ value: joined, country: 'US', index: grouped.index });
  return found.sort((a, b) => a.index - b.index).map(({ value, country }) => ({ value, country }));
}

/**
 * The postal code meant: the last one, except that "A not B" / "B, sorry A" / "not B, A" keeps the corrected one.
 */
export function extractPostalCode(text: string): PostalCode | null {
  const codes = extractPostalCodes(text);
  if (codes.length <= 1) return codes[0] ?? null;
  const said = normalize(text);
  // "78704 not 78740": the one before "not".
  for (const code of codes) {
    const bare = code.value.replace(/\s/g, '');
    if (new RegExp(`${bare}\\W+(not|no es|no|ni)\\W+\\d`).test(said.replace(/\s/g, ' '))) return code;
  }
  // "not 78740, 78704": the one after. ("93420, 93402 is my work": the one said to be another place's.)
  const negated = codes.find((code) => new RegExp(`\\b(not|no es)\\W+${code.value.replace(/\s/g, '')}`).test(said) || new RegExp(`${code.value.replace(/\s/g, '')}\\W+(is|was|'s|es) (my|the|our|mi) (work|job|office|old|old one|old address|mailing|po box|billing|other|trabajo|oficina)`).test(said));
  if (negated) return codes.find((code) => code !== negated) ?? codes.at(-1) ?? null;
  // "37206 to 37211", "from 98103 → 98117": where the job starts is the one before "to".
  // ("del 79762 a una casa en el 79765": words between.)
  const start = codes.find((code, index) => index < codes.length - 1 && new RegExp(`${code.value.replace(/\s/g, '')}\\W+(to|into|->|→|hasta|a)(\\W+[a-z]+){0,4}\\W+\\d`).test(said));
  if (start) return start;
  return codes.at(-1) ?? null;
}

export function isInServiceArea(code: string, prefixes: readonly string[]): boolean {
  if (prefixes.length === 0) return true;
  const bare = code.replace(/[\s-]/g, '').toUpperCase();
  return prefixes.some((prefix) => {
    const wanted = prefix.replace(/[\s-]/g, '').toUpperCase();
    return wanted !== '' && bare.startsWith(wanted);
  });
}

/**
 * Whether a code outside the area would be inside it with two neighbouring digits swapped back ("31046" for
 * "31406"): the commonest slip in typing a ZIP, worth one check before the person is turned away.
 */
export function slipIntoArea(code: string, prefixes: readonly string[]): boolean {
  const bare = code.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(bare) || isInServiceArea(bare, prefixes)) return false;
  for (let at = 0; at + 1 < bare.length; at += 1) {
    if (bare[at] === bare[at + 1]) continue;
    const swapped = `${bare.substring(0, at)}${bare[at + 1]}${bare[at]}${bare.substring(at + 2)}`;
    if (isInServiceArea(swapped, prefixes)) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------------
// Yes / no

/** What a yes/no question is about, read from its key and words: its answer may be said without yes or no. */
export type YesNoTopic = 'ownership' | 'urgency' | 'pets' | 'kids-pets' | 'stairs' | 'access' | 'returning' | 'water-off' | 'car-stuck' | 'leaking' | 'insurance' | 'recurring' | 'warranty' | 'ground' | 'hoa' | 'heat' | 'has-heat' | 'entry' | 'rental' | 'double-door' | 'owner-ok' | 'owner-or-manager' | 'at-risk' | 'someone-home' | 'other';

/** A question that asks the kind of place: "Is it a house, condo or apartment?", "¿Casa, apartamento o negocio?". */
export const HOME_TYPE_ASKED = /\b(house|home|casa|condo|apartment|apartamento|mobile home|townhouse|business|negocio)\b,? (\w+ )?(condo|apartment|apartamento|mobile home|townhouse|business|negocio|house)\b|\b(home|property|building) type\b|\btype of (home|property|place|building)\b/;

export function yesNoTopic(question: { key: string; text: string }): YesNoTopic {
  const about = normalize(`${question.key.replace(/_/g, ' ')} ${question.text}`);
  if (/\b(car|cars|vehicle|truck)\b.*\b(stuck|trapped|inside|in the garage)\b|\bstuck inside\b/.test(about)) return 'car-stuck';
  // "Is this a rental property?": whether someone else lives there, the other side of owning it to live in.
  if (/\b(rental|rented out|tenants?|investment property)\b/.test(about) && !/\b(own|owns|owner|homeowner|propietario|dueno)\b/.test(about)) return 'rental';
  // "Are you the owner, or do you have the owner's OK?": a renter with the landlord's OK says yes.
  if (/\b(own|owns|owner|homeowner|rent|renting|landlord|propietario|dueno)\b/.test(about) && /\bor\b[^?]*\b(owner|landlord)'?s? (ok|okay|permission|approval|sign ?off)\b/.test(about)) return 'owner-ok';
  // "Are you the owner or property manager?": the one who manages it says yes.
  // (Not "Do you own the home or rent from a landlord?": the landlord there is the other side.)
  if (/\b(own|owns|owner|homeowner)\b/.test(about) && /\bor (the |a |an )?(property manager|manager|management|landlord|administrador)\b/.test(about)) return 'owner-or-manager';
  if (/\b(own|owns|owner|homeowner|rent|renting|landlord|propietario|dueno)\b/.test(about)) return 'ownership';
  if (/\b(urgent|emergency|asap|rush|right away|urgente|emergencia)\b/.test(about)) return 'urgency';
  if (/\b(warranty|warrantee|garantia)\b/.test(about)) return 'warranty';
  if (/\b(hoa|homeowners'? association|home owners'? association)\b/.test(about)) return 'hoa';
  if (/\b(insurance|claim|adjuster|seguro|aseguranza)\b/.test(about)) return 'insurance';
  if (/\b(recurring|regular (schedule|service|visits)|seasonal|every (week|month|storm|snow|season)|ongoing|on our (list|schedule|route)|periodic)\b/.test(about)) return 'recurring';
  if (/\b(ground (floor|level)|first floor|main floor|on the ground|curb)\b/.test(about) && !/\b(elevator)\b/.test(about)) return 'ground';
  // "Do you have any heat right now?" is answered yes by "we have heat"; "Are you without heat?" by "no heat".
  if (/\b((have|has|got|getting) (any |some )?heat|any heat)\b/.test(about) && !/\b(without heat|no heat)\b/.test(about)) return 'has-heat';
  if (/\b(without heat|no heat|heat (out|working|off)|have heat|heating (out|working))\b/.test(about)) return 'heat';
  if (/\b(been (out|here|over) (to|at)?|before|returning|existing customer|past customer|used us|worked (with|for) (us|you))\b/.test(about) && !/\b(before (the|we|you|noon|\d))\b/.test(about)) return 'returning';
  if (/\b(shut (it |the water )?off|turned (it |the water )?off|water (is )?(off|shut)|shut-?off)\b/.test(about)) return 'water-off';
  if (/\b(leak\w*|water (coming|getting) (in|inside)|coming inside|getting inside|drip\w*|gotea\w*|entrando agua)\b/.test(about)) return 'leaking';
  // "Any kids or pets in the home?": children count as much as animals.
  if (/\b(pets?|dogs?|cats?|animals?|mascotas?)\b/.test(about) && /\b(kids?|children|child|ninos|hijos)\b/.test(about)) return 'kids-pets';
  if (/\b(pets?|dogs?|cats?|animals?|mascotas?)\b/.test(about)) return 'pets';
  // "Any stairs at either end?", "Anything on stairs or a second floor?": the stairs themselves, not "no" to elevators.
  if (/\b(stairs|steps|staircase|elevators?|flights?|second floor|2nd floor|upstairs|escaleras)\b/.test(about)) return 'stairs';
  // "Is anyone in the home elderly, very young, or medically at risk in the heat?": answered by who lives there.
  if (/\b(elderly|medically|at risk|vulnerable|seniors?|health (issues?|conditions?))\b/.test(about)) return 'at-risk';
  // "Is it a double (two-car) door?": answered by the door's size ("Single car door", "de dos carros", "16x7").
  if (/\b(double|two[- ]car|2[- ]car)\b/.test(about) && /\b(door|garage)\b/.test(about)) return 'double-door';
  // "Can the crew get into the backyard without you home?": whether the way in is open, said in its own words.
  if (/\b(get|go|let (them|the crew|us|you) )in(to)?\b.*\bwithout (you|someone|anyone|anybody)\b|\bwithout (you|someone|anyone|anybody) (home|there)\b/.test(about)) return 'entry';
  // "Will someone 18 or older be home to let the tech in?": whether someone will be there, said in their own words.
  if (/\b(home during|be home|someone home|anyone home|somebody home|(be|someone|anyone|somebody) (there|present)|let (the |our )?(tech|technician|crew|cleaners?|movers?|us|them) in|estar en (la )?casa|alguien en (la )?casa)\b/.test(about)) return 'someone-home';
  if (/\b(access|accessible|gate code|stairs|elevator|home during|be home|someone home|present)\b/.test(about)) return 'access';
  return 'other';
}

const OWNS = /\b(own|owned|owns|i own|we own|own it|own the|owner|homeowner|home owner|(we'?re|we are|i'?m|i am) (the )?(home ?)?owners?|closed on (the|our|this) (house|home|place|condo)|(the |this )?(house|home|place|property|condo|unit) is (ours|mine)|my (own )?(house|home|place|property|condo)|our (own )?(house|home|place|property|condo)|it'?s (mine|ours)|already bought (?:the |a |an |our |this )?(?:house|home|place|condo|property|townhouse|lot)|(?<!\b(?:are|is|were|was|been|be|got) (?:already )?)(?<!\balready )bought(?! (?:a |an |the |some |new |my |our |her |his |them |it (?:at|from|on|online) )?(?:new |used |replacement )?(?:fans?|parts?|units?|fixtures?|faucets?|filters?|mounts?|chargers?|tvs?|thermostats?|openers?|doors?|toilets?|water heaters?|dishwashers?|washers?|dryers?|fridges?|refrigerators?|stoves?|ovens?|microwaves?|lights?|lamps?|materials?|tiles?|supplies|plants?|mulch|sod|tickets?|bulbs?|batter(?:y|ies)|remotes?|paint|wood|boards?|lumber|shingles?|gutters?|hot tubs?|(?:a )?car|(?:a )?truck)\b)|paid off|mortgage|soy (el |la )?(dueno|duena|propietario|propietaria)|somos (los )?(duenos|propietarios)|es mi casa|es mia|es nuestra|es de nosotros|es propia|casa propia|la compre|la compramos)\b/;
const RENTS = /\b(rent|renting|renter|rental|tenant|lease|leasing|we lease|landlord|property manager|management company|apartment complex|rento|rentamos|renta|rentado|rentada|alquilo|alquilamos|alquilado|alquilada|inquilino|el dueno es|la duena es|arrendador)\b/;
const URGENT = /\b(asap|urgent|urgently|emergency|right away|right now|immediately|today|tonight|as soon as|can't wait|cannot wait|no heat|no hot water|no ac|no power|flooding|leaking bad|pretty bad|really bad|yes urgent|urgente|emergencia|lo antes posible|hoy mismo|ya)\b/;
const NOT_URGENT = /\b(no rush|no hurry|not urgent|not an emergency|not a emergency|not really urgent|non urgent|non-urgent|whenever|no big deal|not a big deal|can wait|it can wait|just annoying|annoying|not pressing|at your convenience|flexible|no es urgente|sin prisa|no hay prisa|cuando puedan|no corre prisa)\b/;
const UNSURE = /\b(not sure|unsure|i don't know|no idea|maybe|not certain|idk|depends|no se|tal vez|quizas)\b/;
const YES = /\b(yes+|sure|ok|absolutely|definitely|correct|affirmative|of course|i think so|(?<!\b(?:should|can|could|would|will|what|how|shall|must|to|did|do|does|else|then) )(?:i|we) do|we are|i am|it is|that's right|right|yessir|yes sir|you bet|indeed|si|claro|correcto|asi es|por supuesto|simon)\b/;
const NO = /\b(no+|not really|not yet|probably not|prob not|likely not|most likely not|doubt it|i doubt|negative|never|don't think so|i don't|we don't|not at all|it isn't|it's not|none|nobody|no one|nada|ninguno|ninguna|tampoco)\b/;

/** Who manages the place for its owner: "Deb w/ Keystone Property Mgmt", "I manage the building". */
const MANAGES = /\b(property (mgmt|management|manager|mgr)|(i|we) manage (it|this|that|the (house|place|property|building|unit)s?|(a |some |the )?rentals?)( for (the|an?) owners?)?|manage it for (the|an?) owners?|for the owner)\b/;

/** The one texting manages the place: "I manage the building", "I'm the property manager", "Deb w/ Keystone Property Mgmt". */
const I_MANAGE = /\b((i|we) manage (it|this|that|the (house|place|property|building|unit|units)|(a |some |the )?rentals?|(a |the )?(building|complex|property))|(i'?m|i am|we'?re|we are) (the |a )?(property )?(manager|managers|management)|property (manager|mgr) here|(with|w\/|from|at) [\p{L} &'-]{0,30}property (mgmt|management)|soy (el |la )?administrador(a)?)\b/u;

/** The owner's OK said: "my landlord said its fine", "the owner approved it", "la dueña dice que sí". */
export const OWNER_OK = /\b((my |the |our )?(landlord|owner|property manager|management|hoa)( said| says| is| was| already said| already| gave( us| me)?)( it'?s| its| that'?s)?( (fine|ok|okay|good|cool|alright|all right|approved|the ok|the okay|permission|the go ahead|go ahead|the green light))|(have|has|got|with) (the |my |our )?(landlord|owner)'?s? (ok|okay|permission|approval|blessing|go ahead)|(landlord|owner) (approved|signed off|okayed|ok'?d)|(landlord|owner|property manager|management)( said| says| told (me|us))( (just|to|i can|we can|i could|we could|i should|we should))* (get (it|this|that|someone|somebody) (fixed|done|repaired|out)|have (it|this|that) (fixed|done|repaired)|call (someone|somebody|you|y'?all|a pro)|send (him|her|them) the (bill|invoice))|permission from (the|my|our) (landlord|owner)|(el|la) (dueno|duena|propietario|propietaria) (dijo|dice|ya dijo) que (si|esta bien|puedo)|tengo permiso)\b/;

/** What follows "no" in a way of speaking that says no "no" ("no rush", "no offense"). */
export const NO_IDIOMS = 'rush|hurry|worries|problem|prob|big deal|pressure|offense|offence|joke|lie|kidding|doubt';

/** Words that answer a yes/no question of a topic without a plain yes or no (no before yes: "not leaking"). */
const TOPICAL_YES_NO: Partial<Record<YesNoTopic, { yes: RegExp; no: RegExp }>> = {
  'someone-home': {
    no: /\b((nobody|no one|noone)( will be| is|'s|'ll be)? (home|here|there)|(i|we)('m|'re| am| are| will| won'?t|'ll)? (not be|not|won'?t be|will not be) (home|here|there|around|in town)\b(?![^.!?\n]{0,6}\b(till?|until|after|by)\b)|(i|we)('ll| will)? be (at work|gone|away|out of town)\b(?![^.!?\n]{0,6}\b(till?|until|after|by)\b)|nadie (va a estar|estara|esta) en (la )?casa|no (hay|habra) nadie)\b/,
    yes: /\b((i|we)('m|'re| am| are| will be|'ll be|ll be|re) (home|here|there|around)|(i|we) (work|wfh) from home|wfh|(home|here) all day|(my|our|his|her) (husband|wife|son|daughter|mom|dad|mother|father|roommate|partner|spouse|hubby|boyfriend|girlfriend|fiance|nanny|grandma|grandpa|neighbor|tenant)( \w+)?('s| is| will be|'ll be| can be) (home|here|there|around)|(my|our|his|her) (husband|wife|son|daughter|mom|dad|mother|father|roommate|partner|spouse|hubby|boyfriend|girlfriend|fiance|nanny|grandma|grandpa|neighbor|tenant)( \w+)? (can|will|could) let (you|u|them|the tech|the crew|him|her|y'?all) in|someone('s| is| will be|'ll be) (home|here|there)|(esta|estoy|estamos|estara|estaremos|va a estar|vamos a estar) en (la )?casa|(estoy|estamos) aqui)\b/,
  },
  leaking: {
    no: /\b(nothing (is |'?s )?(coming )?(in|inside|leaking|dripping)|nothing'?s (leaking|dripping|coming in)|nothing inside|nothing burst|no water on the floor|floor is dry|no water (inside|in)|not (leaking|coming in|dripping)|no leak\w*|dry (inside|in here)|not yet|nada adentro|no (entra|gotea|esta goteando))\b/,
    yes: /\b(dripping|drips|leaking|water (is )?(coming|getting) (in|inside|through)|coming through|bulging|bubbl\w*|wet|buckets?|puddle|stain (is )?growing|gotea\w*|entra agua|esta entrando)\b/,
  },
  insurance: {
    no: /\b(no insurance|not (going )?through (the )?insurance|(nah|no|nope),? not (an? )?(insurance|claim)(?! yet)(?![^.!?]*\b(but|filing|file|adjuster)\b)|not an? insurance (job|thing|claim)|out of pocket|cash|paying (ourselves|myself)|no claim|sin (seguro|aseguranza|aseguransa)|no (vamos|voy) a (usar|reclamar|meter)( el| al)? (seguro|aseguranza|aseguransa)|no (es|va) (por|con) (el |la )?(seguro|aseguranza|aseguransa)|no (queremos|quiero) (usar|meter|reclamar)( el| al)? (seguro|aseguranza|aseguransa)|de nuestra bolsa|(not|won'?t|will not|shall not|aren'?t|are not|isn'?t)( be| going to be| gonna be)? (filing|file|making|make|putting in|put in|going through|using|use)( an?| the| any)? (insurance )?claim|(seguro|aseguranza|insurance|claim)\?+\s*(no|nah|nope|no creo|creo que no|probably not|i don'?t think so|doubt it)|yo lo pago|lo pago yo|nosotros lo pagamos|lo pagamos nosotros)\b/,
    // ("insurance? probably not": the question said back is no yes.)
    yes: /\b(adjuster|claim|insurance(?!\s*\?)|state farm|allstate|usaa|farmers|progressive|liberty mutual|nationwide|travelers|el seguro(?!\s*\?)|reclamo)\b/,
  },
  recurring: {
    no: /\b(just (this )?once|one time|one-time|just this (time|storm|once)|only once|una vez|solo esta vez)\b/,
    yes: /\b(every (time|week|other week|storm|snow|spring|fall|month|season|year)|each (time|storm|snow|season)|regular(ly)?|ongoing|all (season|winter|year)|the whole (season|winter)|put (us|me) on (the|your) (list|schedule|route)|seasonal|cada (vez|semana|mes|temporada))\b/,
  },
  warranty: {
    no: /\b(not under warranty|out of warranty|no warranty|warranty (is )?(expired|ran out|is up)|def(initely)? not|too old|years? old|bought it in (19|20)\d\d|ya no tiene garantia|sin garantia)\b/,
    yes: /\b(under warranty|still (under|covered|has warranty)|in warranty|bought it (last|this) (month|year)|brand new|tiene garantia)\b/,
  },
  heat: {
    no: /\b(not freezing|still keeping up|keeping up|(still|we|i) (do )?(have|got) heat|(still )?getting (some )?heat|(radiators?|vents?|registers?|rooms?) (still )?(get|gets|getting|are|blow|blows|blowing) (warm|hot|heat)|nothing wrong with (it|the (furnace|boiler|system|heat))|(it'?s|its|it|furnace|boiler) (is )?(running|working|runs|works) (fine|ok|good|great)|(si|todavia|aun) (calienta|prende la calefaccion)|sigue calentando|heat (is |'?s )?(working|fine|ok|on)|heats? (working|fine)|not without heat|furnace (is )?fine|still heats?|still (warm|heating)|(house|home|place|it|apartment)('?s| is| stays| feels) (still )?(warm|toasty|comfortable)|(heat|heating|boiler|furnace) (still )?works|la casa (esta|sigue) (caliente|calientita)|tenemos calefaccion)\b/,
    yes: /\b(no heat|without heat|heat (is |'?s )?(out|off|gone)|(furnace|boiler|heater) (died|quit|is out|stopped)|freezing in here|cold in here|sin calefaccion|no hay calefaccion)\b/,
  },
  hoa: {
    no: /\b(no hoa|not in an hoa|no homeowners|there'?s no hoa|we don'?t have an hoa|no (hay|tenemos|tiene) (una |un )?(hoa|asociacion)|sin (hoa|asociacion)|no (esta|estamos) en (una |un )?(hoa|asociacion))\b/,
    yes: /\b((si )?(hay|tenemos|tiene) (una |un )?(hoa|asociacion)|(esta|estamos) en (una |un )?(hoa|asociacion)|(yes|yeah|yep|ugh)\W+(we have |there'?s |there is )?(an?|the) hoa|we have an? hoa|(we'?re|we are|it'?s|its|house is) in an? hoa|there'?s an? hoa|hoa (rules|approval|says|wants|requires|dinged)|hoa (has|needs|will have|would have|must|gets) to (approve|sign off|ok|okay|see)|(need|needs|get|getting) (hoa|the hoa'?s?) (approval|ok|okay|sign ?off))\b/,
  },
  returning: {
    no: /\b(first time|never (used|had|hired|called)|new customer|haven'?t (used|had|hired)|not that i know|primera vez|nunca)\b/,
    yes: /\b(you (guys |all )?(did|came|were (out|here)|installed|fixed|serviced|cleaned|put in|replaced|sprayed|mowed)|you'?ve been (out|here)|been (out|here) before|existing customer|returning customer|used you|(a )?(couple|few|\d+) (yrs?|years?|months?) ago|last (year|spring|summer|fall|winter))\b/,
  },
  'water-off': {
    no: /\b(can'?t (find|shut|turn|get)|couldn'?t (find|shut|turn)|don'?t know (where|how)|no (shutoff|shut off|valve)|still (running|on|spraying|flowing))\b/,
    yes: /\b(shut (it |the water |the valve |the main |everything )?off|turned (it |the water |the main |the valve )?off|closed the (valve|main)|(water|it) is (off|shut)|(cerre|cerramos) (la llave|el agua)|cortamos el agua)\b/,
  },
  stairs: {
    no: /\b(no (stairs|steps|escaleras|escalones)|nada de escaleras|no hay escaleras|sin escaleras|no tiene escaleras|ground (floor|level)|first floor|1st floor|(single|one|1)[- ]?(story|storey|level)|ranch|all on one level|one level|(un )?solo (piso|nivel)|planta baja|primer piso|(has|there'?s|with) an elevator|(hay|tiene|con) elevador|elevator (at )?both)\b/,
    yes: /\b(stairs|steps|staircase|flights?|walk-?up|split[- ]?level|tri[- ]?level|bi[- ]?level|(2nd|3rd|4th|5th|second|third|fourth|fifth|top) (floor|fl)|upstairs|basement|no elevator|without (an )?elevator|escaleras|escalones|segundo piso|tercer piso|cuarto piso|sotano|sin elevador|no hay elevador)\b/,
  },
  'at-risk': {
    no: /\b(no one|nobody|no elderly|no kids|no babies|just (us|me)( two)? adults|all (healthy|adults)|we'?re (all )?(fine|healthy|young))\b/,
    yes: /\b((i'?m|i am|she'?s|he'?s|she is|he is|(my )?(mom|mother|dad|father|grandma|grandpa|husband|wife) is) (6[5-9]|[7-9]\d|1[01]\d)\b|(6[5-9]|[7-9]\d|1[01]\d) (years old|yrs old|y\/?o)|elderly|senior|newborn|baby|infant|pregnant|oxygen|copd|asthma|heart (condition|problems?)|disabled|wheelchair|medical condition|bedridden|dialysis)\b/,
  },
  rental: {
    no: /\b(not (a |an )?rental|no rental|(we|i) live (here|there|in it)|live in it|(it'?s|its|it is|this is) (our|my) (own )?(house|home|place|residence)|(our|my) (own )?(primary )?(home|residence)|owner[- ]occupied|primary (home|residence)|(vivimos|vivo) (aqui|ahi|alli)|es (mi|nuestra) casa)\b/,
    yes: /\b(rentals?|tenants?|renters?|rent (it|them) out|rented out|landlord|airbnb|vrbo|investment property|inquilin\w*)\b/,
  },
  // ("the gate isn't locked", "tenants r home during the day so u can get in back", "el portón no tiene candado").
  entry: {
    no: /\b((?<!(not|isn'?t|never|un|no) )locked( up)?(?! (out|in))|(have|has|need|needs) to be (home|there)|can'?t get in\w*|no way (in|into)|(no|sin) (access|acceso)|(esta|estan?) (cerrad[oa]s?|con (llave|candado)))\b/,
    yes: /\b(unlocked|(isn'?t|is not|not|never|aren'?t) locked|(gate|door|it)('?s| is)? (open|unlatched)|(you|u|they|the crew|crew|y'?all|guys) (can|could) (get|go|come) (in|into|around|back)|let (yourselves|yourself|themselves) in|(tenants?|someone|somebody|(my )?(wife|husband|son|daughter|roommate)) (r|are|is|'?s|will be) (home|there)|gate code|code is \d+|(pueden|puede) (entrar|pasar)|no tiene (candado|llave)|sin (candado|llave)|(esta|queda) abierto)\b/,
  },
  ground: {
    no: /\b(basement|upstairs|downstairs|second floor|2nd floor|third floor|3rd floor|attic|stairs|steps|walk-?up|sotano|escaleras|segundo piso)\b/,
    yes: /\b(ground (floor|level)|first floor|1st floor|main floor|in the garage|at the curb|no stairs|all on one level|one level|planta baja|primer piso)\b/,
  },
};

/** Whether a text names an animal of the house, in words or in emoji ("2 labs", "un perrito", "🐶🐶"). */
export const KIDS = /\b(kids?|children|child|toddlers?|baby|babies|infant|newborn|(my|our) (son|daughter|boys?|girls?)|ninos|ninas|hijos|hijas|nenes|bebes?|chiquitos)\b/;

export function petsNamed(text: string): boolean {
  return /\b(dogs?|cats?|pupp(y|ies)|kittens?|kitty|pets?|perr(o|os|ito|itos|ita)|gat(o|os|ito|itos)|parrots?|birds?|rabbits?|bunny|labs?|labradors?|chihuahuas?|retrievers?|shepherds?|pitbulls?|huskies|husky|doodles?|poodles?|beagles?|terriers?)\b/.test(normalize(text)) || /[\u{1F415}\u{1F436}\u{1F408}\u{1F431}\u{1F429}\u{1F43E}\u{1F99C}\u{1F426}\u{1F430}]/u.test(text);
}

/**
 * "yes" or "no" for a yes/no question about `topic`. The topic's own words come first ("we lease" → no for
 * ownership); then a plain yes or no, the first one said winning ("no, it's not urgent" is no). Unsure → null.
 */
export function extractYesNo(text: string, asked: YesNoTopic = 'other'): 'yes' | 'no' | null {
  let said = normalize(text);
  // An answer the text ends on, after its reasons ("the lease says no nails but my landlord emailed back … so yes").
  const concluded = /\b(so|then|meaning|which means|bottom line|in short)\s*,?\s*(i guess |i think |basically |technically )?(yes|yeah|yep|no|nope)\s*[.!]*\s*$/.exec(said);
  if (concluded) return /^(yes|yeah|yep)$/.test(concluded[3]!) ? 'yes' : 'no';
  if (asked === 'owner-ok' && OWNER_OK.test(said)) return 'yes';
  // (The one texting manages it — "I manage the building", "Deb w/ Keystone Property Mgmt" — not a manager they name:
  // "we rent, the property manager said its fine".)
  if (asked === 'owner-or-manager' && I_MANAGE.test(said) && !RENTS.test(said.replace(I_MANAGE, ' '))) return 'yes';
  const topic = asked === 'owner-ok' || asked === 'owner-or-manager' ? 'ownership' : asked;
  if (topic === 'ownership') {
    // The landlord's yes is no yes of theirs: "Ya hablé con el dueño y dice que sí" rents. (Not the HOA's.)
    const landlordOk = asked === 'ownership' ? (OWNER_OK.exec(said) ?? /\b(el |la |mi |nuestro |nuestra )?(dueno|duena|propietari[oa]|landlord|caser[oa]|manager)\b[^.!?]{0,30}\b(dice|dijo|da|dio|nos dio|me dio)( que)? (si|ok|okay|esta bien|el permiso|permiso)\b/.exec(said)) : null;
    // (Not from someone who owns it: "it's a rental I own, my property manager said it's fine", "Sí, soy el dueño, mi
    // esposa dice que sí"; nor a permit, "tengo permiso de la ciudad".)
    if (landlordOk && !/\b(hoa|management|manager|asociacion|ciudad|city)\b/.test(landlordOk[0]) && !OWNS.test(said.replace(landlordOk[0], ' ')) && !/\b(soy (el |la )?(dueno|duena|propietari[oa])|es (mia|mio|nuestra|nuestro)|(i|we) own)\b/.test(said)) return 'no';
    // A landlord owns it: "it's a rental I own", "my tenant".
    // Buying it, not theirs yet: "right now it's still the sellers'", "not ours till the closing" (unless they say
    // yes all the same: "it's ours as of Friday, so yes by the time you'd come out").
    if (/\b(still the (sellers?|owners?)'?s?|not (ours|mine) (yet|until|till|til)|under contract|(don'?t|do not|doesn'?t) close (until|till|til))\b/.test(said) && !/\b(so|but) (yes|yeah|yep)\b/.test(said)) return 'no';
    // Someone else's name on the deed: "its my dads name on the house", "the house is in my mom's name".
    if (/\b((it'?s|its|it is|house is|home is|place is|property is|title is|deed is)\s+(in\s+)?(my|his|her|our)\s+(dad|father|mom|mother|parents|grandma|grandmother|grandpa|grandfather|aunt|uncle|in-?laws?|brother|sister|landlord)('?s)?\s+name|(my|our)\s+(dad|father|mom|mother|parents|grandma|grandpa|landlord)('?s)?\s+name\s+(is\s+)?on\s+(the\s+)?(house|deed|title|property|place))\b/.test(said)) return 'no';
    // A property manager speaks for the owner, and is not one: "Deb w/ Keystone Property Mgmt … one of our buildings".
    if (MANAGES.test(said) && !/\b(i'?m|i am|we are|we'?re) the owners?\b/.test(said)) return 'no';
    if (/\b((i|we)(( have|'?ve)( got)?| own| got) (a |two |2 |three |3 |four |five |several |a few |a couple( of)? |\d+ )?rentals?( house| houses| home| homes| property| properties| unit| units)?|rental (that )?(i|we) own|(i|we) own (it and |the (house|place|property) and )?rent it( out)?|i'?m the (landlord|owner)|i am the (landlord|owner)|(my|our) tenants?|(?<!\b(out of|leaving|from|in|live in|living in|moving out of|move out of) )(my|our) (own )?(short[- ]term |vacation |airbnb |vrbo |str |beach |lake )?rentals?(?! (car|truck|van|place i|apartment i))( house| home| property| properties| cabin| condo| unit)?|(my|our) (airbnb|vrbo|str)s?|tenant (hasn'?t|has|says|said))\b/.test(said)) return 'yes';
    const rents = RENTS.exec(said);
    const owns = OWNS.exec(said);
    if (rents && !(owns && owns.index < rents.index && !/\b(landlord|el dueno es|la duena es)\b/.test(rents[0]))) return /\b(don't|do not|no)\s+(rent|lease|rentamos|rento|alquilamos|alquilo)\b/.test(said) ? 'yes' : 'no';
    if (owns && !/\b(don't|do not|not the|no soy)\s+(own|owner|el dueno|la duena)/.test(said) && !/\bown (a|an|my|our) (car|truck|business|company)\b/.test(said)) return 'yes';
    if (/\b(don't|do not|no)\s+(own)\b|\bnot the (owner|homeowner)\b|\bno soy (el |la )?(dueno|duena|propietario)\b/.test(said)) return 'no';
  }
  if (topic === 'urgency') {
    const calm = NOT_URGENT.exec(said);
    if (calm) return 'no';
    if (URGENT.test(said) && !/\bnot\b/.test(said.slice(0, (URGENT.exec(said)?.index ?? 0) + 1))) return 'yes';
  }
  if (topic === 'car-stuck') {
    if (/\b((parked|parking) (in the driveway|outside|on the street|in the street)|car'?s (out|outside|in the driveway)|(cars?|trucks?) (is |are )?(both |all )?(out|outside)|got (them|both|the cars|the trucks) out|not stuck|(is|are)n'?t stuck|isnt stuck|no cars?|no (vehicles?|trucks?)|nothing stuck|nobody stuck|no one stuck|got (it|the car) out|afuera|no esta atrapad\w*)\b/.test(said)) return 'no';
    if (/\b(stuck|trapped|locked in|can'?t get (it|the car|my car|the truck) out|inside the garage|atrapad\w*|adentro|no puedo sacar)\b/.test(said) || /\b(car|truck|van|suv)\b.{0,12}\b(is |'s )?(in there|inside|in the garage)\b/.test(said)) return 'yes';
  }
  // "no stairs", "no hay escaleras" say yes to "all on the ground floor?".
  if (topic === 'ground' && /\b(no stairs|no steps|no hay escaleras|sin escaleras|no tiene escaleras|nada de escaleras)\b/.test(said)) return 'yes';
  if (topic === 'insurance' && claimDenied(said)) return 'no';
  const topical = TOPICAL_YES_NO[topic];
  if (topical) {
    if (topic === 'stairs' && topical.yes.test(said.replace(new RegExp(topical.no.source, 'g'), ' '))) return 'yes';
    if (topical.no.test(said)) return 'no';
    if (topical.yes.test(said)) return 'yes';
  }
  if (topic === 'has-heat') {
    const heat = topicalYesNo(text, 'has-heat');
    if (heat) return heat;
  }
  if (topic === 'kids-pets') {
    // "No kids, no pets": what is left once the ones said to be none are taken out.
    const none = /\b(no|sin|ningun\w*|(don'?t|do not) have( any)?|(no )?(tenemos|hay))\s+((any|tenemos|hay)\s+)?(kids?|children|pets?|dogs?|cats?|animals?|ninos|hijos|mascotas?|animales|perros?|gatos?)\b|\b(ni|or|nor)\s+(kids?|children|pets?|dogs?|cats?|animals?|ninos|hijos|mascotas?|animales|perros?|gatos?)\b/g;
    const left = said.replace(none, ' ');
    if (left !== said && !petsNamed(left) && !KIDS.test(left)) return 'no';
    if (/^\s*(neither|none|nope,? none|ninguno|nada)\b/.test(said)) return 'no';
    if (petsNamed(left) || KIDS.test(left)) return 'yes';
  }
  if (topic === 'pets') {
    if (/\b(no|sin|ningun\w*|don'?t have( any)?)\s+((tenemos|tengo|hay|any|pets?|dogs?|cats?)\s+)?(pets?|dogs?|cats?|mascotas?|animals?|animales|perros?|gatos?)\b|\b(none|no animals|pet free|pet-free)\b/.test(said)) return 'no';
    // Said in words or in emoji ("🐶🐶").
    if (petsNamed(text)) return 'yes';
  }
  // "the 20th is no good", "tuesday doesn't work": a day turned down, not a no to this question.
  said = said.replace(/\b(is |'s |are )?(no good|not good|no bueno)\b/g, ' ');
  // "no rush, after the holidays", "no worries": a way of speaking, not a no to this question.
  said = said.replace(new RegExp(`\\bno (${NO_IDIOMS})\\b`, 'g'), ' ');
  const bare = said.replace(/[^\p{L}\s']/gu, ' ').trim();
  if (/^(y|ya)$/.test(bare)) return 'yes';
  if (/^n$/.test(bare)) return 'no';
  const yes = YES.exec(said);
  const no = NO.exec(said);
  if (UNSURE.test(said) && !(yes && no)) return null;
  if (yes && no) return yes.index < no.index ? 'yes' : 'no';
  if (yes) return 'yes';
  if (no) return 'no';
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Names

const NOT_A_NAME = new Set(
  (
    'down up near stuck off gone leaving headed heading ' +
    'at in on from looking interested not sure here home calling texting having trying good fine great ok okay yes no the a an just still ' +
    'available free busy back out wondering asking hoping needing moving getting thinking so very really sorry thanks hi hello hey his her ' +
    'their the wife husband son daughter mom dad owner tenant renter landlord manager going gonna about with and but also over done ' +
    'ready home outside inside driving working at work running late away sick new old your you we they he she it that this there ' +
    'el la los de en muy bien aqui si no con para una un senor senora llamando escribiendo buscando interesado interesada ' +
    'mon monday tue tues tuesday wed weds wednesday thu thur thurs thursday fri friday sat saturday sun sunday today tomorrow tonight ' +
    'morning mornings afternoon evening week weekend next this that any anytime whenever asap soon later now pls please plz thx ' +
    'empty full works work working perfect fine sounds sure yep yeah nope nah maybe probably definitely great awesome cool thank thanks ' +
    'jan january feb february mar march apr april may jun june jul july aug august sep sept september oct october nov november dec december ' +
    'one two three four five six seven eight nine ten half quarter none nothing everything all some both either neither own rent lease ' +
    'btw fyi lol haha hehe jaja my me mine our ours hola buenas buenos aloha howdy saludos actually sorry wait mondays tuesdays wednesdays thursdays fridays saturdays sundays weekdays weekends ' +
    'mine ours yours kitchen bathroom garage basement attic upstairs downstairs house home apartment condo unit door roof yard lawn ' +
    'lunes martes miercoles jueves viernes sabado domingo manana hoy ya claro gracias perfecto listo bueno ' +
    'su sus mi tu hija hijo esposa esposo mama papa hermana hermano vecina vecino ' +
    'english ingles spanish espanol castellano idioma language ella ellos ellas usted ustedes nombre ' +
    // (Texting shorthand said of oneself: "I'm WFH", "I'm OOO till monday".)
    'wfh ooo omw idk tbh imo brb afk retired remote'
  ).split(/\s+/),
);

/** A word of the list, or a Spanish verb of "we" ("Rentamos, pero el landlord…", "Tenemos dos perros"): no name. */
function notName(word: string): boolean {
  return NOT_A_NAME.has(word) || /^\p{L}{3,}(amos|emos|imos)$/u.test(normalize(word));
}

/** Whether a word is one a reply uses for something other than a name ("home", "tomorrow", "empty"…). */
export function isNotAName(word: string): boolean {
  return notName(normalize(word).replace(/\.$/, ''));
}

/** Initials written with their dots: "T.J.", "J.R.R.". */
const INITIALS = /^(?:\p{L}\.){2,3}$/u;

function titleCase(word: string): string {
  // Initials stay initials ("T.J.").
  if (INITIALS.test(word)) return word.toUpperCase();
  return word
    .split(/([-'])/)
    .map((part) => (part.length > 0 ? part.charAt(0).toUpperCase() + part.slice(1).toLowerCase() : part))
    .join('');
}

/** Who the one texting is to the customer ("his wife", "su hija"). */
const RELATIVE = String.raw`(?:wife|husband|son|daughter|mom|mother|dad|father|partner|roommate|sister|brother|esposa|esposo|hija|hijo|mama|papa|hermana|hermano)`;
/** "this is his wife Carol": the one texting, named after who they are to the customer. */
// (Capitalised as a text begins: "I'm their son, Nate Brubaker".)
const RELATION = new RegExp(String.raw`\b(?:[Tt]his is|[Ii]t'?s|[Ii]'?m|[Ii] am|[Ss]oy)\s+(?:[Hh]is|[Hh]er|[Tt]heir|[Ss]u)\s+${RELATIVE}\s*,?\s+([\p{Lu}][\p{L}'-]+)`, 'u');
/** The same, after the customer's name too: "this is Tom's wife Linda". */
const OWN_RELATION = new RegExp(String.raw`\b(?:[Tt]his is|[Ii]t'?s|[Ii]'?m|[Ii] am|[Ss]oy)\s+(?:[Hh]is|[Hh]er|[Tt]heir|[Ss]u|[\p{Lu}][\p{L}-]*'s)\s+${RELATIVE}\s*,?\s+([\p{Lu}][\p{L}'-]+)`, 'u');

/** A word that makes the one before it a place: "Wabasha County", "Shaker Heights", "Elm Street". */
// (Not a word that is also a surname: Lake, Park, Hill, Lane.)
const PLACE_WORD = /^(county|township|twp|city|village|borough|heights|road|rd|street|avenue|ave|blvd|boulevard)$/i;

/** A word of chat after a name ("Rachel btw", "Karen lol", "Dee here"): not part of it. */
export const CHAT_TAIL = /\s+(btw|fyi|lol|haha|hehe|jaja|here|thx|ty)$/i;

/** A name given outright, whoever texts: "my name is …", "put it under …", "me llamo …". */
export const NAME_GIVEN = /(?<!\b(his|her|their|the tenant'?s|tenant'?s|su) )\b(my name is|name is|name's|put it under|book it under|put me down as|under the name|me llamo|mi nombre es|a nombre de)\b/i;

const STRONG = /(?<!\b(?:his|her|their|the tenant'?s|tenant'?s|su) )\b(?:my name is|my name's|name is|name's|names|ask for|(?:acct|account) is under|put it under|book it under|put me down(?: as(?: the contact)?)?,?|under the name(?: of)?|me llamo|se llama|mi nombre es|soy|habla|le escribe|te escribe|a nombre de)\s+((?:\p{L}\.){2,3}|[\p{L}][\p{L}'-]*)(?:\s+([\p{L}][\p{L}'-]*))?/iu;
const WEAK = /\b(?:this is|it's|its|i am|i'm|im|hi,? (?:it's|this is))\s+([\p{L}][\p{L}'-]*)(?:\s+([\p{L}][\p{L}'-]*))?/iu;
const SIGNED = /(?:^|[\n,.!?]\s*|\s)(?:(?:[Tt]hanks|[Tt]hank you|[Tt]hx|[Gg]racias|[Rr]egards|[Cc]heers)[,!.]?\s*(?:-\s*)?|[-~]\s*)([\p{Lu}][\p{L}'-]+)((?:\s+[\p{Lu}][\p{L}'-]*\.?){0,2})\s*[.!]?\s*$/u;
const CONNECTORS = /^(and|but|from|at|in|i|we|my|here|calling|texting|with|by|the|a|an|over|on|to|y|de|del|en|con|aqui|again|back)$/i;

// Titles before a surname ("Mrs. Albright", "Sra. Ruiz"): dropped, and their full stop ends no sentence.
const TITLE = /^(?:mr|mrs|ms|miss|dr|sr|sra|srta|don|dona)\.?$/i;

/** The text's sentences and clauses: split at full stops, dashes, commas, semicolons and new lines (not "Mrs."). */
function clauses(text: string): string[] {
  return text
    .normalize('NFKC')
    .replace(/\b(mr|mrs|ms|dr|sr|sra|srta)\.\s/gi, '$1 ')
    .split(/[.!?;:,\n]+\s*|\s[-\u2013\u2014~]+\s*|[\p{Extended_Pictographic}\uFE0F]+/u)
    .map((part) => part.replace(/^[-\u2013\u2014~]+\s*/u, '').trim())
    .filter((part) => part.length > 0);
}

/**
 * A name given as the first clause of a reply to the name question ("Jo. keys will be at the front desk", "Kayla -
 * 2 dogs but they'll be inside", "Mrs. Albright", "Dave and Ann Petrakis"), or, asked or not, a capitalised
 * popular first name as a text's last clause after others ("… next monday works. Bill").
 */
export function clauseName(text: string, asked: boolean): string | null {
  const parts = clauses(text);
  if (parts.length === 0) return null;
  const named = (clause: string, loose: boolean): string | null => {
    const wordsOf = clause.split(/\s+/).filter((word) => !TITLE.test(word));
    // Two people of one household: "Dave and Ann Petrakis", "Luis y Marta".
    const joined = wordsOf.findIndex((word) => /^(?:and|y|&)$/i.test(word));
    const people = joined > 0 ? [wordsOf.slice(0, joined), wordsOf.slice(joined + 1)] : [wordsOf];
    const found = people.map((group) => (group.length > 0 ? loneName(group.join(' '), loose) : null));
    if (found.some((name) => name === null)) return null;
    return found.join(joined > 0 ? (/^y$/i.test(wordsOf[joined] ?? '') ? ' y ' : ' and ') : '');
  };
  if (asked) {
    const first = named(parts[0] ?? '', true);
    if (first) return first;
  }
  // Only one word, after something that is not a ZIP ("85718, Catalina Foothills" is a place).
  const last = parts[parts.length - 1] ?? '';
  if (parts.length > 1 && /^\p{Lu}/u.test(last) && !/\s/.test(last) && isKnownFirstName(last) && !/^\d{5}$/.test(parts[parts.length - 2] ?? '')) {
    // "- Joan Whitaker, Wayne": a full name signed, then the town.
    const signed = parts.length > 2 && /\s/.test(parts[parts.length - 2] ?? '') ? named(parts[parts.length - 2] ?? '', false) : null;
    return signed && /\s/.test(signed) ? signed : named(last, false);
  }
  // A full name signed last, after a phone number or a sentence ("… call me. 419-555-0143, Jim Brandt").
  if (parts.length > 1 && /^\p{Lu}\p{Ll}+ \p{Lu}[\p{L}'’-]+$/u.test(last) && isKnownFirstName(last.split(' ')[0] ?? '') && !/^\d{5}$/.test(parts[parts.length - 2] ?? '')) return named(last, false);
  return null;
}

/**
 * A text that is only a name ("Trish", "Dana K.", "Rocío"): one to three words, the first a popular first name
 * (or any capitalised word when `asked`), none of them a word a reply would use otherwise.
 */
export function loneName(text: string, asked: boolean): string | null {
  // ("Name Bogdan", "Name: Ana Ruiz": the word for what it is, before it.)
  // ("Patrick Doherty (son)": who they are to the customer, in brackets after the name.)
  const trimmed = text.normalize('NFKC').trim().replace(/[.!,]+$/g, '').replace(CHAT_TAIL, '').replace(/^name:?\s+(?=\p{Lu})/iu, '').replace(/\s*[(,-]\s*(?:her|his|their|the|su)?\s*(?:son|daughter|husband|wife|mom|dad|mother|father|grandson|granddaughter|niece|nephew|brother|sister|neighbou?r|caregiver|hijo|hija|esposo|esposa|nieto|nieta)\s*\)?$/iu, '');
  const parts = trimmed.split(/\s+/);
  if (parts.length === 0 || parts.length > 3) return null;
  // An initial after the first name ("Jenna K", "Dana K.") is part of it, whatever the letter would say alone.
  const initial = (word: string, at: number) => at > 0 && /^\p{Lu}\.?$/u.test(word);
  // ("Ty", capitalised, to the name question: the name, though "ty" alone is thanks.)
  const nameAsWritten = (word: string) => asked && parts.length === 1 && /^\p{Lu}\p{Ll}+$/u.test(word) && isKnownFirstName(word) && !notName(word.toLowerCase());
  if (!parts.every((word, at) => initial(word, at) || (/^[\p{L}][\p{L}'-]*\.?$/u.test(word) && (!notName(normalize(word).replace(/\.$/, '')) || nameAsWritten(word))))) return null;
  const first = parts[0] ?? '';
  if (!isKnownFirstName(first) && !(asked && (/^\p{Lu}/u.test(first) || parts.length <= 2))) return null;
  return parts.map((word) => titleCase(word.replace(/\.$/, ''))).join(' ');
}

/**
 * A name: "my name is Dana", "This is Dana Kowalski", "it's Tom Becker", "me llamo Ana", "- Pat" at the end.
 * After "this is" / "I'm" the word must be capitalised or `loose` (the name question was just asked), which also
 * takes a short reply of one to three words as the name ("dana k").
 */
export function extractName(text: string, options: { loose?: boolean } = {}): string | null {
  // (A title before the name is no name: "it's Dr. Anita Shah", "Mrs. Joan Verstraete".)
  const said = (plain(text).length === text.length ? text.normalize('NFKC').replace(/[\u2018\u2019\u02bc]/g, "'").trim() : text.trim()).replace(/\b(?:Dr|Mr|Mrs|Ms|Miss|Mx|Sr|Sra|Srta|Rev|Prof|Pastor|Brother|Sister|Deacon|Father)\.?\s+(?=\p{Lu})/gu, '').replace(/(^|[\n.!?|]\s*)(?:[Nn]ame:?|[Mm]y name)\s+(?=\p{Lu})/gu, '$1my name is ');
  // "… free after 5:30. Mrs. Bauer": a title and a surname signed last.
  const titled = /(?:^|[.!?|\n]\s*|\s[-~]\s*)((?:Mr|Mrs|Ms|Miss|Dr)\.?\s+\p{Lu}[\p{L}'’-]+)\s*[.!]?\s*$/u.exec(text.trim());
  if (titled?.[1]) return titled[1].replace(/\s+/g, ' ');
  // "Hi, Greg w/ Cyclone Property Group. Need …": a name and the company it speaks for, opening the text.
  // ("Hi! Jess Alvarado, Realtor with Summit Desert Realty": a name, what they are, and the company.)
  const withCompany = /^(?:(?:[Hh]i|[Hh]ello|[Hh]ey|[Gg]ood (?:morning|afternoon|evening)|[Mm]orning)[,!.]?\s+)?(?:(?:[Tt]his is|[Ii]t'?s)\s+)?(\p{Lu}[\p{Ll}'-]+(?: \p{Lu}[\p{Ll}'-]+)?)(?:,?\s+(?:a\s+)?(?:[Rr]ealtor|[Aa]gent|[Bb]roker|[Pp]roperty [Mm]anager|PM|[Oo]ffice [Mm]anager|[Mm]anager|[Oo]wner|[Ll]easing [Aa]gent|[Aa]dmin|[Aa]ssistant))?\s+(?:w\/|with|from|@|at)\s+\p{Lu}/u.exec(said);
  if (withCompany?.[1] && withCompany[1].split(' ').every((word) => !notName(normalize(word)))) return withCompany[1].split(' ').map(titleCase).join(' ');
  // "Can someone call him directly? Frank Medina, 559-555-0142.": a name given as a sentence of its own with the number
  // to call, after a call is asked for (not "Will 303-555-0142 work?", "Steve, 303-555-0142, never showed", "Realtor:
  // Jenny 303-555-0199").
  const withNumber = /(?:^|[.!?]\s+)(\p{Lu}\p{Ll}+)((?: \p{Lu}[\p{L}'’-]+)?),?\s+(?:at\s+)?(?:\+?1[-. ]?)?\(?\d{3}\)?[-. ]?\d{3}[-. ]\d{4}\s*(?:[.!]|$)/u.exec(said);
  if (withNumber?.[1] && isKnownFirstName(withNumber[1]) && !notName(normalize(withNumber[1])) && /\b(call|calls|calling|ring|phone)\s+(him|her|me|them|us|my|back)\b|\bcallback\b|\bllam(e|en|ar)(le)?\b/i.test(between(said, 0, withNumber.index))) return `${titleCase(withNumber[1])}${withNumber[2] ? ` ${titleCase(withNumber[2].trim())}` : ''}`;
  // "Good morning, Dev Patel here.": a name with "here" opening the text.
  // ("Hello, Doug and Fran Petersen here": a couple, the first named with the surname.)
  const here = /^(?:(?:[Hh]i|[Hh]ello|[Hh]ey|[Gg]ood (?:morning|afternoon|evening)|[Mm]orning)[,!.]?\s+)?(\p{Lu}[\p{Ll}'-]+)(?: (?:and|&|\+) \p{Lu}[\p{Ll}'-]+)?((?: \p{Lu}[\p{Ll}'-]+)?) here\b/u.exec(said);
  const hereName = here ? `${here[1] ?? ''}${here[2] ?? ''}` : '';
  if (here && hereName.split(' ').every((word) => !notName(normalize(word)))) return hereName;
  // "Names Luis and Ana Herrera, ask for Ana": the one to ask for.
  const askFor = /\bask for\s+([\p{Lu}][\p{L}'-]+)(?:\s+([\p{Lu}][\p{L}'-]+))?\s*[.!]?\s*$/u.exec(said);
  if (askFor && /\b(?:names?|names are|it'?s|we'?re)\b/i.test(between(said, 0, askFor.index)) && askFor[1] && !notName(normalize(askFor[1]))) return [askFor[1], askFor[2]].filter((word): word is string => word !== undefined && !notName(normalize(word))).map(titleCase).join(' ');
  const capital = (word: string | undefined) => word !== undefined && /^\p{Lu}/u.test(word);
  const usable = (word: string | undefined): word is string => word !== undefined && !notName(normalize(word)) && !/\d/.test(word);
  // "this is his wife Carol": the one texting, named after who they are to the customer.
  const relation = RELATION.exec(said);
  // (Unless the name to put it under is said too: "this is her husband Gary … Put it under Gary Whitfield".)
  // (Not the one they write about: "This is her daughter, Mom's furnace quit", "I'm their daughter, Grandma lives there".)
  const kin = (word: string | undefined) => word !== undefined && (/['’]s$/i.test(word) || /^(mom|mother|mama|momma|dad|father|papa|grandma|grandpa|granny|nana|gram|gramps|grandmother|grandfather)$/i.test(word));
  if (relation && usable(relation[1]) && !kin(relation[1]) && !NAME_GIVEN.test(said)) return titleCase(relation[1] ?? '');
  // "this is Tom's wife Linda … put it under my name": the one texting, by the name she gives for herself.
  const ownRelation = OWN_RELATION.exec(said);
  if (ownRelation && usable(ownRelation[1]) && /\bunder my name\b|\bmy name (on it|instead)\b|\ba mi nombre\b/i.test(said)) return titleCase(ownRelation[1] ?? '');
  // "Gary & Linda Pruitt", "Marcus and Jen Ybarra", "Trent (and Amy)": a couple; the first named, with the surname.
  // ("Thanks, ask for Glenn or Sherry Tate": either of them, by the name to ask for.)
  // (Signed too: "… lick you 🐕 - Tom & Priya Whitaker".)
  const couple = /(?:^(?:(?:[Ii]t'?s|[Tt]his is|[Ww]e'?re|[Ww]e are)\s+)?|[.!?]\s+|\b(?:ask for|put it under|book it under|under the name)\s+|\s[-~]\s*)([\p{Lu}][\p{L}'-]+)\s+\(?(?:&|\+|and|or|y|o)\s+[\p{Lu}][\p{L}'-]+\)?(?:\s+([\p{Lu}][\p{L}'-]+))?\s*[.!]?[\s\p{Extended_Pictographic}\uFE0F]*$/u.exec(said);
  if (couple && usable(couple[1]) && (couple[2] === undefined || usable(couple[2]))) return [couple[1], couple[2]].filter((word) => word !== undefined).map((word) => titleCase(word ?? '')).join(' ');
  const candidates: string[] = [];
  // The first introduction whose word can be a name ("Im in 85296 … this is Raul" is Raul).
  const firstUsable = (pattern: RegExp, capitalOnly = false, ok: (match: RegExpExecArray) => boolean = () => true) =>
    [...said.matchAll(new RegExp(pattern.source, 'giu'))].find((match) => usable(match[1]) && (!capitalOnly || capital(match[1])) && ok(match)) ?? null;
  // "soy" is also "I am" before an adjective ("soy el dueño", "soy su hija"): only a capitalised word or a loose reply
  // counts, and a later introduction may still name someone ("… Ella se llama María Elena").
  const soyOk = (match: RegExpExecArray) => !/^soy$/i.test(match[0].split(/\s+/)[0] ?? '') || capital(match[1]) || options.loose === true;
  const strong = firstUsable(STRONG, false, soyOk) ?? firstUsable(STRONG);
  const strongOk = strong && usable(strong[1]) && soyOk(strong);
  // ("this is Kim's phone": whose phone it is, not an introduction.)
  // ("It's Wabasha County I think": a place, not a person.)
  const weak = strongOk ? null : firstUsable(WEAK, !options.loose, (match) => !(/'s$/i.test(match[1] ?? '') && /^(phone|cell|number|line|mobile|account|tablet|ipad)$/i.test(match[2] ?? '')) && !PLACE_WORD.test(match[2] ?? ''));
  const intro = strongOk ? strong : weak;
  if (intro && usable(intro[1]) && (strongOk || options.loose || capital(intro[1]))) {
    candidates.push(intro[1]);
    const second = intro[2];
    if (usable(second) && !CONNECTORS.test(second) && (capital(second) || (strongOk && options.loose))) candidates.push(second);
  } else {
    const signed = SIGNED.exec(said);
    if (signed && usable(signed[1])) {
      candidates.push(signed[1]);
      // "- Mike Vander Ploeg": the surname may be two words.
      const rest = (signed[2] ?? '').trim().split(/\s+/).filter((word) => word !== '').map((word) => word.replace(/\.$/, ''));
      if (rest.length > 0 && rest.every((word) => usable(word))) candidates.push(...rest);
    } else if (options.loose && !new RegExp(WEAK.source, 'iu').test(said)) {
      const parts = said.replace(/[.!,]+$/g, '').split(/\s+/);
      if (parts.length <= 3 && parts.every((word) => /^[\p{L}][\p{L}'-]*\.?$/u.test(word) && usable(word))) candidates.push(...parts);
    }
  }
  if (candidates.length === 0) return null;
  // "this is Mike's wife (Linda)": the one named is the customer, whoever is texting for them.
  const possessive = /^([\p{L}][\p{L}-]*)'s$/iu.exec(candidates[0] ?? '');
  if (possessive) return titleCase(possessive[1] ?? '');
  return candidates.map((word) => titleCase(INITIALS.test(word) ? word : word.replace(/\.$/, ''))).join(' ');
}

export function isNameQuestion(question: { key: string; text: string }): boolean {
  return /(^|_)(name|contact)($|_)/.test(question.key) || /\b(name|nombre|ask for|who should we|who will we|who am i|who are we|who is this|who's this|who will be)\b/i.test(question.text);
}

// ---------------------------------------------------------------------------------------------------------------
// Numbers in words

const UNITS: Readonly<Record<string, number>> = {
  a: 1, an: 1, one: 1, single: 1, two: 2, couple: 2, three: 3, few: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, fifteen: 15, twenty: 20, thirty: 30, forty: 40, fifty: 50,
  un: 1, una: 1, uno: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10,
};
const FRACTIONS: ReadonlyArray<readonly [RegExp, number]> = [
  [/\b(half an?|a half|one half|1\/2|media|medio)\b/, 0.5],
  [/\b(quarter|a quarter|one quarter|1\/4|cuarto)\b/, 0.25],
  [/\b(third|a third|1\/3)\b/, 1 / 3],
  [/\b(three quarters?|3\/4|tres cuartos)\b/, 0.75],
];

/** Number words made digits for size matching: "three bedroom" → "3 bedroom", "half an acre" → "0.5 acre". */
export function numbersAsDigits(text: string): string {
  let said = normalize(text);
  for (const [pattern, value] of FRACTIONS) said = said.replace(new RegExp(`${pattern.source}(?: (?:of )?an?| de)?(?= (acre|acres|hectare|mile|hour|hora|day|dia))`, 'g'), String(value));
  said = said.replace(/\b(\d+(?:\.\d+)?) and a half\b/g, (_, n: string) => String(Number(n) + 0.5));
  said = said.replace(/\b([a-z]+)\b/g, (word) => (UNITS[word] !== undefined && !['a', 'an', 'un', 'una', 'uno'].includes(word) ? String(UNITS[word]) : word));
  // "3bd", "2br", "3/2" listings.
  said = said.replace(/\b(\d)\s?-?(br|bd|bdr|bdrm|bed|beds|bedroom|bedrooms|recamaras?|cuartos?|habitaciones?)\b/g, '$1 bedroom');
  said = said.replace(/\b(\d(?:\.5)?)\s?-?(ba|bath|baths|bathroom|bathrooms|banos?)\b/g, '$1 bathroom');
  return said;
}

/** "yes" or "no" from a topic's own words only (no plain yes or no), or null: whether the text speaks to the topic. */
export function topicalYesNo(text: string, topic: YesNoTopic): 'yes' | 'no' | null {
  // Having heat is the other side of being without it.
  if (topic === 'has-heat') {
    const without = topicalYesNo(text, 'heat');
    return without === null ? null : without === 'yes' ? 'no' : 'yes';
  }
  const topical = TOPICAL_YES_NO[topic];
  if (!topical) return null;
  const said = normalize(text);
  if (topic === 'ground' && /\b(no stairs|no steps|no hay escaleras|sin escaleras|no tiene escaleras|nada de escaleras)\b/.test(said)) return 'yes';
  // Stairs at either end: a flight anywhere is a yes ("3rd floor walkup on my end, new place is ground floor").
  if (topic === 'stairs' && topical.yes.test(said.replace(new RegExp(topical.no.source, 'g'), ' '))) return 'yes';
  // A claim turned down, the bill paid themselves ("insurance guy already came out, said not enough damage, denied … ill
  // pay myself"), unless they say yes or the claim goes on ("yes. deductible is 1000 so ill pay myself for that part",
  // "they denied it at first but we appealed and State Farm approved it").
  if (topic === 'insurance' && claimDenied(said)) return 'no';
  // (Someone else there beside them away: "I'll be at work but my mom will be there" is a yes.)
  if (topic === 'someone-home' && topical.yes.test(said)) return 'yes';
  if (topical.no.test(said)) return 'no';
  if (topical.yes.test(said)) return 'yes';
  return null;
}

function claimDenied(said: string): boolean {
  return CLAIM_DENIED.test(said) && !/^\W*(yes|yeah|yep|yup|si)\b/.test(said) && !/\b(appeal\w*|approved|covered|covering|filing|filed|deductible)\b/.test(said);
}

const CLAIM_DENIED = /\b((paying|pay|pay for it|pay for this) (ourselves|myself|it myself|out of pocket)|(i'?ll|ill|we'?ll|i will|we will|gonna|going to) pay (for it |for this |it )?(ourselves|myself)|(claim|insurance)( was| got| has been| is)? (denied|turned down|rejected)|(denied|rejected|turned down) (the |my |our )?claim|said not enough damage|(said|says) (it'?s |its )?not enough damage)\b/;
