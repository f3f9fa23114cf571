/**
 * What a text is doing besides answering, read two ways: the intent model (intents.ts, learned from examples) and
 * rules for what must never be missed or invented — a hazard named outright, a link with an offer, "call me".
 * A signal fires when a rule matches, or when the model is sure and nothing in the text says otherwise ("not an
 * emergency"). Each signal keeps the words (or the model's score) that fired it, for the decision log.
 */
import { isKnownFirstName } from './answers';
import type { IntentModel, IntentReading } from './intents';
import type { Language } from './language';
import { normalize, sentenceAt } from './text';

/** What kind of danger, so the safety line fits it. */
export type Hazard = 'gas' | 'carbon-monoxide' | 'electrical' | 'water-electrical' | 'flood' | 'sewage' | 'no-heat' | 'structure' | 'garage-door' | 'fire' | 'stings';

export interface Signal {
  words: string;
}

export interface Signals {
  emergency: (Signal & { hazard: Hazard }) | null;
  complaint: Signal | null;
  spam: Signal | null;
  person: Signal | null;
  /** They asked to be called (a person, by phone). */
  callback: Signal | null;
  bot: Signal | null;
  anger: Signal | null;
  price: Signal | null;
  thanks: boolean;
  greeting: boolean;
  correction: boolean;
  /** The answer is put off until someone else is asked or something looked up ("let me check with my husband"). */
  deferred: boolean;
  /** A short pause ("brb", "one sec", "hold on, tenant calling"): the answer comes in a moment, nothing to ask now. */
  paused: boolean;
  /**
   * Stopping for now ("sorry boss just walked in ttyl", "ok thx ill think about it"): when nothing else in the text is
   * an answer, no miss and nothing asked; an answer said with it ("yes, gtg") still counts.
   */
  away: boolean;
  intent: IntentReading;
}

const HAZARDS: ReadonlyArray<readonly [Hazard, RegExp]> = [
  ['carbon-monoxide', /\b(carbon monoxide|co (alarm|detector|monitor)|co2 (alarm|detector)|monoxide|monoxido)\b/],
  ['gas', /\b(propane (smell|leak|odor)|smell(s|ing|ed)? (of |like )?propane|gas (smell|leak|odor|odour)|smell(s|ing|ed)? (of |like )?(natural )?gas|gassy smell|rotten eggs?|sulfur smell|sulphur smell|hiss(ing)? (from|at|near|by) the (gas|meter|stove|line)|smell(s|ing|ed)? (really |very |super |so |pretty |kind of |kinda |a little |a bit |strongly |strong )+(of |like )(natural )?gas|(huele|huelo|olia|olor|oler)( (mucho|bien|fuerte|muy|como|un poco|bastante|feo))* a gas|fuga de gas|gas leak)\b/],
  ['water-electrical', /\b((water|leak|leaking|dripping|drip)\b.{0,60}\b(outlet|panel|breaker|light fixture|fixture|light|wires|wiring|electrical|switch)|(outlet|panel|breaker|light fixture|fixture|light|wires|wiring|electrical)\b.{0,40}\b(wet|water|dripping|leak)|agua.{0,70}(lampara|foco|enchufe|contacto|panel|cables|luz))\b/],
  ['electrical', /\b(spark(s|ing|ed)?|arc(ing)?|smok(e|ing)|burn(ing|t|ed)? (smell|plastic|rubber|wire|odor)|smells? (like )?(burnt|burning|electrical|melted|melting|hot plastic)|(?<!\b(snow|snow's|snows|ice|ice's|icicles?|frost|dam|drifts?|nieve|hielo)( has| had| is| was| all| finally| just| melting)?( fast| quick| quickly)? )(melted|melting)|scorch(ed)?|(outlet|switch|panel|breaker|plug|cord|wire|wires|plate|cover|box)\b.{0,60}\b(hot|warm|buzz\w*|sizzl\w*|crackl\w*|pop(s|ping)?)|(fuse box|breaker box|panel|breakers?)\b.{0,40}\bhumm\w*|(hot|warm|buzz\w*|sizzl\w*|crackl\w*)\b.{0,40}\b(outlet|switch|plate|panel|breaker|plug)|chispas|huele a quemado|olor a quemado|echa humo|sale humo)\b/],
  ['sewage', /\b(sewage|sewer) (is )?(back(ing|ed)? up|coming up|overflow(ing)?|in the (tub|basement|shower))|raw sewage|poop water|aguas? negras?|se regresa(n)? (el drenaje|las aguas)|(sale|salen|saliendo|sube|subiendo|brota|brotando) agua sucia\b.{0,60}\b(olor a drenaje|huele a drenaje|por la (tina|regadera|coladera)|del (drenaje|excusado|inodoro))\b/],
  ['flood', /\b(flood(ing|ed)?|burst|bursting|pipe (broke|broken|burst|exploded|split)|water (is )?(pouring|gushing|everywhere|spraying|coming through the ceiling|through the ceiling)|ceiling (is )?(sagging|bulging|caving|collapsing|falling|dripping)|inundando|inundacion|se reviento|cae agua del techo|cayendo agua del techo|sale agua (del|por el) techo)\b/],
  // ("the thermostat clicks but nothing kicks on": the call for heat goes unanswered.)
  ['no-heat', /\b((no|zero|without) heat|thermostat\b.{0,40}\bnothing (kicks?|comes?|turns?|fires?) (on|up)|(?<!\bwater )(heat|furnace|boiler|heater)\b.{0,30}\b(won'?t|will not|doesn'?t|does not|never) (kick|come|turn|fire)s? (on|up)|(furnace|boiler|heater|heat pump|heating)('?s| is| isn'?t| is not| not| has stopped| stopped| quit)? ?(isn'?t|is not|not|stopped|quit)? (running|working|kicking on|coming on|turning on|firing|igniting|lighting)|heat (is )?(out|off|not working|died|quit|went out|stopped( working)?)|(boiler|heater|heat pump|heating) (died|quit|is out|went out|stopped|broke|isn'?t working|not working|won'?t (turn on|start|come on))|furnace (died|quit|is out|went out|stopped|won'?t (turn on|start|come on))|sin calefaccion|no hay calefaccion|se murio la calefaccion|no calienta|se (nos |me )?apago (el|la) (calenton|calefaccion|calentador|calefactor|furnace|heater)|(calefaccion|calenton|calentador|calefactor|heater|furnace)\b.{0,40}\bno (vuelve a )?(prende|enciende|arranca)|(calenton|calefaccion|calentador|calefactor) (ya )?no (prende|enciende|calienta|sirve))\b/],
  ['electrical', /\b((got |it )?(shocked|zapped) (me|him|her|my \w+)|(gave|giving) (me|him|her) a shock|electrocut\w*|me dio (un )?toque|me dio corriente)\b/],
  ['structure', /\b((tree|limb|branch|trunk)\b.{0,90}\b(on|through|onto|into|hit|landed on|fell on|fell through|crashed (on|into|through)|across|over|laying on|lying on|resting on) (the |my |our )?(roof|house|home|garage|car)|(tree|limbs?|branch(es)?|trunk|pines?|ponderosa|oaks?|maples?|spruces?|firs?|cottonwoods?|elms?|willows?|birch(es)?|aspens?|cedars?|poplars?|sycamores?)\b.{0,60}\b(fell|came down|crashed|landed|went|came|knocked|blew|onto|on top of) (on|through|onto|into|down on|down through|over|against)? ?(the |my |our )?((back|front|side|top|corner|middle) of (the |my |our )?)?(\w+ ){0,2}(roof|house|home|garage|car)|(see|seeing|can see) (a little |some |a bit of )?(daylight|sunlight|the sky|sky) (in|through|from)|crack(ed|s)? in (the |their |our |my )?ceiling|ceiling (cracked|is cracking)|hole in (the |my )?roof|roof (caved|collapsed|caving|collapsing)|(arbol|rama|ramas)\b.{0,30}\b(sobre|encima|cayo|cayeron|en) (de )?(la casa|el techo|mi casa|los cables)|cables? (de luz )?(caido|caidos|en el suelo)|power lines? (down|on the ground|sparking))\b/],
  ['garage-door', /\b((garage )?door (fell|came down|crashed|dropped|slammed down|came off)|(door|it) (is )?hanging (crooked|sideways|at an angle|by one (side|cable))|hanging (crooked|sideways|at an angle)|(car|truck|van|minivan|vehicle|suv|jeep|pickup) (is )?(stuck|trapped|locked) (in|inside)|can'?t get (my |the |our )?(car|truck|van|minivan|suv|jeep|pickup) out|(carro|coche|camioneta|troca)\b.{0,30}\b(atrapad\w*|encerrad\w*|adentro|no puedo sacar)|se cayo la puerta)\b/],
  ['fire', /\b(fire|on fire|caught fire|flames|incendio|fuego|llamas)\b/],
  // Stung (or bitten) with swelling, many stings, or trouble breathing: an allergic reaction can turn fast.
  [
    'stings',
    /\b((stung|stings|bitten|bit me|bit (him|her|my \w+))\b.{0,80}\b(swell\w*|swollen|puff\w*|hives|can'?t breathe|trouble breathing|hard to breathe|wheez\w*|dizzy|allergic|epi ?pen)|(swell\w*|swollen|puff\w*|hives|allergic)\b.{0,60}\b(stung|stings|sting|bites?)|(stung|picad\w*)\b.{0,20}\b(\d+|six|seven|eight|ten|many|a lot of|several|multiple) (times|veces)|picad\w*.{0,60}(hinch\w*|no puede respirar|alergi\w*)|(allergic|alergic[oa])\b.{0,60}\b(bees?|wasps?|hornets?|yellow ?jackets?|stings?|abejas?|avispas?)|(bees?|wasps?|hornets?|yellow ?jackets?|nest|hive|abejas?|avispas?)\b.{0,80}\b(allergic|epi ?pen|alergic[oa]))\b/,
  ],
];
// Sewage said in two parts: a smell of sewage and something coming up a drain.
const SEWAGE_SMELL = /\b(smell\w* (like |of )?(sewage|sewer|poop|septic)|(sewage|sewer|septic) (smell|odor)|huele a (drenaje|caca)|olor a drenaje)\b/;
// What comes up a drain: sewage by its look, not only its smell.
// ("dirty water, and I am sorry to say sewage, came up through the floor drain": sewage named, then coming up.)
// (Not a wish or a question: "so sewage does not come up", "is it normal for sewage to come up".)
const SEWAGE_SEEN = /\bsewage\b(?:(?!\b(?:not|doesn'?t|won'?t|never|to|from|if|so|when)\b)[^.!?\n]){0,30}\b(came|comes|coming) (up|out)\b[^.!?\n]{0,40}\b(drain|toilet|tub|shower|basement)\b|\b(toilet paper|brown(ish)? water|black water|poop|feces)\b.{0,80}\b(coming up|comes up|came up|backing up|around (it|the drain)|out of the (drain|floor drain|shower|tub))|\b(drain|floor drain|shower|tub)\b.{0,60}\b(toilet paper|brown(ish)? water|poop)\b/;
const COMING_UP = /\b(comes? up|coming up|came up|bubbl\w* up|back(s|ing|ed)? up|overflow\w*|sale (por|del) (el )?(drenaje|coladera|resumidero))\b/;
/**
 * Smoke or ash from a wildfire that got into the house, with nothing of the house burning or smoking: a cleanup job
 * (a smoke-and-ash cleaning), not a danger.
 */
function farSmoke(said: string): boolean {
  return (
    /\b(wildfires?|forest fires?|brush fires?|fire smoke|smoke from the fires?|the fires|fire season|smoke (damage|cleanup|clean-up|odor removal)|humo de los incendios|incendios forestales)\b/.test(said) &&
    // (A cleanup told: ash, soot, a smell left behind, windows left open — not smoke in a room now, "I now smell smoke
    // in the bedroom", "is it the wildfires or something electrical?".)
    /\b(ash|ashes|soot|cleanup|clean-?up|clean up|smells? (of|like) smoke|smoke smell|left [a-z0-9 ]{0,12}windows? open|ceniza|cenizas|hollin)\b/.test(said) &&
    !/\b(i|we) (now |just |can |still )?(smell|see) smoke\b|\bsmoke\b[^.!?\n]{0,20}\b(in|from|coming (out of|from)) (the |our |my )?(hallway|bedroom|kitchen|room|attic|garage|basement|walls?|outlet|panel|vents?|furnace)\b|\bis it (the )?(wild)?fires?\b/.test(said) &&
    !/\b(on fire|caught fire|flames|is burning|are burning|fuego|llamas)\b/.test(said) &&
    !/\b(outlet|switch|panel|breaker|plug|cord|wires?|wiring|furnace|vents?|unit|dryer|oven|stove|appliance|attic|walls?)\b[^.!?\n]{0,30}\b(smok\w*|burn\w*)|\b(smok\w*|burn\w*)\b[^.!?\n]{0,30}\b(from|out of|coming out of)\b/.test(said)
  );
}

/**
 * A gas smell said to be absent ("igniter glows orange but it never lights, no gas smell or anything", "I don't smell
 * gas"): no gas danger from those words. Not a "no," before it ("no, we smell gas") nor a doubt ("can't tell if it
 * smells like gas").
 */
// (Said outright, with nothing between but "any", "a", "even" or "really"; not a smell that came later in the same
// sentence — "Didn't smell gas at first but now I can smell it", "I didn't notice a gas smell until this morning" —
// nor "Never had a gas smell this bad".)
const NO_GAS_SMELL = /\b(no|not an?|without|don'?t|do not|doesn'?t|does not|didn'?t|did not|can'?t|cannot|no hay|no huele|sin)( (any|a|an|even|really))* (gas smell|gas odou?r|smell (of |like )?(natural )?gas|smells? gas|olor a gas|a gas)\b(?![^.!?\n]*\b(at first|until|but now|now i|anymore|this bad|that bad|getting (stronger|worse)|pero ahora)\b)/g;

/** Hazards serious on their face; the rest (a spring, no heat) need the model or a second cue to count. */
const ALWAYS: ReadonlySet<Hazard> = new Set(['gas', 'carbon-monoxide', 'electrical', 'water-electrical', 'sewage', 'structure', 'fire', 'garage-door', 'stings']);
/** Dangers a calm "not an emergency" does not make safe: the person may not know. */
const NEVER_CALM: ReadonlySet<Hazard> = new Set(['gas', 'carbon-monoxide', 'electrical', 'water-electrical', 'structure', 'fire', 'stings']);
/** No heat is an emergency when it is cold enough to hurt someone or freeze the pipes. */
const COLD = /(?:^|[\s(~])-\s?\d{1,2}\b|\b\d{1,2} below\b|\bthermostat\b.{0,20}\b(?:[1-5]\d)\b(?! ?(?:f|°)? ?(?:outside|out))|\b(?:[1-5]\d|\d) (?:degrees |°\s?)?(?:in here|inside|in the (?:house|home|apartment|place)|aqui adentro|adentro)\b|\b(?:oven|stove|horno|estufa)\b.{0,40}\b(?:for (?:heat|warmth)|door open|para calentar)|\b(\d+ (month|week)s? old|nevando|\d{1,2} grados|ninos|chiquitos|freezing|froze|frozen pipes|pipes (could|might|will) freeze|below (zero|freezing)|single digits|minus|\d{1,2} ?(degrees|°)|baby|infant|newborn|elderly|grandma|grandpa|my (mom|dad|mother|father)|sick|oxygen|helando|bajo cero|bebe|ancianos?)\b/;
/** Saying nothing is stuck: "no car stuck", "car isnt stuck", "the truck's not trapped", "nobody is trapped". */
const NOT_STUCK = /\b(no (cars?|trucks?|vans?|vehicles?|one|body)( is| are)? (stuck|trapped|inside|in there)|(car|truck|van|suv|it|nothing|nobody|no one)('?s| is| are)?( not|n'?t|nt) (stuck|trapped)|(is|are)n'?t (stuck|trapped)|isnt (stuck|trapped)|not (stuck|trapped)|nothing (is )?(stuck|trapped))\b/g;
/** The car is out of the garage: "car is outside", "the truck's in the driveway", "got the car out". */
const CAR_OUT = /\b((car|cars|truck|van|suv|vehicle)('?s| is| are)? (parked )?(outside|out|in the driveway|on the street)|got (it|the car|the truck|my car) out|(carro|coche|camioneta|troca) (esta )?afuera)\b/;
/** A thing that came loose is no danger: "the towel bar in the bathroom fell off" (not someone off a ladder or a roof). */
const CAME_LOOSE = /\b(towel (bar|rack|ring|hook)|shelf|shelves|handles?|knobs?|doorknob|cabinet door|drawer front|blinds?|curtain rod|trim|baseboard|hinges?|tiles?|mirror|screens?|shutters?|mailbox|hooks?|toilet paper holder|house numbers|downspout|gutter guard)( [a-z]+){0,4} fell off\b(?! (of )?(the |a |his |her |my |our )?(roof|ladder|deck|balcony))/g;
const DANGER_WORDS = /\b(smell\w*|odor|smoke|smoking|burn\w*|hot|warm|spark\w*|flood\w*|pour\w*|gush\w*|ceiling|alarm|detector|beep\w*|chirp\w*|dizzy|headache|nause\w*|freez(e|es|ing)\b|froze\b|cold|sewage|sewer|overflow\w*|collaps\w*|fell|fallen|trapped|stuck|buzz\w*|melt\w*|huele|olor|humo|quemad\w*|chispa\w*|inund\w*|agua|alarma|frio|helad\w*|atrapad\w*)\b/;

/**
 * A line that froze ("no water at the kitchen sink … im guessing it froze again") is a repair, not a danger, until it
 * bursts or floods (the flood rule names that): its cold words are no danger words for the model.
 */
const FROZEN_LINE = /\b(froze|frozen|freez\w*|cold)\b(?=.*\b(pipes?|line|lines|sink|faucet|spigot|toilet|water|tuberia|tubo|llave)\b)|(?<=\b(pipes?|line|lines|sink|faucet|spigot|toilet|water|tuberia|tubo|llave)\b.*)\b(froze|frozen|freez\w*|cold)\b/g;

/** The kind of danger the words point to, when the model found it and no rule named it. */
function hazardOf(said: string): Hazard {
  if (/\b(alarm|detector|beep|chirp|dizzy|headache|nause|alarma)/.test(said)) return 'carbon-monoxide';
  // A drain's smell with dirty water is sewage, not gas.
  if (/\b(sewage|sewer|septic|drenaje|agua sucia|aguas negras)/.test(said)) return 'sewage';
  if (/\b(smell|odor|huele|olor)/.test(said) && !/\b(burn|quemad)/.test(said)) return 'gas';
  if (/\b(burn|spark|buzz|melt|hot|warm|smoke|quemad|chispa|humo)/.test(said)) return 'electrical';
  if (/\b(sewage|sewer)/.test(said)) return 'sewage';
  if (/\b(freez|cold|frio|helad)/.test(said)) return 'no-heat';
  if (/\b(fell|fallen|collaps|trapped|stuck|atrapad)/.test(said)) return 'structure';
  return 'flood';
}

const NOT_AN_EMERGENCY = /\b(not (an? )?emergency|no emergency|(isn't|is not|it's not) an emergency|non[- ]?emergency|no es (una )?emergencia)\b/;
const PAST = /\b(last (year|month|winter|summer)|years? ago|months? ago|used to|old (leak|stain)|from (an|the) (old|previous)|had a leak|there was a)\b/;

/**
 * No heat in the cold told across texts ("furnace quit sometime last night" … "its 54 in the house and 9 degrees out
 * and we have a 4 month old"): the heat's trouble in one, the cold in another. `thread` is the person's texts so
 * far, this one last; this one must tell one of the two.
 */
export function noHeatInCold(thread: string, latest: string): (Signal & { hazard: Hazard }) | null {
  const [said, now] = [normalize(thread), normalize(latest)];
  const noHeat = HAZARDS.find(([hazard]) => hazard === 'no-heat')?.[1];
  if (!noHeat || NOT_AN_EMERGENCY.test(now)) return null;
  const trouble = noHeat.exec(said);
  if (!trouble || !COLD.test(said) || !(COLD.test(now) || noHeat.test(now))) return null;
  return { hazard: 'no-heat', words: `${trouble[0]} … ${COLD.exec(said)?.[0] ?? ''}`.trim() };
}

function emergency(text: string, intent: IntentReading): (Signal & { hazard: Hazard }) | null {
  const said = text.replace(NO_GAS_SMELL, ' ');
  const calm = NOT_AN_EMERGENCY.test(said);
  for (const [hazard, pattern] of HAZARDS) {
    if (calm && !NEVER_CALM.has(hazard)) continue;
    // ("our water heater pilot light keeps going out": a heater's pilot, no water near a light.)
    const match = pattern.exec(hazard === 'water-electrical' ? said.replace(/\b(hot water heaters?|water heaters?|water softeners?|pilot lights?|pilot)\b/g, ' ') : said);
    if (!match) continue;
    // "fire" alone may be "fire ants", "fireplace": only with a word that makes it a fire.
    if (hazard === 'fire' && !/\b(on fire|caught fire|flames|smoke|burning|incendio|llamas)\b/.test(said)) continue;
    // "smoke detectors" and "no smoking" are no smoke.
    // Melting is an electrical danger only where something electrical melts (not "the old artificial turf … melting").
    if (hazard === 'electrical' && /^melt/.test(match[0]) && !/\b(outlet|switch|plug|cord|wire|wires|wiring|panel|breaker|box|cover|plate|light|fixture|charger|extension|socket|meter|heater|enchufe|contacto|cable|cables)\b/.test(said)) continue;
    // Wildfire smoke that got in ("during the worst of the fire smoke … the whole house smells of smoke") asks for a
    // cleanup, not an escape, and the fire it came from is far away.
    if ((hazard === 'fire' || (hazard === 'electrical' && /^smok/.test(match[0]))) && farSmoke(said)) continue;
    if (hazard === 'electrical' && /^smok/.test(match[0]) && /^(smoke (detector|alarm)s?|smoking)\b/.test(said.slice(match.index, match.index + 24)) && !/\b(smoke (coming|from|out)|(is|was|started|starts|keeps) smoking)\b/.test(said)) continue;
    // Past in the sentence that tells the danger ("Yesterday evening there was a slight odor" beside "the outlet is warm
    // to the touch" is a past smell, not a past outlet).
    if (PAST.test(sentenceAt(said, match.index)) && !/\b(now|again|right now|today|currently|ahora)\b/.test(said)) continue;
    if (hazard === 'no-heat' && !COLD.test(said)) continue;
    // (A thermostat set to cool: "AC quit. thermostat is set to cool but nothing kicks on and its 95 degrees out".)
    if (hazard === 'no-heat' && /^thermostat/.test(match[0]) && /\b(ac|a\/c|cool\w*|air condition\w*|aire)\b/.test(said)) continue;
    // A door hanging crooked with the car out ("car is outside thank god") shuts nobody in: a repair, not a danger.
    if (hazard === 'garage-door' && /hanging/.test(match[0]) && CAR_OUT.test(said)) continue;
    // A door that came off its track is a garage door's danger only while it hangs: not a closet or shower door,
    // nor one they already "got down and clamped" with the car out.
    if (hazard === 'garage-door' && /came off/.test(match[0]) && (/\b(closet|cabinet|shower|screen|storm|sliding|patio|pocket|bifold|bi-fold|interior|bedroom|bathroom|pantry|barn|oven|dishwasher|fridge|freezer|washer|dryer|car|front|back|entry|french)( door)?s? (door )?came off/.test(said) || (CAR_OUT.test(said) && /\b(got it (down|closed|shut)|clamp\w*|vise ?grips?|secured|braced|propped)\b/.test(said)))) continue;
    const serious = ALWAYS.has(hazard) || hazard === 'no-heat' || (intent.scores.emergency ?? 0) >= 0.5 || /\b(baby|kids|elderly|pregnant|freezing|trapped|can'?t get out|pouring|everywhere|bebe|ninos)\b/.test(said);
    if (serious) return { hazard, words: match[0] };
  }
  // (Not sewage seen in the past, in the sentence that says so: "we had sewage come up in the basement last year".)
  const seen = calm ? null : SEWAGE_SEEN.exec(said);
  if (seen && !PAST.test(sentenceAt(said, seen.index))) return { hazard: 'sewage', words: seen[0] };
  // A broken spring or a door that will not open with the car inside (not "so car isnt stuck").
  const carFree = said.replace(NOT_STUCK, ' ');
  if (/\b(spring (snapped|broke|broken|busted)|springs? (is|are) (snapped|broken)|broken spring|springs?\b.{0,40}\b(in (2|two) (pieces|parts)|snapped|split in (half|two))|door (won'?t|will not|can'?t|doesn'?t) (go up|open|lift|budge|move)|opener just hums|resorte (roto|se rompio|quebrado))\b/.test(said) && /\b(car|truck|van|minivan|suv|jeep|pickup|vehicle|carro|camioneta|coche|troca)\b.{0,24}\b(is |are |esta |se quedo )?(in there|inside|in the garage|stuck|trapped|adentro|atrapad\w*|encerrad\w*)\b/.test(carFree)) return { hazard: 'garage-door', words: 'a car shut in behind a broken door' };
  if (!calm && SEWAGE_SMELL.test(said) && COMING_UP.test(said)) return { hazard: 'sewage', words: `${SEWAGE_SMELL.exec(said)?.[0] ?? ''} … ${COMING_UP.exec(said)?.[0] ?? ''}` };
  // The model alone is sure of too much on short texts ("the 2nd of feb"): it counts only with a word of danger.
  // "Hot water" is what a water heater makes, not a danger.
  // ("house is still warm tho": a reassurance, no danger word.)
  if (!calm && intent.intent === 'emergency' && intent.score >= 0.9 && !farSmoke(said) && DANGER_WORDS.test(said.replace(/\b(hot water|agua caliente|ceiling fans?|ventilador de techo)\b/g, ' ').replace(/\b(house|home|place|inside|it)( is|'s)? (still )?(warm|fine|ok|okay|comfortable)\b/g, ' ').replace(/\b(snow|ice|icicles?|frost|drifts?|nieve|hielo)('s|s)?( \w+)? (melts|melted|melting|thaws|thawing)\b/g, ' ').replace(NOT_STUCK, ' ').replace(/\b(hot (or|and|nor|n|&) cold|cold (or|and|&) hot)\b/g, ' ').replace(FROZEN_LINE, ' ').replace(CAME_LOOSE, ' '))) return { hazard: hazardOf(said), words: `the intent model (${intent.score.toFixed(2)})` };
  return null;
}

/** Work the business already did: "your crew", "you guys came out", "after the treatment", "last time". */
const PAST_JOB =
  /\b((i|we) had (you|you guys|y'?all|your (guys?|crew|team|company|people|movers?|cleaners?)) [a-z]+|(i|we) had (our|my) [a-z -]{0,30}\b(clean|cleaning|service|treatment|mow|mowing|visit|appointment|spray|install|repair|tune ?up) (yesterday|today|this morning|last|on)\b|(you|you guys|you folks|u guys|y'?all|you all|you people|your (guys?|folks|tech|technician|crew|team|company|people|man|cleaners?|movers?|installer|worker|workers|employee|plumber|electrician|roofer)(?: [a-z]+(?= (?:came|replaced|fixed|repaired|installed|put|did|cleaned|treated|sprayed|serviced)\b))?)(?! *(?:were|was|came|come) (?:highly |so )?(?:recommended|referred|suggested)\b) (came|came out|were|was|did|fixed|repaired|installed|replaced|put in|put (a|the|our|my|new)|planted|cleaned|moved|treated|sprayed|serviced|hung|mowed|patched|painted|washed|left|charged|billed|sent)|(after|since) (the|your|our|my) (visit|service|treatment|cleaning|move|install|installation|repair|job|appointment|tune ?up)|last (time|visit|week'?s (visit|service|cleaning|job))|(the|our) (last|previous) (visit|job|cleaning|treatment|service|move)|you (guys )?(just )?(did|were here|came)|the (electrician|plumber|tech|technician|guy|guys|crew|cleaners?|movers?|roofer|installer|worker|workers|exterminator|landscapers?) (who|that|you) (came|was here|were here|did|sent|installed|fixed|cleaned|moved)|ustedes (vinieron|arreglaron|hicieron|limpiaron|instalaron|lavaron|pintaron|podaron|fumigaron|cortaron|mudaron|movieron|pusieron|cambiaron|repararon)|la (ultima|pasada) vez|despues del servicio)\b/;
/** What is wrong with it: back again, damaged, a bill that is off, unhappy. */
const GRIEVANCE =
  /\b(again|still|(?<!(the|years?|a while|ways) )back(?! (part|yard|door|porch|patio|deck|side|room|fence|of|bedroom|steps|wall|corner|half|lot|area|bath|bathroom|gate|alley))|came back|(?<!\b(i|we|i'?ve|we'?ve) (put|replaced|changed|swapped) (a |the |in a |in the )?new\b[^.!?\n]{0,30})already|same (problem|issue|thing)|not fixed|didn'?t (fix|work|hold|clean)|doesn'?t work|stopped working|broke|broken|damag\w*|scratch\w*|gouge\w*|dent\w*|ding\w*|chipp?ed|crack\w*|stain\w*|mess|missed|skipped|streak\w*|spots|left (a|the) mess|(wasn'?t|weren'?t|not) (cleaned|done|fixed|finished|touched)|(keeping|kept) .{0,20}deposit|dead|died|brown and|guaranteed|not happy|unhappy|disappointed|upset|unacceptable|make (it|this|things) right|peel(ed|ing) (back|off|up)|blew off|invoice|bill(ed)?|charged?|charges|trip charges?|overcharg\w*|refund|(higher|more) than (the |what )?(quote|quoted|estimate|we agreed)|\d+ (hours|hrs)|otra vez|sigue|siguen|rompieron|danaron|manchas|cobraron)\b/;
/** Words that are a grievance on their own (the model's guess needs one of these). */
const STRONG_GRIEVANCE = /\b(again|not fixed|didn'?t (fix|work|hold)|damag\w*|scratch\w*|gouge\w*|dent(ed)?|overcharg\w*|(?<!\b(tax|irs|stimulus|state|federal) )refund(?! (came|finally|hit|arrived|landed|is in|check (came|finally|hit|arrived)))|charged (me )?(twice|double|more)|double charged|not happy|unhappy|disappointed|invoice|billed|(higher|more) than (the |what )?(quote|quoted|estimate)|left a mess|otra vez|rompieron|cobraron)\b/;
const COMPLAINT =
  /\b((you|your (guys?|girls|ladies|workers|tech|technician|crew|team|company|people|man|cleaners?|movers?)|y'?all) (came|were|was|did|fixed|repaired|installed|replaced|put in|cleaned|moved|treated|sprayed|serviced)\b.{0,80}\b(again|still|back|already|broke|broken|leak|leaking|not working|doesn't work|stopped|same|damaged|scratched|missed|mess|skipped|(was|were)(n'?t| not) (touched|cleaned|done)|never (touched|cleaned|done))|i paid \$?[\d,.]+ for (this|that)\b|charged (me )?(twice|double|two times|more than)|(two|2|duplicate|double) (identical )?charges|charged \$?[\d,.]+ (twice|two times|double)|double charged|overcharged|over charged|(bill|invoice|charge) (is|was) (higher|more|wrong|too much)|(your|the|my|this) (invoice|bill|statement)\b.{0,160}(\$\d[\d,.]*\s*\?+|(i was|we were|you) (told|quoted)|on the phone|higher than|more than (the|what|you)|too much|wrong|extra charge|nobody (said|told))|(?<!\b(tax|irs|stimulus|state|federal) )refund(?! (came|finally|hit|arrived|landed|is in|check (came|finally|hit|arrived)))|dispute|(broke|damaged|scratched|dented|cracked) (my|our) |still (broken|leaking|not working|there|have)\b.{0,30}\b(after|since) (you|your)|came back (again|already)|warranty (claim|repair|work)|me cobraron (dos veces|de mas|doble)|rompieron|reembolso|(sigue|siguen) (igual|goteando|sin funcionar|fallando)|regresaron (las|los))/;

const SPAM =
  /\b(seo|search engine optimi[sz]ation|backlinks?|guest post(ing)?|rank(ing)? (your|on|higher)|first page (of|on) google|google (business|my business|listing|profile)\b.{0,40}\b(suspend|remov|deactivat|verif|expir)|verify your (account|listing|identity)|account (has been |is |was )?(suspended|locked|on hold)|web ?design (services|agency)|website (design|redesign) for|(more|get) (leads|customers|calls) for your (business|company)|lead generation|leads? (for|to) your business|crypto(currency)?|bitcoin|forex|investment opportunity|business (loan|funding|line of credit|capital)|working capital|merchant cash advance|(loan|funding) (offer|approved|available)|pre-?approved|you('ve| have) (won|been selected)|claim your (prize|reward|gift)|gift card|package (could not|couldn't) be delivered|delivery (failed|attempt)|final notice|casino|click (here|the link|below)|reply stop to|we buy houses|are (you|you all|you guys|y'?all) (guys )?hiring|(are|r) (you|u) (guys )?(hiring|looking for (help|workers|guys|crew))|hiring (for|any|right now|this)|any (job )?openings|looking for (a )?(job|work|employment|position)|(?<!\b(you|u|y'?all|you all)( actually| even| really| still| guys)? )(need|want|looking for) (a |some )?(work|a job|hours)|(estan|esta|andan) buscando (personal|trabajadores|gente|ayudantes|empleados)|necesitan (personal|trabajadores|ayudantes|empleados)|tengo \d+ anos de experiencia|hiring(?=\?)|apply for (a|the) job|(send|sending) (you )?my resume|free leads|sell (you )?leads|leads for (sale|your)|pay per lead|exclusive leads|exclusive [a-z +&-]{0,40} leads|we sell .{0,40}leads|(facebook|instagram|meta|business) page.{0,60}(flagged|unpublished|disabled|restricted|suspended)|community standards|submit an appeal|\$\d+ ?(\/|per) ?lead|not in the top (3|three|5|five|10|ten)|(get|got|gets|getting|rank|ranking) ([a-z]+ ){0,4}(to )?(#1|number one|number 1|the top)\b.{0,40}\b(days|weeks|google|maps)|or you don'?t pay|free (seo |website |marketing )?audit|leads in [a-z]+|map pack|video audit|booked jobs a month|(google|gbp) (business )?profile (isn'?t|is not|not) showing|page (1|one) (of|on) google|couldn'?t find you on (page|google)|\d+\+? (\w+ ){0,2}leads (a|per) month|guaranteed or you don'?t pay|(are |r )?(you|u|y'?all|you all|you guys) (still |currently |now )?hiring|\b(indeed|ziprecruiter|glassdoor|snagajob)\b|saw your (job )?(post|posting|ad|listing) (on|for) (indeed|craigslist|facebook|a job)|wrong number|wrong person|who is this\??$|no se quien es|numero equivocado|busco trabajo|estan contratando|prestamo)\b/;
const SPAM_CUES = /\b(account|link|click|verify|offer|promo|discount|business|company|clients|customers|leads|google|website|seo|marketing|loan|funding|capital|hiring|job|jobs|position|resume|apply|work for you|wrong|who is this|number|rates?|wholesale|partner|partnership|opportunity|cuenta|enlace|negocio|trabajo|equivocado|prestamo)\b/;
const COMPETITOR = /\b((i'?m|i am|we'?re|we are) (with|w\/|from|at|a|an|the owner of|another|a fellow|a local)|this is \w+ (from|with|w\/|at|of)) [\w\s&'-]{0,30}\b(plumbing|hvac|heating|electric(al)?|roofing|moving|movers|cleaning|pest|landscap(e|ing)|lawn|garage door|appliance|handyman|company|contractor|business)\b.{0,80}\b(what|how much|rates?|prices?|charge|pricing)\b/;
// Not a customer: an overpayment scam, a text meant for someone else, a competitor comparing prices.
const SCAM = /\b((cashier'?s?|certified) check|money order)\b.{0,160}\b(balance|difference|refund|excess|extra|deduct)|\bsend (the |back the )?(balance|difference|excess|remaining)|\bdeduct your (fee|charge|payment)|\boverpa(y|id|yment)\b/;
const WRONG_NUMBER = /\b(mija|mijo|mi amor|tia|tio|comadre|compadre)\b.{0,120}\b(ya sali|llego en|dile a tu (papa|mama)|la fiesta|el cumple|cumpleanos|voy en camino|ahorita llego)\b|^(hey|hi|yo|hello)?[\s,!]*(mija|mijo|mijita|sis|bro|babe|hun|honey|mom|mama|momma|dad|papa|grandma|nana|auntie|aunty|aunt|uncle|tia|tio)\b[\s,!]*.{0,120}\b(pick(ing)? (up|him|her|them|me)|are you (coming|going|bringing|picking|still)|can you bring|bring the|party|potluck|bbq|birthday|(mom|dad|grandma|grandpa) said|dinner|from (school|practice|work|the airport|dialysis|the doctor|church)|text me back|call me back)\b|^(hey|hi|hello)\s+[a-z]+[,!]?\s+(it'?s|its|this is)\s+[a-z]+\b.{0,80}\b(from (church|work|school|the party|the gym|the salon|the shop|bible study|book club|choir|yoga|pilates|bunco|the office|soccer|practice|small group)|are we still on|are you still (bringing|coming|going)|potluck|dinner|birthday|(this is|it'?s) my new number|save (it|this|my number))|^(hey|hi|yo|hello)?( girl| girlie| sis| babe| hun| friend| lady)?[\s,!]*is this ([a-z]+ ){0,2}[a-z]+\?+\s*(it'?s|its|this is) [a-z]+\b|\byou left your (jacket|phone|keys|wallet|sweater|coat|charger|bag|umbrella|glasses|sunglasses|scarf|hat|purse|(casserole |pie |baking |serving )?(dish|pan|plate|bowl|tupperware))\b|\b(i got|got) a new (phone|number)\b.{0,80}\b(still|are we|christmas|thanksgiving|dinner|party|tonight)\b/;
const PEER = /\b(putting (our|my) (pricing|prices|rates|price sheet) together|(stay|staying) in line with (everybody|everyone|the market|others)|(i|we) (run|own|have) (a |my |our )?(\w+ ){0,2}(crew|outfit|company|co|business|shop)\b.{0,160}\b(charg\w*|pric\w*|rates?|numbers|getting for|price sheet|rate sheet|market'?s at)|(we'?re|we are|i'?m|i am) (a|another) (\w+ ){0,2}(co|company|business|crew|outfit|contractor)\b.{0,80}\b(charg\w*|pric\w*|rates?)|where (my|our) (numbers|prices|rates) (are|stand)|(set|setting|figure out|price) (my|our) own (prices|pricing|rates)|where to set (my|our) (own )?(prices|pricing|rates)|(see|seeing|figure out|know) where (everybody|everyone|others|the market|folks)('?s| is| are)?( (rates|prices|numbers) (are|is))? at|compare (my|our) (prices|numbers|rates)|compared to everyone|(seeing|see) what (everyone|everybody|others|other companies) (charges?|is charging)|market research|where (my|our) (pricing|prices|rates) should|(getting|starting|opening) (a|an|my|our) ([a-z]+ ){0,3}(shop|company|business|outfit) (going|up|started)\b.{0,120}\b(going rates?|rates?|pric\w*|charg\w*)|what the going rates? (are|is)|what do (you|u|y'?all) pay (your|ur|the) (techs|guys|employees|workers|crew|helpers|cleaners|movers)|(starting|opening|launching) (my|our) own (\w+ ){0,2}(company|business|crew|outfit)\b.{0,80}\b(my|our) (pricing|prices|rates)|updating (our|my) (pricing|prices|rates|price sheet)|return the favou?r|(happy to|glad to|i'?ll|we can|can) (share|swap|trade) (ours|our (rates|prices|numbers|pricing))|not looking to (book|hire) (anything|anyone|you)\b.{0,80}\b(charg\w*|pric\w*|rates?|fee))\b/;
const LINK = /\b(https?:\/\/|www\.|bit\.ly|tinyurl|[a-z0-9-]+\.(xyz|top|click|biz|info|io|ly|co|link|site|online|live|me)\b)/;

/** Friends' plans: a party, a cookout, running late, save me a plate. */
const SOCIAL_PLANS = /\b(party|bbq|tickets?|the game|game tonight|concert|cookout|potluck|birthday|bday|plate|bring (ice|chips|drinks|the|some)|running late|be there in|on my way|omw|taco stand|at the park|game tonight|practice|save me|pick me up|dinner tonight|fiesta|carne asada)\b/;

function spam(said: string, intent: IntentReading): Signal | null {
  const rule = SPAM.exec(said);
  if (rule) return { words: rule[0] };
  const scam = SCAM.exec(said) ?? WRONG_NUMBER.exec(said);
  if (scam) return { words: scam[0] };
  const competitor = COMPETITOR.exec(said) ?? PEER.exec(said);
  if (competitor) return { words: 'a competitor asking for prices' };
  // Someone asked for by name among friends' plans ("hey is this Tasha?? running late to Jaylen's party save me a
  // plate", "were by the taco stand at the park, bring ice … wait is this kev??"): a text meant for someone else.
  const forSomeone = /\b(?:is this|is that|this is(?:n'?t)?|r u|are you)\s+([a-z]{3,12})\s*\?/.exec(said);
  // (Or called by name as the text opens: "Marcus!! u still got that extra ticket for the suns game tonight??")
  const called = /^(?:(?:hey|yo|hi|omg)\s+)?([a-z]{3,12})\s*(?:!+|,)/.exec(said);
  const named = forSomeone && !/^(the|a|an|it|you|for|about|right|correct|ok|okay|real|legit|still|open|available|free|who|what|where)$/.test(forSomeone[1] ?? '') ? forSomeone[0] : called && isKnownFirstName(called[1] ?? '') ? called[0] : null;
  if (named && SOCIAL_PLANS.test(said) && !/\b(my|our) (house|home|roof|yard|ac|furnace|place|kitchen|bathroom|panel|water heater|garage|basement|outlet|lawn|door|fridge|washer|dryer)\b/.test(said)) return { words: named };
  if (LINK.test(said) && /\b(verify|account|click|offer|deal|promo|discount|free|win|won|prize|update|confirm|login|log in|suspend|limited)\b/.test(said)) return { words: 'a link with an offer' };
  // The model alone is not enough (a painting job with a paint brand's name is not an ad): a word of the trade of
  // spam, jobs or wrong numbers must be there too.
  if (intent.intent === 'spam' && intent.score >= 0.9 && SPAM_CUES.test(said) && !/\b(my|our) (house|home|roof|yard|ac|furnace|place|kitchen|bathroom|panel|water heater|garage|basement|outlet|lawn|door|fridge|washer|dryer)\b|\b(do you do|can you|could you|are you able)\b/.test(said)) return { words: `the intent model (${intent.score.toFixed(2)})` };
  return null;
}

const PERSON =
  /\b((talk|speak|chat|text) (to|with) (a |an |the |some |your )?(real |live |actual )?(human|person|someone|somebody|owner|manager|tech|technician|agent|representative|rep|boss|office)|(want|need|get|prefer|give me) (a |an )?(real|live|actual) (person|human)|(real|live|actual) (person|human),? please|(go over|talk|speak|discuss|deal|handle|sort|work)\b[^.!?\n]{0,40}\b(with|to) (a |an |some )?(real|live|actual) (person|human|people)|human please|(rather|prefer to|want to|wanna) (just )?(talk|speak|text|deal) (to|with) (the |a |an |your )?(guy|person|man|woman|lady|tech|owner|someone|somebody|human)\b.{0,40}\b(actually|really|real|who (does|will do|is doing) the (work|job))|not (an? )?(automated|bot|robot|machine)\b.{0,20}\b(thing|system|text)|(deal|talk|speak|work|text) (directly )?(with|to) [a-z]+ (directly|himself|herself|personally)|not (texting|talking|chatting) (with|to) (a |an )?(computer|bot|robot|machine)|(is there|do you have|can i (get|have)|could i (get|have)) (a |an )?(real|live|actual) (person|human)|representative|operator|hablar con (una persona|alguien|el dueno|un humano|un tecnico))\b/;
const CALLBACK =
  /\b(call me|calll? me|give me a (call|ring)|(speak|talk)( with| to)?( someone| somebody| a person| a human| you| y'?all)? (on|by|over) the (tele)?phone|telephone me|by (tele)?phone rather|ring me|phone me|(can|could|will|would|please|pls) (you|someone|somebody|anyone|they|the owner|he|she) (please |just )?call|have (someone|somebody|them|him|her|the owner) call|(if|when) (someone|somebody|you|u|y'?all|the owner) (just |can |could )?calls? me|(someone|somebody) (to )?call me|prefer (a )?(phone )?call|rather (talk|speak) on the phone|easier (to|if you) (just )?call|just call(?! (whoever|whomever|anyone|anybody|someone|somebody|a |an |the |around|him|her|them))|call (me )?back|call this number|call (me )?at|llam(ame|eme|enme|arme)|me (pueden|puede|podrian) (llamar|marcar)|(que|para que) me llamen|prefiero (una )?llamada|marquen?me|(alguien|usted|ustedes|que) me (llame|llamen|hable|hablen|marque|marquen)|(explicar\w*|hablar\w*|platicar\w*) por telefono)\b/;
const BOT =
  /\b((are|r) (you|u|ya) (a |an )?(real|bot|robot|human|person|real person|ai|computer|machine|automated)|is (this|that) (one of those |a |an )?(bot|robot|automated|real person|human|ai|computer|machine|automatic)|am i (talking|texting|chatting) (to |with )?(a |an )?(bot|robot|real person|human|person|machine|computer|ai)|(eres|es) (un )?(robot|bot|maquina|persona real)|mensaje automatico)\b/;
const PROFANITY = /\b(f+u+c+k\w*|fck\w*|wtf|sh[i1]t\w*|bull ?shit|damn it|dammit|goddamn\w*|pissed( off)?|asshole|a\*\*hole|f\*+\w*|s\*+t|pinche|chingad\w*|pendej\w*)\b/;
const UPSET =
  /\b(ridiculous|unacceptable|unbelievable|scam(mers?)?|rip ?off|ripoff|(you'?re|you are|y'?all are|you guys are|this is|that'?s|so) useless|useless (company|service|people|business)|waste of (my )?time|fed up|sick (and tired )?of|furious|outraged|disgusted|worst (company|service|experience|business)|(terrible|awful|horrible|pathetic|lousy) (service|company|business|experience|customer service)|(this|that) is (terrible|awful|horrible|pathetic|a joke)|(you're|you are) (useless|terrible|awful|a joke|stupid|incompetent)|still waiting|(nobody|no one) (ever )?(calls?|called|gets?|got|texts?|texted|answers?|writes?) (me |us )?back|(third|3rd|fourth|4th|fifth|5th) time (i'?ve|i have|we'?ve|we have|i|we) (called|texted|reached out|left|tried|messaged|asked)|(want|need) (my|our) (business|money|work) or not|nobody (showed|came|called)|no one (showed|came|called)|never showed|stood (me|us) up|que mal servicio|es ridiculo|nadie (vino|llamo))\b/;
/**
 * A price asked. "Can you match / beat that?" is one only beside a price said ("Terminix quoted me $99"), not for
 * shingles or tile to match, nor "can you meet her?".
 */
function priceAsked(said: string): Signal | null {
  const found = PRICE.exec(said);
  if (!found) return null;
  if (/\b(match|beat|meet|do better than)\b/.test(found[0]) && !/\$\s?\d|\b\d+ (dollars|bucks)\b|\b(quote|quoted|price|priced|paid|pay|charged|charge|charges|estimate|bid|offer|offered|deal)\b/.test(said)) return null;
  return { words: found[0] };
}

/** Asking for a past job to be put right: "make it right", "come back out", "refund one of them". */
const REMEDY = /\b(make (it|this|things) right|made right|come back( out)?|fix (this|that|it)|redo|re-?do it|replace (it|them)|get (it|them|this) (replaced|fixed|redone)|refund\w*|reverse|quiero que vengan a arreglarlo)\b/;
// (Not a word of a hyphenated name: "I'm Sarah Akana-Price"; nor a place: "we're in Madrid by the old ballpark".)
// ("whats ur range for a 2 br": a price range asked; not "the range of dates you have open", nor "What's your range?
// I'm out in Naperville", the area.)
const PRICE = /(?<![-'])\b(quote|estimate for|how much|what'?s (ur|your|the|a) (price )?range (for|on)\b|price range|what'?s the (price|cost|rate)|price|prices|pricing|cost|costs|charge|charges|rate|rates|fee|fees|(?<!\b(?:by|near|behind|past|across from|next to|at|to|from|off|around) (?:the |a )?(?:old |new )?)ballpark|estimate for|what do you charge|(can|could|would|will) (you|u|y'?all|you guys) (match|beat|meet|do better than|price match)( (that|this|it|their|his|her|them|theirs))?( (price|quote|number|deal|offer|rate|estimate|bid))?(?=\s*([?.!,]|$|or\b|for\b|\$))|price match|what does it run|what would it run|what (?:does|would|will|might) (?:it|that|this|something like (?:that|this)|(?:a|an|the) \w+(?: \w+)?) (?:run|set me back)(?: me| us)?|what (?:does|would|will|might) (?:your|ur|y'?all'?s) \w+(?: \w+)? (?:run|set me back)(?: me| us)?(?=\s*(?:\?|$|[.!,]|for\b))|what'?s (?:an? |the )?(?!the\b|a\b|an\b)\w+(?: \w+)? (?:run|go for|going for)(?: these days| nowadays| now)?(?=\s*(?:\?|$|[.!,\n]))|what do (?:you|u|y'?all)(?: guys)? (?:get|ask|want) for|cuanto (cuesta|cobran|sale|seria|es|me cobran)|precio|costo|cotizacion)\b/;
const THANKS_ONLY = /^(\s*(ok|okay|thanks|thank you|thx|ty|great|perfect|sounds good|awesome|cool|got it|will do|appreciate (it|you)|cheers|sweet|alright|all right|np|bye|see (ya|you)|nice|wonderful|excellent|yes|sure|gracias|muchas gracias|perfecto|esta bien|listo|ok gracias|de nada|dale|bueno|vale)[\s!.,]*)+$/;
const GREETING_ONLY = /^\s*(hi|hello|hey|hiya|howdy|good (morning|afternoon|evening)|yo|hola|buenas|buenos dias|buenas tardes|buenas noches)( there| again| all)?[\s!.,?]*$/;
const CORRECTION = /\b((yeah |ok |okay )?(thinking|leaning( towards?)?|going with|gonna go with) (a |the )?new\b|(the|my|our) [a-z]+ (is|are|works|runs) (fine|ok|okay|good|working fine)\b(?=[^.!?\n]{0,40}\b(it'?s|its|the problem is|just)\b)|caved|changed (his|her|my|our|their) minds?|decided on|decided to go with|we'?ll go with|settled on|wait(?=,|\s*no\b|\s*-|\.{2,}|!|\s+(it'?s|its|it is|that'?s|thats|sorry|nvm))|turns out|looked it up|i think (it'?s|they'?re|its|theyre)|after all|never ?mind|nvm|scratch (that|the|this)|forget (about )?(the|that)|actually|correction|i meant|i mean|sorry,? (i meant|it's|wrong|typo|not)|wrong (zip|date|day|one|address|number)|typo|my bad|scratch (that|the|this)|change (it|that) to|make it|instead|rather|better (for us|for me)?|works better|not (real |really |actually |an? |the |my |our )?\w+,? (it's|its|it is)|not (just|only) (the|a|an|my|our)|(it'?s|its) the whole|perdon,? (es|era)|me equivoque|mejor el|mas bien|quise decir|en vez de)\b/;

/** An answer put off until someone else is asked or something is looked up. */
const PAUSED = /^\W*(brb|be right back|b right back|one sec(ond)?|1 sec|sec|one (moment|min|minute)|just a (sec|second|moment|min|minute)|hold on|hang on|gimme a (sec|min|minute)|give me a (sec|second|min|minute|moment)|un momento|un segundo|ahorita (vuelvo|regreso|le digo)|ya (vuelvo|regreso)|espere(me)? un (momento|segundo))\b/;
/** Having to stop now ("sorry boss just walked in ttyl", "gtg", "can't talk right now"): they come back later. */
const LEAVING = /\b(ttyl|talk (to you |to u |2 u |2 you )?later|gtg|g2g|(?:^|\b(?:i|we|i'?ve|ive|i have|we have|sorry|ok|okay)\s+)(gotta|got to|have to) (go|run)(?=\s*($|[.,!?]|now|sorry|bye|ttyl|lol|brb|real quick))|(boss|manager|supervisor) (just )?(walked|came|is coming|is) (in|here|over)|can'?t (talk|text) (right )?now|(i'?ll|ill|i will) (text|message|get back to) (you|u) (later|after|when)|luego (le|te) (escribo|mando)|ahorita no puedo)\b/;

/** Thinking it over ("ok thx ill think about it"): nothing more is asked until they come back. */
const THINKING = /\b(let me think|(i'?ll|ill|i will|we'?ll|we will|gonna|going to|need to|have to|got to|gotta) (think (about it|about that|it over|on it)|sleep on it|mull it over)|think it over|lo (voy a|vamos a) pensar|(dejame|déjame|dejeme) pensarlo|lo pienso|lo pensamos)\b/;
const DEFERRED = /\b(let me (check|ask|find out|look|see|talk to|talk with)|(i'?ll|ill|i will|we'?ll|we will) (text|get|call|write) (you |u )?back|(i'?ll|i will|we'?ll|we will) (have to )?(check|ask|find out|look|get back to you|let you know|text you back)|(need|have) to (check|ask) (with |w |w\/ )?(my|the)|get back to you|déjame (preguntar|checar|ver)|dejame (preguntar|checar|ver)|le pregunto a|te aviso|le aviso)\b/;

/** A past job named with what is wrong with it ("your crew moved us Friday … a gouge in our headboard"). */
function pastJobGrievance(said: string): Signal | null {
  const past = PAST_JOB.exec(said);
  if (!past) return null;
  // What is wrong may come before the job is named ("the invoice for the water heater you put in").
  const wrong = GRIEVANCE.exec(said.slice(past.index)) ?? GRIEVANCE.exec(said.slice(0, past.index));
  // Someone else's work that left damage, with new work asked for ("the plumber who fixed our sewer line … tore out 3
  // sections of our fence … Just need the fence put back up"): a new job, not a complaint about this business.
  const otherTrade = /^the [a-z]+ (who|that) /.test(past[0]) && !/\b(you|your|y'?all|u guys|ustedes)\b/.test(said);
  if (otherTrade && /\b(just need|need (the|it|them|a|an|my|our|someone)|looking for (someone|a)|can (you|someone) (put|fix|replace|rebuild|repair))\b/.test(said) && !/\b(come back|came back|again|redo|still)\b/.test(said)) return null;
  return wrong ? { words: `${past[0]} … ${wrong[0]}` } : null;
}

/**
 * A complaint told across texts: the job done in one ("your guy Todd replaced the kitchen faucet … on the 9th"), what
 * is wrong with it in the next ("its dripping again … paid $410 for this?? not happy").
 */
export function complaintAcross(earlier: readonly string[], text: string): Signal | null {
  const wrong = STRONG_GRIEVANCE.exec(normalize(text));
  if (!wrong) return null;
  const past = PAST_JOB.exec(normalize(earlier.slice(-2).join('\n')));
  return past ? { words: `${past[0]} … ${wrong[0]}` } : null;
}

/** Every signal in a text, with the model's reading of it. */
export async function readSignals(text: string, language: Language, model: IntentModel): Promise<Signals> {
  const said = normalize(text);
  const intent = await model.classify(said, language);
  const callbackRule = CALLBACK.exec(said);
  const personRule = PERSON.exec(said);
  const complaintRule = COMPLAINT.exec(said);
  const profanity = PROFANITY.exec(said);
  // Capitals are shouting only at someone: about a past job, at the crew, or with "!!". Many older customers simply
  // write in capitals ("I HAVE THOSE LITTLE BITTY ANTS ALL OVER MY KITCHEN COUNTER").
  const shouting = shout(text) && (complaintRule !== null || pastJobGrievance(said) !== null || /!{2,}|\?!|!\?/.test(text) || /\b(your (crew|guys?|techs?|company|people|workers?|men|man)|you guys|nobody|no one)\b/.test(said));
  const complaint = complaintRule ? { words: complaintRule[0] } : pastJobGrievance(said) ?? (intent.intent === 'complaint' && intent.score >= 0.9 && STRONG_GRIEVANCE.test(said) ? { words: `the intent model (${intent.score.toFixed(2)})` } : null);
  // A firm word ("this is unacceptable") in a complaint that asks for the job to be put right is the complaint
  // itself, said plainly; without a remedy asked ("…leaking again. Unbelievable.") it is anger.
  const upset = complaint && REMEDY.test(said) ? null : UPSET.exec(said);
  const paused = PAUSED.test(said);
  return {
    emergency: emergency(said, intent),
    complaint,
    spam: spam(said, intent),
    person: personRule ? { words: personRule[0] } : null,
    callback: callbackRule && !/\b(did you call|you called|missed (your|a) call|called (you|earlier|yesterday)|i called)\b/.test(said) ? { words: callbackRule[0] } : null,
    bot: BOT.test(said) ? { words: BOT.exec(said)?.[0] ?? '' } : null,
    anger: profanity ? { words: profanity[0] } : upset ? { words: upset[0] } : shouting ? { words: 'all capitals' } : null,
    price: priceAsked(said),
    thanks: THANKS_ONLY.test(said) || (intent.intent === 'thanks' && intent.score >= 0.95 && said.split(' ').length <= 4),
    greeting: GREETING_ONLY.test(said),
    correction: CORRECTION.test(said),
    deferred: paused || DEFERRED.test(said),
    paused,
    away: THINKING.test(said) || LEAVING.test(said),
    intent,
  };
}

/** Several words, almost all capitals: shouting. Short capitals ("OK", "AC", "ASAP") are ordinary. */
function shout(text: string): boolean {
  const letters = text.replace(/[^A-Za-z]/g, '');
  const words = text.split(/\s+/).filter((word) => /[A-Za-z]{2,}/.test(word));
  return letters.length >= 20 && words.length >= 5 && letters.replace(/[^A-Z]/g, '').length / letters.length >= 0.85;
}

/** The sentences of a text that ask something (a FAQ is matched only against these). */
export function questionSentences(text: string): string[] {
  return text
    .split(/(?<=[?.!])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => (sentence.endsWith('?') && !tentative(sentence)) || /^(?:(?:and|also|plus|oh and|so)\s+)?(?:¿|(?:do|does|did|are|is|can|could|will|would|how|what|when|where|which|who|why|have|has|cuanto|cuánto|cuando|cuándo|donde|dónde|qué|cómo|hacen|tienen|trabajan)(?![\p{L}]))\s*\S/iu.test(sentence));
}

const ASKING_WORD = /\b(do|does|did|are|is|am|can|could|will|would|should|shall|may|might|how|what|whats|when|where|which|who|why|have|has|any|anyone|anybody|you|your|ya|yall|price|cost|much|ok|okay|right|cuanto|cuanta|cuando|donde|que|como|cual|hacen|tienen|trabajan|pueden|puede|hay|es|son|esta|estan|usted|ustedes)\b/;

/** A short reply with a question mark and no asking word ("lakewood?", "wednesday?", "mañana sábado?"): a guess offered, not a question. */
function tentative(sentence: string): boolean {
  const said = normalize(sentence);
  // ("it's in Viera I think?": a guess, hedged.)
  if (/\b(i think|i guess|i believe|maybe|probably|i'?m not sure|not sure|creo)\s*\?+$/.test(said)) return true;
  // ("uhh idk what its called??": not knowing, said aloud, is no question to us.)
  // (Only the not-knowing of a thing, "idk what its called": "idk how much does it cost?" still asks.)
  if (/^\W*((uh+|um+|hmm+|well|so)\W+)?(i don'?t know|i dunno|dunno|no idea|not sure|no se) (what|which|where|who|how|que|como|cual) (it'?s|its|it is|they|they'?re|this|that|he|she|it|the thing|to call|se llama)\b/.test(said) && !/\b(you|your|y'?all|u|ustedes|usted)\b/.test(said)) return true;
  // (Counted as written: "idk like medium?" is three words, though "idk" reads as three.)
  return sentence.trim().split(/\s+/).length <= 4 && !ASKING_WORD.test(said);
}
