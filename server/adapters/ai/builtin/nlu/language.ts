/**
 * Which language a person writes in: English or Spanish (the languages the built-in assistant answers in). Short
 * texts defeat statistical detectors ("ok", "78704", "si"), so two readings are combined: words that only one
 * of the languages uses (function words, greetings, common trade words) decide short texts, and franc's
 * trigram model (franc-min, limited to the two) decides longer ones when the words are mixed. A thread keeps the
 * language it began in unless the person clearly switches.
 */
import { franc } from 'franc-min';
import { fold, plain, words } from './text';

export type Language = 'en' | 'es';

const SPANISH = new Set(
  (
    'hola buenas buenos dias tardes noches gracias por favor que como cuando donde cual cuanto cuanta cuesta necesito necesita ' +
    'tengo tiene tenemos quiero queremos puede pueden podria mi mis su sus el la los las un una unos unas del al es esta estan ' +
    'son soy somos ser estoy hay muy pero porque tambien ya ahorita ahora manana hoy semana proxima proximo lunes martes ' +
    'miercoles jueves viernes sabado domingo casa techo aire acondicionado calefaccion calentador agua fuga gotea gotera ' +
    'bano cocina luz luces enchufe olor gas arreglar reparar reparacion cambiar limpieza mudanza plaga plagas cucarachas ' +
    'ratones jardin cesped puerta cochera garaje refrigerador lavadora secadora estufa horno dueno duena propietario renta ' +
    'rento alquilo alquiler si claro nombre llamo llama llamen llamar codigo postal urgente favor ayuda con sin para ' +
    'de en y o pues bueno vale ok senor senora disculpe perdon gracias servicio mover mudar mucho mucha poco cama cajas ' +
    'muebles fecha todavia dice ella nosotros hijo hija anoche lo le les se nos alguien algo'
  ).split(/\s+/),
);
/** Words both languages share or that say nothing: they count for neither. */
const SHARED = new Set(['ok', 'no', 'de', 'a', 'me', 'y', 'o', 'hola', 'si', 'gas', 'es', 'en', 'la', 'el', 'un', 'con', 'para', 'mi', 'su']);
const SPANISH_STRONG = new Set(
  'hola gracias necesito tengo quiero puede porque tambien manana semana casa techo aire calentador agua fuga bano cocina arreglar reparar cuanto cuesta dueno propietario renta llamo urgente ayuda senor senora favor olor luz esta estoy hay muy pero donde cuando como que cual'.split(' '),
);
const ENGLISH = new Set(
  (
    'the and you your my our we i is are was were have has had need needs want can could would will what when where which ' +
    'how hi hello hey thanks thank please yes yeah no not it this that there here for with from about just get got come ' +
    'tomorrow today week next monday tuesday wednesday thursday friday saturday sunday house home roof water heater leak ' +
    'fix repair replace quote price cost much own rent zip code name call text asap urgent broken working do does did guys ' +
    'any some too also if so yours its our out up off over after before'
  ).split(/\s+/),
);

/** Spanish-only characters: ¿ ¡ ñ, and accented vowels English texts rarely carry. */
const SPANISH_CHARACTERS = /[¿¡ñ]|[áéíóú]/;

export interface LanguageReading {
  language: Language | null;
  /** How sure, 0–1: the share of the deciding words, or franc's when it decided. */
  confidence: number;
}

/** The language of one text, or null when it does not say (a ZIP, "ok", an emoji). */
export function detectLanguage(text: string): LanguageReading {
  const raw = plain(text);
  const tokens = words(fold(raw));
  let spanish = 0;
  let english = 0;
  for (const token of tokens) {
    if (SHARED.has(token)) continue;
    if (SPANISH.has(token)) spanish += SPANISH_STRONG.has(token) ? 2 : 1;
    // Spanish verb endings ("necesitamos", "encontramos", "vinieron", "diciendo").
    else if (token.length >= 6 && /(amos|emos|imos|aron|ieron|iendo)$/.test(token)) spanish += 1;
    if (ENGLISH.has(token)) english += 1;
  }
  if (SPANISH_CHARACTERS.test(raw)) spanish += 1;
  const total = spanish + english;
  if (total === 0) return { language: null, confidence: 0 };
  const share = Math.max(spanish, english) / total;
  if (share >= 0.7 && total >= 2) return { language: spanish > english ? 'es' : 'en', confidence: share };
  // Words of only one language, too few to be sure: that language, with little confidence.
  if (spanish === 0 || english === 0) return { language: spanish > english ? 'es' : 'en', confidence: 0.4 };
  // Mixed: franc's trigrams on a long enough text.
  if (raw.replace(/[^\p{L}]/gu, '').length >= 30) {
    const guess = franc(raw, { only: ['eng', 'spa'], minLength: 10 });
    if (guess === 'spa') return { language: 'es', confidence: 0.6 };
    if (guess === 'eng') return { language: 'en', confidence: 0.6 };
  }
  if (total >= 1 && spanish !== english) return { language: spanish > english ? 'es' : 'en', confidence: share * 0.5 };
  return { language: null, confidence: 0 };
}

/**
 * The language to answer in: the person's, read over what they wrote in this thread. The first text that says
 * decides; a later one switches only when it clearly says otherwise (Spanglish stays Spanish). English when nothing
 * says — the business's own language.
 */
export function threadLanguage(personTexts: readonly string[]): Language {
  let current: Language | null = null;
  for (const text of personTexts) {
    const reading = detectLanguage(text);
    if (!reading.language) continue;
    if (current === null) current = reading.language;
    else if (reading.language !== current && reading.confidence >= 0.85 && words(text).length >= 4) current = reading.language;
  }
  return current ?? 'en';
}
