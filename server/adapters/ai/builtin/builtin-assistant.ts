/**
 * The built-in assistant: the default AI adapter, offline and deterministic, that behaves like a good dispatcher.
 * It reads each text with the NLU in ./nlu — the intent model (nlp.js, trained from examples at first use), trade
 * vocabularies for the owner's services, chrono-node for dates, the person's language — and then:
 * - puts safety first: an emergency in any phrasing gets the safety line for its danger and a person at once; a
 *   complaint about a past job goes to a person with an apology; spam, vendors and competitors get no reply;
 * - takes every answer a text gives, in any order, accepts corrections (the last word wins), never asks what was
 *   answered, and records nothing it is not sure of: it asks once more with the likely options, and a second miss
 *   goes to a person;
 * - answers in the person's language (English or Spanish), quotes a price only when the item's conditions fit the
 *   job described, and says it is an automated assistant when asked.
 * The same input always gives the same decision.
 */
import { HANDOFF_REASON_WORDS, type HandoffReason, type QualifierQuestion } from '@contracts/ai';
import { between, truncate } from '@contracts/text';
import { type AiBooking, type AiDecision, type AiPort, type AiSlot, type AiTurnInput, emptyDecision } from '../ai.port';
import { asksForTime, chooseTwo, describeSlot, offerText, preferenceFromAnswer, preferenceFromText, readOfferAnswer, type TimePreference, whichSlotText } from './booking';
import { matchFaq } from './faq';
import { choosePriceItem, formatItemPrice, itemForEachMore } from './prices';
import * as say from './replies';
import { CHAT_TAIL, clauseName, HOME_TYPE_ASKED, OWNER_OK, extractName, numbersAsDigits, extractPostalCode, extractYesNo, isInServiceArea, isKnownFirstName, isNameQuestion, isNotAName, KIDS, loneName, NAME_GIVEN, NO_IDIOMS, petsNamed, slipIntoArea, topicalYesNo, type YesNoTopic, yesNoTopic } from './nlu/answers';
import { dateAnswer, dateFromEarlierEvent, dayOfferedBefore, describeDate, extractDate, extractWindow, type FoundDate, OWN_DEADLINE } from './nlu/dates';
import { type IntentModel, intentModel } from './nlu/intents';
import { type Language, threadLanguage } from './nlu/language';
import { businessState, destinationStates } from './nlu/places';
import { milesBetween, statesOfTown, townInArea, townsNamed, tripTowns } from './nlu/towns';
import { chooseOption, notOfferedAsked, optionThings, pickByAction, read, sameThingOtherJob, STOP, withoutActions, WISH } from './nlu/services';
import { complaintAcross, type Hazard, noHeatInCold, questionSentences, readSignals, type Signals } from './nlu/signals';
import { clauseAfter, fold, normalize, sentenceAt, spokenPunctuation } from './nlu/text';
import { chooseFrequencyOption, chooseSizeOption, statedSizes } from './nlu/sizes';

/** Two SMS segments. */
export const MAX_REPLY_CHARS = 320;
const MODEL = 'built-in';

export function createBuiltinAssistant(): AiPort {
  return {
    kind: 'builtin',
    decide: async (input) => decideTurn(input, await intentModel()),
  };
}

interface Found {
  value: string;
  reason: string;
  /** The text itself says it changes an answer given before ("we would prefer … a complete replacement"). */
  changes?: true;
}

type Answer = Found | { tied: string[] } | { unsure: string[] } | null;

interface Turn {
  input: AiTurnInput;
  text: string;
  language: Language;
  voice: say.Voice;
  signals: Signals;
  /** The question the business asked last (the one this text most likely answers), or null. */
  asked: QualifierQuestion | null;
  businessSpoke: boolean;
  /** The person's texts before this turn's, in order. */
  earlierTexts: string[];
}

/** One turn of the built-in assistant. */
export async function decideTurn(input: AiTurnInput, model?: IntentModel): Promise<AiDecision> {
  const decision = emptyDecision(MODEL);
  const reasons = decision.reasons;
  // (Punctuation a phone's voice typing wrote as words, "period", "question mark", put back.)
  const text = input.newMessages
    .map((message) => spokenPunctuation(message.trim()))
    .filter((message) => message !== '')
    .join('\n');
  if (text === '') {
    reasons.push('There was no new text to answer.');
    return decision;
  }
  const language = threadLanguage(input.transcript.filter((line) => line.from === 'contact').map((line) => line.body));
  const voice: say.Voice = { business: input.business.name, assistant: input.assistant.name, tone: input.assistant.tone, language };
  const ownSignals = await readSignals(text, language, model ?? (await intentModel()));
  // A danger told across texts (the heat out in one, the cold in the next) is as much a danger as in one.
  const earlierTexts = earlierLines(input).filter((line) => line.from === 'contact').map((line) => line.body);
  const across = ownSignals.emergency || earlierTexts.length === 0 ? null : noHeatInCold([...earlierTexts, text].join('\n'), text);
  // So is a complaint: the job done in one text, what is wrong with it in the next.
  const complaint = ownSignals.complaint ?? (across || ownSignals.emergency || earlierTexts.length === 0 ? null : complaintAcross(earlierTexts, text));
  const signals: Signals = { ...ownSignals, ...(across ? { emergency: across } : {}), complaint };
  if (language === 'es') reasons.push('The person writes in Spanish: answered in Spanish.');

  if (signals.spam && !hasAnyAnswer(input)) {
    reasons.push(`Not a customer (“${signals.spam.words}”): no reply.`);
    return { ...decision, action: 'skip', lead: 'spam', summary: `Not a customer: ${signals.spam.words}.` };
  }

  const businessSpoke = input.transcript.some((line) => line.from === 'business');
  const turn: Turn = { input, text, language, voice, signals, asked: businessSpoke ? askedQuestion(input) : null, businessSpoke, earlierTexts };
  const wasQualified = businessSpoke && allRequiredAnswered(input.questions, input.answers);

  const { found, tied, unsure } = findAnswers(turn);
  const notOffered = serviceNotOffered(turn, found);
  if (notOffered) for (const question of input.questions) if (isAboutServices(question, input)) delete found[question.key];
  for (const [key, { value, reason }] of Object.entries(found)) {
    decision.answers[key] = value;
    reasons.push(reason);
  }
  let answers = { ...input.answers, ...decision.answers };

  // A person, whatever else they said: danger first, then a complaint, anger, a request for a person or a call.
  const handoff = handoffFor(signals);
  if (handoff) {
    // A complaint is about a job already done: only who they are is this lead's. A day said while asking for help
    // is not an appointment unless the day was what we asked.
    for (const question of input.questions) {
      if (!(question.key in decision.answers)) continue;
      const aboutPastJob = handoff.reason === 'complaint' || (handoff.reason === 'anger' && signals.complaint !== null);
      // A danger is not a request for something new or for upkeep: "Add an outlet" or "Tree pruning" is only a
      // guess from the thing named (a warm outlet, a limb on the roof) unless the text asks for that kind of job.
      // Nor is a trouble the option names that the text does not say ("Dead outlet" for a warm one, "No heat" for a
      // furnace named beside a CO alarm), and a CO alarm says nothing of which thing is at fault (unless they ask for
      // someone to look at one: "need someone to look at the furnace").
      const guessedJob = handoff.reason === 'emergency' && question.kind === 'choice' && question.key !== turn.asked?.key && jobGuessedFromDanger(decision.answers[question.key] ?? '', turn);
      // A day asked for a visit in the same words ("can someone come look tomorrow?", "¿pueden venir hoy?") is the
      // day they want, danger or not.
      // (That sentence's day: "Supposed to be -2 tonight … somebody needs to look at it today" is today, no evening.)
      const visitDay = question.kind === 'date' && !aboutPastJob && question.key !== turn.asked?.key ? dayOfVisitAsked(turn) : null;
      const keep = aboutPastJob ? question.kind === 'zip' || (question.kind === 'text' && isNameQuestion(question)) : (question.kind !== 'date' || question.key === turn.asked?.key || visitDay !== null) && !guessedJob;
      if (!keep) delete decision.answers[question.key];
      else if (visitDay) decision.answers[question.key] = dateAnswer(visitDay);
    }
    reasons.push(`Handed off (${HANDOFF_REASON_WORDS[handoff.reason].toLowerCase()}): “${handoff.words}”.`);
    answers = { ...input.answers, ...decision.answers };
    return handOff(decision, turn, answers, handoff.reason, { hazard: signals.emergency?.hazard ?? null, callback: signals.callback !== null });
  }

  // An out-of-area ZIP one swapped pair of digits from the area ("31046" for "31406"): checked once first.
  const zipCheck = postalToConfirm(input, decision.answers);
  if (zipCheck) {
    delete decision.answers[zipCheck.key];
    answers = { ...input.answers, ...decision.answers };
    reasons.push(`ZIP ${zipCheck.code} is outside the area but two digits swapped would be inside it: asked to confirm it before turning the lead away.`);
  }

  const disqualified = disqualifyReason(input, decision.answers, notOffered);
  if (disqualified) {
    // No visit comes of it: a day said in passing is no appointment (one the date question asked for is kept).
    for (const question of input.questions) if (question.kind === 'date' && question.key in decision.answers && question.key !== turn.asked?.key) delete decision.answers[question.key];
    answers = { ...input.answers, ...decision.answers };
    reasons.push(`Disqualified: ${disqualified}. Sent the owner's disqualify message.`);
    const summary = buildSummary(input, answers, language);
    const message = language === 'es' || !input.disqualifyMessage.trim() ? say.defaultDisqualify(voice) : input.disqualifyMessage.trim();
    return { ...decision, action: 'reply', reply: fit([message]), lead: 'disqualified', summary: truncate(`${summary ? `${summary} ` : ''}Disqualified: ${disqualified}.`, 400) };
  }

  if (wasQualified && Object.keys(decision.answers).length === 0 && signals.thanks && !input.booking?.offered.length) {
    reasons.push('The lead is already qualified and the person only acknowledged: no reply needed.');
    return { ...decision, action: 'skip' };
  }

  // The booking tool: the answer to times offered comes first — a pick is booked by the engine, "neither" gets others.
  const booking = input.booking && !input.booking.booked && input.booking.slots.length > 0 ? input.booking : null;
  const openOffer = booking && wasQualified && booking.offered.length > 0 ? booking.offered : null;
  if (booking && openOffer) {
    const reply = readOfferAnswer(text, openOffer, input.business.timezone);
    if (reply.kind === 'pick') {
      reasons.push(`They picked ${describeSlot(reply.slot, input.business.timezone, 'en')} (${reply.why}): booking it; the confirmation with the calendar link goes out from the booking.`);
      return { ...decision, action: 'skip', reply: null, bookStart: reply.slot.start, summary: buildSummary(input, answers, language) };
    }
    if (reply.kind === 'neither') return offerOthers(decision, turn, answers, booking, openOffer);
  }

  // Things the person asked, answered before the next question.
  const extras: string[] = [];
  if (signals.bot) {
    extras.push(say.botAnswer(voice));
    reasons.push(`Asked whether this is a bot: said it is ${input.assistant.name}, an automated assistant for ${input.business.name}.`);
  }
  const asking = questionSentences(text);
  // ("ballpark $?" is short enough to pass for a guess offered, but asks a price all the same.)
  // (Or asked in the idiom, without a question mark: "whats aeration run these days", "whats ur range for a 2 br".)
  const priceAsked = signals.price !== null && (asking.length > 0 || /\b(how much|cuanto|price|precio|cost|quote|ballpark)\b|\$\s*\?/.test(normalize(text)) || /\b(run|go for|going for|get for|ask for|range)\b/.test(signals.price.words));
  const faqs = faqAnswers(asking, input, priceAsked);
  for (const match of faqs) {
    extras.push(say.faqAnswer(match.entry.answer.trim(), language));
    reasons.push(`Answered from the FAQ “${match.entry.question}” (shared: ${match.words.join(', ')}).`);
  }
  const faqAboutPrice = faqs.some((match) => /\b(price|cost|charge|fee|rate|how much)\b/i.test(match.entry.question));
  // A price asked earlier and left to the team because the job's size was not known yet: quoted once the size is.
  const priceOwed = !priceAsked && input.pricing.policy !== 'never' && priceStillOwed(input);
  if (priceOwed) {
    const asked = earlierLines(input).findLast((line) => line.from === 'contact' && /\b(how much|price|cost|quote|rate|charge|cuanto|precio)\b/i.test(normalize(line.body)));
    const quote = priceReply(turn, answers, asked?.body);
    if (quote.itemIds.length > 0) {
      extras.push(quote.reply);
      decision.quotedItemIds = quote.itemIds;
      reasons.push(`Now that the size is known: ${quote.reason}`);
    }
  }
  if (priceAsked && !faqAboutPrice) {
    const quote = priceReply(turn, answers);
    extras.push(quote.reply);
    decision.quotedItemIds = quote.itemIds;
    reasons.push(quote.reason);
  }

  // Saying again an option already recorded is an answer to a choice, not to a ZIP or a date ("the yellow house").
  const placed = Object.keys(decision.answers).length > 0 || ((turn.asked === null || turn.asked.kind === 'choice') && confirmsAnswer(input, text));
  // A question of their own is not a failed answer: it is answered (or passed to the team), and ours is asked again.
  // "I'll have to look that up … I'll get back to you": the answer comes later, which is no miss.
  // (Or stopping for now with nothing else said: "sorry boss just walked in ttyl", "ok thx ill think about it".)
  const deferred = turn.asked !== null && !placed && (signals.deferred || signals.away);
  const handled = signals.bot !== null || faqs.length > 0 || priceAsked || tied !== null || asking.length > 0 || addsToDescription(input, text) || zipCheck !== null || deferred;
  const unanswered = asking.length > 0 && signals.bot === null && faqs.length === 0 && !priceAsked && !placed;
  const small = signals.greeting || signals.thanks;
  const asked = turn.asked;
  const passedBefore = passedOptionalKeys(input);
  const passedNow = asked && !asked.required && !(asked.key in decision.answers) && !handled && !small && unsure === null ? asked.key : null;
  // A description taken for another free-text question ("the one that beeps") does not answer the one asked.
  const placedFirmly = Object.entries(decision.answers).some(([key]) => !(found[key]?.reason.startsWith('Took the description') ?? false)) || (placed && Object.keys(decision.answers).length === 0);
  const confused = asked !== null && !(asked.key in answers && answers[asked.key] !== '') && !placedFirmly && !handled && !small && passedNow === null;
  decision.confused = confused;

  // The likely options were already offered ("which one is it: …?") and this reply still names none: the second miss.
  const optionsOffered = asked?.kind === 'choice' && say.askedWhichOne(lastBusinessLine(input));
  // So is saying they cannot tell which of the options just listed it is ("idk which one of your things that is", "I
  // don't know what you call it"): asking the same list again would not help; a person will.
  const listedJustNow = asked?.kind === 'choice' && optionsFor(asked, input).filter((option) => lastBusinessLine(input).includes(option)).length >= 2;
  const cannotTell = listedJustNow && CANNOT_TELL.test(normalize(text));
  if (confused && (input.confusedTurns >= 1 || optionsOffered || cannotTell)) {
    reasons.push(`Still could not place an answer to “${asked.text}” after asking again: a person takes over.`);
    return handOff(decision, turn, answers, 'confusion', {});
  }

  const passed = passedNow ? new Set([...passedBefore, passedNow]) : passedBefore;
  if (passedNow) reasons.push(`No answer to the optional question “${asked?.text}”: moved on.`);
  const open = pending(input.questions, answers, passed);
  const nowQualified = allRequiredAnswered(input.questions, answers);
  const qualifiesNow = nowQualified && !wasQualified;
  const parts: Part[] = [];
  if (!businessSpoke) parts.push({ text: say.greeting(voice), optional: true });
  // A corrected answer is said back in place of the thanks, so a misreading shows at once and the person can say so
  // ("sorry 49503 not 49530" → "Got it, I've changed that to ZIP 49503.").
  const corrected = businessSpoke ? correctionsSaidBack(turn, found, decision.answers) : [];
  if (corrected.length > 0) {
    parts.push({ text: say.changedTo(voice, corrected), optional: false });
    reasons.push(`Said back what was corrected: ${corrected.join(', ')}.`);
  } else if (placed && businessSpoke && !qualifiesNow && !wasQualified) {
    const ack = say.acknowledgment(voice, input.repliesToday);
    if (ack) parts.push({ text: ack, optional: true });
  }
  for (const extra of extras) parts.push({ text: extra, optional: false, shortenable: true });
  if (unanswered) {
    parts.push({ text: say.unknownQuestion(voice), optional: false });
    reasons.push(`A question the facts, FAQ and price book do not answer: “${truncate(asking.join(' '), 120)}”.`);
  }
  const offer = booking && (qualifiesNow || (wasQualified && !openOffer && (asksForTime(text) || preferenceFromText(text, input.now, input.business.timezone, language) !== null))) ? firstOffer(turn, answers, booking) : null;
  if (qualifiesNow && !offer) parts.push({ text: say.closing(voice, firstName(input, answers), jobAndDay(input, answers, language)), optional: false, fallback: say.closing(voice, firstName(input, answers)) });
  if (offer) {
    const thanks = qualifiesNow ? say.thanksName(voice, firstName(input, answers)) : '';
    parts.push({ text: `${thanks ? `${thanks} ` : ''}${offer.text}`, optional: false });
    decision.offeredStarts = offer.starts;
    reasons.push(offer.reason);
  }

  // A question already asked twice and passed over while the person answered others waits behind the questions not
  // asked yet, instead of being asked a third time in a row.
  const askedTimes = (question: QualifierQuestion) => earlierLines(input).filter((line) => line.from === 'business' && asksIn(line.body, question)).length;
  // A short pause ("brb tenant calling me") asks nothing more until they are back.
  const paused = deferred && (signals.paused || signals.away);
  const askable = paused ? [] : deferred ? open.filter((question) => question.key !== asked?.key) : open;
  const next = (askable[0] && askedTimes(askable[0]) >= 2 ? askable.find((question) => askedTimes(question) === 0) : undefined) ?? askable[0];
  if (deferred && asked) {
    parts.push({ text: paused ? say.takeYourTime(voice) : say.answerLater(voice), optional: false });
    reasons.push(paused ? `A short pause before answering “${asked.text}”: no miss, nothing asked until they are back.` : `They will send the answer to “${asked.text}” later: no miss, and it is not asked again now.`);
  }
  if (confused && asked) {
    const likely = unsure && unsure.length > 0 ? unsure : asked.kind === 'text' ? textExamples(asked, language) : optionsFor(asked, input);
    parts.push({ text: say.askAgain(voice, asked, likely, postalExample(input.business.serviceAreaPrefixes)), optional: false });
    reasons.push(`Nothing could be placed for “${asked.text}”${unsure && unsure.length > 0 ? ` (not sure between ${unsure.join(', ')})` : ''}: asked again with the likely answers.`);
  } else if (zipCheck) {
    parts.push({ text: say.confirmPostal(voice, zipCheck.code), optional: false });
  } else if (tied && next && tied.question === next.key) {
    parts.push({ text: say.whichOne(voice, tied.options), optional: false });
    reasons.push(`Several options fit for “${next.text}” (${tied.options.join(', ')}): asked which one.`);
  } else if (next) {
    // (Asked again after "which one is it: A or B?" went unanswered: with those two, not the whole list.)
    const narrowed = next.kind === 'choice' ? optionsAskedBetween(input, next) : null;
    parts.push({ text: say.askQuestion(next, narrowed ?? optionsFor(next, input), language), optional: false });
    reasons.push(`Asked the next question: “${next.text}”${narrowed ? ` (with the options it was not sure between: ${narrowed.join(', ')})` : ''}.`);
  } else if (offer) {
    // The offer is the question.
  } else if (openOffer) {
    parts.push({ text: whichSlotText(voice, openOffer, input.business.timezone), optional: false });
    decision.offeredStarts = openOffer.map((slot) => slot.start);
    reasons.push('Could not tell which of the offered times they want: asked again.');
  } else if (wasQualified && (placed || (extras.length === 0 && !unanswered))) {
    parts.push({ text: say.passedOn(voice), optional: false });
    reasons.push('Already qualified: told the person their words go to the team.');
  }
  if (qualifiesNow) reasons.push('Every required question is answered: the lead is qualified.');

  decision.action = parts.length > 0 ? 'reply' : 'skip';
  decision.reply = parts.length > 0 ? fit(parts) : null;
  decision.lead = wasQualified ? null : nowQualified ? 'qualified' : 'engaging';
  decision.summary = buildSummary(input, answers, language);
  if (decision.action === 'skip') reasons.push('Nothing to say this turn.');
  return decision;
}

// ---------------------------------------------------------------------------------------------------------------
// Booking

/** The day and window the person asked for: named in this text, else the lead's answer to the date question. */
function preferenceOf(turn: Turn, answers: Record<string, string>): TimePreference | null {
  const { input } = turn;
  const said = preferenceFromText(turn.text, input.now, input.business.timezone, turn.language);
  if (said) return said;
  const dateQuestion = input.questions.find((question) => question.kind === 'date');
  return dateQuestion ? preferenceFromAnswer(answers[dateQuestion.key]) : null;
}

/** What the person asked for, in words, when no free time fits it ("Friday (before 11:00)"). */
function missedWords(turn: Turn, preference: TimePreference | null): string | null {
  if (!preference) return null;
  const { input } = turn;
  if (preference.date) return describeDate(`${preference.date}${preference.window ? ` ${preference.window}` : ''}`, input.now, input.business.timezone, turn.language);
  return preference.window;
}

function firstOffer(turn: Turn, answers: Record<string, string>, booking: AiBooking): { text: string; starts: number[]; reason: string } | null {
  const zone = turn.input.business.timezone;
  const preference = preferenceOf(turn, answers);
  const { slots, keptPreference } = chooseTwo(booking.slots, zone, preference);
  if (slots.length === 0) return null;
  const missed = keptPreference ? null : missedWords(turn, preference);
  const offered = slots.map((slot) => describeSlot(slot, zone, 'en')).join(' and ');
  return {
    text: offerText(turn.voice, booking.typeName, slots, zone, { missed }),
    starts: slots.map((slot) => slot.start),
    reason: `Offered free times for ${booking.typeName}: ${offered}${preference ? (keptPreference ? ` (as asked: ${missedWords(turn, preference)})` : ` (nothing free ${missedWords(turn, preference)})`) : ''}.`,
  };
}

/** Neither offered time suits: two others (on the day and window they now name, if any), or the team finds one. */
function offerOthers(decision: AiDecision, turn: Turn, answers: Record<string, string>, booking: AiBooking, offered: readonly AiSlot[]): AiDecision {
  const zone = turn.input.business.timezone;
  const preference = preferenceOf(turn, answers);
  const { slots, keptPreference } = chooseTwo(booking.slots, zone, preference, new Set(offered.map((slot) => slot.start)));
  const summary = buildSummary(turn.input, answers, turn.language);
  if (slots.length === 0) {
    decision.reasons.push('Neither offered time suits and no other time is free: a person finds one.');
    return handOff(decision, turn, answers, 'outside_policy', {});
  }
  const missed = keptPreference ? null : missedWords(turn, preference);
  decision.reasons.push(`Neither offered time suits: offered ${slots.map((slot) => describeSlot(slot, zone, 'en')).join(' and ')}.`);
  return { ...decision, action: 'reply', reply: fit([offerText(turn.voice, booking.typeName, slots, zone, { missed, again: !missed })]), offeredStarts: slots.map((slot) => slot.start), summary };
}

// ---------------------------------------------------------------------------------------------------------------
// Handoffs

function handoffFor(signals: Signals): { reason: HandoffReason; words: string } | null {
  if (signals.emergency) return { reason: 'emergency', words: signals.emergency.words };
  // Upset at the business (shouting, "unbelievable") is anger even about a past job; a calm complaint is a complaint.
  if (signals.anger) return { reason: 'anger', words: signals.anger.words };
  if (signals.complaint) return { reason: 'complaint', words: signals.complaint.words };
  if (signals.callback) return { reason: 'asked_for_person', words: signals.callback.words };
  if (signals.person) return { reason: 'asked_for_person', words: signals.person.words };
  return null;
}

function handOff(decision: AiDecision, turn: Turn, answers: Record<string, string>, reason: HandoffReason, options: { hazard?: Hazard | null; callback?: boolean }): AiDecision {
  const summary = buildSummary(turn.input, answers, turn.language);
  return {
    ...decision,
    action: 'handoff',
    handoffReason: reason,
    reply: fit([say.handoffReply(turn.voice, reason, options)]),
    lead: 'needs_human',
    summary: truncate(`${summary ? `${summary} ` : ''}Handed to a person: ${HANDOFF_REASON_WORDS[reason].toLowerCase()}${options.callback ? ' (asked to be called)' : ''}.`, 400),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Questions and answers

function hasAnswer(answers: Record<string, string>, key: string): boolean {
  return (answers[key] ?? '').trim() !== '';
}

function hasAnyAnswer(input: AiTurnInput): boolean {
  return input.transcript.some((line) => line.from === 'business') && Object.values(input.answers).some((value) => value.trim() !== '') && input.transcript.filter((line) => line.from === 'contact').length > input.newMessages.length;
}

function allRequiredAnswered(questions: readonly QualifierQuestion[], answers: Record<string, string>): boolean {
  return questions.every((question) => !question.required || hasAnswer(answers, question.key));
}

function pending(questions: readonly QualifierQuestion[], answers: Record<string, string>, passed: ReadonlySet<string>): QualifierQuestion[] {
  return questions.filter((question) => !hasAnswer(answers, question.key) && !passed.has(question.key));
}

/** The business's latest text before this turn's texts ('' when none). */
function lastBusinessLine(input: AiTurnInput): string {
  return earlierLines(input).filter((line) => line.from === 'business').at(-1)?.body ?? '';
}

/** The business's lines before this turn's texts. */
function earlierLines(input: AiTurnInput) {
  return input.transcript.slice(0, Math.max(0, input.transcript.length - input.newMessages.length));
}

/** Whether a business text asks `question` (in the owner's words or their Spanish). */
function asksIn(body: string, question: QualifierQuestion): boolean {
  return body.includes(question.text) || body.includes(say.spanishQuestion(question));
}

/** The question the business's last text asked (by its words, English or Spanish), else the first still open. */
function askedQuestion(input: AiTurnInput): QualifierQuestion | null {
  const last = earlierLines(input).filter((line) => line.from === 'business').at(-1)?.body ?? '';
  const open = input.questions.filter((question) => !hasAnswer(input.answers, question.key));
  const named = open.find((question) => asksIn(last, question));
  if (named) return named;
  // An opening that asks nothing ("got your online request, just a couple quick questions") asked no question.
  if (!/\?/.test(last)) return null;
  return open.find((question) => !passedOptionalKeys(input).has(question.key)) ?? null;
}

/** Optional questions already asked and replied to without an answer. */
function passedOptionalKeys(input: AiTurnInput): Set<string> {
  const earlier = earlierLines(input);
  const passed = new Set<string>();
  for (const question of input.questions) {
    if (question.required || hasAnswer(input.answers, question.key)) continue;
    const askedAt = earlier.findIndex((line) => line.from === 'business' && asksIn(line.body, question));
    if (askedAt >= 0 && earlier.slice(askedAt + 1).some((line) => line.from === 'contact')) passed.add(question.key);
  }
  return passed;
}

/** The options a question offers: its own list, or the business's services for a service question without one. */
function optionsFor(question: QualifierQuestion, input: AiTurnInput): string[] {
  if (question.choices.length > 0) return question.choices;
  return question.kind === 'choice' || isServiceQuestion(question) ? input.business.services : [];
}

function isServiceQuestion(question: QualifierQuestion): boolean {
  return /service|job|work_type|trade|need|problem|issue/.test(question.key) && question.kind !== 'yes_no';
}

function isAboutServices(question: QualifierQuestion, input: AiTurnInput): boolean {
  return (question.kind === 'choice' && isServiceQuestion(question)) || optionsFor(question, input).some((option) => input.business.services.includes(option));
}

/** A free-text question about the job itself ("What's going on?", "Describe the issue"). */
export function isProblemQuestion(question: QualifierQuestion): boolean {
  return (
    question.kind === 'text' &&
    (/(^|_)(issue|problem|description|describe|going_on|what_happened|symptoms?)($|_)/.test(question.key) ||
      /^any (more |other )?details\b|\b(what('s| is) (going on|the (issue|problem)|happening|wrong)|describe|description|what do you need( done)?|what needs (doing|to be done|done)|tell (me|us) (a little |a bit )?(more )?about|what can we help|what happened|what seems to be|what are we (hauling|doing|working on))\b/i.test(question.text))
  );
}

/**
 * Answers in this turn's texts. The question just asked takes looser readings ("yes", a short name, the whole text
 * for a free-text question); any other question is filled only when its answer is clearly there (a ZIP, a named
 * service, a date, "it's my house"). An answered question changes when the text clearly gives a new value (a ZIP,
 * a date) or says it corrects one.
 */
function findAnswers(turn: Turn): { found: Record<string, Found>; tied: { question: string; options: string[] } | null; unsure: string[] | null } {
  const { input, text, asked, signals } = turn;
  const found: Record<string, Found> = {};
  let tied: { question: string; options: string[] } | null = null;
  let unsure: string[] | null = null;
  const problemTaken = { value: false };
  // Structured answers first; a free-text question then knows whether the text answered something else.
  const ordered = [...input.questions.filter((question) => question.kind !== 'text'), ...input.questions.filter((question) => question.kind === 'text')];
  for (const question of ordered) {
    const isAsked = question.key === asked?.key;
    const answered = hasAnswer(input.answers, question.key);
    // More about the job in a text that answers nothing else ("2 by the toilet and 1 in the shower. it's a fiberglass
    // tub surround if that matters" while the day was asked): kept with the description, as a dispatcher's note would.
    // (A job corrected in the same words, "it's the whole freezer not just the ice maker", is more about the job too.)
    const onlyJobCorrected = Object.entries(found).every(([key, answer]) => /^(Corrected|Refined):/.test(answer.reason) && input.questions.some((other) => other.key === key && other.kind === 'choice'));
    if (answered && question.kind === 'text' && topicOf(question) === 'problem' && !isAsked && onlyJobCorrected && moreAboutJob(turn, Object.keys(found).length > 0)) {
      found[question.key] = { value: truncate(`${input.answers[question.key] ?? ''} ${text.replace(/\s+/g, ' ').trim()}`, 500), reason: `Added to the description of the job: “${truncate(text.trim(), 80)}”.` };
      continue;
    }
    let value = answerFor(turn, question, isAsked, answered, problemTaken, Object.keys(found).length > 0);
    if (value === null) continue;
    // "oh wait its a Samsung sorry, the LG is the dryer": the make a correction names first.
    if (answered && signals.correction && question.kind === 'text' && topicOf(question) === 'brand' && 'value' in value) value = { ...value, value: value.value.split(', ')[0] ?? value.value };
    if ('tied' in value) {
      if (!answered) tied = { question: question.key, options: value.tied };
      continue;
    }
    if ('unsure' in value) {
      if (isAsked) unsure = value.unsure;
      continue;
    }
    if (answered && normalize(value.value) === normalize(input.answers[question.key] ?? '')) continue;
    // "this is Dan's wife" after "Dan Whitaker": the same person, already known by a fuller name.
    if (answered && isNameQuestion(question) && normalize(input.answers[question.key] ?? '').startsWith(`${normalize(value.value)} `)) continue;
    // "Dan & Carol Whitfield" after "Carol": the surname of the one already known.
    const known = answered && isNameQuestion(question) ? (input.answers[question.key] ?? '').trim() : '';
    const surname = /^\p{Lu}\p{Ll}+$/u.test(known) ? new RegExp(`\\b${known}\\s+(\\p{Lu}[\\p{Ll}'’-]+)\\s*[.!]?\\s*$`, 'u').exec(text.trim())?.[1] : undefined;
    if (surname && !isNotAName(surname)) {
      found[question.key] = { value: `${known} ${surname}`, reason: `The surname of ${known}: “${known} ${surname}” for “${question.text}”.` };
      continue;
    }
    // The kind of job told afterwards ("Replace it probably") moves "Water heater repair" to "…replacement".
    // A kind of job said only to deny it ("no, not leaking") refines nothing.
    const affirmed = text.replace(/\b(not|no longer|isn'?t|aren'?t|wasn'?t|never|nothing)\s+\w+/gi, ' ');
    if (answered && question.kind === 'choice' && refines(input, question, affirmed, value.value)) {
      found[question.key] = { value: value.value, reason: `Refined: ${value.reason}` };
      continue;
    }
    if (answered && question.kind === 'text' && closerAnswer(topicOf(question), input.answers[question.key] ?? '', value.value)) {
      found[question.key] = { value: value.value, reason: `Refined: ${value.reason}` };
      continue;
    }
    // More about the way in, said later ("Gate is usually open, if not the code is 1955" after "my husband is home that
    // day"): kept beside what was said before, as a dispatcher's note would.
    // So is a model number after the make ("el modelo es RF28R7351SR" after "la nevera Samsung").
    const models = topicOf(question) === 'brand' && 'value' in value ? (value.value.match(MODEL_NUMBER) ?? []) : [];
    const addsModel = models.some((model) => !(input.answers[question.key] ?? '').includes(model));
    if (answered && question.kind === 'text' && (topicOf(question) === 'access' || addsModel) && !isAsked && !signals.correction && 'value' in value && value.reason.startsWith('Found') && !normalize(input.answers[question.key] ?? '').includes(normalize(value.value))) {
      found[question.key] = addsModel
        ? { value: truncate(`${input.answers[question.key] ?? ''} ${models.join(', ')}`, 500), reason: `Added the model: ${value.reason}` }
        : { value: truncate(`${input.answers[question.key] ?? ''}; ${value.value}`, 500), reason: `Added to the way in: ${value.reason}` };
      continue;
    }
    // An answered choice or yes/no changes only when the person says they are correcting it (or, for the name, gives
    // it outright: "Name is Helen Park" after "this is her husband Tom").
    const namedOutright = isNameQuestion(question) && NAME_GIVEN.test(text);
    // So does a yes/no said outright in the topic's own words ("and yes I own it" after "no" was read from "I've got 5
    // rental units"): the person's plain answer over one read from words said in passing.
    const topic = question.kind === 'yes_no' ? yesNoTopic(question) : 'other';
    // (Or owning or renting said in the first person, "I own it, tenant lives there" after "no" was read from "gutters on
    // a rental house".)
    const saidOutright = answered && topic !== 'other' && topicWordsSaid(text, topic) && ((/\b(yes|yeah|yep|yup|no|nope|nah|si)\b/.test(normalize(text)) && extractYesNo(text, 'other') === value.value) || (topic === 'ownership' && OWNING_SAID.test(normalize(text)) && 'value' in value && extractYesNo(text, topic) === value.value));
    // And a choice said again with the question's own thing ("both yards I guess" after "Front", asked "Front yard, back
    // yard or both?"): their plain answer over one read in passing.
    const choiceOutright = answered && question.kind === 'choice' && choiceSaidWithTopic(question, value.value, text);
    if (answered && (question.kind === 'choice' || question.kind === 'yes_no' || question.kind === 'text') && !signals.correction && !isAsked && !namedOutright && !saidOutright && !choiceOutright && !value.changes) continue;
    // A correction in the text changes the name only when it is about the name ("Actually Thursday is best for her …
    // Fran" after "Doug and Fran Petersen here" corrects the day; Fran signs).
    const knownFirst = normalize((input.answers[question.key] ?? '').split(/\s+/)[0] ?? '');
    if (answered && isNameQuestion(question) && !isAsked && !namedOutright && !/\b(name|spell\w*|nombre)\b/i.test(text) && !/\b(?:I'?m|I am|[Tt]his is|[Ii]t'?s)\s+\p{Lu}/u.test(text) && !(knownFirst !== '' && new RegExp(`\\b${knownFirst.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(normalize(text)))) continue;
    // ("tenemos lavadora y secadora también" after "2 bedrooms": more of the answer, kept beside it.)
    if (answered && question.kind === 'text' && !isNameQuestion(question) && /\b(too|as well|also|tambien|ademas)\b/.test(normalize(value.value)) && !normalize(input.answers[question.key] ?? '').includes(normalize(value.value))) {
      found[question.key] = { value: truncate(`${input.answers[question.key] ?? ''}; ${value.value}`, 500), reason: `Added: ${value.reason}` };
      continue;
    }
    found[question.key] = answered ? { value: value.value, reason: `Corrected: ${value.reason}`, ...(value.changes ? { changes: true as const } : {}) } : value;
  }
  // "wait no sorry closing got moved, make it Monday March 1st": a correction of a day or a ZIP in the same text is
  // what it corrects; a choice it seems to re-read in passing ("moved") stays as it was, unless named word for word.
  const correctedOther = Object.entries(found).some(([key, answer]) => answer.reason.startsWith('Corrected:') && input.questions.some((question) => question.key === key && (question.kind === 'date' || question.kind === 'zip')));
  if (correctedOther) {
    for (const question of input.questions) {
      const answer = found[question.key];
      if (question.kind === 'choice' && answer?.reason.startsWith('Corrected:') && !normalize(text).includes(normalize(answer.value))) delete found[question.key];
    }
  }
  // "its the WASHER. it's not spinning the water out, the dryer is fine": the thing corrected, the description of the
  // trouble given with it replaces the one told of the other thing.
  const thingCorrected = Object.entries(found).some(([key, answer]) => answer.reason.startsWith('Corrected:') && input.questions.some((question) => question.key === key && question.kind === 'choice'));
  const problem = input.questions.find((question) => question.kind === 'text' && topicOf(question) === 'problem' && hasAnswer(input.answers, question.key) && !(question.key in found));
  if (thingCorrected && problem && signals.correction && TROUBLE_TOLD.test(normalize(text))) found[problem.key] = { value: truncate(text.replace(/\s+/g, ' ').trim(), 500), reason: `Corrected: the trouble as told with the thing corrected: “${truncate(text.trim(), 80)}”.` };
  return { found, tied, unsure };
}

/** The answers this text corrected, in words to say back: a ZIP, a day, an option (a yes/no or free text is not). */
// (Only when the person says they are changing it, or answers the question asked again: a day read in passing from
// "we close on the condo friday tho" is not announced as a change they asked for.)
function correctionsSaidBack(turn: Turn, found: Record<string, Found>, answers: Record<string, string>): string[] {
  const { input, language, signals } = turn;
  return input.questions.flatMap((question) => {
    const value = answers[question.key];
    if (value === undefined || !found[question.key]?.reason.startsWith('Corrected:') || input.answers[question.key] === value) return [];
    // (After the job and the day were read back, any change to them is a fix of that read-back.)
    if (!signals.correction && turn.asked?.key !== question.key && !found[question.key]?.changes && !say.readBackSaid(lastBusinessLine(input))) return [];
    if (question.kind === 'zip') return [`${language === 'es' ? 'el código postal' : /[A-Z]/i.test(value) ? 'postal code' : 'ZIP'} ${value}`];
    // ("Friday (after 3 pm)", not "after 15:00", in English.)
    if (question.kind === 'date') return [describeDate(value, input.now, input.business.timezone, language, { twelveHour: true })];
    if (question.kind === 'choice') return [`“${value}”`];
    return [];
  });
}

/** The options an earlier "which one is it: A or B?" offered for the question, when one did; else null. */
function optionsAskedBetween(input: AiTurnInput, question: QualifierQuestion): string[] | null {
  const options = optionsFor(question, input);
  const line = earlierLines(input).findLast((earlier) => earlier.from === 'business' && say.askedWhichOne(earlier.body));
  const offered = line ? options.filter((option) => line.body.includes(option)) : [];
  return offered.length >= 2 && offered.length < options.length ? offered : null;
}

/** A text that says what they now want instead ("we would prefer that you quote a complete replacement"). */
const CHANGE_OF_MIND = /\b(prefer|rather|instead|decided|we'?ve decided|go with|let'?s (do|go with|just)|(would|'d) (like|want)|want (you|y'?all|u) to|quote (us |me )?(a|an|the|for|on)|changed (my|our) minds?)\b/;

/** A text that tells a trouble ("it's not spinning the water out", "keeps beeping", "won't start"). */
// (Or the new job's things: "the old one wobbles like crazy. new one's a Hunter still in the box".)
/**
 * The fuel of the equipment, said with it ("It's a gas Carrier", "its one furnace, gas, Lennox", "oil boiler") when
 * the question's options are fuels: one fuel named, next to the thing it runs. (Not "gas smell", "gas station".)
 */
export function fuelSaid(text: string, options: readonly string[]): string | null {
  const fuels = options.filter((option) => FUEL_OPTION.test(option));
  if (fuels.length < 2) return null;
  const said = normalize(text);
  const named = [...new Set([...said.matchAll(FUEL_WORD)].map((match) => (match[1] ?? '').replace(/^natural /, '')))];
  if (named.length !== 1 || !named[0]) return null;
  const fuel = named[0];
  const beside = new RegExp(`\\b${fuel}[ ,]+(?:[a-z]+[ ,]+){0,2}${EQUIPMENT}|${EQUIPMENT}[ ,]+(?:[a-z]+[ ,]+){0,2}${fuel}\\b`).exec(said);
  if (!beside) return null;
  // (Another appliance's fuel is not the equipment's: "furnace is blowing cold air. also the gas fireplace wont light";
  // nor a fuel denied, "We don't have a gas furnace, it's a heat pump".)
  if (SIDE_EQUIPMENT.test(beside[0]) && MAIN_EQUIPMENT.test(said.replace(beside[0], ' '))) return null;
  if (/\b(no|not|don'?t have|doesn'?t have|isn'?t|aren'?t|never had|not an?)\s+(an? )?$/.test(between(said, Math.max(0, beside.index - 20), beside.index))) return null;
  if (/\b(gas (smell|leak|odor|station|bill|line|meter|company|prices?|can)|smell(s|ing)? (of |like )?gas|oil (change|leak|stain|spill))\b/.test(said)) return null;
  return fuels.find((option) => new RegExp(`\\b${fuel}\\b`, 'i').test(option)) ?? null;
}

const FUEL_OPTION = /^\s*(natural gas|gas|oil|electric|electricity|propane|lp)\b/i;
const FUEL_WORD = /\b(natural gas|gas|oil|electric|propane)\b/g;
const SIDE_EQUIPMENT = /\b(fireplace|water heater|stove|range|oven|dryer|grill|generator)\b/;
const MAIN_EQUIPMENT = /\b(furnace|boiler|heat pump|heating system|hvac)\b/;
const EQUIPMENT = '(furnace|boiler|heater|water heater|heat pump|stove|range|oven|dryer|fireplace|system|unit|carrier|lennox|trane|rheem|goodman|york|bryant|amana|ruud|american standard|weil[- ]mclain|burnham|navien|rinnai)';

const TROUBLE_TOLD = /\b(keeps?|won'?t|doesn'?t|isn'?t|not|stopped|broke|broken|leak\w*|beep\w*|nois\w*|smell\w*|making|stuck|no (hot|heat|water|power)|wobbl\w*|loose|rattl\w*|squeak\w*|crack\w*|(old|new) one'?s?)\b/;

function answerFor(turn: Turn, question: QualifierQuestion, isAsked: boolean, answered: boolean, problemTaken: { value: boolean }, otherFound: boolean): Answer {
  const { input, text, language, signals } = turn;
  const quoted = `“${question.text}”`;
  switch (question.kind) {
    case 'zip': {
      const code = extractPostalCode(text);
      // "yes" to "Just to check, is the ZIP 31046?": that ZIP after all.
      const checked = say.postalConfirmed(lastBusinessLine(input));
      if (!code && checked && extractYesNo(text) === 'yes') return { value: checked, reason: `They confirmed ZIP ${checked} for ${quoted}.` };
      // The ZIP a move starts from is not the one they say they go to ("going to Tucker 30084").
      if (code && /\b(from|out of|moving out)\b/i.test(question.text) && answered && new RegExp(`\\b(to|into|hacia)\\s+(?:[\\p{L}.'-]+\\s+){0,3}${code.value.replace(/[^\dA-Z -]/gi, '')}\\b`, 'iu').test(text)) return null;
      return code ? { value: code.value, reason: `Found ${code.country === 'CA' ? 'postal code' : 'ZIP'} ${code.value} for ${quoted}.` } : null;
    }
    case 'choice': {
      const options = optionsFor(question, input);
      // ("it's actually the big 2 car door not the single": the size a correction sets aside is not its answer.)
      const sized = chooseSizeOption(signals.correction ? withoutDenied(text) : text, options, question.text);
      if (sized) return { value: sized, reason: `Found “${sized}” for ${quoted} (the size they said).` };
      const often = chooseFrequencyOption(signals.correction ? withoutDenied(text) : text, options, question.text);
      if (often) return { value: often, reason: `Found “${often}” for ${quoted} (how often they said).` };
      // A move to another state is the owner's long-distance option ("from Spartanburg to Nashville").
      const far = acrossStatesOption(input, options, text);
      if (far) return { value: far, reason: `Found “${far}” for ${quoted} (a move to another state).` };
      const farther = otherTownOption(input, options, text);
      if (farther) return { value: farther, reason: `Found “${farther}” for ${quoted} (a move to a town outside the local area).` };
      const byMiles = distanceOption(input, options, text);
      if (byMiles) return { value: byMiles.option, reason: `Found “${byMiles.option}” for ${quoted} (${byMiles.why}).` };
      // "Shingle or metal roof?": a kind of roof only when its own word is said ("a leak by the chimney" says none).
      const material = materialOption(options, text, isAsked);
      if (material) return { value: material, reason: `Found “${material}” for ${quoted} (the kind they named).` };
      if (material === null && !isAsked) {
        // ("Not sure what kind of roof it is, we just bought the house": unsure of the question's own thing.)
        const unsure = UNSURE_OF_KIND.test(normalize(text)) ? options.find((option) => UNSURE_OPTION.test(option)) : undefined;
        return unsure ? { value: unsure, reason: `Found “${unsure}” for ${quoted} (they say they do not know which kind).` } : null;
      }
      const role = rentalRoleOption(options, text);
      if (role) return { value: role, reason: `Found “${role}” for ${quoted} (they manage or own the rental; a tenant spoken of is not them).` };
      // A correction's words set aside ("… not termites", "driveway can wait", "forget the driveway") are not its answer,
      // and a ZIP or a phone number spelled out ("eight three six eight six") names no option ("Three or more").
      // (A sentence given only for information, "The doors are metal, painted red, if that matters.", asks for no job.)
      // (Nor a thing said to be fine: "opener is fine its the door itself"; nor "in front of me", which is no front yard.)
      const said = withoutRefusedJobs(withoutPastWork(withoutAbsentSymptoms(signals.correction ? withoutDenied(text) : text))).replace(/\b(the |my |our )?[\p{L}-]+( itself)?( is| are|'s| seems| seem) (fine|ok|okay|working fine|not the (problem|issue))\b(?!\s+(during|in the|until|till|most|except|but|when|if|some|for now))/giu, ' ').replace(/\bin front of (me|us|you|him|her|them)\b/gi, ' ').replace(BUSINESS_IDIOM, ' ').replace(/[^.!?\n]*\b(if (that|it) matters|not that it matters|fwiw|for what it'?s worth)\b[^.!?\n]*[.!?]?/gi, ' ').replace(/\b(?:(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)[\s,-]+){2,}(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\b/gi, ' ');
      let choice = chooseOption(said, options, { turnedDown: read(text).deniedActions });
      // "Replace it probably": the thing already recorded, with the kind of job this text says.
      // (Not when the text corrects something else: "sorry typo, 89521 not 89502" is about the ZIP.)
      if (answered && !choice.best && read(said).actions.size > 0 && !(signals.correction && extractPostalCode(text))) {
        // (Or another option for the same thing, when the one recorded is not that kind of job: "we would prefer that
        // you quote a complete replacement" after "Storm damage / missing shingles".)
        // (The words right after the change of mind, not a time to set up or a new estimate: "we have decided to just pay
        // out of pocket. Can you set up a time?" changes no job.)
        const folded = normalize(said);
        const changed = CHANGE_OF_MIND.exec(folded);
        const wished = changed ? (between(folded, changed.index, folded.length).split(/[.!?;,]/)[0] ?? '').split(/\s+/).slice(0, 8).join(' ').replace(/\b(set up|schedule|book) (a |the )?(time|day|date|visit|appointment)\b|\bnew (estimate|quote|appointment|date|time)\b/g, ' ') : '';
        const other = wished ? sameThingOtherJob(wished, input.answers[question.key] ?? '', options) : null;
        if (other) return { value: other, reason: `Found “${other}” for ${quoted} (the same thing, the kind of job they now ask).`, changes: true };
        choice = chooseOption(`${withoutActions(input.answers[question.key] ?? '')} ${said}`, options);
      }
      // "just a repair" after "which one is it: Roof leak repair or Roof inspection?": the one of those it says.
      if (!choice.best && isAsked) {
        const offered = options.filter((option) => lastBusinessLine(input).includes(option));
        const picked = offered.length > 1 ? pickByAction(said, offered) : null;
        if (picked) return { value: picked, reason: `Found “${picked}” for ${quoted} (of the options just offered, the kind of job they said).` };
      }
      // ("honestly not sure, … PO box" to the ZIP question is no "Not sure" for the roof's kind.)
      // (Unless said of the question's thing: "Not sure what kind of roof it is, we just bought the house".)
      if (choice.best && UNSURE_OPTION.test(choice.best.option) && !isAsked && !UNSURE_OF_KIND.test(normalize(text))) return null;
      if (choice.best && choice.confident) return { value: choice.best.option, reason: `Found “${choice.best.option}” for ${quoted} (${choice.best.because.join('; ')}).` };
      const fuel = fuelSaid(said, options);
      if (fuel) return { value: fuel, reason: `Found “${fuel}” for ${quoted} (the fuel said of the equipment).` };
      if (choice.tied.length > 1) return { tied: choice.tied };
      if (choice.best && (isAsked || !answered)) {
        // Likely but not sure: recorded only when it is the one clear candidate for the question just asked.
        if (isAsked && choice.ranked.length === 1 && choice.best.score >= 2 && !choice.vague) return { value: choice.best.option, reason: `Found “${choice.best.option}” for ${quoted} (${choice.best.because.join('; ')}).` };
        if (isAsked) return { unsure: choice.ranked.slice(0, 3).map((match) => match.option) };
      }
      return null;
    }
    case 'yes_no': {
      const topic = yesNoTopic(question);
      // "ok let me talk to my wife … ill text back": the "ok" puts the answer off, it says no yes.
      if (signals.deferred && (topic === 'other' || !topicWordsSaid(text, topic)) && !signals.emergency) return null;
      if (topic === 'urgency' && signals.emergency) return { value: 'yes', reason: `An emergency: “yes” for ${quoted}.` };
      // The danger itself answers the question about it: no heat in the cold, a car shut in behind a broken door.
      const hazard = signals.emergency?.hazard;
      if (hazard === 'no-heat' && (topic === 'heat' || topic === 'has-heat')) return { value: topic === 'heat' ? 'yes' : 'no', reason: `No heat in the cold: “${topic === 'heat' ? 'yes' : 'no'}” for ${quoted}.` };
      if (hazard === 'garage-door' && topic === 'car-stuck' && extractYesNo(text, 'car-stuck') !== 'no') return { value: 'yes', reason: `A car shut in behind the door: “yes” for ${quoted}.` };
      const cars = topic === 'double-door' ? statedSizes(text).get('car') : undefined;
      if (cars !== undefined) return { value: cars >= 2 ? 'yes' : 'no', reason: `A ${cars >= 2 ? 'double' : 'single'} door said: “${cars >= 2 ? 'yes' : 'no'}” for ${quoted}.` };
      // Unasked, a clause that says yes or no in the question's own words answers it ("Nikiski 99635. yes we have a
      // well" for "Are you on a private well?").
      if (!isAsked && topic === 'other') {
        const echoed = clauseEcho(question, text);
        if (echoed) return { value: echoed, reason: `Found “${echoed}” for ${quoted} (said in its own words).` };
      }
      // A text that answered something else ("whenever, no rush. first week of feb") says yes or no to that, not here.
      // (Unless it opens with a yes or no to the question just asked: "Yes as long as it's not gonna be more than like $300
      // … Tomorrow morning is better actually" to "There's an $89 diagnostic fee … Is that OK?".)
      const opening = isAsked && otherFound ? LEADING_YES_NO.exec(text.trim())?.[1] : undefined;
      // (Not Spanish "ya", already: "Ya va a estar vacío".)
      const openingYesNo = opening && !/^ya$/i.test(opening) ? extractYesNo(opening, topic) : null;
      if (openingYesNo) return { value: openingYesNo, reason: `Found “${openingYesNo}” for ${quoted} (said first).` };
      if (otherFound && (topic === 'other' || !topicWordsSaid(text, topic))) return null;
      // A reply that gives a day or a ZIP as well, without the topic's words, says yes or no first ("👍 friday works",
      // "no, monday"), not in a clause about something else ("We don't need to be there … Monday the 18th is fine" to
      // "Is there an HOA?").
      // (Checked last and lazily: reading a day is the costly part.)
      const givesOther = () => input.questions.some((other) => other.key !== question.key && ((other.kind === 'zip' && extractPostalCode(text) !== null) || (other.kind === 'date' && extractDate(text, input.now, input.business.timezone, { language }) !== null)));
      const heard = topic !== 'other' && !topicWordsSaid(text, topic) && givesOther() ? (LEADING_YES_NO.exec(text.trim())?.[1] ?? '') : text;
      if (topic !== 'other') {
        // The topic's own words answer it whenever they are said ("we lease", "no rush").
        const topical = extractYesNo(heard, topic);
        const plainOnly = extractYesNo(text, 'other');
        if (topical && (isAsked || topical !== plainOnly || topicWordsSaid(text, topic))) return { value: topical, reason: `Found “${topical}” for ${quoted} (${topic}).` };
      }
      if (topic === 'urgency' && signals.emergency) return { value: 'yes', reason: `An emergency: “yes” for ${quoted}.` };
      if (!isAsked) return null;
      const yesNo = extractYesNo(heard, topic) ?? echoAnswer(question, heard);
      return yesNo ? { value: yesNo, reason: `Found “${yesNo}” for ${quoted}.` } : null;
    }
    case 'date': {
      const said = dateFromEarlierEvent(text, turn.earlierTexts, input.now, input.business.timezone, { language }) ?? extractDate(text, input.now, input.business.timezone, { loose: isAsked || /^\W*(asap|as soon as possible|lo antes posible)\b/i.test(text), language, previous: input.answers[question.key] ?? null });
      if (!said) return null;
      // "Let me take this to the trustees on Sunday and I'll get back to you about a date": the day is put off.
      if (/\b(get back to (you|u|y'?all)|let (you|u) know|text (you|u) back|confirm)\b[^.!?\n]{0,25}\b(a |the |on (a |the )?)?(date|day|time|when)\b/i.test(text)) return null;
      // Nor is a rough time said with it ("Let me talk with her and I'll get back to you, probably sometime mid June").
      if (signals.deferred && /^(mid|middle of|early|late|end of|the end of|first week of|beginning of|sometime|around|(on )?(a |any )?weekday|(a |any )?weekend)\b/i.test(said.words.trim())) return null;
      const date = dayOfferedBefore(said, turn.earlierTexts, input.now, input.business.timezone, { language }) ?? said;
      // "sunday the 17th instead, same time": the window given before goes with the new day.
      const before = input.answers[question.key] ?? '';
      // And the same day said again without one ("saturday is fine" after "saturday morning?") keeps it.
      const sameDay = !date.window && before.split(' ')[0] === dateAnswer(date);
      const keptWindow = !date.window && (sameDay || /\b(same time|same window|same hours?|misma hora)\b/.test(normalize(text))) ? before.split(' ').slice(1).join(' ') : '';
      // A time of day said earlier with no day ("she works nights so anytime after 1pm is best", then "tomorrow works")
      // goes with the day given now.
      // (Only said of when they can be there, not of the trouble: "AC quits every afternoon when it gets hot".)
      const earlierWindow = !date.window && !before ? (turn.earlierTexts.map((earlier) => (AVAILABLE.test(normalize(earlier)) && extractDate(earlier, input.now, input.business.timezone, { language }) === null ? extractWindow(earlier) : null)).filter((window) => window !== null).at(-1) ?? '') : '';
      const window = keptWindow || earlierWindow;
      const value = dateAnswer(window ? { ...date, window } : date);
      return { value, reason: `Found “${date.words}” (${value}) for ${quoted}.` };
    }
    case 'text': {
      if (isNameQuestion(question)) {
        // "this is Dana" anywhere; or one of the texts is only a name (a popular first name, or any name when asked).
        const name =
          extractName(text, { loose: false }) ??
          input.newMessages.map((message) => loneName(message, isAsked)).find((found) => found !== null) ??
          // ("Tasha. lockbox is 2212": a known first name as the sentence opening a text.)
          input.newMessages.map((message) => message.split(/(?<=[.!?])\s+/)).map((sentences) => (sentences.length > 1 ? loneName(sentences[0] ?? '', false) : null)).find((found) => found !== null) ??
          // "68516 / Ben", "Ben | 68516": a part of its own beside another answer.
          input.newMessages.flatMap((message) => message.split(/\s*[/|\n]\s*/)).filter((part, _, parts) => parts.length > 1 && !/\d/.test(part)).map((part) => loneName(part, isAsked)).find((found) => found !== null) ??
          (isAsked && !otherFound ? extractName(text, { loose: true }) : null) ??
          clauseName(text, isAsked) ??
          // "Gary Pruitt. gate code is 4471#": a sentence that is only a full name, a known first name first.
          sentenceName(text) ??
          // "… I get off work at 1:30. Keoni": a capitalised word closing the text, a sentence of its own.
          closingName(text, input) ??
          (!answered ? openingName(text, input, turn.asked) : null) ??
          (!isAsked && !otherFound && !answered ? unaskedName(text, turn.asked) : null);
        // (The assistant's own name is theirs to call it by: "thanks Riley".)
        return name && normalize(name) !== normalize(input.assistant.name) ? { value: name, reason: `Found the name “${name}” for ${quoted}.` } : null;
      }
      if (topicOf(question) === 'problem' && !problemTaken.value && !answered && !signals.greeting && !signals.thanks) {
        // The first text that describes the job answers "What's going on?", asked or not.
        const reading = read(withoutPastWork(text));
        // Or the person's first text, when it says something is wrong ("something in my kitchen keeps beeping").
        const firstText = turn.earlierTexts.length === 0;
        const complains = TROUBLE_TOLD.test(normalize(text));
        const describes = firstText && complains;
        // A thing of the trade, not only the kind of place ("some stuff around the house").
        const things = reading.concepts.filter((concept) => !concept.startsWith('property-'));
        // A later text that places nothing for the option just asked is a try at that question ("the one that beeps"
        // for "Which appliance?"), not a description of the job.
        const triedAsked = !isAsked && !firstText && turn.asked?.kind === 'choice' && !otherFound;
        // (Asking whether they do the job, "u do tv mounting", "do you guys do drains?", describes nothing of it yet.)
        // (Nor does a text of questions to the business and nothing else: "couple questions before I book anything. do
        // you guys do weekends? are you insured? and do you do mounts over a fireplace".)
        const asked = questionSentences(text);
        const rest = asked.reduce((left, sentence) => left.replace(sentence, ' '), text);
        const onlyQuestions = asked.length >= 2 && asked.every((sentence) => /\b(you|u|y'?all|your|ustedes|usted)\b/i.test(sentence)) && read(rest).concepts.length === 0 && !TROUBLE_TOLD.test(normalize(rest));
        const onlyAsksTrade = (/^\W*((hi|hey|hello|hola)\W+)?(do|u do|you do|do you|do u|do y'?all|y'?all do|you guys do|do you guys)\b[^.!?\n]*\??\W*$/i.test(text.trim()) && text.trim().split(/\s+/).length <= 8) || onlyQuestions;
        const saysJob = (things.length > 0 || reading.actions.size > 0 || describes) && !onlyAsksTrade;
        // Asked, a reply is taken whole, unless it only answered something else ("79936", "monday b4 11?").
        if ((isAsked && (saysJob || complains || !otherFound)) || (saysJob && !triedAsked)) {
          problemTaken.value = true;
          return { value: truncate(text.replace(/\s+/g, ' ').trim(), 500), reason: `Took the description of the job for ${quoted}.` };
        }
      }
      // A reply that is only a name answers the name question still open ("Reggie" after "Where are you seeing them?"),
      // and so does one that gives the name outright ("Me llamo Alejandra Ruiz, gracias!").
      if (input.questions.some((other) => isNameQuestion(other) && !hasAnswer(input.answers, other.key)) && (loneName(text.trim(), true) || onlyNameGiven(text)) && !topicalAnswer(question, text)) return null;
      const topical = topicalAnswer(question, text);
      if (topical) return { value: topical, reason: `Found “${topical}” for ${quoted}.` };
      // Asked how big the yard is, a size word the reply leads with ("idk like medium? theres a big bush thing", "es chiquito … el lunes").
      const sizeWord = isAsked && topicOf(question) === 'lot-size' ? /^\W*(?:(?:idk|i dunno|i don'?t know|dunno|not sure|um+|uh+|hmm+|like|maybe|probably|prob|i'?d say|i guess|i think|pretty|kinda|kind of|fairly|its|it'?s|es|esta|muy|bien|como|mas o menos)[\s,]*)*(small|medium|mid-?sized?|average|normal|big|large|huge|tiny|chico|chiquito|pequeno|mediano|grande)\b/.exec(normalize(text)) : null;
      if (sizeWord?.[1]) return { value: sizeWord[1], reason: `Found “${sizeWord[1]}” for ${quoted} (the size the reply leads with).` };
      if (!isAsked || signals.greeting || signals.thanks || otherFound) return null;
      // "let me check with my husband and we'll get back to you": an answer put off is no answer.
      if (signals.deferred) return null;
      // Nor is a request to be called or to talk to a person ("It's a lot to type out, can someone call me?").
      if (signals.callback || signals.person) return null;
      // A reply about another question's subject ("yard's maybe a qtr acre" while we asked about the gate) is not this answer.
      if (input.questions.some((other) => other.key !== question.key && other.kind === 'text' && !['other', 'problem'].includes(topicOf(other)) && topicOf(other) !== topicOf(question) && topicalAnswer(other, text))) return null;
      if (topicOf(question) !== 'other' && topicOf(question) !== 'problem') {
        // A question about a size, a brand, an amount: a reply with none in it is unclear (asked again), unless it is short
        // and speaks to the question in its words ("we're not seeing any bugs" to "Where are you seeing them?") or says
        // the person does not know or has none.
        if (text.split(/\s+/).length > 12) return null;
        const asked = new Set(read(question.text).allStems.filter((word) => word.length > 3));
        const echoes = read(text).allStems.some((word) => word.length > 3 && asked.has(word));
        const unknown = /\b(not sure|no idea|don'?t know|dont know|idk|none|no clue|unsure|not seeing any|haven'?t seen|n\/a|no se|ni idea|ninguno|ninguna)\b/.test(normalize(text));
        if (!echoes && !unknown) return null;
      }
      const sentences = questionSentences(text);
      if (sentences.join(' ').length >= text.replace(/\s+/g, ' ').trim().length - 1) return null;
      return { value: truncate(text.replace(/\s+/g, ' ').trim(), 500), reason: `Took the reply as the answer to ${quoted}.` };
    }
  }
}

/** A text that only gives the name outright, with thanks at most ("Me llamo Alejandra Ruiz, gracias!"). */
function onlyNameGiven(text: string): boolean {
  if (!NAME_GIVEN.test(text) || extractName(text) === null) return false;
  const rest = text.split(/(?<=[.!?\n])\s+/).filter((sentence) => !NAME_GIVEN.test(sentence)).join(' ');
  return normalize(rest).replace(/\b(thanks|thank you|gracias|ty|thx)\b/g, '').replace(/[^\p{L}\p{N}]/gu, '').length < 3;
}

/**
 * A text that says more about the job already described ("the paint cans are mostly dried out if that matters" after
 * "… some paint cans …"): not a failed answer to the question asked, which is asked again plainly.
 */
function addsToDescription(input: AiTurnInput, text: string): boolean {
  const described = input.questions.filter((question) => question.kind === 'text' && topicOf(question) === 'problem').map((question) => input.answers[question.key] ?? '').join(' ');
  if (described.trim() === '') return false;
  const before = new Set(read(described).allStems.filter((word) => word.length > 3));
  return read(text).allStems.some((word) => word.length > 3 && before.has(word)) && read(text).concepts.length > 0;
}

/**
 * The last sentence of a text when it is one capitalised word that is no word of the trade, no greeting or sign-off
 * and no place the business names ("the 12th? after 2 is better, I get off work at 1:30. Keoni"): a name signed.
 */
function closingName(text: string, input: AiTurnInput): string | null {
  // Signed with a dash, where they are after it or not: "Could Ray give me a call? - Luis, up in Munds Park".
  const dashed = /(?:^|\s)[-–—~]\s*(\p{L}[\p{Ll}'-]{2,}(?: \p{Lu}[\p{Ll}'-]{2,})?)(?:,?\s+(?:up |down |over |out )?(?:in|from|at|near)\s+[\p{L} .'-]{2,40})?\s*[.!]?$/u.exec(text.trim());
  // (In lower case only a known first name: "-gabe".)
  const dashedOk = dashed?.[1] !== undefined && (/^\p{Lu}/u.test(dashed[1]) || isKnownFirstName(dashed[1]));
  const dashedName = dashed?.[1] && dashedOk && read(dashed[1]).concepts.length === 0 && !namedByBusiness(input, dashed[1]) ? loneName(dashed[1], true) : null;
  if (dashedName) return dashedName;
  // (Not after an abbreviation: "St. Paul 55116".)
  // ("👍 Tavita", "ok Marisol": a yes said, then the name signed — not "ok Google", "sounds good Boss", "thanks Riley"
  // to the assistant, nor a town, "👍 Brookline".)
  const ack = /^((?:\p{Extended_Pictographic}\uFE0F?)+|ok|okay|kk?|cool|great|perfect|sounds good|thanks|thank you|ty|thx)[\s,.!]+(\p{Lu}[\p{Ll}'-]{2,})\s*[.!]?$/iu.exec(text.trim());
  const signedWord = ack?.[2] ?? '';
  const signs = ack !== null && !ADDRESSED.test(signedWord) && normalize(signedWord) !== normalize(input.assistant.name) && !namedByBusiness(input, signedWord) && (isKnownFirstName(signedWord) || statesOfTown(signedWord).length === 0);
  const acked = signs ? `${ack?.[1] ?? ''}\n${signedWord}` : text.trim();
  const sentences = acked.split(/(?<=[.!?])(?<!\b(?:St|Ave|Dr|Rd|Mt|Ft|Blvd|Ln|Ct|Jr|Sr|Mr|Mrs|Ms|Apt)\.)\s+|\n+|\s*\|\s*/).filter((sentence) => sentence.trim() !== '');
  // ("Gina w/ Coastal Stays": the name before the company it speaks for; "Kawika Medeiros w/ Maui Stays Mgmt" too.)
  // ("Karen btw", "Dee here": the name with a word after it.)
  // ("Thank you kindly, Eleanor Whitcomb", "Walter Lindqvist, Pinehurst Avenue, St. Paul 55116": the name signed before
  // thanks or an address.)
  const signed = (sentences.at(-1)?.trim().replace(/[.!]+$/, '').replace(CHAT_TAIL, '') ?? '')
    .replace(/^(?:(?:thank you|thanks)(?: (?:kindly|so much|very much|again))?|sincerely|regards|best|respectfully|gracias)\s*,\s*/i, '')
    .replace(/^(\p{Lu}[\p{Ll}'-]{2,} \p{Lu}[\p{Ll}'-]{2,}),\s+.*\d{5}\s*$/u, '$1');
  const last = signed.replace(/\s+(?:w\/|with|from|@)\s+.+$/i, '');
  // (A first and last name closing a text: "… she's friendly. Lupe Ochoa" — not a place the business names.)
  if (sentences.length >= 2 && /^\p{Lu}[\p{Ll}'-]{2,} \p{Lu}[\p{Ll}'-]{2,}$/u.test(last) && read(last).concepts.length === 0 && !namedByBusiness(input, last)) return loneName(last, true);
  // (Someone who writes without capitals signs so too: "sat works, before noon. jake" — a known first name.)
  const lowerSigned = /^[a-z]{3,}$/.test(last) && !/\p{Lu}/u.test(text.replace(/\b(I|I'm|I'll|I've|I'd)\b/g, '')) && isKnownFirstName(last);
  if (sentences.length < 2 || (!/^\p{Lu}[\p{Ll}'-]{2,}$/u.test(last) && !lowerSigned)) return null;
  if (/^(mahalo|aloha|bye|cheers|thanks|gracias|ciao|later|regards|blessings|amen|ok|okay|sure|yes|no|nope|yep|please|asap|urgent|seriously|honestly|whatever|again|anyway|lol|ugh|wow|nice|cool|great|perfect|awesome|thx|ty)$/i.test(last)) return null;
  // English words by their endings ("Unbelievable", "Seriously", "Amazing") are no names.
  if (/(able|ible|ous|ful|less|ly|ing|ed|tion|ment|ness)$/i.test(last)) return null;
  const reading = read(last);
  if (reading.concepts.length > 0 || reading.actions.size > 0) return null;
  if (namedByBusiness(input, last)) return null;
  return loneName(last, true);
}

/** Whether the business's name or facts say these words (a town it serves, its own name): no person's name. */
function namedByBusiness(input: AiTurnInput, words: string): boolean {
  const escaped = normalize(words).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\b${escaped}\\b`).test(normalize(`${input.business.name} ${input.business.facts}`));
}

/**
 * A name opening a reply to another question while the name is still to ask ("Priya, it's a single story house",
 * "Arlen Haugen. Its a Lennox maybe 2009"): one or two capitalised words before a comma or a full stop, no word of
 * the trade, no place the business names, and more said after it.
 */
function openingName(text: string, input: AiTurnInput, asked: QualifierQuestion | null): string | null {
  if (!asked || asked.kind === 'zip' || isNameQuestion(asked)) return null;
  const opening = /^\s*(\p{Lu}[\p{Ll}'-]{2,}(?: \p{Lu}[\p{Ll}'-]{2,})?)\s*[,.]\s+\S/u.exec(text)?.[1];
  if (!opening || read(opening).concepts.length > 0 || read(opening).actions.size > 0) return null;
  // ("Hola, …", "Aloha. …", "Morning, …": a greeting.)
  if (opening.split(' ').some((word) => isNotAName(word) || /^(hola|buenas|buenos|aloha|howdy|morning|afternoon|evening|saludos|disculpe|perdon|perdón|oye|mira|ugh|wow|whew|yikes|honestly|also|anyway|update)$/i.test(word))) return null;
  if (namedByBusiness(input, opening)) return null;
  return loneName(opening, true);
}

/** A sentence of its own that is a capitalised full name with a known first name ("Its a house. Tasha Greene"). */
function sentenceName(text: string): string | null {
  for (const sentence of text.split(/[.!?\n]+/)) {
    const part = sentence.trim();
    const words = part.split(/\s+/);
    if (words.length < 2 || words.length > 3 || !words.every((word) => /^\p{Lu}[\p{L}'-]+$/u.test(word))) continue;
    const name = loneName(part, false);
    if (name) return name;
  }
  return null;
}

/** The last word of a town's name ("Rohnert Park", "Cedar Falls", "Gig Harbor"): no person's. */
const PLACE_LAST_WORD = 'park|city|beach|springs?|falls|heights|valley|lakes?|hills?|creek|village|junction|grove|ridge|harbou?r|bay|point|center|centre|township|county|station|mills?|crossing|landing|bluffs?|rapids|island|shores?';

/**
 * A text that is only a capitalised name ("Kainoa", "Walt Kowalczyk", "Carol Whitfield. And we have a parrot…"), sent
 * while another question was asked and answering nothing else: the name, still to be asked.
 */
function unaskedName(text: string, asked: QualifierQuestion | null): string | null {
  const first = text.trim().split(/[.!?\n]+|,\s*(?:thx|thanks|thank you|gracias)\b/i)[0]?.trim() ?? '';
  // Words in reply to "What's the ZIP?" ("Waldport", "Rohnert Park") are the town, unless they start with a first name
  // people have and end in no word of a place ("Walt Kowalczyk", not "Cedar Falls").
  if (asked?.kind === 'zip' && (!isKnownFirstName(first.split(/\s+/)[0] ?? '') || new RegExp(`\\s(${PLACE_LAST_WORD})$`, 'i').test(first))) return null;
  if (!/^\p{Lu}/u.test(first) || first.split(/\s+/).some((word) => !/^\p{Lu}/u.test(word))) return null;
  const reading = read(first);
  if (reading.concepts.length > 0 || reading.actions.size > 0) return null;
  return loneName(first, true);
}

type TextTopic = 'unit' | 'home-type' | 'stairs' | 'brand' | 'lot-size' | 'home-size' | 'amount' | 'age' | 'pets' | 'access' | 'destination' | 'where' | 'stories' | 'referral' | 'problem' | 'other';

const NOT_A_PLACE = /^(plan|planning|figure|decide|sell|sold|buy|hire|schedule|save|finish|ship|sort|settle|close|rent|lease|the|a|an|my|our|your|their|this|that|there|here|them|they|you|yall|come|move|help|load|unload|pack|have|make|take|text|call|know|start|finish|keep|work|check|look|find|talk|pick|drop|bring|haul|clean|hear|book|schedule|send|wait|stay|rent|store|tomorrow|today|tonight|next|last|every|both|each|some|many|much|more|less|around|about|please|thanks|know|give|tell|show|let|need|want|like|also|just|only|even|back|over|down|away|ourselves|myself|storage|mine|ours|theirs|family|friend|friends|mom|dad|mother|father|work|school|church)$/;

/**
 * What a free-text question asks for, read from its own words first ("Where's the problem? … under a sink" asks a
 * place whatever its key says), then from its key with its words.
 */
function topicOf(question: QualifierQuestion): TextTopic {
  return topicFrom(normalize(question.text), question) ?? topicFrom(normalize(`${question.key.replace(/_/g, ' ')} ${question.text}`), question) ?? 'other';
}

function topicFrom(about: string, question: QualifierQuestion): TextTopic | null {
  // "If it's an apartment or multi-unit building, which unit?": the unit's number or letter.
  if (/\b(which|what) (unit|apartment|apt|suite)\b|\b(unit|apartment|apt|suite) (number|no|#)|\bunit ?#/.test(about)) return 'unit';
  // "Any stairs or elevators at either end?": the flights and floors said.
  if (/\b(stairs|steps|elevators?|escaleras|elevador|flights?)\b/.test(about) && !/\b(bed|beds|bedrooms?|rooms?|size|how big|how much|recamaras)\b/.test(about)) return 'stairs';
  // "Is it a house, condo or apartment?": the kind of place.
  if (HOME_TYPE_ASKED.test(about)) return 'home-type';
  if (/\b(brand|make|model|manufacturer|marca)\b/.test(about)) return 'brand';
  // "Anything the crew should know — gate code, dogs in the yard?" is about getting in, not the yard's size.
  if (/\b(gate|code|lockbox|let (us|you) in|get in|entry)\b/.test(about) && !/\b(how big|size|acres?)\b/.test(about)) return 'access';
  // "Tell me a bit about it: what, how big, how many?" asks what the job is first; a description answers it.
  // ("Short description of the work (how many items, sizes)?": a description, whatever its examples.)
  if (isProblemQuestion(question) && (/\b(what|description|describe)\b/.test(about) || (/\btell (me|us) (a little |a bit )?(more )?about (the|your) (job|work|project)\b/.test(about) && !/\b(how (big|tall|large)|size|acres?)\b/.test(about)))) return 'problem';
  if (/\b(acre|acres|property size|lot size|square footage of the (yard|lawn)|how big|size|how many trees|how tall)\b/.test(about) && /\b(lot|yard|lawn|acres?|property|land|area|trees?)\b/.test(about)) return 'lot-size';
  if (/\b(beds?|baths?|bedrooms?|bathrooms?|rooms|home size|house size|size of (the|your) (home|house|place)|how big|square (feet|footage)|sq ?ft|recamaras)\b/.test(about)) return 'home-size';
  if (/\b(stories|story|storeys?|floors|how tall is the (house|home)|levels)\b/.test(about)) return 'stories';
  if (/\b(how much (stuff|junk|trash)|amount|load|how many items|what items|what (needs|do you need) (hauled|removed|gone))\b/.test(about)) return 'amount';
  if (/\b(how old|age|year (built|installed)|years old|what year|year (was|is) (it|the (home|house|building))|built)\b/.test(about)) return 'age';
  if (/\b(pets?|dogs?|cats?|animals?)\b/.test(about)) return 'pets';
  if (/\b(access|gate|code|parking|entry|get in|let (us|you) in|lockbox|key)\b/.test(about)) return 'access';
  if (/\b(to city|to zip|to where|where to|moving to|where (are you|you're|are you all|are y'?all) (moving|going|headed)|destination|new (address|city|place|home)|a donde|adonde)\b/.test(about)) return 'destination';
  if (/^(where|location|area|rooms?)\b|\b(where('s| is) the (problem|leak|issue|clog|damage)|where (are you seeing|do you see|have you seen|is it|is the (problem|leak|issue))|which (room|rooms|part of the (house|home|yard)|area)|en que parte|donde (los|las|lo|la) ve|donde esta el problema)\b/.test(about)) return 'where';
  if (/\b(hear about us|hear of us|heard (about|of) us|find us|found us|refer(red|ral)?|como se entero|como nos encontro)\b/.test(about)) return 'referral';
  if (isProblemQuestion(question)) return 'problem';
  return null;
}

const LENGTH = /\b\d+(\.\d+)?\s*(-\s*)?(ft|feet|foot|pies|yards?|meters?|metros)\b|\b\d+'(?!s)/i;
const PLANT_COUNT = /\b(\d+|two|three|four|five|six|seven|eight|nine|ten|a couple( of)?|a few|dos|tres|cuatro|cinco|seis)\s+([\p{L}-]+\s+){0,2}(trees?|palms?|bushes|shrubs|hedges?|stumps?|oaks?|pines?|roses|arboles|arbol|arbustos|palmeras|rosales)\b/iu;
/** An age said: a number of years, a year ("2009 I think"), "brand new". */
const AGE_SAID = /\b\d{1,2}\s*(years?|yrs?|anos)(\s+old|\s+de\s+edad)?\b|\b(built|installed|put in|bought)\s+(in\s+)?((19|20)\d{2}|['’]\d{2})\b|(?<![$\d,.])\b(19|20)\d{2}\b(?![\d,]|\.\d|\s*(sq|square|ft|feet|dollars|bucks|lbs?|pounds|btu|gal|miles|\+))|\bbrand new\b|\b(19|20)\d0'?s\b/i;

/** How much there is to haul, in a measure: "half a truck", "a few things", "just the tub", "2 cosas". */
// (A storage unit's size says how much: "all our stuff is in a 10x15 storage unit".)
const AMOUNT_MEASURE = /\b\d{1,2} ?(x|by) ?\d{1,2}\b(?= (storage|unit|pod|container))|\b(full|half|quarter|a third|whole|partial|small|big)\s*(a\s+)?(truck|trailer|load|pickup)|\b(truck ?load|trailer ?load|a few (items|things|pieces)|one item|single item|couple (items|things))\b|\b(just|only|solo|nomas|nada mas)\s+(the|a|an|one|this|that|el|la|un|una)\s+(?!(move|moving|job|work|labor|mudanza|trabajo)\b)[\p{L}-]+|\b(\d+|two|three|four|five|six|dos|tres|cuatro|cinco|seis) (items|things|pieces|cosas|articulos|piezas)\b|\bmedia (camioneta|troca|carga)\b|\b(camioneta|troca) llena\b/iu;
/** A count of boxes ("like 15 boxes"): how much stuff a small move is, for a question that asks the place's size or the stuff. */
const BOXES = /\b(\d{1,3}|a dozen|two dozen|a few|a couple( of)?|ten|fifteen|twenty|thirty|forty|fifty|diez|quince|veinte) (\w+ )?(boxes|bins|totes|tubs|cartons|cajas)\b/iu;
// (Not the whole household's: "take the furniture from their house … down to Florida" names no amount.)
const BIG_ITEMS = /\b(piano|couch|sofa|sectional|mattress(es)?|fridge|refrigerator|washer|dryer|hot tub|treadmill|dresser|desk|table|chairs?|boxes|(?<!\b(the|their|our|all|my|his|her) )furniture|tv|recliner|gun safe|\d+\s?(lb|lbs|pound) ([\p{L}-]+ ){0,2}safe|pool table|armoire|hutch|grandfather clock|refrigerador|lavadora|secadora|sillon|colchon|muebles)\b/iu;
const PLACES =
  '(attic|kitchen|bathrooms?|basement|garage|crawl ?space|(?<!\\d\\s?)(?<!\\d\\s?-)bedrooms?|mattress(es)?|couch|seams|living room|laundry( room)?|utility room|porch|patio|lanai|pantry|front yard|back ?yard|yard|walls?|ceiling|eaves?|back door|front door|closet|window ?sills?|windows?|sink|vanity|deck|shed|lawn|flower ?beds?|cocina|bano|atico|sotano|jardin|cochera|garaje|recamara|fregadero|lavabo|lavamanos|lavadero|segundo piso|planta alta)';

/** Examples of the kind of answer a free-text question asks for, given when it is asked again. */
function textExamples(question: QualifierQuestion, language: Language): string[] {
  const es = language === 'es';
  switch (topicOf(question)) {
    case 'lot-size':
      return es ? ['como un cuarto de acre', '40 x 30 pies'] : ['about a quarter acre', '40 x 30 ft'];
    case 'home-size':
      return es ? ['3 recámaras y 2 baños', '1,800 pies cuadrados'] : ['3 bed 2 bath', '1,800 sq ft'];
    case 'amount':
      return es ? ['unas cuantas cosas', 'media camioneta'] : ['a few items', 'half a truck'];
    case 'age':
      return es ? ['unos 10 años', 'de 1995'] : ['about 10 years', 'built in 1995'];
    case 'where':
      return es ? ['debajo del fregadero', 'en el sótano'] : ['under the kitchen sink', 'in the basement'];
    case 'access':
      return es ? ['código del portón 1234', 'alguien estará en casa'] : ['gate code 1234', "someone's home"];
    case 'destination':
      return es ? ['una ciudad', 'un código postal'] : ['a town', 'a ZIP'];
    default:
      return [];
  }
}

/** A model number: five or more capitals and digits, with both in it ("RF28R7351SR"; "ASAP" or "76092" is none). */
const MODEL_NUMBER = /\b(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9][A-Z0-9-]{4,}\b/g;

const COMMON_WORD_BRANDS = /^(state|york|wolf|champion|genie|hunter|nest|delta|carrier|craftsman|payne|heil|viking|coleman|american standard)$/i;
const BRANDS =
  /\b(lg studio|lg|samsung bespoke|samsung|whirlpool gold|whirlpool|ge profile|ge cafe|ge café|ge monogram|ge appliances|ge|maytag|kenmore elite|kenmore|bosch benchmark|bosch|frigidaire gallery|frigidaire professional|frigidaire|kitchenaid|electrolux|miele|thermador|viking|wolf|sub-?zero|speed queen|amana|trane|carrier|lennox|goodman|rheem|ruud|york|bryant|daikin|mitsubishi|fujitsu|american standard|payne|heil|tempstar|coleman|nest|ecobee|honeywell|ao smith|a\.?o\.? smith|bradford white|state|navien|rinnai|noritz|liftmaster|chamberlain|genie|craftsman|clopay|amarr|wayne dalton|generac|champion|kohler|moen|delta|insinkerator|hunter|haier|hotpoint|beko|dacor|jennair|jenn-air|fisher ?& ?paykel|blomberg|weil[- ]?mc ?lain|burnham|buderus|slant ?\/? ?fin|utica|peerless|lochinvar|triangle tube|viessmann|laars|raypak|williamson|ducane|luxaire|day ?& ?night|comfortmaker|arcoaire|heatilator|napoleon|bosch thermotechnology|federal pacific|fpe|zinsco|square d|siemens|cutler[- ]hammer|murray|pushmatic|challenger)\b/gi;

/** An answer to a free-text question that a text gives without being asked ("LG", "about half an acre"). */
/**
 * The home of the season a move is for: "spends summers at her cottage in Wellfleet and winters in her condo in
 * Hyannis. Need to bring her things up for the season" is Wellfleet; "… bringing her stuff back down for the season",
 * the winter one. Null when no season's home is named.
 */
function seasonHome(text: string): string | null {
  const season = /\bfor the (summer|winter|season)\b/i.exec(text)?.[1]?.toLowerCase();
  if (!season) return null;
  const homes = [...text.matchAll(/\b([Ss]ummers?|[Ww]inters?)\b[^.!?]{0,40}?\b(?:in|at)\s+(?:(?:her|his|their|our|my|the|a)\s+[\p{L}'-]+\s+(?:in|at)\s+)?(\p{Lu}[\p{L}'.-]+(?:\s+\p{Lu}[\p{L}'.-]+)?)/gu)].map((match) => ({ season: (match[1] ?? '').toLowerCase().replace(/s$/, ''), place: match[2] ?? '' }));
  if (season !== 'season') return homes.find((home) => home.season === season)?.place ?? null;
  // "For the season" with one home named is that home; with both, the summer one ("up", "out") or the winter one ("down").
  if (homes.length !== 2) return homes[0]?.place ?? null;
  const wanted = /\b(down|back down)\b/i.test(text) ? 'winter' : 'summer';
  return homes.some((home) => home.season !== homes[0]?.season) ? (homes.find((home) => home.season === wanted)?.place ?? null) : null;
}

/**
 * A clause with the clause after it when that one says what it comes down to ("its a 2 bedroom he shared, just his
 * room + a desk and futon"), else null.
 */
function narrowedAfter(text: string, clause: string): string | null {
  const at = text.indexOf(clause);
  if (at < 0) return null;
  const rest = between(text, at + clause.length, text.length);
  // (Of the things moved, not "3 bedroom, just wondering how much", "2 bedroom, just moved in last year".)
  const next = /^\s*[,;-]\s*((?:but |really |though )?(?:just|only|solo|nomas|nada mas) (?:(?:his|her|my|our|their|the|a|an|one|two|three|some|a few|a couple|su|sus|mi|mis|el|la|los|las|unos?|unas?)\b|\d|(?:stuff|things|furniture|boxes|taking|moving|bringing|cosas|muebles|cajas)\b)[^.!?\n/|]*)/i.exec(rest);
  if (next?.[1]) return `${clause}, ${next[1].trim()}`;
  // ("It's a 3 bedroom but he's only taking his bedroom set, a recliner and maybe 15 boxes": the things listed after.)
  if (!/\b(only|just)\s+(taking|moving|bringing|keeping|sending)\b/i.test(clause)) return null;
  const items = /^((?:\s*,\s*(?!(?:and |but |so )?(?:i|we|he|she|they|it)\b)[^,.!?\n/|]{1,40}?(?=,|[.!?\n/|]|$))+)/i.exec(rest)?.[1];
  return items && items.split(',').every((item) => item.trim().split(/\s+/).length <= 6) ? `${clause}${items.trimEnd()}` : null;
}

function topicalAnswer(question: QualifierQuestion, text: string): string | null {
  const topic = topicOf(question);
  // Clauses end at a comma, a full stop, a new line, "!", "?" or ";" — not at the comma or point inside a number
  // ("3,000 pies", "1.5 acres").
  const marks = [...text.matchAll(/[,.](?!\d)|(?<!\d)[,.]|[\n!?;]/g)].map((mark) => mark.index);
  const bounds = (index: number, length: number) => ({ start: Math.max(-1, ...marks.filter((at) => at < index)) + 1, end: marks.find((at) => at >= index + length) ?? text.length });
  const clause = (index: number, length: number) => {
    const { start, end } = bounds(index, length);
    return between(text, start, end).trim();
  };
  // Matched without accents ("recámaras" as "recamaras"), one letter for one so the clause is cut from the text.
  const folded = text.replace(/[\u00C0-\u00FF]/g, (letter) => letter.normalize('NFD').charAt(0));
  const span = (pattern: RegExp) => {
    const match = pattern.exec(folded);
    return match ? clause(match.index, match[0].length) : null;
  };
  // The clause and the short items listed after it ("just a twin bed frame, mini fridge, desk and some boxes, coming
  // from our house": the things, up to the clause that is no item).
  const listSpan = (pattern: RegExp) => {
    const match = pattern.exec(folded);
    if (!match) return null;
    const { start, end: first } = bounds(match.index, match[0].length);
    let end = first;
    while (end < text.length && text.charAt(end) === ',') {
      const next = marks.find((at) => at > end) ?? text.length;
      const item = between(text, end + 1, next).trim();
      if (item === '' || item.split(/\s+/).length > 5 || /\b(coming|going|moving|from|to|is|are|was|were|will|can|could|on|at|in|by|for)\b/i.test(item)) break;
      end = next;
    }
    return between(text, start, end).trim();
  };
  // A size asked about in a question ("whats a 2 bedroom move cost? … we have a 4 bedroom") is not theirs when they
  // state one too.
  const stated = (pattern: RegExp) => {
    const clauses = [...folded.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))].map((match) => ({ words: clause(match.index, match[0].length), end: marks.find((at) => at >= match.index + match[0].length) }));
    return (clauses.find((found) => found.end === undefined || text.charAt(found.end) !== '?') ?? clauses[0])?.words ?? null;
  };
  // The last of several, when a correction comes between ("A little over an acre. Actually Judy says it's 2 acres").
  const corrected = (pattern: RegExp) => {
    const all = [...folded.matchAll(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))];
    const first = all[0];
    const last = all.at(-1);
    if (!first || !last || first === last || !/\b(actually|i mean|no wait|wait no|correction|sorry|says (it'?s|its)|more like|mejor dicho|perdon)\b/i.test(between(folded, first.index, last.index))) return span(pattern);
    return clause(last.index, last[0].length);
  };
  const spans = (pattern: RegExp, keep: (found: string) => boolean = () => true) => {
    const found = [...new Set([...folded.matchAll(pattern)].map((match) => clause(match.index, match[0].length)))].filter(keep);
    return found.length > 0 ? found.join(', ') : null;
  };
  // "Shingle or metal, and about how old?", "What kind of roof is it (shingle, tile, flat) and how many stories?": the
  // kind named goes with the other answer ("its shingles, maybe 15-20 yrs old"; "two stories, comp shingle").
  const withKindAsked = (found: string): string => {
    const listed = /\(([^)]+)\)/.exec(question.text)?.[1]?.split(/\s*(?:,|\bor\b|\/)\s*/) ?? [];
    const pair = /\b([a-z]{4,})\s+or\s+([a-z]{4,})\b/i.exec(question.text);
    const kinds = [...listed, pair?.[1] ?? '', pair?.[2] ?? ''].map((word) => word.trim().toLowerCase().replace(/(es|s)$/, '')).filter((word) => /^[a-z]{4,}$/.test(word));
    if (kinds.length === 0) return found;
    const kind = span(new RegExp(`\\b(${kinds.join('|')})\\w*`, 'i'));
    if (!kind || kind === found || kind.includes(found)) return kind ?? found;
    if (found.includes(kind)) return found;
    return text.indexOf(kind) < text.indexOf(found) ? `${kind}, ${found}` : `${found}, ${kind}`;
  };
  switch (topic) {
    case 'stairs':
      // "es un segundo piso y la escalera es medio angosta", "3rd floor walkup, no elevator", "ground floor both ends".
      return spans(/\b(no )?((\d|one|two|three|single)[- ]?(story|stories|storey|level|levels)|stairs|steps|staircase|flights?( of stairs)?|walk-?up|elevators?|(1st|2nd|3rd|4th|5th|first|second|third|fourth|fifth|top|ground|main) (floor|fl|level)|drive[- ]up|upstairs|ranch|one level|single level|(un )?(segundo|tercer|cuarto|primer) piso|planta baja|escaleras?|escalones?|elevador)\b/gi);
    case 'home-type':
      // "Es un apartamento en Daytona", "we're in a townhome": the clause that names it.
      return span(/\b((\d+|two|three|four|five|six)[- ]?(flat|unit|family|plex)s?|single[- ]family (home|house)|house|condo|condominium|apartment|apt|townhouse|townhome|duplex|triplex|fourplex|mobile home|manufactured home|trailer|business|office|restaurant|store|shop|casa|apartamento|departamento|condominio|traila|negocio|oficina|tienda)\b/i);
    case 'unit': {
      // "tub in unit 3", "apt 4B", "#12", "depto 5".
      const unit = /\b(?:unit|apt|apartment|suite|ste|unidad|depto|departamento)\.?\s*(?:#|no\.?|number)?\s*(\d{1,4}[a-z]?|[a-z]\d{0,3})\b|(?:^|\s)#\s?(\d{1,4}[a-z]?)\b/i.exec(folded);
      return unit ? (unit[1] ?? unit[2] ?? '').toUpperCase() : null;
    }
    case 'brand': {
      // A make that is also an everyday word ("state", "york", "carrier") only as a name: capitalised, not "New York".
      const asName = (match: RegExpExecArray) => {
        const at = match.index;
        return /^\p{Lu}/u.test(match[0]) && !/\b(New|Tri|Upstate)[\s-]+$/.test(between(text, 0, at)) && !/^\s+(Farm|Street|St|Ave|Road|Rd|Park)\b/.test(between(text, at + match[0].length, text.length));
      };
      // (Or said as the make: "its a carrier, pretty old".)
      const asMake = (match: RegExpExecArray) => /\b(it'?s|its|it is|brand is|brand'?s|made by|got an?|have an?|has an?)\s+(an?\s+)?$/i.test(between(text, Math.max(0, match.index - 16), match.index));
      const brands = [...new Set([...text.matchAll(BRANDS)].filter((match) => !COMMON_WORD_BRANDS.test(match[0]) || asName(match) || asMake(match)).map((match) => match[0]))];
      // A model number, when the question asks for it ("Brand and model, if you have it?").
      const models = /\b(model|modelo)\b/i.test(question.text) ? [...new Set(text.match(MODEL_NUMBER) ?? [])] : [];
      // (A question for the age too, "how old the system is, or the brand?": the year said beside it as well.)
      const age = /\b(how old|age|what year|anos|antiguedad)\b/.test(normalize(question.text)) ? span(AGE_SAID) : null;
      if (brands.length > 0 || models.length > 0) return [brands.join(', '), models.join(', '), age && !brands.some((brand) => age.includes(brand)) ? age : ''].filter((part) => part !== '').join(' ');
      // A make the list does not know, named as one: "It's a Vinotemp", "brand is Danby".
      const named = /\b(?:[Ii]t['’]?s an?|[Ii]t is an?|[Bb]rand is|[Mm]ade by|[Ee]s una?|[Mm]arca)\s+(\p{Lu}[\p{L}-]{2,})/u.exec(text)?.[1];
      if (named && read(named).concepts.length === 0 && !/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|The|My|Our|New|Old|Big|Small|Little)/.test(named)) return age && !age.includes(named) ? `${named} ${age}` : named;
      // (The age alone, when that is asked too: "Old house, 1920s" for "panel brand, age of the house?" — not the
      // house's age for "how old the system is": "house is from 1948 if that matters".)
      return age && !(/\b(house|home|built|casa)\b/i.test(age) && !/\b(house|home|built|casa)\b/.test(normalize(question.text))) ? age : null;
    }
    case 'lot-size': {
      // An area first ("a fifth of an acre", "40x50"); then what the question itself asks besides ("how tall": a height,
      // "how many trees": a count), a length ("40 ft along the fence"), and a word for the size only when there is none.
      const asks = normalize(question.text);
      const lengthCounts = !(/\b(yard|lot|lawn|property)\b/.test(asks) && !/\b(area|section|fence|hedges?|beds?|driveway|patio|walls?|long|length|feet|ft|trees?|how (tall|high|many))\b/.test(asks));
      const lotSize = (): string | null =>
        corrected(/\b(an? |one |two |three |\d+ )?acres? and (a )?(half|quarter|third)\b|(\b(about|around|roughly|maybe|like|almost|over|under|just under|a little over)\s+)?(\d+(\.\d+)?|half|quarter|a quarter|a third|a fifth|fifth|third|tenth|an?|one|two|three|1\/2|1\/4|1\/3|3\/4|1\/5)\s*(of\s+|de\s+)?(an?\s+|un\s+)?(acres?|ac\b|sq\.? ?ft|square feet)|\b\d{2,3}\s*(x|by|por)\s*\d{2,3}\b|\b(qtr|quarter|half)[- ]acre\b|\b(un |una |\d+ )?(cuarto|medio|media|tercio)s? (de )?(un )?acres?\b|\b\d+(\.\d+)? acres?\b/i) ??
        (/\bhow (tall|high)\b/.test(asks) ? span(LENGTH) : null) ??
        (/\bhow many\b/.test(asks) ? span(PLANT_COUNT) : null) ??
        // (Not a distance: "clear the brush back 100 ft from the house".)
        // (Nor, to how big the yard is, the length of a thing in it: "a stone wall … maybe 60 ft of it".)
        (lengthCounts ? span(new RegExp(`(${LENGTH.source})(?!\\s*(tall|high|alto|altos|de alto|from|away|out|off|back|around|de la casa|de distancia))`, 'i')) : null) ??
        // Sides or a length ("an 8 ft by 6 ft section", "maybe 45 ft long"), or how many trees or shrubs. (Not a part of
        // the lawn: "the town plow chewed up like 30 ft of my lawn" says nothing of the whole.)
        span(/\b\d+(\.\d+)?\s*(ft|feet|foot|'|pies)\s*(by|x|por)\s*\d+(\.\d+)?\s*(ft|feet|foot|'|pies)?|\b\d+(\.\d+)?\s*(ft|feet|foot|pies)\s+(long|wide|deep|de largo)\b|\b\d+\s*(ft|feet|foot)\b(?!\s+of\s+(my|the|our|his|her|their)\s+(yard|lawn|grass))(?=[^.?!\n]{0,20}\b(driveway|drive|yard|lawn|patio|walk|path)\b)/iu) ??
        // How many trees or shrubs, when that is what the question asks ("How big is the area (or how many trees)?").
        (/\b(trees?|shrubs?|bushes|palms?|how many|arboles?|cuantos)\b/i.test(question.text) ? span(/\b(\d+|two|three|four|five|six|seven|eight|nine|ten|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez)\s+(\p{L}+\s+)?(trees?|arboles?|palms?|palmas?|shrubs?|bushes|hedges?|arbustos?)\b/iu) : null) ??
        span(/\b(small|big|large|huge|tiny|corner|standard|average) (lot|yard|lawn)\b|\b(jardin|patio|terreno|pasto|cesped)\s+(es\s+|esta\s+)?(muy\s+)?(chico|chiquito|pequeno|grande|mediano)\b|\b(lot|yard|lawn)('?s| is)\s+(pretty\s+|really\s+|very\s+)?(small|tiny|big|large|huge)\b/i) ??
        // (A word between: "the yard's kind of small", "el patio es bien chico".)
        span(/\b(lot|yard|lawn|jardin|patio|terreno)('s|\s+is|\s+es|\s+esta)\s+(\w+\s+)?(small|big|large|huge|tiny|average|chico|chiquito|pequeno|grande|mediano)\b/i);
      // ("Probably 6-8 yards of mulch" is how much mulch, not the yard.)
      const measured = lotSize();
      const size = measured && /\b\d+(\s*-\s*\d+)?\s*(cu(bic)?\.?\s*)?(yards?|yds?)\s+of\s+(mulch|dirt|soil|topsoil|gravel|rock|stone|compost|sand|fill)\b/i.test(measured) && !/\b(acres?|sq|square)\b/i.test(measured) ? null : measured;
      // A question that asks the side or the slope too ("size, front/back, slope") takes those clauses with the size,
      // in the order said ("just the front yard, maybe 1200 sq ft").
      // (To "how big an area (front, back, lot size)?" the side alone is no answer: "quiero quitar el zacate del patio de
      // atrás" says nothing of how big. To "tell me about the yard (size, front/back, slope)" it is one.)
      if (!/\b(front|back|slope\w*|flat|steep|hill\w*)\b/.test(asks) || (size === null && /\bhow (big|large|much)\b/.test(asks))) return size;
      const found = [...folded.matchAll(/\b(front|back|side)[- ]?(yard|lawn)s?\b|\b(slop\w*|steep|hilly|flat)\b|\b(patio|jardin) (de )?(enfrente|atras|adelante)\b/giu)].map((match) => ({ at: match.index, part: clause(match.index, match[0].length) }));
      if (size) found.push({ at: text.indexOf(size), part: size });
      const parts = [...new Set(found.sort((a, b) => a.at - b.at).map((item) => item.part))].filter((part) => part !== '');
      return parts.length > 0 ? parts.join(', ') : null;
    }
    case 'home-size': {
      // "How many bedrooms, or what are the biggest things we are moving?": the things answer it too.
      const home = stated(/\b(\d+|one|two|three|four|five|six)\s*-?\s*(bed(room)?s?|br|bd|bdrm|recamaras?|cuartos?|habitaciones?)\b|\bstudio\b|\b(\d[\d,]{2,}|\d+(\.\d+)?k|((one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty)[- ])+(hundred|thousand)( and)?( (one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)( hundred)?)?)\s*(sq\.? ?ft|sq\.? ?feet|square (feet|foot|ft)|sf)\b|\b(1\/1|2\/[12]|3\/[1-3]|4\/[1-4]|5\/[1-5]|6\/[1-6])(\.5)?\b(?!\s*\/)/i);
      // (And what they say it comes down to right after: "its a 2 bedroom he shared, just his room + a desk and futon".)
      const narrowed = home === null ? null : narrowedAfter(text, home);
      return (
        narrowed ??
        home ??
        (/\b(how much|amount)\b/.test(normalize(question.text)) ? (listSpan(AMOUNT_MEASURE) ?? listSpan(BOXES)) : null) ??
        // ("How much stuff? Bedrooms, or a rough list is fine.": a list of things too.)
        (/\b((biggest|largest|heaviest|big|large|heavy) (things|items|pieces)|what (things|items|furniture)|a (rough |quick |short )?list)\b/.test(normalize(question.text)) ? listSpan(BIG_ITEMS) : null)
      );
    }
    case 'amount':
      // How much, when said ("half a truck", "just the tub", "2 cosas"); else the things named ("an old piano").
      return listSpan(AMOUNT_MEASURE) ?? listSpan(BIG_ITEMS);
    case 'age': {
      // A number of years or a year; "old" alone says nothing ("our old fuse box").
      const age = span(AGE_SAID);
      return age ? withKindAsked(age) : null;
    }
    case 'pets':
      return span(/\b(dogs?|cats?|pupp(y|ies)|kittens?|pets?|perr(o|os|ito|itos|ita)|gat(o|os|ito|itos)|mascotas?|parrots?|birds?|rabbits?|chihuahua|lab|labrador)\b/i);
    case 'destination': {
      // "37206 to 37211": the ZIP they go to.
      const toZip = /\b\d{5}\W+(?:to|into|->|→|hasta|a)\W+(\d{5})\b/.exec(folded)?.[1];
      if (toZip) return toZip;
      // "we're buying a house in Groveland … from our place in Oakdale": where the new home is.
      const buying = /\b(?:buying|bought|closing on|closed on|just got|renting|rented|signed a lease on)\s+(?:a|an|the|our|my)\s+(?:new\s+)?(?:house|home|place|condo|townhouse|apartment|apt|duplex)\s+(?:in|out in|over in|up in|down in)\s+(\p{Lu}[\p{L}'.-]+(?:\s+\p{Lu}[\p{L}'.-]+)?)/u.exec(text)?.[1];
      if (buying) return buying;
      // "de Bremerton a Poulsbo": the place after "a".
      const fromTo = /\b(?:[Dd]e|[Dd]esde)\s+\p{Lu}[\p{L}'.-]+(?:\s+\p{Lu}[\p{L}'.-]+)?\s+(?:a|hasta)\s+(\p{Lu}[\p{L}'.-]+(?:\s+\p{Lu}[\p{L}'.-]+)?)/u.exec(text)?.[1];
      if (fromTo && !/^(Enero|Febrero|Marzo|Abril|Mayo|Junio|Julio|Agosto|Septiembre|Octubre|Noviembre|Diciembre|Lunes|Martes|Mi[eé]rcoles|Jueves|Viernes|S[aá]bado|Domingo)\b/i.test(fromTo)) return fromTo;
      // "from Redmond down to Portland, Oregon", "Capitol Hill to Ballard": the capitalised place after "to".
      const to = /(?:\b(?:to|into|down to|up to|over to|out to|hasta|para|(?:me voy|nos vamos|me mudo|nos mudamos|se muda|se mudan|se va|vamos|(?:la |lo )?(?:manejamos|llevamos|manejo|llevo)) a)|\ba(?=\s+(?:una|un|la|el|mi|nuestra|nuestro)\s+(?:nueva\s+|nuevo\s+)?(?:casa|departamento|apartamento|condominio|traila)\s+en\s+\p{Lu})|→|->)\s*(?:(?:(?:a|an|the|our|my|his|her|their|un|una|la|el|mi|nuestra|nuestro)\s+)?(?:[\p{L}]+'s\s+)?(?:new\s+|nueva\s+|nuevo\s+)?(?:apartamento|condominio|traila|house|home|apartment|apt|place|condo|townhouse|duplex|rental|dorm|assisted living|senior living|independent living|memory care|nursing home|retirement (?:home|community|village)|care (?:home|facility)|facility|community|casa|departamento|asilo)(?:\s+(?:place|facility|community|home))?\s+(?:in|en)\s+)?((?:[A-Z][\p{L}'.-]+)(?:,?\s+[A-Z][\p{L}'.-]+){0,2})/u.exec(text);
      // (Not the next sentence's first word: "to my place in Berwyn. Nothing else" is Berwyn.)
      const place = to?.[1]?.split(/(?<!\b(?:St|Mt|Ft|Pt|Ste|Saint|Mount|Fort))\.\s/)[0]?.replace(/,?\s+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|Mon|Tue|Wed|Thu|Fri|Sat|Sun)\w*$/, '');
      if (place && !/^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|Mon|Tue|Wed|Thu|Fri|Sat|Sun|I|We|The)\b/.test(place)) return place;
      // (A season's home when no place is said after "to": "winters in Buffalo are rough, taking my stuff to Tampa for the
      // winter" is Tampa.)
      const seasonal = seasonHome(text);
      if (seasonal) return seasonal;
      // Someone who writes without capitals: "capitol hill to ballard", "driving it to spokane ourselves" — a word after
      // "to" that is no thing, job, day or everyday word.
      if (/\p{Lu}/u.test(text.replace(/\b(I|I'm|I'll|I've|I'd)\b/g, ''))) return null;
      // "going from kanawha city to a house in cross lanes": the place the new home is in, up to two words.
      // ("going to a 1br in logan square w my boyfriend".)
      const homeIn = /\b(?:to|into)\s+(?:a|an|the|our|my)\s+(?:new\s+)?(?:house|home|place|apartment|apt|condo|townhouse|duplex|rental|studio|\d ?(?:br|bd|bdr|bed|bedroom)|(?:one|two|three) ?(?:br|bed|bedroom))\s+(?:in|out in|over in|up in|down in)\s+([a-z][a-z'-]{2,}(?: (?!and\b|but\b|on\b|by\b|for\b|next\b|this\b|so\b|the\b)[a-z][a-z'-]{2,})?)/.exec(text)?.[1];
      if (homeIn && !NOT_A_PLACE.test(homeIn.split(' ')[0] ?? '') && !/^(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec|monday|tuesday|wednesday|thursday|friday|saturday|sunday|the|a|an)\b/.test(homeIn)) return homeIn;
      // The first such word after any "to" ("need 2 guys to load it … driving it to spokane": spokane).
      // ("moving to gig harbor": a short word with a place's last word after it.)
      const suffixed = new RegExp(`(?:\\b(?:to|into)|→|->)\\s+([a-z][a-z'-]{2,} (?:${PLACE_LAST_WORD}))\\b`).exec(text)?.[1];
      if (suffixed && !NOT_A_PLACE.test(suffixed.split(' ')[0] ?? '')) return suffixed;
      const places = [...text.matchAll(/(?:\b(?:to|into)|→|->)\s+([a-z][a-z'-]{3,})\b/g)].map((match) => match[1] ?? '');
      return places.find((lower) => !NOT_A_PLACE.test(lower) && !/ing$/.test(lower) && read(lower).concepts.length === 0 && read(lower).actions.size === 0 && !/^(mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/.test(lower)) ?? null;
    }
    case 'stories': {
      // "2 story colonial", "a ranch, one floor": kept in their words, with the number in digits when said in words
      // ("one story brick ranch (1 story)").
      const stories = span(/\b(\d|one|two|three|four|single|1|2|3)[- ]?(story|stories|storey|floors?|levels?)\b|\b(ranch|rambler|bungalow|split[- ]level|colonial|cape cod)\b/i);
      if (!stories) return null;
      const digits = numbersAsDigits(stories.toLowerCase()).replace(/\bsingle\b/, '1');
      const count = /\b\d+ (story|stories|storey|floors?|levels?)\b/.exec(digits)?.[0];
      const said = count ? (normalize(stories) === digits ? stories : `${stories} (${count})`) : /\b(ranch|rambler|bungalow)\b/i.test(stories) ? `1 (${stories})` : stories;
      return withKindAsked(said);
    }
    case 'where':
      // A place said with where it is ("under the sink", "in the garage", "debajo del fregadero") before a place named
      // in passing ("kitchen sink froze").
      return span(new RegExp(`\\b(under|underneath|below|behind|inside|in|on|at|by|near|debajo del?|abajo del?|en el|en la|detras del?)\\s+(the\\s+|my\\s+|our\\s+|a\\s+|el\\s+|la\\s+|los\\s+|las\\s+)?([\\p{L}-]+\\s+)?${PLACES}\\b`, 'iu')) ?? span(new RegExp(`\\b${PLACES}\\b`, 'iu'));
    case 'access': {
      // Dogs, a driveway: ways in only when the question asks about them ("Gate code or dogs?"), or to park.
      const pets = /\b(dogs?|pets?|animals?|perros?|mascotas?)\b/.test(normalize(question.text)) ? '|dogs?|pupp(y|ies)|cats?|pets?|perr(o|os|ito|itos)|gat(o|os)|mascotas?|(golden |labrador )?retrievers?|labs?|labradors?|(german )?shepherds?|pit ?bulls?|pits|huskies|husky|doodles?|chihuahuas?|terriers?|poodles?|beagles?|boxers?|dachshunds?|rottweilers?|corgis?|heelers?' : '';
      // Stairs and floors are a way in when the question asks about them ("access (stairs, parking)?").
      const stairs = /\b(stairs|steps|floors?|elevator|escaleras|piso)\b/.test(normalize(question.text)) ? '|walk-?up|stairs|steps|flights?|elevator|\\d+(st|nd|rd|th) floor|escaleras|elevador|\\w+ piso' : '';
      // A phone number is a way in when the question asks who to reach ("tenant contact"): "Tanisha 832-555-0147".
      const contact = /\b(contact|tenant|phone|number|who|reach|inquilino|contacto)\b/.test(normalize(question.text)) ? '|\\(?\\d{3}\\)?[-. ]?\\d{3}[-. ]\\d{4}' : '';
      // A guard gate goes with the community it guards: the whole sentence ("We're in PGA West, the guard gate will need
      // your company name").
      const guarded = /[^.!?\n]*\b(guard gate|guard shack|gate ?house|gated (community|neighborhood|subdivision))\b[^.!?\n]*/i.exec(text);
      if (guarded) return guarded[0].trim();
      // Every clause that tells a way in ("3rd floor walkup, street parking only"; who lets them in, "Tenant is Luis, he's
      // home most days") — not one that tells work done or a
      // trouble ("He fixed our back gate", "about a back door that won't latch").
      return spans(
        new RegExp(
          `\\b(gates?|(?<!(zip|postal|area|promo|coupon|error|fault) )codes?|lock ?box|crawl ?space (door|entrance|access|hatch|opening)|(north|south|east|west) side|unit \\d+|apt\\.? ?#?\\d+|apartment #?\\d+|keys?|parking|park (in|on|out|at)|buzz (me|us|the)|buzzer|door ?bell|ring the bell|knock|side door|back door|unlocked|latch|front desk|concierge|doorman|the super|building super|superintendent|leasing office|(i'?ll|we'?ll|someone will|somebody will) be (home|there)|home that day|(i'?m|im|i am|we'?re|we are|someone'?s|someone is|somebody'?s) (home|there|around) (all day|that day|then|that (morning|afternoon))|let (you|u|them|the crew|y'?all)( up| back| out)? (in|into|inside)|(tenant|renter|inquilin[oa])('?s name)? (is|es|se llama|named) (?!(not|home|out|away|there|gone|moving|sick|asleep|at|in|on|aware|fine|ok|okay|busy|working|a|an|the|no|never|always|usually|currently|still|unreachable|traveling|elderly|older|responsive|unresponsive|difficult|nice)\\b)[a-z]+|caja con llave|(?<!\\b(cerr|cierr|abr)\\S* (la |las )?)llaves?(?! (principal|del agua|de paso|de agua|de afuera|del jardin|de la manguera))|porton|portero|codigo(?! postal)|timbre|toquen|para entrar|estare en casa|estacion\\w+${pets}${stairs}${contact})\\b`,
          'gi',
        ),
        (found) => !/\b(fixed|repaired|installed|replaced|built|put in|won'?t|doesn'?t|isn'?t|broke|broken|rotting|rotted|stuck|voicemails?|called back)\b/i.test(found) || /\b(code|lock ?box|key|codigo|llave)\b/i.test(found),
      );
    }
    case 'referral': {
      // A place online names how they found the business; a person ("my neighbor", "a friend") only with how they
      // heard ("saw your truck at my neighbor's", "a friend recommended you"), not "the neighbor's tree".
      const online = span(/\b(google|yelp|facebook|fb|instagram|insta|nextdoor|angi|angie'?s list|thumbtack|home ?advisor|bbb|tiktok|youtube|craigslist|yard sign|flyer|flier|mailer|postcard|door hanger|billboard|radio|word of mouth)\b/i);
      const person = span(/\b(neighbou?rs?|friends?|family|coworkers?|co-workers?|vecin[oa]s?|amig[oa]s?|(saw|seen|spotted) (your|the|a) (truck|van|trailer|sign))\b/i);
      return online ?? (person && /\b(saw|seen|spotted|heard|found|referr\w*|recommend\w*|told|gave|used (you|your)|from|recomend\w*|encontr\w*)\b/i.test(person) ? person : null);
    }
    default: {
      // "How many zones on the controller?": a count of that thing, said anywhere ("12 zones plus drip").
      const counted = /\bhow many ([a-z]{3,})/i.exec(question.text)?.[1];
      if (counted) {
        const thing = counted.toLowerCase().replace(/(es|s)$/, '');
        const count = span(new RegExp(`\\b(\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dos|tres|cuatro|cinco|seis)\\s+${thing}\\w*`, 'i'));
        if (count) return count;
      }
      return exampleAnswer(question, text, clause);
    }
  }
}

/**
 * The owner's question gives its own examples ("What's the roof made of (asphalt shingles, metal, slate...)?",
 * "Which floors, e.g. hardwood or tile?"): a text naming exactly one of them answers it, in the text's words.
 */
function exampleAnswer(question: QualifierQuestion, text: string, clause: (index: number, length: number) => string): string | null {
  // (Or listed in the question itself: "Is the heat oil, gas, propane or electric?", "What fuel does it run on — oil,
  // propane, natural gas?")
  // (A question in two languages, "¿Casa, apartamento o negocio? / House, apartment or business?", lists both.)
  const examples = question.text.split(/\s+\/\s+/).flatMap((part) => {
    // (An example after the first may be two words: "Is it a house, mobile home, apartment or business?")
    const listed = /\(([^)]*)\)|\b(?:e\.?g\.?|such as|for example|for instance)\s*,?\s+([^?]*)|\b((?:(?:a|an|the) )?[\p{L}-]+(?:, [\p{L}-]+(?: [\p{L}-]+)?)+,? (?:or|o) [\p{L}-]+(?: [\p{L}-]+)?)\s*\??\s*$|[—–:]\s*([\p{L}-]+(?: [\p{L}-]+)?(?:, [\p{L}-]+(?: [\p{L}-]+)?)+)\s*\??\s*$/iu.exec(part);
    // (Or two, in a short question of only them: "Single or double door?", "Gas or electric?".)
    const pair = /^\s*([\p{L}-]+) (?:or|o) ([\p{L}-]+)(?: [\p{L}-]+)?\s*\?\s*$/iu.exec(part);
    return (listed?.[1] ?? listed?.[2] ?? listed?.[3] ?? listed?.[4] ?? (pair ? `${pair[1]}, ${pair[2]}` : '')).split(/\s*(?:,|\/|;|\bor\b|\bo\b|\band\b|\betc\b\.?|\.{2,}|…)\s*/i);
  })
    .map((example) => normalize(example).replace(/[^\p{L}\p{N}' -]/gu, '').trim().replace(/^(a|an|the|un|una|el|la)\s+/, ''))
    .filter((example) => example.length >= 3);
  if (examples.length < 2) return null;
  const said = normalize(text);
  // An example is said when its first word is ("asphalt" for "asphalt shingles"), one or many ("shingles" for "shingle").
  // (Not a first word many things share: "heat" is no "heat pump" in "it's about my mother's heat".)
  const base = (example: string) => {
    if (/^(heat|air|water|hot|cold|natural|new|old|wood|electric|gas) \S/.test(example)) return example.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const word = example.split(' ')[0] ?? '';
    return (word.length > 4 ? word.replace(/(?:es|s)$/, '') : word).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  };
  // A question about what is there now ("What's on the roof now — shingles, metal, flat?") is not answered by what they
  // want instead ("a quote on a metal roof").
  const now = /\b(now|currently|current|existing|right now|there now)\b/.test(normalize(question.text));
  const wanted = (at: number) => now && /\b(quote|want|wanting|looking (to|for)|new|replace|replacing|install|get a|thinking|switch|upgrade)\b/.test(between(said, Math.max(0, at - 40), at));
  // (Nor by one said in a question of their own: "normal for old houses??".)
  // ("It's metal I think?" is a guess, not a question.)
  const asking = (at: number) => {
    const end = /^[^.!?\n]*[.!?\n]?\?*/.exec(between(said, at, said.length))?.[0] ?? '';
    const sentence = `${between(said, Math.max(0, said.slice(0, at).search(/[^.!?\n]*$/)), at)}${end}`;
    return /\?\s*$/.test(sentence) && !/\b(i think|i guess|i believe|maybe|probably|not sure)\s*\?+\s*$/.test(sentence);
  };
  const found = examples.map((example) => ({ example, match: new RegExp(`\\b(?:${base(example)}(?:s|es)?${SAID_AS[example] ? `|${SAID_AS[example]}` : ''})\\b`).exec(said) })).filter((hit) => hit.match !== null && !wanted(hit.match.index) && !asking(hit.match.index));
  if (found.length !== 1) return null;
  const word = found[0]?.match?.[0] ?? '';
  const at = text.toLowerCase().indexOf(word);
  return at >= 0 ? clause(at, word.length) : word;
}

/** How people say an example in other words: a "2 car" door is a double one. */
// ("Composition shingle" for the owner's "comp shingle".)
const SAID_AS: Readonly<Record<string, string>> = { single: '(?:1|one)[- ]?car|(?:8|9) ?(?:ft|foot|feet|x ?7|x ?8)', double: '(?:2|two)[- ]?car|(?:16|18) ?(?:ft|foot|feet|x ?7|x ?8)', comp: 'composition', 'comp shingle': 'composition', 'comp shingles': 'composition', composition: 'comp' };

/** A text that only says more about the job (its things, no question, no greeting) while something else was asked. */
function moreAboutJob(turn: Turn, jobCorrected = false): boolean {
  const { asked, text, signals } = turn;
  // (Not in reply to a ZIP or a choice: "out past the snowbowl turnoff, green metal roof" says where, not what.)
  // (In reply to a ZIP only when it tells a trouble: "the knob went right through the wall … hole is about the size of
  // a dinner plate".)
  const troubleForZip = asked?.kind === 'zip' && !/\d/.test(text) && /\b(hole|holes|through the wall|broke|broken|cracked|crack|leak\w*|damage\w*|won'?t|doesn'?t|not working|rott\w*)\b/i.test(text);
  if (!asked || (asked.kind !== 'date' && asked.kind !== 'yes_no' && !troubleForZip) || signals.greeting || signals.thanks || (signals.correction && !jobCorrected) || signals.deferred || questionSentences(text).length > 0) return false;
  return read(text).concepts.some((concept) => !concept.startsWith('property-'));
}

/** A plain yes or no opening a reply ("👍 friday works", "no, monday"), not "no rush". */
const LEADING_YES_NO = new RegExp(`^\\W*(yes|yeah|yep|yup|ya|yea|no|nope|nah|si|sí|correct|👍|✅|👎|❌)(?![\\p{L}])(?!\\s+(?:${NO_IDIOMS})\\b)`, 'iu');

/** A clause opening with a yes or no (or "we have", "we're on") that names the question's own thing. */
function clauseEcho(question: QualifierQuestion, text: string): 'yes' | 'no' | null {
  const asked = new Set(read(question.text).allStems.filter((word) => word.length > 3));
  for (const clause of normalize(text).split(/[.,;!?\n]+/)) {
    // (Or who has it: "she has the mount already" for "Do you already have the parts (mount, fixture, boards)?".)
    const opening = /^\s*(yes|yeah|yep|yup|no|nope|nah|we (do|don'?t|do not) have|we have|we'?ve got|we got|we'?re on|we are on|it'?s on|there'?s|there is|si|si tenemos|tenemos|no tenemos|(i|we|she|he|they)( already)? (have|has|got|bought)|already (have|has|got|bought)|(i|we|she|he|they) (don'?t|doesn'?t|do not|does not|didn'?t|did not) (have|has|buy))\b/.exec(clause);
    if (!opening) continue;
    // ("already" asks when, not what: "he has already left" has nothing of the parts.)
    const rest = clause.slice(opening.index + opening[0].length).replace(/\balready\b/g, ' ');
    // (Who has it says it right after: not "I have a question about the mount", "I have to go pick up the mount", nor
    // one picked out and not bought.)
    const owner = /^\s*(i|we|she|he|they|already)\b/.test(clause) && !/^\s*(yes|yeah|yep|yup|no|nope|nah)\b/.test(clause);
    // (A question of parts or materials is answered by the thing had: "already have the mount" for "Do you already have
    // the parts/materials?".)
    const ofParts = [...asked].some((word) => /^(part|materi|suppli)$/.test(word));
    const names = (words: string) => read(words).allStems.some((word) => asked.has(word)) || (ofParts && /\b(mounts?|brackets?|fixtures?|fans?|faucets?|lights?|boards?|lumber|tiles?|paint|hardware|kit|shelves|shelf|blinds|rods?|parts?|materials?|supplies)\b/.test(words));
    if (owner && (/^\s*(to|got to|a (question|few questions|couple( of)? questions)|questions?)\b/.test(rest) || !names(rest.split(/\s+/).slice(0, 4).join(' ')) || /\b(picked out|hasn'?t|haven'?t|not yet|on order|to order|to (buy|get|pick up))\b/.test(rest))) continue;
    if (!names(rest)) continue;
    // (The no is the opening's: "he has the fixture but not the bulbs" has it.)
    return /\b(no|nope|nah|not|don'?t|doesn'?t|didn'?t|do not|never|none|no tenemos)\b/.test(owner ? opening[0] : clause) ? 'no' : 'yes';
  }
  return null;
}

/**
 * A yes/no answered by saying the question's own words back ("ground level out back" to "Is it all on the ground
 * floor?"): yes, or no when a negation comes with them.
 */
function echoAnswer(question: QualifierQuestion, text: string): 'yes' | 'no' | null {
  const asked = new Set(read(question.text).allStems.filter((word) => word.length > 2));
  const said = read(text).allStems;
  if (!said.some((word) => asked.has(word))) return null;
  return /\b(no|not|never|none|nope|n't|isn'?t|aren'?t|don'?t|doesn'?t|nada|ningun\w*)\b/.test(normalize(text)) ? 'no' : 'yes';
}

/** Whether an option is for something new or for upkeep (install, maintenance) that the text does not ask for. */
function newOrUpkeepNotAsked(option: string, text: string): boolean {
  const wanted = read(option);
  const jobs = [...wanted.actions].filter((action) => action === 'install' || action === 'maintenance');
  const reading = read(text);
  // A broken thing's replacement is its fix: "Broken spring replacement" for "the spring up top is in two pieces".
  if (wanted.concepts.some((concept) => reading.problems.has(concept))) return false;
  return jobs.length > 0 && !jobs.some((action) => reading.actions.has(action));
}

/**
 * Whether an option recorded from a text that names a danger is only a guess: a new thing or upkeep the text does not
 * ask for, a trouble it does not say — unless the danger is the option's own thing and the option covers its troubles
 * ("fuse box … humming" for "Panel upgrades & breaker problems") — or anything beside a CO alarm.
 */
function jobGuessedFromDanger(option: string, turn: Turn): boolean {
  const { text, signals } = turn;
  // (The danger's sentence, not only its words: "a thin line of smoke coming out the top of the outside AC unit" is the
  // AC's danger.)
  const words = normalize(signals.emergency?.words ?? '');
  const said = normalize(text);
  const at = words ? said.indexOf(words) : -1;
  const ownDanger = dangerOfOption(option, at >= 0 ? sentenceAt(said, at) : words);
  return (
    // (A drain's cleaning is its fix: "the floor drain … burps up brown water, smells like sewage" for "Drain cleaning".)
    (newOrUpkeepNotAsked(option, text) && !(ownDanger && /\b(problems?|repairs?|issues?|troubleshoot\w*|fix\w*|clean\w*|unclog\w*|clogs?|rooter|snak\w*|jett\w*)\b/i.test(option))) ||
    (signals.emergency?.hazard !== 'no-heat' && !ownDanger && troubleNotSaid(option, text)) ||
    (signals.emergency?.hazard === 'carbon-monoxide' && !askedToLookAt(option, text))
  );
}

/** Whether the text asks for someone to look at the option's thing ("need someone to look at the furnace, it's a Rheem"). */
function askedToLookAt(option: string, text: string): boolean {
  // (Or asked outright: "Could somebody come look at the furnace?", "can you check the boiler".)
  const wished = clauseAfter(WISH, normalize(text)) ?? clauseAfter(/\b(could|can|would) (somebody|someone|you|u|y'?all|you guys|a tech) (please )?(come )?(out )?(and )?(look at|check|check on|check out|take a look at|inspect|service)\b/, normalize(text));
  if (wished === null) return false;
  const wanted = read(wished).concepts;
  return read(option).concepts.some((concept) => !concept.startsWith('property-') && wanted.includes(concept));
}

/** Whether the danger named is the option's own thing ("fuse box … humming" for "Panel upgrades & breaker problems"). */
function dangerOfOption(option: string, dangerWords: string): boolean {
  // (Not an option naming another trouble: "Flickering lights / dead outlets" is not a warm outlet's; but one for any
  // trouble of the thing is, "Troubleshooting / outlets not working".)
  if (/\b(dead|flicker\w*|trip\w*|no power|not working|won'?t|broken|leak\w*)\b/i.test(option) && !/\b(troubleshoot\w*|diagnos\w*)\b/i.test(option)) return false;
  const danger = read(dangerWords).concepts;
  return read(option).concepts.some((concept) => !concept.startsWith('property-') && danger.includes(concept));
}

/** Whether the option names a thing by a trouble ("Dead outlet", "No heat") that the text names only as a thing. */
function troubleNotSaid(option: string, text: string): boolean {
  const said = read(text);
  // A trouble the option lists in its brackets and the text names ("Troubleshooting (flickering, …)" for "lights
  // flicker sometimes") is said.
  const listed = read(/\(([^)]*)\)/.exec(option)?.[1] ?? '').allStems.filter((word) => word.length > 4);
  if (listed.some((word) => said.allStems.includes(word))) return false;
  return [...read(option).problems].some((concept) => said.concepts.includes(concept) && !said.problems.has(concept));
}

/**
 * Whether a free-text answer said later is closer to what was asked than the one recorded: how much to haul after
 * only the things ("hot tub", then "half a truck"), a yard in acres after a patio's sides ("como 12 por 16 pies",
 * then "1/4 de acre"), the ZIP of a town to move to ("omaha", then "from 51503 to 68144").
 */
function closerAnswer(topic: TextTopic, recorded: string, value: string): boolean {
  switch (topic) {
    case 'amount':
      return AMOUNT_MEASURE.test(fold(value)) && !AMOUNT_MEASURE.test(fold(recorded));
    case 'lot-size':
      return /\b(acres?|acre)\b/i.test(value) && !/\b(acres?|sq|square)\b/i.test(recorded);
    case 'destination':
      return /^\d{5}$/.test(value.trim()) && !/\d/.test(recorded);
    default:
      return false;
  }
}

/** Whether `value` is the same thing as the recorded answer with the kind of job the text now says. */
function refines(input: AiTurnInput, question: QualifierQuestion, text: string, value: string): boolean {
  const recorded = input.answers[question.key] ?? '';
  const before = read(recorded);
  const after = read(value);
  // (Damage named is no kind of job asked: "the deductible is larger than the damage is likely to be".)
  const said = read(text.replace(/\bdamage[ds]?\b/gi, ' '));
  // Only a repair becoming a replacement (or back): "maintenance" words are too common to move an answer.
  if (!said.actions.has('install') && !said.actions.has('repair')) return false;
  return said.actions.size > 0 && before.concepts.length > 0 && before.concepts.every((concept) => after.concepts.includes(concept)) && [...after.actions].some((action) => said.actions.has(action)) && ![...before.actions].some((action) => said.actions.has(action));
}

/** A text that says again an option already recorded ("standard" after "weekly cleaning"): understood, nothing new. */
function confirmsAnswer(input: AiTurnInput, text: string): boolean {
  return input.questions.some((question) => {
    const value = input.answers[question.key];
    if (!value || question.kind !== 'choice') return false;
    const choice = chooseOption(text, optionsFor(question, input));
    return choice.best?.option === value || choice.ranked[0]?.option === value;
  });
}

/** Whether the text says something about the topic itself ("own", "rent", "urgent"…), not only yes or no. */
function topicWordsSaid(text: string, topic: Exclude<YesNoTopic, 'other'>): boolean {
  const said = normalize(text);
  switch (topic) {
    case 'leaking':
    case 'stairs':
    case 'returning':
    case 'water-off':
    case 'insurance':
    case 'recurring':
    case 'warranty':
    case 'ground':
    case 'hoa':
    case 'heat':
    case 'has-heat':
    case 'entry':
    case 'rental':
    case 'at-risk':
    case 'someone-home':
      return topicalYesNo(text, topic) !== null;
    case 'owner-ok':
      if (OWNER_OK.test(said)) return true;
      return topicWordsSaid(text, 'ownership');
    case 'owner-or-manager':
      return /\b(manage|manager|mgmt|management)\b/.test(said) || topicWordsSaid(text, 'ownership');
    case 'ownership':
      return /\b(own|owned|owns|owners?|homeowners?|closed on|rent\w*|lease|landlord|tenant|mortgage|bought|(my|our) (house|home|place|condo)|ours|mine|paid (it )?off|selling|duen[oa]s?|propietari\w*|alquil\w*|es (mia|mio|nuestra|nuestro|de nosotros|propia))\b/.test(said);
    case 'urgency':
      return /\b(urgent|emergency|asap|rush|hurry|whenever|annoying|can wait|right away|urgente|prisa)\b/.test(said);
    case 'pets':
      return petsNamed(text) || /\b(pets?|animals?|mascotas?|animales|pet[- ]free)\b/.test(said);
    case 'kids-pets':
      return petsNamed(text) || KIDS.test(said) || /\b(pets?|animals?|mascotas?|animales)\b/.test(said);
    case 'access':
      return /\b(gate|code|stairs|elevator|home|there)\b/.test(said);
    case 'double-door':
      return statedSizes(text).has('car');
    case 'car-stuck':
      return /\b(car|cars|truck|van|suv|vehicle|parked|stuck|trapped|driveway|carro|camioneta|coche|vehiculo|atrapad\w*)\b/.test(said);
  }
}

/** A visit asked for: "can someone come look", "could you guys come out", "¿pueden venir?". */
// ("I just wanted to get her on your list for tomorrow": put on the schedule for that day.)
const VISIT_ASKED = /\b(get|put) (her|him|them|us|me|it|my \w+) (on|onto) (your|the) (list|schedule|calendar)\b|\b(get|send|have) (someone|somebody|a tech|a plumber|a guy|anyone) (out|over|here|there)\b|\b(price|cost|charge|cobran|cuanto) (to|for|por) (come|coming|venir) (out|by|over)?\b|\b(someone|somebody|a tech|a technician|you guys|y'?all) (needs?|has|have|must) to (come|look|get out|get over|check|stop by|see)\b|\b(can|could|would|will) (you|someone|somebody|anyone|a tech|a technician|you guys|y'?all|u)\b[^.!?\n]{0,20}\b(come|stop by|swing by|send (someone|somebody|a tech))\b|\b(someone|somebody|anyone|a tech|you|u|y'?all) (can|could) (get out|get here|get over|come|make it|stop by)\b|\b(pueden|puede|podrian|podria) (venir|pasar|mandar)\b/;

/** Whether a sentence asking for a visit names its day ("Can someone come look tomorrow?"), not only another one. */
function dayOfVisitAsked(turn: Turn): FoundDate | null {
  const { input, text, language } = turn;
  for (const sentence of text.split(/(?<=[.!?¿\n|])/)) {
    // (Or a limit their day sets: "I have to get to work before my shift at 3" wants it done today before 3.)
    const day = VISIT_ASKED.test(normalize(sentence)) || OWN_DEADLINE.test(normalize(sentence)) ? extractDate(sentence, input.now, input.business.timezone, { language }) : null;
    if (day) return day;
  }
  return null;
}

/** A ZIP found now that is outside the area by what looks like a slip, and was not checked before. */
function postalToConfirm(input: AiTurnInput, found: Record<string, string>): { key: string; code: string } | null {
  for (const question of input.questions) {
    const code = found[question.key];
    if (question.kind !== 'zip' || !code || !slipIntoArea(code, input.business.serviceAreaPrefixes)) continue;
    // Only a code sent bare, as a text of its own ("31046"): one put in words ("we're in 60202", "Boulder, 80304",
    // "do you come out to Muskogee? 74401") is where they say they are.
    if (!input.newMessages.some((message) => message.replace(code, ' ').replace(/\b(zip|zip code|my zip is|it'?s|its)\b/gi, ' ').replace(/[^\p{L}\p{N}]/gu, '') === '')) continue;
    const checkedBefore = earlierLines(input).some((line) => line.from === 'business' && say.postalConfirmed(line.body) === code);
    return checkedBefore ? null : { key: question.key, code };
  }
  return null;
}

/** Why the lead is outside what the business does, or null. */
function disqualifyReason(input: AiTurnInput, found: Record<string, string>, notOffered: string | null): string | null {
  for (const question of input.questions) {
    const value = found[question.key];
    if (question.kind === 'zip' && value && !isInServiceArea(value, input.business.serviceAreaPrefixes)) return `outside the service area (${value})`;
  }
  return notOffered ? `asked for a service not offered (${notOffered})` : null;
}

/** A service for moves out of the business's state ("Out-of-state moves", "Long-distance move"). */
/** A service drawn by distance ("Long-distance moves (over 100 miles)", "Local move (under 50 miles)"). */
const DRAWN_IN_MILES = /\bmiles?\b|\bmi\b/i;

const ACROSS_STATES = /\b(out[- ]of[- ]state|interstate|other states?|cross[- ]country|long[- ]distance)\b/i;

/**
 * Whether the text moves someone to another state than the business's ("to Boise", "Portland, Oregon"). Only a move
 * counts, and a place the business names in its facts is one it serves.
 */
function movesOutOfState(input: AiTurnInput, text: string): boolean {
  if (!/\b(mov(e|es|ing|ers?)|relocat\w*|mudanza|mudarnos|mudamos|mudo|mudar)\b/i.test(normalize(text))) return false;
  const home = businessState(input.business.serviceAreaPrefixes);
  const going = home ? destinationStates(text, input.business.facts) : null;
  return home !== null && going !== null && going.size > 0 && !going.has(home);
}

/** The owner's option for moves to another state, when the text moves someone out of the business's state. */
function acrossStatesOption(input: AiTurnInput, options: readonly string[], text: string): string | null {
  const far = options.find((option) => ACROSS_STATES.test(option));
  return far && movesOutOfState(input, text) ? far : null;
}

/**
 * The owner's option for moves to another town, when the text moves someone from one named town to another that is
 * not in the local option's area ("de Houston a San Antonio" for "Local move (Houston area)" / "Moving within
 * Texas"). Only between a local option that names its area and one for farther moves not drawn in miles, and only
 * when the town moved to is not one the local option or the owner's words about local moves name.
 */
function otherTownOption(input: AiTurnInput, options: readonly string[], text: string): string | null {
  const sameTown = options.find((option) => SAME_TOWN.test(option));
  const local = sameTown ?? options.find((option) => /\b(local|area)\b/i.test(option) && /\(([^)]*\barea|[^)]*\p{Lu}[^)]*)\)/u.test(option) && !DRAWN_IN_MILES.test(option));
  const far = options.find((option) => option !== local && (ACROSS_STATES.test(option) || WITHIN_STATE.test(option)) && !DRAWN_IN_MILES.test(option));
  if (!local || !far) return null;
  const state = businessState(input.business.serviceAreaPrefixes);
  const said = normalize(text);
  // "Local move (same town)": their own move between two towns of the state is not it ("mudarme de Greeley a
  // Longmont"), to the option for farther moves in the state (not an out-of-state one). (Not someone else's trip: "my
  // daughter from Denver is coming to Loveland to help", "truck is coming from Fort Collins".)
  const inState = options.find((option) => option !== local && WITHIN_STATE.test(option) && !ACROSS_STATES.test(option) && !DRAWN_IN_MILES.test(option));
  if (sameTown && state && inState && /\b(mov\w*|relocat\w*|mud\w*|move)\b[^.!?]{0,30}\b(from|de|desde)\b/.test(said) && !/\b(coming|comes|viene|vienen|visit\w*|driving|drives|help)\b[^.!?]{0,20}\b(from|de|desde)\b/.test(said)) {
    const { from, to } = tripTowns(text, [state]);
    if (from && to && from !== to) return inState;
  }
  // Every town named near the area the local option names ("Local move (Springfield area)": "2br apartment in nixa going
  // to a house in south springfield", Nixa 11 miles from Springfield): the local move. Two towns at least, each within
  // 25 miles as the crow flies.
  const area = /\(([\p{L} .'-]+?)\s+area\)/iu.exec(local)?.[1];
  if (area && state) {
    const named = [...new Set(townsNamed(text, [state], ''))];
    if (named.length >= 2 && named.every((town) => (milesBetween(state, town, area) ?? Number.POSITIVE_INFINITY) <= 25)) return local;
  }
  const trip = /\b(?:from|de|desde)\s+((?:\p{Lu}[\p{L}.'-]*\s?){1,3})\s*(?:to|a|hasta|hacia|->|→)\s+((?:\p{Lu}[\p{L}.'-]*\s?){1,3})/u.exec(text);
  if (!trip) return null;
  const [from, to] = [normalize(trip[1] ?? '').trim(), normalize(trip[2] ?? '').trim()];
  // ("like 20 min away": near enough whatever the town.)
  if (from === to || /\b\d+\s*(min|mins|minutes|minutos)\b/.test(said)) return null;
  // The owner's words about local moves, up to where the farther ones begin ("Local moves across Greater Houston, moves
  // to other Texas cities (Austin, …)": Houston).
  const aboutLocal = [...input.business.facts.matchAll(/\blocal\b[^.!?]*/gi)].map((match) => match[0].split(/\b(?:plus|other|long[- ]distance|out of state|statewide|anywhere|as well as)\b/i)[0]);
  const localWords = normalize(`${local} ${aboutLocal.join(' ')}`);
  const named = (town: string) => new RegExp(`\\b${town.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(localWords);
  return named(from) && !named(to) ? far : null;
}

/**
 * Of "a rental you own or manage" and "a place you rent", the landlord's or manager's when the person says they are
 * one: "Dave with Northtown Property Mgmt … tenant has a pan under it" is no tenant. (Not "my property manager said
 * it's fine", which a tenant says.)
 */
export function rentalRoleOption(options: readonly string[], text: string): string | null {
  const landlord = options.find((option) => /\b(rentals?|rented out|investment)\b/i.test(option) && /\b(own|manage|landlord)\b/i.test(option));
  const tenant = options.find((option) => option !== landlord && /\b(tenant|renter|i rent|renting|you rent)\b/i.test(option));
  if (!landlord || !tenant) return null;
  const said = normalize(text);
  // (Not a tenant sent by the manager: "prop mgmt gave me your number, I live in unit 4".)
  if (/\b(i'?m|im|i am|we'?re|we are) (a )?(tenants?|renters?|renting)\b|\b(i|we) (rent|lease)\b(?! (it|them|units?|the (other )?units?) (out|to))|\b(i|we) live (in|at|here)\b|\b(i'?m|im|we'?re|were) in (apt|apartment|unit)\b|\b(gave|told|sent) (me|us)\b|\brenters?'?s? insurance\b|\b(my|our) (landlord|property manager)\b/.test(said)) return null;
  return MANAGER_SAID.test(said) ? landlord : null;
}
const MANAGER_SAID = /\b(with|from|at|w|of|here at|calling from)\s+(?:[\p{L}&'.-]+\s+){0,3}(property|prop)\s+(mgmt|management|managers?|mgr)\b|\b(i'?m|im|i am|we'?re|we are|this is) (the |a )?(landlord|property manager|prop(erty)? mgr)\b|\bproperty manager here\b|\b((we|i) manage (it|the|this|that|units?|rentals?|properties|the property|the building|for the owner)|(my|our) (tenants?|renters?)|rental (i|we) own|(i|we) own (the|it|a|this) (rental|duplex|fourplex|triplex|building)|rent(ing|s)? (it|them|the (house|place|unit)) out|se la rent\w*|mis inquilin\w*)\b/u;

/** Words one calls someone or something by, not a name signed: "ok Google", "thanks Hon", "sounds good Boss". */
const ADDRESSED = /^(google|siri|alexa|boss|bet|deal|hon|honey|dear|jesus|god|lord|brother|sister|bro|sis|man|dude|sir|maam|ma'am|buddy|friend|guys|all|again|folks|mate|chief|champ|cool|great|sure|thanks|thank|perfect|awesome|nice|wow|yes|yep|nope|no|done|sounds)$/i;

/** Owning or renting said in the first person: "I own it", "we're the owners", "I rent", "I'm a tenant". */
const OWNING_SAID = /\b((i|we) (do )?own (it|this|that|the (house|home|place|property|rental|building|unit))|(i'?m|im|i am|we'?re|we are) the (owners?|landlord|homeowners?)|(i|we) (rent|lease)\b(?! (it|them|units?|the (other )?units?) (out|to))(?! (out|a|an|some)\b)|(i'?m|im|i am|we'?re|we are) (a )?(tenants?|renters?|renting\b(?! (a|an|the|some|out)\b)))\b/;

/** "the business" as custom, not a place: "Do y'all want the business or not", "I'll take my business elsewhere". */
// (Nor is asking who they reach: "hi is this the garage door place?" names the business's trade, not the job.)
const BUSINESS_IDIOM = /\b(want|wants|wanted|lose|losing|lost|take|taking|took|give|giving|gave|earn|appreciate|need|get|getting) (y'?all'?s? |your |you |u )?(the|my|our|your|his|her) business\b|\b(my|our) business (elsewhere|somewhere else)\b|\b(is this|are (you|u|y'?all)|is that) (the |a |an )?((?!repair|fix|replace|install|clean|service)[\p{L}'-]+ ){0,3}(place|company|co|guys|people|business|shop|folks|outfit|service)\b(?= *(\?|$|[.!]))/giu;

const UNSURE_OF_KIND = /\b(not sure|unsure|no idea|(i )?don'?t know|dunno|idk|no se)\b[^.!?]{0,12}\b(what|which|que|cual) (kind|type|sort|tipo|clase)\b/;
const UNSURE_OPTION = /^\s*(not sure|unsure|(i )?don'?t know|no idea|no s[eé])\b/i;

/**
 * Words of each kind of material an owner may ask about ("Asphalt shingle", "Metal", "Flat / rubber", "Tile"): the
 * words that name a roof of it anywhere, then the plain words that do only as an answer to the question ("metal").
 * ("the rubber boot is cracked", "a flat fee", "the aluminum gutter", "the tile floor" name no roof.)
 */
const ROOF_OF = String.raw`(?:\s+(?:roofs?|roofing|top|panels?|sheets?))`;
const SHINGLE = { roof: String.raw`shingles|shingled|asphalt shingles?|architectural shingles?|3[- ]?tab|three[- ]tab|comp(osition)? shingles?|shingle${ROOF_OF}`, plain: String.raw`shingles?|asphalt|architectural|comp(osition)?` };
const CEDAR = { roof: String.raw`cedar shakes?|wood shakes?|shake${ROOF_OF}|cedar${ROOF_OF}`, plain: String.raw`cedar|shakes?` };
const MATERIALS: Record<string, { roof: string; plain: string }> = {
  shingle: SHINGLE,
  asphalt: { ...SHINGLE, roof: String.raw`${SHINGLE.roof}|asphalt${ROOF_OF}` },
  metal: { roof: String.raw`standing[- ]seam|galvalume|corrugated (metal|steel|tin|panels?)|(metal|tin|steel|aluminum)${ROOF_OF}|techo de lamina|techo metalico`, plain: String.raw`metal|tin|steel|corrugated|galvalume|lamina|metalico` },
  // ("Hail … cracked a bunch of tiles on the west side": tiles, not a floor's, are the roof's.)
  tile: { roof: String.raw`clay tiles?|barrel tiles?|spanish tiles?|concrete tiles?|terra ?cotta tiles?|tile${ROOF_OF}|techo de teja|(?<!(floor|ceiling|bathroom|kitchen|shower|wall|porcelain|ceramic) )tiles(?![^.!?]{0,24}\b(floors?|shower|bath\w*|kitchen|backsplash|grout)\b)`, plain: String.raw`tiles?|clay|terra ?cotta|teja|tejas` },
  slate: { roof: String.raw`slate${ROOF_OF}|slate tiles?|slates`, plain: String.raw`slate|pizarra` },
  flat: { roof: String.raw`tpo|epdm|modified bitumen|torch[- ]?down|(flat|rubber|membrane)${ROOF_OF}|rubber membrane`, plain: String.raw`flat|tpo|epdm|rubber|modified|torch[- ]?down|membrane` },
  rubber: { roof: String.raw`tpo|epdm|(rubber|membrane)${ROOF_OF}|rubber membrane`, plain: String.raw`rubber|epdm|tpo` },
  foam: { roof: String.raw`spray[- ]foam${ROOF_OF}?|foam${ROOF_OF}`, plain: String.raw`foam|spray[- ]foam` },
  cedar: CEDAR,
  shake: CEDAR,
};

/**
 * For a question whose options are kinds of material ("Shingle" / "Metal" / "Not sure"): the one whose words the text
 * says (the plain word only when `asked`, and not denied: "not metal"), null when it names none or several, undefined
 * when the options are not such a list.
 */
export function materialOption(options: readonly string[], text: string, asked = false): string | null | undefined {
  const wordsOf = (option: string) => normalize(option).replace(/\b(roofs?|roofing|siding)\b/g, ' ').split(/[^\p{L}\d-]+/u).filter((word) => word !== '');
  const kinds = options.filter((option) => {
    const words = wordsOf(option);
    return words.length > 0 && words.every((word) => word in MATERIALS || /^(or|and|y|o)$/.test(word));
  });
  if (kinds.length < 2) return undefined;
  // (A kind said aside: "the metal part is just the porch", "not metal".)
  const said = normalize(text).replace(/\b(not|no|isn'?t|aren'?t|never)\s+(a\s+|the\s+)?[\p{L}-]+/gu, ' ').replace(/\b(the|a)\s+[\p{L}-]+\s+(part|piece|bit)\s+(is|'s)\s+(just|only)\b[^.!?,]*/gu, ' ');
  const says = (option: string) =>
    wordsOf(option).some((word) => {
      const material = MATERIALS[word];
      return material !== undefined && new RegExp(`\\b(${material.roof}${asked ? `|${material.plain}` : ''})\\b`).test(said);
    });
  const named = kinds.filter(says);
  return named.length === 1 ? (named[0] ?? null) : null;
}

/** An option for moves within a state: "Front Range move (in Colorado)", "Moving within the state". */
const WITHIN_STATE = /\b(within|in|across|around) (the state|[A-Z][a-z]+)\b/;

/** A move option for one town only: "Local move (same town)", "In-town move", "Moves within the city". */
const SAME_TOWN = /\b(same|one|single) (town|city)\b|\bin[- ]town\b|\bwithin (the )?(town|city)\b/i;

/**
 * A move's kind drawn by distance ("Local move (under 50 miles)" beside "Long-distance move"): the two towns of the
 * business's state the trip names ("from Maryville to Nashville"), by how far apart they are.
 */
function distanceOption(input: AiTurnInput, options: readonly string[], text: string): { option: string; why: string } | null {
  const within = (option: string) => /\b(?:under|within|less than|up to|inside)\s+(\d+)\s*(?:miles?|mi)\b/i.exec(option);
  const local = options.find((option) => within(option) !== null);
  const far = options.find((option) => option !== local && /\b(long[- ]distance|over \d+\s*(miles?|mi)|more than \d+\s*(miles?|mi)|out of (town|the area))\b/i.test(option));
  if (!local || !far || !/\b(mov(e|es|ing|ers?)|relocat\w*|mudanza|mudamos|mudo|mudar\w*)\b/i.test(normalize(text))) return null;
  const state = businessState(input.business.serviceAreaPrefixes);
  if (!state) return null;
  // (From a town of the business's own area: "from bridgeport to chatham" at a Chicago mover names Chicago's
  // neighbourhoods, not the far towns of those names.)
  const { from, to } = tripTowns(text, [state]);
  if (!from || !to || from === to || !townInArea(state, from, input.business.serviceAreaPrefixes)) return null;
  const miles = milesBetween(state, from, to);
  const limit = Number(within(local)?.[1] ?? 'NaN');
  const farFrom = Number(/\b(?:over|more than)\s+(\d+)/i.exec(far)?.[1] ?? limit);
  if (miles === null || Number.isNaN(limit)) return null;
  // (As the crow flies: a road is longer, so a trip is local only well inside the limit.)
  if (miles > Math.max(limit, farFrom)) return { option: far, why: `${from} to ${to} is about ${Math.round(miles)} miles as the crow flies` };
  if (miles * 1.4 < limit) return { option: local, why: `${from} to ${to} is about ${Math.round(miles)} miles as the crow flies` };
  return null;
}

/** Words of when someone can be there: "anytime after 1pm is best", "I'm home after 3", "mornings work". */
const AVAILABLE = /\b(best|works?|working for|free|available|anytime|any time|can (do|meet|be there)|prefer\w*|come (by|out|over)|swing by|good for (me|us)|(i'?m|im|we'?re|were|she'?s|shes|he'?s|hes|someone'?s|somebody'?s) (off|around|home|there)|home (after|before|by|from)|mejor|me queda|puedo)\b/;

/** An option said with a thing of its question's own words: "both yards" for "Front yard, back yard or both?". */
function choiceSaidWithTopic(question: QualifierQuestion, option: string, text: string): boolean {
  const own = normalize(option).split(/\s+/).filter((word) => word.length >= 3);
  const topic = normalize(question.text).split(/[^\p{L}]+/u).filter((word) => word.length >= 3 && !own.includes(word) && !STOP.has(word) && !QUESTION_WORDS.has(word));
  if (own.length !== 1 || topic.length === 0) return false;
  const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // (As the answer itself — "both yards I guess", "both yards pls" — not the subject of something else: "front yard is
  // fine", "both yards have dogs", "an electric water heater in the basement apt".)
  return new RegExp(`\\b${escape(own[0] ?? '')}\\s+(${topic.map(escape).join('|')})s?\\b(?=\\s*($|[.,!?;]|i guess|i think|probably|prob|please|pls|plz|too|then|actually|i suppose))`).test(normalize(text));
}
/** Words of how a question asks, not of its thing. */
const QUESTION_WORDS = new Set(['what', 'which', 'how', 'many', 'much', 'need', 'want', 'kind', 'type', 'one']);

/** Not knowing which of the options it is: "idk what its called", "I don't know what you call it", "no sé cuál". */
const CANNOT_TELL = /\b((i )?(don'?t|dont|do not|dunno|idk)( really| even)? (know )?(what (it'?s|its|it is|you|u|they|that|this) (is )?(called|call it|is)|which (one|is which|of (them|those|your))|what (that|this) (one )?is)|idk (what|which)|no idea (what|which)|not sure (what (it'?s|its|it is) called|which (one|is which))|no se (como se llama|cual (es|sea)))\b/;

/**
 * Saying the not-offered thing is all they want, in words about that thing: "Nothing else, just the piano", "only the hot
 * tub", "solo el piano" (not "just a bed, a couch … and my upright piano", nor "2br apartment move, nothing else. no piano").
 */
function onlyThatSaid(text: string, service: string): boolean {
  const own = normalize(service).split(/[^\p{L}]+/u).filter((word) => word.length >= 3 && !GENERIC_SERVICE_WORDS.has(word));
  if (own.length === 0) return false;
  const thing = `(${own.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})s?`;
  return new RegExp(`\\b(${ONLY})\\s+((the|a|an|my|our|this|that|one|her|his|their|el|la|un|una|mi)\\s+)?([\\p{L}'’]+\\s+){0,2}${thing}\\b`, 'u').test(normalize(text));
}
const ONLY = 'just|only|solo|solamente|nada mas que';
const ONLY_WORDS = new RegExp(`\\b(${ONLY})\\b`);
const GENERIC_SERVICE_WORDS = new Set(['moving', 'move', 'moves', 'removal', 'repair', 'repairs', 'service', 'services', 'install', 'installation', 'replacement', 'cleaning', 'hauling', 'work', 'jobs', 'and', 'the', 'for', 'out', 'only']);

/** A not-offered service the person wants, while no offered service is recorded or named. */
function serviceNotOffered(turn: Turn, found: Record<string, Found>): string | null {
  const { input, text } = turn;
  if (input.business.servicesNotOffered.length === 0) return null;
  if (input.questions.some((question) => question.kind === 'choice' && isAboutServices(question, input) && hasAnswer(input.answers, question.key))) return null;
  const offered = [...new Set([...input.business.services, ...input.questions.flatMap((question) => question.choices)])];
  // A move to another state when the owner moves people only within theirs ("to Boise", "Portland, Oregon").
  // (Not a service drawn by distance, "Long-distance moves (over 100 miles)": Council Bluffs to Omaha is 15 minutes.)
  const acrossStates = input.business.servicesNotOffered.find((service) => (ACROSS_STATES.test(service) || /\bacross state\b/i.test(service)) && !(/\bmiles?\b|\bmi\b|\bkm\b/i.test(service) && !/\b(out[- ]of[- ]state|interstate|other states?|across states?)\b/i.test(service)));
  if (acrossStates && movesOutOfState(input, text)) return acrossStates;
  // (Work done before is no service asked for now: "Another company put artificial turf in last spring and now …".)
  const asked = withoutPastWork(text);
  // A service read from this text by its own thing keeps the person; one read only by the trade's family or the kind
  // of job ("long distance" as a kind of "House move", "install solar" as an install) yields to a not-offered
  // service the text names by its own thing.
  if (input.questions.some((question) => isAboutServices(question, input) && question.key in found)) {
    const best = chooseOption(asked, offered).best;
    const byItsThing = best?.because.some((why) => /^[a-z-]+( \(as a (problem|place)\))?$/.test(why) || why === 'named word for word') ?? false;
    // (Unless its thing is one the not-offered service shares and they say it is all they want: "move my late
    // mother's upright piano from her house … Nothing else, just the piano" is a piano move, not a house move.)
    const candidate = best !== null && ONLY_WORDS.test(normalize(asked)) ? notOfferedAsked(asked, offered, input.business.servicesNotOffered) : null;
    const onlyThat = candidate !== null && onlyThatSaid(asked, candidate) ? candidate : null;
    const shared = onlyThat !== null && (best?.concepts ?? []).every((concept) => read(onlyThat).concepts.includes(concept));
    if (shared && onlyThat) return onlyThat;
    // (Nor a trouble only, "leaking", when the not-offered service names the kind of thing in trouble: "a flat rubber
    // roof and it's leaking" is for "Flat & commercial roofs", not "Roof leak repair".)
    const troubleOnly = best !== null && (best.concepts ?? []).length > 0 && (best.concepts ?? []).every((concept) => concept === 'leak');
    const kindNamed = troubleOnly ? notOfferedAsked(asked, offered, input.business.servicesNotOffered) : null;
    if (kindNamed && optionThings(kindNamed).some((concept) => concept !== 'leak' && read(asked).concepts.includes(concept) && !offered.some((service) => optionThings(service).includes(concept)))) return kindNamed;
    if (byItsThing || !best) return null;
  }
  // (Only what the whole text asks for too: what is left may read a new thing from a part alone.)
  return notOfferedAsked(text, offered, input.business.servicesNotOffered) && notOfferedAsked(asked, offered, input.business.servicesNotOffered);
}

// ---------------------------------------------------------------------------------------------------------------
// FAQ and prices

function faqAnswers(asking: readonly string[], input: AiTurnInput, priceAsked: boolean) {
  const matched = [...new Map(asking.map((sentence) => matchFaq(sentence, input.business.faq)).filter((match) => match !== null).map((match) => [match.index, match])).values()];
  const aboutPrice = matched.some((match) => /\b(price|cost|charge|fee|rate|how much)\b/i.test(match.entry.question));
  const onlyPrice = asking.every((sentence) => /\b(how much|price|cost|charge|fee|rate|cuanto|precio)\b/i.test(normalize(sentence)));
  return (priceAsked && !aboutPrice && onlyPrice ? [] : matched).slice(0, 2);
}

/** Whether an earlier text asked a price that no reply has given yet (no amount in any business line since). */
function priceStillOwed(input: AiTurnInput): boolean {
  const earlier = earlierLines(input);
  const asked = earlier.findLastIndex((line) => line.from === 'contact' && /\b(how much|price|cost|quote|rate|charge|cuanto|precio)\b/i.test(normalize(line.body)));
  return asked >= 0 && !earlier.slice(asked).some((line) => line.from === 'business' && /\$\s?\d/.test(line.body));
}

function priceReply(turn: Turn, answers: Record<string, string>, askedIn?: string): { reply: string; itemIds: string[]; reason: string } {
  const { input, voice } = turn;
  const text = askedIn ?? turn.text;
  const { policy, items } = input.pricing;
  if (policy === 'never') return { reply: say.priceNever(voice), itemIds: [], reason: 'A price was asked; the pricing policy is never to quote: no amount given.' };
  const service = input.questions.filter((question) => isAboutServices(question, input)).map((question) => answers[question.key] ?? '').find((value) => value !== '') ?? null;
  const everything = input.transcript.filter((line) => line.from === 'contact').map((line) => line.body).join('\n');
  const choice = choosePriceItem(text, `${everything}\n${Object.values(answers).join('\n')}`, items, service);
  const amount = choice.item ? formatItemPrice(choice.item, policy) : null;
  if (!choice.item || !amount) return { reply: say.priceUnknown(voice), itemIds: [], reason: `A price was asked; ${choice.why}: no amount given.` };
  const more = itemForEachMore(choice.item, items, everything);
  const moreAmount = more ? formatItemPrice(more, policy) : null;
  if (more && moreAmount) return { reply: say.priceQuoteWithMore(voice, { name: choice.item.name, amount }, { name: more.name, amount: moreAmount }, policy), itemIds: [choice.item.id, more.id], reason: `A price was asked: quoted ${choice.why} (${amount}, policy ${policy}), and “${more.name}” for each more they have (${moreAmount}).` };
  return { reply: say.priceQuote(voice, choice.item.name, amount, policy), itemIds: [choice.item.id], reason: `A price was asked: quoted ${choice.why} (${amount}, policy ${policy}).` };
}

// ---------------------------------------------------------------------------------------------------------------
// Summary and reply length

/**
 * The job and the day as recorded, for the closing to read back: the first choice asked (the job, in the owner's words)
 * and the day in the person's language ("Drain cleaning, Thursday (morning)"); null when neither is known.
 */
function jobAndDay(input: AiTurnInput, answers: Record<string, string>, language: Language): string | null {
  // (The question about the services, not "How did you hear about us?" or "Own or rent?" asked first.)
  const job = input.questions.find((question) => question.kind === 'choice' && isAboutServices(question, input));
  const day = input.questions.find((question) => question.kind === 'date');
  const parts = [job ? answers[job.key] : undefined, day && answers[day.key] ? describeDate(answers[day.key] ?? '', input.now, input.business.timezone, language, { twelveHour: true }) : undefined].filter((part): part is string => part !== undefined && part.trim() !== '');
  return parts.length > 0 ? parts.join(', ') : null;
}

function firstName(input: AiTurnInput, answers: Record<string, string>): string | null {
  const question = input.questions.find((candidate) => candidate.kind === 'text' && isNameQuestion(candidate));
  const name = question ? answers[question.key] : undefined;
  // A question for whom to meet ("Who should the tech ask for?") may be answered with someone else: the one texting is
  // thanked by the name they gave themselves ("Ask for Keisha, thats the tenant. I'm Don").
  if (question && /\b(ask for|meet|on ?site|be there|contact (person|on))\b/i.test(question.text)) {
    const texts = [...earlierLines(input).filter((line) => line.from === 'contact').map((line) => line.body), ...input.newMessages];
    const self = texts.flatMap((body) => [...body.matchAll(/\b(?:I'?m|I am|this is|me llamo|soy)\s+(\p{Lu}\p{Ll}+)\b/gu)].map((match) => match[1] ?? '')).filter((word) => isKnownFirstName(word)).at(-1);
    if (self) return self;
  }
  return name ? (name.split(/\s+/)[0] ?? null) : null;
}

/**
 * One or two sentences for staff from the answers, e.g. "Dana: Water heater replacement in 60614, wants it
 * tomorrow (2026-11-25); urgent: no." Always in English: it is the owner's. Null when nothing is known yet.
 */
export function buildSummary(input: AiTurnInput, answers: Record<string, string>, language: Language = 'en'): string | null {
  let name = '';
  let head = '';
  let place = '';
  let when = '';
  const rest: string[] = [];
  for (const question of input.questions) {
    const value = (answers[question.key] ?? '').trim();
    if (!value) continue;
    if (isNameQuestion(question) && question.kind === 'text') name = value;
    else if (!head && (isServiceQuestion(question) || question.kind === 'choice')) head = value;
    else if (question.kind === 'zip' && !place) place = ` in ${value}`;
    else if (question.kind === 'date' && !when) when = `, wants it ${describeDate(value, input.now, input.business.timezone)} (${value})`;
    else rest.push(`${question.key.replace(/_/g, ' ')}: ${truncate(value, 80)}`);
  }
  if (language === 'es') rest.push('writes in Spanish');
  if (!name && !head && !place && !when && rest.length === 0) return null;
  const lead = head ? head.charAt(0).toUpperCase() + head.slice(1) : 'Lead';
  const body = `${lead}${place}${when}${rest.length > 0 ? `; ${rest.join('; ')}` : ''}.`;
  return truncate(name ? `${name}: ${body}` : body, 400);
}

interface Part {
  text: string;
  optional: boolean;
  shortenable?: boolean;
  /** A shorter wording used when the reply would be too long (the closing without its read-back). */
  fallback?: string;
}

/** The parts joined within two SMS segments: optional parts go first, then long FAQ answers are shortened. */
function fit(parts: ReadonlyArray<Part | string>): string {
  let list: Part[] = parts.map((part) => (typeof part === 'string' ? { text: part, optional: false } : part));
  const join = () => list.map((part) => part.text).join(' ');
  while (join().length > MAX_REPLY_CHARS && list.some((part) => part.optional)) {
    const index = list.findIndex((part) => part.optional);
    list = list.filter((_, at) => at !== index);
  }
  if (join().length > MAX_REPLY_CHARS) list = list.map((part) => (part.fallback ? { ...part, text: part.fallback } : part));
  const over = join().length - MAX_REPLY_CHARS;
  if (over > 0) {
    const longest = list.filter((part) => part.shortenable).sort((a, b) => b.text.length - a.text.length)[0];
    if (longest && longest.text.length - over >= 40) longest.text = truncate(longest.text, longest.text.length - over);
  }
  return truncate(join(), MAX_REPLY_CHARS);
}

function postalExample(prefixes: readonly string[]): string {
  if (prefixes.length > 0 && prefixes.every((prefix) => /^[a-z]/i.test(prefix.trim()))) return 'M5V 2T6';
  const prefix = prefixes.find((candidate) => /^\d{3}/.test(candidate.trim()));
  return prefix ? `${prefix.trim().slice(0, 3)}01`.slice(0, 5) : '60614';
}

/** A job turned down in passing: "no bug spraying", "without any treatment" (not a trouble: "no heat" stays). */
function withoutRefusedJobs(text: string): string {
  return text.replace(/\b(no|without|not)\s+(any\s+)?([\p{L}-]+\s+)?(spraying|sprays?|treatments?|chemicals|cleaning|mowing|painting|installs?|installation|replacements?|inspections?)\b/giu, ' ');
}

/** The text without the work it says is done or was done before: what is left is the job asked for now. */
function withoutPastWork(text: string): string {
  // What they say is already taken care of ("Tree service already cut it up … so we're good there"), with the
  // sentence before it that tells what happened, is no job for now.
  // ("Need it all done and an invoice" asks for the work: no work done.)
  const DONE = /\b((so )?(we'?re|were|we are) good (there|on that)|that part'?s (done|handled|taken care of)|part is (all )?(done|handled|taken care of)|(?<!\b(need|needs|want|wants|get|like|love|have) (it |them |this |that |everything )?)(already|all) (done|handled|taken care of))\b/i;
  // (A clause of a sentence that asks for something else goes alone: "Just need the fence put back up, the plumbing
  // part is all done".)
  const asks = (clause: string) => !DONE.test(clause) && /\b(need|needs|want|wants|looking for|can you|could you|please)\b/i.test(clause);
  const sentences = text.split(/(?<=[.!?\n])\s+/).map((sentence) => (DONE.test(sentence) && asks(sentence.split(',')[0] ?? '') ? sentence.split(/,\s*/).filter((clause) => !DONE.test(clause)).join(', ') : sentence));
  const done = sentences.map((sentence) => DONE.test(sentence));
  const kept = sentences.filter((_, index) => !done[index] && !done[index + 1]).join(' ');
  // A sentence about work done before ("He did my storm door last year") names no job for now, unless it says what
  // is wrong now ("… in 2019, now it's making noise").
  return kept.replace(/[^.!?\n]*\b(did|installed|put in|put on|put|laid|poured|planted|redid|fixed|replaced|built|hung|mounted|painted|serviced|cleaned|take down|took down|taken down|cut down|removed|take out|took out|taken out|hauled off|hauled it off|cut it up|ground the stump|got burned|got ripped off|got scammed)\b[^.!?\n]{0,40}\b(last (year|month|week|spring|summer|fall|winter|time)|(a )?(couple|few|\d+) (years?|months?) ago|years? ago|in (19|20)\d\d|(back )?in (january|february|march|april|june|july|august|september|october|november|december|jan|feb|aug|sept|oct|nov|dec))\b[^.!?\n]*/gi, (sentence) =>
    /\b(now|again|still|keeps?|won'?t|isn'?t|doesn'?t|broke|broken|leak\w*|nois\w*|stopped|not working|quit|died|dead|gave out|went out|acting up|finally|never put|puddl\w*|has begun|began|has started|started|lately|recently)\b/i.test(sentence) ? nowPart(sentence) : ' ');
}

/**
 * "Another company put artificial turf in … last spring and now we'd love some low voltage lighting": what they want
 * now, when it names a thing of its own; else the whole sentence ("… in 2019, now it's making noise" is about it).
 */
function nowPart(sentence: string): string {
  const now = /\b(?:and|but|so)?\s*now\b/i.exec(sentence);
  if (!now) return sentence;
  const after = between(sentence, now.index, sentence.length);
  return read(after).concepts.some((concept) => !concept.startsWith('property-')) ? after : sentence;
}

/**
 * A text without the troubles it says are not there ("no leaks, just getting old", "nothing's dripping", "no water
 * inside"): a leak denied asks for no leak repair. (A thing that does not work — "no heat", "not cooling" — is the
 * trouble itself and stays.)
 */
function withoutAbsentSymptoms(text: string): string {
  return text
    .replace(/\b(no|zero|without|sin|no hay|no tenemos|no veo)\s+(signs? of\s+)?(leaks?|drips?|dripping|water (inside|in the house|coming in)|damage|goteras?|fugas?)\b/giu, ' ')
    .replace(/\b(not|isn'?t|isnt|aren'?t|no longer|nothing'?s?|nothing is|never)\s+(leaking|dripping|leaks?)\b/giu, ' ')
    // ("everything drains fine", "toilets flush ok": what works is no trouble to fix.)
    // (The thing that works goes with it — "toilets flush ok but the kitchen sink drains slow" is the sink's — and a
    // negated one is a trouble: "tub doesnt drain well".)
    .replace(/\b(?:(?:the|my|our|all|both|all the|both the)\s+)?(?:(?:toilets?|sinks?|tubs?|showers?|bathtubs?|everything|it|they|drains?)\s+)?(?<!\b(?:doesn'?t|doesnt|don'?t|dont|won'?t|wont|not|isn'?t|never|can'?t|cant)\s+)(drains?|draining|flush(es|ing)?)\s+(just\s+)?(fine|ok|okay|good|great|normal(ly)?|well)\b/giu, ' ');
}

/** A text without what it turns down: "not termites", "more of a repair than a tune up", "the driveway can wait", "forget the driveway", "skip the gutters". */
function withoutDenied(text: string): string {
  return text
    // "it's a KitchenAid, the Whirlpool is our washer": what the other thing is, not what this one is.
    .replace(/\b(the|our|my) [\p{L}-]+ (is|'s) (our|my|the) [\p{L}-]+/giu, ' ')
    // "more of a repair than a tune up": the second set aside.
    .replace(/\b(more (of |like )?(a |an )?[\p{L}-]+(\s+[\p{L}-]+)?)\s+than\s+(the |my |our |a |an )?[\p{L}-]+(\s+[\p{L}-]+)?/giu, '$1')
    // ("the whole freezer not just the ice maker": the ice maker set aside too.)
    .replace(/\b(not|no longer|instead of|rather than|forget( about)?|skip|scratch|never ?mind)\s+((just|only) )?(the |my |our |a |an |about )?[\p{L}-]+(\s+[\p{L}-]+)?/giu, ' ')
    .replace(/\b(the |my |our )?[\p{L}-]+(\s+[\p{L}-]+)?\s+can wait\b/giu, ' ');
}
