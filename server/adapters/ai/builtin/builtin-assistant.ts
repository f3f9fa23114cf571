/**
 * The built-in assistant: the default AI adapter, offline and deterministic. It asks the owner's questions in order,
 * finds answers with the rule extractors, answers FAQ entries by keyword match, quotes only approved price-book
 * items, says it is an automated assistant when asked, and hands off when a person is asked for, the person is
 * upset, reports an emergency, or stays misunderstood. The same input always gives the same decision.
 */
import { HANDOFF_REASON_WORDS, type HandoffReason, type QualifierQuestion } from '@contracts/ai';
import { truncate } from '@contracts/text';
import { emptyDecision, type AiDecision, type AiPort, type AiTurnInput } from '../ai.port';
import {
  bestOption,
  chooseOption,
  describeDate,
  detectUrgency,
  extractBudget,
  extractDate,
  extractName,
  extractPostalCode,
  extractYesNo,
  isBudgetQuestion,
  isInServiceArea,
  isNameQuestion,
  isUrgencyQuestion,
} from './extract';
import { matchFaq } from './faq';
import { formatItemPrice, matchPriceItem, priceItemForService } from './prices';
import * as say from './replies';
import {
  asksForPerson,
  asksIfBot,
  asksPrice,
  isAcknowledgment,
  isCorrection,
  isGreeting,
  looksLikeSpam,
  questionSentences,
  reportsEmergency,
  soundsAngry,
} from './signals';

/** Two SMS segments. */
export const MAX_REPLY_CHARS = 320;
const MODEL = 'built-in';

export function createBuiltinAssistant(): AiPort {
  return {
    kind: 'builtin',
    decide: async (input) => decideTurn(input),
  };
}

interface Found {
  value: string;
  reason: string;
}

/** One turn of the built-in assistant (exported for tests that want the decision without a promise). */
export function decideTurn(input: AiTurnInput): AiDecision {
  const decision = emptyDecision(MODEL);
  const reasons = decision.reasons;
  const text = input.newMessages
    .map((message) => message.trim())
    .filter((message) => message !== '')
    .join('\n');
  if (text === '') {
    reasons.push('There was no new text to answer.');
    return decision;
  }

  const voice: say.Voice = { business: input.business.name, assistant: input.assistant.name, tone: input.assistant.tone };
  const spam = looksLikeSpam(text);
  if (spam) {
    reasons.push(`Looks like spam (“${spam}”): no reply.`);
    return { ...decision, action: 'skip', lead: 'spam', summary: `Looks like spam (${spam}).` };
  }

  const businessSpoke = input.transcript.some((line) => line.from === 'business');
  const wasQualified = businessSpoke && allRequiredAnswered(input.questions, input.answers);
  const passedBefore = passedOptionalKeys(input);
  const pendingBefore = pending(input.questions, input.answers, passedBefore);
  // The question just asked is the first one still open, once the business has said anything at all.
  const asked = businessSpoke ? (pendingBefore[0] ?? null) : null;

  const { found, tied } = findAnswers(input, text, asked);
  const notOffered = serviceNotOffered(input, text);
  // A service the business does not offer is not recorded as the nearest one it does ("solar panels" is not a
  // "Panel upgrade").
  if (notOffered) for (const question of input.questions) if (isAboutServices(question, input)) delete found[question.key];
  for (const [key, { value, reason }] of Object.entries(found)) {
    decision.answers[key] = value;
    reasons.push(reason);
  }
  const answers = { ...input.answers, ...decision.answers };

  // Handoffs first: a person who is in danger, upset or asking for someone gets a person, whatever else they said.
  const emergency = reportsEmergency(text);
  const anger = emergency ? null : soundsAngry(text);
  const person = emergency || anger ? null : asksForPerson(text);
  const handoff: { reason: HandoffReason; words: string } | null = emergency
    ? { reason: 'emergency', words: emergency }
    : anger
      ? { reason: 'anger', words: anger }
      : person
        ? { reason: 'asked_for_person', words: person }
        : null;
  if (handoff) {
    reasons.push(`Handed off (${HANDOFF_REASON_WORDS[handoff.reason].toLowerCase()}): “${handoff.words}”.`);
    return handOff(decision, input, voice, answers, handoff.reason);
  }

  const disqualified = disqualifyReason(input, decision.answers, notOffered);
  if (disqualified) {
    reasons.push(`Disqualified: ${disqualified}. Sent the owner's disqualify message.`);
    const summary = buildSummary(input, answers);
    return {
      ...decision,
      action: 'reply',
      reply: fit([input.disqualifyMessage.trim() || say.defaultDisqualify(voice)]),
      lead: 'disqualified',
      summary: truncate(`${summary ? `${summary} ` : ''}Disqualified: ${disqualified}.`, 400),
    };
  }

  if (wasQualified && Object.keys(decision.answers).length === 0 && isAcknowledgment(text)) {
    reasons.push('The lead is already qualified and the person only acknowledged: no reply needed.');
    return { ...decision, action: 'skip' };
  }

  // Things the person asked, answered before the next question.
  const extras: string[] = [];
  const isBot = asksIfBot(text);
  if (isBot) {
    extras.push(say.botAnswer(voice));
    reasons.push(`Asked whether this is a bot: said it is ${input.assistant.name}, an automated assistant for ${input.business.name}.`);
  }
  const asking = questionSentences(text);
  const priceAsked = asksPrice(text);
  // Each question sentence may match its own FAQ entry (at most two answered, each once). When every question is
  // about price, only a FAQ entry about price answers it ("How much to install a water heater?" is not "Which
  // water heater brands do you install?").
  const matched = [...new Map(asking.map((sentence) => matchFaq(sentence, input.business.faq)).filter((match) => match !== null).map((match) => [match.index, match])).values()];
  const faqAboutPrice = matched.some((match) => asksPrice(match.entry.question));
  const faqs = (priceAsked && !faqAboutPrice && isPriceOnly(asking) ? [] : matched).slice(0, 2);
  for (const match of faqs) {
    extras.push(match.entry.answer.trim());
    reasons.push(`Answered from the FAQ “${match.entry.question}” (shared words: ${match.words.join(', ')}).`);
  }
  const faq = faqs.length > 0 ? faqs : null;
  if (priceAsked && !faqAboutPrice) {
    const quote = priceReply(input, voice, text, answers);
    extras.push(quote.reply);
    decision.quotedItemIds = quote.itemIds;
    reasons.push(quote.reason);
  }
  const placed = Object.keys(decision.answers).length > 0;
  const handled = isBot || faq !== null || priceAsked || tied !== null;
  // A question nothing can answer; when the same texts gave an answer ("can you come Friday?") the closing covers it.
  const unanswered = asking.length > 0 && !isBot && faq === null && !priceAsked && !placed;
  const small = isGreeting(text) || isAcknowledgment(text);
  // An optional question that got no usable answer is let go rather than asked again.
  const passedNow = asked && !asked.required && !(asked.key in decision.answers) && !handled && !small ? asked.key : null;
  const confused = asked !== null && !placed && !handled && !small && passedNow === null;
  decision.confused = confused;

  if (confused && input.confusedTurns >= 2) {
    reasons.push(`Could not place the answer for a third turn in a row (“${asked.text}”).`);
    return handOff(decision, input, voice, answers, 'confusion');
  }

  const passed = passedNow ? new Set([...passedBefore, passedNow]) : passedBefore;
  if (passedNow) reasons.push(`No answer to the optional question “${asked?.text}”: moved on.`);
  const open = pending(input.questions, answers, passed);
  const nowQualified = allRequiredAnswered(input.questions, answers);
  const parts: Part[] = [];

  const qualifiesNow = nowQualified && !wasQualified;
  if (!businessSpoke) parts.push({ text: say.greeting(voice), optional: true });
  if (placed && businessSpoke && !qualifiesNow && !wasQualified) {
    const ack = say.acknowledgment(voice, input.repliesToday);
    if (ack) parts.push({ text: ack, optional: true });
  }
  for (const extra of extras) parts.push({ text: extra, optional: false, shortenable: true });
  if (unanswered) {
    parts.push({ text: say.unknownQuestion(voice), optional: false });
    reasons.push(`A question the facts, FAQ and price book do not answer: “${truncate(asking.join(' '), 120)}”.`);
  }
  // The closing goes out once, on the turn that qualifies the lead, even when optional questions follow it.
  if (qualifiesNow) parts.push({ text: say.closing(voice, firstName(input, answers)), optional: false });

  const next = open[0];
  if (confused && asked) {
    parts.push({ text: say.askAgain(voice, asked, optionsFor(asked, input), postalExample(input.business.serviceAreaPrefixes)), optional: false });
    reasons.push(`Nothing could be placed for “${asked.text}”: asked again more simply.`);
  } else if (tied && asked && next?.key === asked.key) {
    parts.push({ text: say.whichOne(voice, tied), optional: false });
    reasons.push(`Several options fit for “${asked.text}” (${tied.join(', ')}): asked which one.`);
  } else if (next) {
    parts.push({ text: say.askQuestion(next, optionsFor(next, input)), optional: false });
    reasons.push(`Asked the next question: “${next.text}”.`);
  } else if (wasQualified && (placed || (extras.length === 0 && !unanswered))) {
    parts.push({ text: say.passedOn(voice), optional: false });
    reasons.push('Already qualified: told the person their words go to the team.');
  }
  if (nowQualified && !wasQualified) reasons.push('Every required question is answered: the lead is qualified.');

  decision.action = parts.length > 0 ? 'reply' : 'skip';
  decision.reply = parts.length > 0 ? fit(parts) : null;
  decision.lead = wasQualified ? null : nowQualified ? 'qualified' : 'engaging';
  decision.summary = buildSummary(input, answers);
  if (decision.action === 'skip') reasons.push('Nothing to say this turn.');
  return decision;
}

// ---------------------------------------------------------------------------------------------------------------
// Questions and answers

function hasAnswer(answers: Record<string, string>, key: string): boolean {
  return (answers[key] ?? '').trim() !== '';
}

function allRequiredAnswered(questions: readonly QualifierQuestion[], answers: Record<string, string>): boolean {
  return questions.every((question) => !question.required || hasAnswer(answers, question.key));
}

/** Questions still to ask, in order: unanswered, except optional ones the person already let pass. */
function pending(questions: readonly QualifierQuestion[], answers: Record<string, string>, passed: ReadonlySet<string>): QualifierQuestion[] {
  return questions.filter((question) => !hasAnswer(answers, question.key) && !passed.has(question.key));
}

/**
 * Optional questions already asked and replied to in earlier turns without an answer: the transcript shows the
 * question's text in a business line followed by a reply from the person before this turn's texts.
 */
function passedOptionalKeys(input: AiTurnInput): Set<string> {
  const earlier = input.transcript.slice(0, Math.max(0, input.transcript.length - input.newMessages.length));
  const passed = new Set<string>();
  for (const question of input.questions) {
    if (question.required || hasAnswer(input.answers, question.key)) continue;
    const askedAt = earlier.findIndex((line) => line.from === 'business' && line.body.includes(question.text));
    if (askedAt >= 0 && earlier.slice(askedAt + 1).some((line) => line.from === 'contact')) passed.add(question.key);
  }
  return passed;
}

/** The business's latest text before this turn's texts ('' when none). */
function lastBusinessLine(input: AiTurnInput): string {
  const earlier = input.transcript.slice(0, Math.max(0, input.transcript.length - input.newMessages.length));
  return earlier.filter((line) => line.from === 'business').at(-1)?.body ?? '';
}

/** The options a question offers: its own list, or the business's services for a choice question without one. */
function optionsFor(question: QualifierQuestion, input: AiTurnInput): string[] {
  if (question.choices.length > 0) return question.choices;
  return question.kind === 'choice' || /service/.test(question.key) ? input.business.services : [];
}

function isServiceQuestion(question: QualifierQuestion): boolean {
  return /service|job|work_type|trade/.test(question.key);
}

/**
 * Answers in this turn's texts: the question just asked takes looser readings ("ok" for yes, a plain number for
 * a budget, the whole text for a free-text question); any other open question is filled only when its answer is
 * clearly there (a ZIP, a named service, a date, urgency words). Answered questions change only on a correction.
 */
function findAnswers(input: AiTurnInput, text: string, asked: QualifierQuestion | null): { found: Record<string, Found>; tied: string[] | null } {
  const found: Record<string, Found> = {};
  let tied: string[] | null = null;
  const correcting = isCorrection(text);
  for (const question of input.questions) {
    const isAsked = question.key === asked?.key;
    const answered = hasAnswer(input.answers, question.key);
    if (answered && !correcting) continue;
    const value = answerFor(question, input, text, isAsked, Object.keys(found).length > 0);
    if (value !== null && 'tied' in value) {
      if (isAsked) tied = value.tied;
      continue;
    }
    if (value === null || (answered && value.value === input.answers[question.key])) continue;
    found[question.key] = answered ? { value: value.value, reason: `Corrected: ${value.reason}` } : value;
  }
  return { found, tied };
}

/** The answer to one question in the text; `tied` when several options fit equally (the person is asked which). */
function answerFor(question: QualifierQuestion, input: AiTurnInput, text: string, isAsked: boolean, otherFound: boolean): Found | { tied: string[] } | null {
  const quoted = `“${question.text}”`;
  switch (question.kind) {
    case 'zip': {
      const code = extractPostalCode(text);
      return code ? { value: code.value, reason: `Found ${code.country === 'CA' ? 'postal code' : 'ZIP'} ${code.value} for ${quoted}.` } : null;
    }
    case 'choice': {
      const options = optionsFor(question, input);
      // Options named in the business's last text are the ones the person was just offered.
      const offered = isAsked ? options.filter((option) => lastBusinessLine(input).toLowerCase().includes(option.toLowerCase())) : [];
      const choice = chooseOption(text, options, { looseAmong: offered });
      if (!choice) return null;
      return choice.tied === null ? { value: choice.option, reason: `Found “${choice.option}” for ${quoted}.` } : { tied: choice.tied };
    }
    case 'yes_no': {
      if (isUrgencyQuestion(question)) {
        const urgency = detectUrgency(text);
        if (urgency) return { value: urgency.urgent ? 'yes' : 'no', reason: `Found “${urgency.words}” (${urgency.urgent ? 'urgent' : 'not urgent'}) for ${quoted}.` };
      }
      if (!isAsked) return null;
      const yesNo = extractYesNo(text);
      return yesNo ? { value: yesNo, reason: `Found “${yesNo}” for ${quoted}.` } : null;
    }
    case 'date': {
      const date = extractDate(text, input.now, input.business.timezone, { loose: isAsked });
      return date ? { value: date.iso, reason: `Found “${date.words}” (${date.iso}) for ${quoted}.` } : null;
    }
    case 'text': {
      if (isNameQuestion(question)) {
        const name = extractName(text, { loose: isAsked });
        return name ? { value: name, reason: `Found the name “${name}” for ${quoted}.` } : null;
      }
      if (isBudgetQuestion(question)) {
        const budget = extractBudget(text, { loose: isAsked });
        return budget ? { value: budget.text, reason: `Found the budget ${budget.text} for ${quoted}.` } : null;
      }
      if (isServiceQuestion(question) && input.business.services.length > 0) {
        const service = chooseOption(text, input.business.services)?.option;
        if (service) return { value: service, reason: `Found “${service}” for ${quoted}.` };
      }
      if (!isAsked || isGreeting(text) || isAcknowledgment(text)) return null;
      // A reply that only asks something, or only gave another answer in a few words, does not answer this one.
      const words = text.split(/\s+/).filter(Boolean);
      if (questionSentences(text).join(' ').length >= text.replace(/\s+/g, ' ').trim().length - 1) return null;
      if (otherFound && words.length <= 4) return null;
      const value = truncate(text.replace(/\s+/g, ' ').trim(), 500);
      return { value, reason: `Took the reply as the answer to ${quoted}.` };
    }
  }
}

/** Why the lead is outside what the business does, or null. */
function disqualifyReason(input: AiTurnInput, found: Record<string, string>, notOffered: string | null): string | null {
  for (const question of input.questions) {
    const value = found[question.key];
    if (question.kind === 'zip' && value && !isInServiceArea(value, input.business.serviceAreaPrefixes)) return `outside the service area (${value})`;
  }
  return notOffered ? `asked for a service not offered (${notOffered})` : null;
}

/** The not-offered service the text names, when it names it better than anything the business does offer. */
function serviceNotOffered(input: AiTurnInput, text: string): string | null {
  if (input.business.servicesNotOffered.length === 0) return null;
  const notOffered = bestOption(text, input.business.servicesNotOffered);
  if (!notOffered) return null;
  const offeredOptions = [...new Set([...input.business.services, ...input.questions.flatMap((question) => question.choices)])];
  const offered = chooseOption(text, offeredOptions);
  return !offered || notOffered.score > offered.score ? notOffered.option : null;
}

/** A question whose answer is one of the business's services. */
function isAboutServices(question: QualifierQuestion, input: AiTurnInput): boolean {
  return isServiceQuestion(question) || optionsFor(question, input).some((option) => input.business.services.includes(option));
}

// ---------------------------------------------------------------------------------------------------------------
// Prices

function isPriceOnly(sentences: readonly string[]): boolean {
  return sentences.every((sentence) => asksPrice(sentence));
}

function priceReply(input: AiTurnInput, voice: say.Voice, text: string, answers: Record<string, string>): { reply: string; itemIds: string[]; reason: string } {
  const { policy, items } = input.pricing;
  if (policy === 'never') return { reply: say.priceNever(voice), itemIds: [], reason: 'A price was asked; the pricing policy is never to quote: no amount given.' };
  // The words asked about first; failing that, the service already named in this thread.
  const serviceAnswer = input.questions.filter(isServiceQuestionOrChoice).map((question) => answers[question.key] ?? '').find((value) => value !== '');
  const item = matchPriceItem(text, items) ?? (serviceAnswer ? priceItemForService(serviceAnswer, items) : null);
  const amount = item ? formatItemPrice(item, policy) : null;
  if (!item || !amount) return { reply: say.priceUnknown(voice), itemIds: [], reason: 'A price was asked; no approved price-book item matches: no amount given.' };
  return {
    reply: say.priceQuote(voice, item.name, amount, policy),
    itemIds: [item.id],
    reason: `A price was asked: quoted the approved item “${item.name}” (${amount}, policy ${policy}).`,
  };
}

function isServiceQuestionOrChoice(question: QualifierQuestion): boolean {
  return isServiceQuestion(question) || (question.kind === 'choice' && question.choices.length === 0);
}

// ---------------------------------------------------------------------------------------------------------------
// Handoff, summary, reply length

function handOff(decision: AiDecision, input: AiTurnInput, voice: say.Voice, answers: Record<string, string>, reason: HandoffReason): AiDecision {
  const summary = buildSummary(input, answers);
  return {
    ...decision,
    action: 'handoff',
    handoffReason: reason,
    reply: fit([say.handoffReply(voice, reason)]),
    lead: 'needs_human',
    summary: truncate(`${summary ? `${summary} ` : ''}Handed to a person: ${HANDOFF_REASON_WORDS[reason].toLowerCase()}.`, 400),
  };
}

function firstName(input: AiTurnInput, answers: Record<string, string>): string | null {
  const question = input.questions.find(isNameQuestion);
  const name = question ? answers[question.key] : undefined;
  return name ? (name.split(/\s+/)[0] ?? null) : null;
}

function label(question: QualifierQuestion): string {
  return question.key.replace(/_/g, ' ');
}

/**
 * One or two sentences for staff from the answers, e.g. "Dana: Water heater replacement in 60614, wants it
 * tomorrow (2026-11-25); urgent: no." Null when nothing is known yet.
 */
export function buildSummary(input: AiTurnInput, answers: Record<string, string>): string | null {
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
    else if (question.kind === 'yes_no' && isUrgencyQuestion(question)) rest.push(`urgent: ${value}`);
    else rest.push(`${label(question)}: ${truncate(value, 80)}`);
  }
  if (!name && !head && !place && !when && rest.length === 0) return null;
  const lead = head ? head.charAt(0).toUpperCase() + head.slice(1) : 'Lead';
  const body = `${lead}${place}${when}${rest.length > 0 ? `; ${rest.join('; ')}` : ''}.`;
  return truncate(name ? `${name}: ${body}` : body, 400);
}

interface Part {
  text: string;
  /** Dropped first when the reply is too long (greeting, acknowledgment). */
  optional: boolean;
  /** The owner's long text (a FAQ answer) may be shortened before anything else is lost. */
  shortenable?: boolean;
}

/** The parts joined within two SMS segments: optional parts go first, then long FAQ answers are shortened. */
function fit(parts: ReadonlyArray<Part | string>): string {
  let list: Part[] = parts.map((part) => (typeof part === 'string' ? { text: part, optional: false } : part));
  const join = () => list.map((part) => part.text).join(' ');
  while (join().length > MAX_REPLY_CHARS && list.some((part) => part.optional)) {
    const index = list.findIndex((part) => part.optional);
    list = list.filter((_, at) => at !== index);
  }
  const over = join().length - MAX_REPLY_CHARS;
  if (over > 0) {
    const longest = list.filter((part) => part.shortenable).sort((a, b) => b.text.length - a.text.length)[0];
    if (longest && longest.text.length - over >= 40) longest.text = truncate(longest.text, longest.text.length - over);
  }
  return truncate(join(), MAX_REPLY_CHARS);
}

function postalExample(prefixes: readonly string[]): string {
  if (prefixes.length > 0 && prefixes.every((prefix) => /^[a-z]/i.test(prefix.trim()))) return 'M5V 2T6';
  return '60614';
}
