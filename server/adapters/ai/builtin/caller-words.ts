/**
 * The built-in assistant's reading of what a caller said (a voicemail, or the caller's side of an AI-answered call):
 * their name, the job's address, a ZIP said as one, and the need — with the NLU the texting assistant uses (names,
 * ZIPs, the trade vocabularies) and the street-address reader. A caller talks in one breath and speech-to-text writes
 * it in lower case or mis-hears it, so a name is taken only after an introduction ("this is", "it's", "my name is",
 * "soy", "me llamo", "Tom here") or as the whole answer to a question asking for it; nothing is a guess.
 */
import type { QualifierQuestion } from '@contracts/ai';
import { truncate } from '@contracts/text';
import type { CallerFacts, CallerLine } from '../ai.port';
import { isProblemQuestion } from './builtin-assistant';
import { type StreetAddress, extractStreetAddress } from './nlu/address';
import { extractName, extractPostalCodes, isKnownFirstName, isNameQuestion, isNotAName, loneName } from './nlu/answers';
import { chooseOption, read } from './nlu/services';
import { normalize } from './nlu/text';

const MODEL = 'built-in';
const NEED_LENGTH = 280;

const FILLER = /^(?:uh+|um+|er+|ah+|hmm+|eh|este|pues|bueno)$/i;
const TITLES = /^(?:mr|mrs|ms|miss|dr|sr|sra|srta|señor|señora|senor|senora)\.?$/i;
const CONNECTORS = /^(?:and|but|from|at|in|with|by|the|over|on|to|calling|here|speaking|again|y|de|del|en|con|aqui|aquí|desde)$/i;
const INTRO = /\b(?:my name is|my name's|name is|name's|this is|it's|its|it is|i'm|i am|soy|me llamo|mi nombre es|habla|le habla|te habla)\s+((?:(?:uh+|um+|er+|ah+),?\s+)*)([\p{L}][\p{L}'.-]*)(?:\s+([\p{L}][\p{L}'-]*))?(?:\s+([\p{L}][\p{L}'-]*))?/giu;
// "Tom here", "Tom Becker calling", "Dana speaking" at the start of a clause.
const SIGN_IN = /(?:^|[.!?,;]\s*|\b(?:hi|hey|hello|hola|yeah|yes|good (?:morning|afternoon|evening)),?\s+)([\p{L}][\p{L}'-]*)(?:\s+([\p{L}][\p{L}'-]*))?\s+(?:here|calling|speaking|al habla)\b/giu;

function written(word: string): string {
  return word
    .split(/([-'])/)
    .map((part) => (part.length > 0 ? part.charAt(0).toUpperCase() + part.slice(1).toLowerCase() : part))
    .join('');
}

// Pronouns and contractions that open a sentence ("I'm calling about…") are never a name.
const PRONOUN = /^(?:i|i'm|im|i'll|i've|i'd|we|we're|you|he|she|they|it|yo|nosotros)$/i;
// Words that say something is wrong, for a need the trade vocabularies do not name ("water coming through the ceiling").
const PROBLEM = /\b(leak\w*|drip\w*|flood\w*|coming (in|through)|won'?t|doesn'?t|isn'?t working|not working|stopped|broke\w*|clogged|backing up|no (heat|hot water|power|ac|air)|spark\w*|smell\w*|burst|overflow\w*|nois[ey]\w*|banging|tripping|damage\w*|fuga|gotea\w*|no funciona|no sirve|no prende|tapad[oa]|tap[oó]|rot[oa])\b/i;
// A sentence about calling back is about calling back, whatever a vocabulary reads in it ("call back later").
const CALL_BACK = /\b(call (me |us |you )?(back|again|later)|give (me|us) a (call|ring)|call me|nobody'?s (there|home)|ll[aá]m(e|enme|ame)|devu[eé]lva)\b/i;
// What opens a voicemail before its point: greetings and fillers.
const OPENING = /^(?:(?:hi|hey|hello|hola|yeah|yes|so|ok|okay|good (?:morning|afternoon|evening)|buenas(?: tardes| noches)?|buenos d[ií]as|uh+|um+|er+|ah+|there)\b[\s,.!?]*)+/i;

const capital = (word: string) => /^\p{Lu}/u.test(word);
const nameLike = (word: string | undefined): word is string => word !== undefined && /^[\p{L}][\p{L}'-]*$/u.test(word) && !PRONOUN.test(word) && !isNotAName(word) && !FILLER.test(word) && !CONNECTORS.test(word) && word.length >= 2;

interface HeardName {
  firstName: string | null;
  lastName: string | null;
  words: string;
}

/**
 * A name after an introduction. The first word must look like a name: capitalised, or a popular first name (speech
 * written in lower case); a title makes the next word the surname ("it's Mrs. Albright"). The second word is the
 * surname when it is written like the first (both capitalised, or both lower case) and is not a word of the sentence.
 */
function introducedName(text: string): HeardName | null {
  const said = text.normalize('NFKC').replace(/[\u2018\u2019\u02bc]/g, "'");
  const lowerCaseSpeech = said === said.toLowerCase();
  const fromWords = (first: string | undefined, second: string | undefined, third: string | undefined, whole: string): HeardName | null => {
    if (first && TITLES.test(first)) return nameLike(second) && (capital(second) || lowerCaseSpeech) ? { firstName: null, lastName: written(second), words: whole } : null;
    if (!nameLike(first)) return null;
    if (!capital(first) && !isKnownFirstName(first)) return null;
    const surname = nameLike(second) && (capital(second) === capital(first) || lowerCaseSpeech) && !(isProblemWord(second) || isNotAName(second)) ? second : null;
    // "Maria Gonzalez calling" is two words; a third capitalised one is a two-part surname ("Ana Ruiz Soto").
    const more = surname && nameLike(third) && capital(third) && capital(surname) ? ` ${written(third)}` : '';
    return { firstName: written(first), lastName: surname ? `${written(surname)}${more}` : null, words: whole.trim() };
  };
  for (const match of said.matchAll(INTRO)) {
    const heard = fromWords(match[2]?.replace(/\.$/, ''), match[3], match[4], match[0]);
    if (heard) return heard;
  }
  for (const match of said.matchAll(SIGN_IN)) {
    const heard = fromWords(match[1], match[2], undefined, match[0]);
    // "Plumbing calling" is not a person: a sign-in needs a capitalised or popular first name, as above.
    if (heard) return heard;
  }
  return null;
}

/** A word that names the job ("furnace", "leak"): not a surname. */
function isProblemWord(word: string): boolean {
  return read(word).concepts.length > 0 || read(word).actions.size > 0;
}

/** A name given as the whole answer to a question asking for it ("What name should I put this under?" "Tom Becker."). */
function answeredName(lines: readonly CallerLine[]): HeardName | null {
  for (const [index, line] of lines.entries()) {
    const before = lines[index - 1];
    if (line.from !== 'caller' || before?.from !== 'assistant' || !isNameQuestion({ key: '', text: before.text })) continue;
    const lone = loneName(line.text.replace(/^(?:(?:uh+|um+|yeah|yes|sure|it'?s|its)[,.]?\s+)+/i, ''), true) ?? extractName(line.text, { loose: true });
    if (!lone) continue;
    const [first, ...rest] = lone.split(/\s+/);
    return { firstName: first ?? null, lastName: rest.length ? rest.join(' ') : null, words: line.text.trim() };
  }
  return null;
}

/**
 * A ZIP or postal code said as one: written in digits (the spoken-digit reading would take a phone number said
 * aloud for one) and not the house number of the address, or spoken right after "zip" / "postal code".
 */
function heardPostalCode(text: string, address: StreetAddress | null): string | null {
  const said = normalize(text);
  const codes = extractPostalCodes(text).filter((code) => {
    const bare = code.value.replace(/\s/g, '');
    if (address && address.words.replace(/\s/g, '').startsWith(bare)) return false;
    if (text.replace(/\s/g, '').includes(bare)) return true;
    return /\b(zip|zip code|postal code|codigo postal)\b/.test(said);
  });
  return codes.at(-1)?.value ?? null;
}

/** The sentences that say what the job is: those naming a thing of the trade or a problem with it. */
function heardNeed(callerText: string, address: StreetAddress | null, name: HeardName | null): string | null {
  let text = callerText;
  if (address) text = text.replace(address.words, ' ');
  if (name) text = text.replace(name.words, ' ');
  const sentences = text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) =>
      sentence
        .replace(/\s+/g, ' ')
        // What was taken out leaves "at ." or ", ,": tidied.
        .replace(/\s+(?:at|in|on|en|from)\s*(?=[.,!?]|$)/gi, '')
        .replace(/(?:\s*,)+/g, ',')
        .replace(/^[\s,.;:-]+|[\s,;:-]+$/g, '')
        .replace(OPENING, '')
        .trim(),
    )
    .filter((sentence) => sentence.length > 0);
  const about = sentences.filter((sentence) => {
    if (CALL_BACK.test(sentence) && !PROBLEM.test(sentence)) return false;
    const reading = read(sentence);
    return reading.concepts.length > 0 || reading.problems.size > 0 || PROBLEM.test(sentence);
  });
  if (about.length === 0) return null;
  const need = about.slice(0, 2).join(' ');
  return truncate(need.replace(/^\p{Ll}/u, (letter) => letter.toUpperCase()), NEED_LENGTH, { ellipsis: true });
}

/**
 * The facts in a caller's words, and the answers they give to the business's questions: a ZIP question gets the
 * ZIP, a name question the name, a question about the job the need (or, for a list of services, the one named).
 */
export function readCallerWords(lines: readonly CallerLine[], context: { questions: readonly QualifierQuestion[]; services: readonly string[] }): CallerFacts {
  const callerText = lines
    .filter((line) => line.from === 'caller')
    .map((line) => line.text.trim())
    .filter(Boolean)
    .join('\n');
  const reasons: string[] = [];
  const facts: CallerFacts = { firstName: null, lastName: null, address: null, postalCode: null, need: null, answers: {}, model: MODEL, reasons };
  if (!callerText) {
    reasons.push('The caller said nothing that was written down.');
    return facts;
  }
  const name = introducedName(callerText) ?? answeredName(lines);
  if (name) {
    facts.firstName = name.firstName;
    facts.lastName = name.lastName;
    reasons.push(`Heard the name in “${truncate(name.words, 80, { ellipsis: true })}”.`);
  }
  const address = extractStreetAddress(callerText);
  if (address) {
    facts.address = address.line;
    reasons.push(`Heard the address in “${truncate(address.words, 80, { ellipsis: true })}”.`);
  }
  facts.postalCode = heardPostalCode(callerText, address);
  if (facts.postalCode) reasons.push(`Heard the ZIP or postal code ${facts.postalCode}.`);
  facts.need = heardNeed(callerText, address, name);
  if (facts.need) reasons.push('Took the need from the sentences that name the job.');

  const fullName = [facts.firstName, facts.lastName].filter(Boolean).join(' ');
  for (const question of context.questions) {
    if (question.kind === 'zip' && facts.postalCode) facts.answers[question.key] = facts.postalCode;
    else if (question.kind === 'text' && isNameQuestion(question) && fullName) facts.answers[question.key] = fullName;
    else if (question.kind === 'text' && isProblemQuestion(question) && facts.need) facts.answers[question.key] = facts.need;
    else if (question.kind === 'choice' && facts.need) {
      const options = question.choices.length > 0 ? question.choices : [...context.services];
      const choice = chooseOption(facts.need, options);
      if (choice.best && choice.confident) facts.answers[question.key] = choice.best.option;
    }
  }
  return facts;
}
