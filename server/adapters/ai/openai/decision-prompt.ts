/**
 * What the model reads for one turn: a system prompt built from the turn's input (the business, its facts and
 * approved prices, the questions and answers so far, the rules), the thread as user/assistant messages, and the one
 * tool it must call (`decide_turn`), whose parameters mirror `AiDecision`. Kept apart from the HTTP code so the words
 * can be read and tested on their own.
 */
import type { ChatCompletionFunctionTool, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { HANDOFF_REASON_WORDS, type AiTone, type HandoffReason, type PriceItem, type PricingPolicy, type QualifierQuestion } from '@contracts/ai';
import type { AiLeadMove, AiTurnInput } from '@server/adapters/ai/ai.port';

export const DECIDE_TURN_TOOL = 'decide_turn';
/** Two SMS segments of plain GSM text: long enough for an answer and a question, short enough to read at a glance. */
export const REPLY_MAX_CHARS = 320;
export const LEAD_MOVES = ['engaging', 'qualified', 'needs_human', 'booked', 'spam', 'disqualified'] as const satisfies readonly AiLeadMove[];
/** The handoff reasons the model may choose; the daily cap and an unavailable model are the engine's own. */
const MODEL_HANDOFF_REASONS = ['asked_for_person', 'anger', 'emergency', 'complaint', 'outside_policy', 'confusion'] as const satisfies readonly HandoffReason[];

const TONE_WORDS = {
  friendly: 'friendly and warm, like a helpful neighbour; short sentences',
  professional: 'professional and polite',
  concise: 'brief and to the point; no small talk',
} as const satisfies Record<AiTone, string>;

/** "$1,200" or "$89.50": the price book stores cents. */
export function formatMoney(cents: number): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 }).format(cents / 100);
}

function formatPrice(item: PriceItem, policy: PricingPolicy): string {
  const fixed = item.minCents === item.maxCents;
  // Under "exact" a range item is still a range: the owner approved a range, not a single number.
  const amount = fixed ? formatMoney(item.minCents) : `${formatMoney(item.minCents)}–${formatMoney(item.maxCents)}`;
  const unit = item.unit ? ` ${item.unit}` : '';
  return policy === 'ranges' && fixed ? `about ${amount}${unit}` : `${amount}${unit}`;
}

/** "Thursday, January 15, 2026 at 6:00 AM (America/Chicago)"; UTC when the zone is unknown to this runtime. */
function formatNow(now: Date, timezone: string): string {
  const format = (timeZone: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(now);
  try {
    return `${format(timezone)} (${timezone})`;
  } catch {
    return `${format('UTC')} (UTC)`;
  }
}

function describeQuestion(question: QualifierQuestion, index: number, answer: string | undefined): string {
  const kind =
    question.kind === 'choice' && question.choices.length > 0
      ? `one of: ${question.choices.join(', ')}`
      : { text: 'free text', choice: 'free text', yes_no: 'yes or no', zip: 'US ZIP or Canadian postal code', date: 'a date (write it as YYYY-MM-DD)' }[question.kind];
  const required = question.required ? 'required' : 'optional';
  const state = answer === undefined || answer === '' ? 'not answered yet' : `answered: ${JSON.stringify(answer)}`;
  return `${index + 1}. [${question.key}] ${question.text} (${kind}; ${required}) — ${state}`;
}

function pricingSection(input: AiTurnInput): string[] {
  const { policy, items } = input.pricing;
  if (policy === 'never') {
    return ['Prices: never quote a price or a range, even when asked; say someone from the team will give a quote. Leave quotedItemIds empty.'];
  }
  const how = policy === 'ranges' ? 'as the range or approximate price shown' : 'as the price shown';
  const lines = [
    `Prices: quote only from the approved price list below, ${how}, naming the item, and put the ids of the items you quote in quotedItemIds. For anything not on the list, say someone from the team will give a quote.`,
  ];
  if (items.length === 0) lines.push('Approved price list: (empty — quote no prices).');
  else {
    lines.push('Approved price list (id — item: price):');
    for (const item of items) lines.push(`- ${item.id} — ${item.name}: ${formatPrice(item, policy)}`);
  }
  return lines;
}

/** How many free times the model is shown: a few a day over the first days with any (the offered ones always). */
const SLOTS_SHOWN = 24;
const SLOTS_PER_DAY = 4;

/** The free times the model may offer or book, each with a short id ("S1") it names them by; [] without booking. */
export function slotChoices(input: AiTurnInput): Array<{ id: string; start: number; end: number }> {
  const booking = input.booking;
  if (!booking || booking.booked) return [];
  const chosen = [...booking.offered];
  const perDay = new Map<string, number>();
  const day = (start: number) => localDay(start, input.business.timezone);
  for (const slot of chosen) perDay.set(day(slot.start), (perDay.get(day(slot.start)) ?? 0) + 1);
  for (const slot of booking.slots) {
    if (chosen.length >= SLOTS_SHOWN) break;
    if (chosen.some((taken) => taken.start === slot.start)) continue;
    const count = perDay.get(day(slot.start)) ?? 0;
    if (count >= SLOTS_PER_DAY) continue;
    perDay.set(day(slot.start), count + 1);
    chosen.push(slot);
  }
  return chosen.sort((a, b) => a.start - b.start).map((slot, index) => ({ id: `S${index + 1}`, start: slot.start, end: slot.end }));
}

function localDay(at: number, timezone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  } catch {
    return new Date(at).toISOString().substring(0, 10);
  }
}

function formatSlot(start: number, end: number, timezone: string): string {
  const options: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };
  try {
    const time = new Intl.DateTimeFormat('en-US', { timeZone: timezone, hour: 'numeric', minute: '2-digit' });
    return `${new Intl.DateTimeFormat('en-US', { ...options, timeZone: timezone }).format(start)}–${time.format(end)}`;
  } catch {
    return new Date(start).toISOString();
  }
}

function bookingSection(input: AiTurnInput): string[] {
  const booking = input.booking;
  if (!booking) return ['Booking: you cannot book appointments here. Never offer or promise a time; say someone from the team will text to set a time.'];
  if (booking.booked) return [`Booking: this lead is already booked for ${booking.typeName} on ${formatSlot(booking.booked.start, booking.booked.end, input.business.timezone)} (${input.business.timezone}). Do not offer or book another time; a change goes to the team.`];
  const choices = slotChoices(input);
  if (choices.length === 0) return ['Booking: there are no free times to offer now. Never offer or promise a time; say someone from the team will text to set a time.'];
  const offered = new Set(booking.offered.map((slot) => slot.start));
  return [
    `Booking: once every required question is answered, offer two of these free times for ${booking.typeName} (${booking.durationMinutes} minutes), keeping to any day or time of day the person asked for (e.g. "before 11"), and ask which works; put their ids in offerSlotIds. When the person picks one of the times you offered, set bookSlotId to it: the system books it and sends the confirmation itself, so reply null (or a few words without repeating the time). Never offer, agree to or promise a time that is not in this list, and never say a time is booked unless you set bookSlotId.`,
    `Free times (${input.business.timezone}; id — time${offered.size > 0 ? '; * = offered in your last message' : ''}):`,
    ...choices.map((choice) => `- ${choice.id} — ${formatSlot(choice.start, choice.end, input.business.timezone)}${offered.has(choice.start) ? ' *' : ''}`),
  ];
}

/** The system prompt for one turn. Everything the model may say comes from here or from the person's texts. */
export function buildSystemPrompt(input: AiTurnInput): string {
  const { business, assistant } = input;
  const lines: string[] = [
    `You are ${assistant.name}, the automated text-message assistant for ${business.name}. You text with people who contacted the business: answer their questions from the information below and ask the qualifying questions, so the team gets a clear lead.`,
    `Tone: ${TONE_WORDS[assistant.tone]}.`,
    `Now: ${formatNow(input.now, business.timezone)}.`,
    '',
    'Rules:',
    `- Replies are text messages: at most ${REPLY_MAX_CHARS} characters, plain text, no markdown, no lists.`,
    `- If asked whether you are a bot, an AI or a real person, say you are an automated assistant for ${business.name}.`,
    '- Answer only from the business facts, FAQ, services and approved prices below. When you do not know, say someone from the team will follow up, and set outsideFacts to true.',
    '- Never invent prices, discounts, arrival times or appointment times. Set promisesTime to true whenever your reply promises a time.',
    '- Ask the qualifying questions one at a time, in order, skipping those already answered. Put every answer you find in the person\'s latest messages in answers, by key, as the person meant it (for a list question, the option they named).',
    '- Hand off (action "handoff" with a short reply saying someone from the team will take over) when the person asks for a person, sounds angry, mentions an emergency (gas smell, flooding, fire, no heat in freezing weather, sparks), or asks for something these rules do not allow.',
    '- Say nothing (action "skip") when no reply is needed, e.g. a "thanks" after everything is answered.',
    '- lead: "engaging" while you qualify, "qualified" once every required question is answered, "disqualified" when a rule below disqualifies the lead, "spam" for spam, "needs_human" with a handoff, null when nothing changes.',
    '- Set confused to true when you could not place the person\'s latest words (no answer found, no FAQ matched).',
    '- summary: one or two sentences for the team about this lead, when there is something to say.',
    `- Decide by calling ${DECIDE_TURN_TOOL} exactly once.`,
    '',
    ...pricingSection(input),
    '',
    ...bookingSection(input),
    '',
    `Business facts (written by the owner):\n${business.facts.trim() || '(none)'}`,
  ];

  if (input.business.faq.length > 0) {
    lines.push('', 'FAQ:');
    for (const entry of input.business.faq) lines.push(`Q: ${entry.question}`, `A: ${entry.answer}`);
  }
  lines.push('', `Services offered: ${business.services.length > 0 ? business.services.join(', ') : '(not listed)'}.`);
  if (business.servicesNotOffered.length > 0) lines.push(`Services NOT offered (a lead asking only for one of these is disqualified): ${business.servicesNotOffered.join(', ')}.`);
  lines.push(
    business.serviceAreaPrefixes.length > 0
      ? `Service area: ZIP / postal codes starting with ${business.serviceAreaPrefixes.join(', ')}. A ZIP or postal code outside it disqualifies the lead.`
      : 'Service area: anywhere.',
  );
  lines.push(`When a lead is disqualified, reply with this message from the owner (you may adapt it slightly) and set lead to "disqualified": ${JSON.stringify(input.disqualifyMessage)}`);

  if (input.questions.length > 0) {
    lines.push('', 'Qualifying questions, in order ([key] question (kind; required) — state):');
    input.questions.forEach((question, index) => lines.push(describeQuestion(question, index, input.answers[question.key])));
  }

  lines.push('', `Replies you already sent in this thread today: ${input.repliesToday}.`);
  if (input.confusedTurns > 0) {
    lines.push(`You could not place the person's last ${input.confusedTurns === 1 ? 'answer' : `${input.confusedTurns} answers`}: if you still cannot, hand off with handoffReason "confusion".`);
  }
  return lines.join('\n');
}

/** The whole request's messages: the system prompt, then the thread (the person as `user`, the business as `assistant`). */
export function buildMessages(input: AiTurnInput): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [{ role: 'system', content: buildSystemPrompt(input) }];
  // The transcript already ends with this turn's texts; a caller that passed only `newMessages` still gets them read.
  const lines = input.transcript.length > 0 ? input.transcript : input.newMessages.map((body) => ({ from: 'contact' as const, body }));
  for (const line of lines) messages.push(line.from === 'contact' ? { role: 'user', content: line.body } : { role: 'assistant', content: line.body });
  return messages;
}

/**
 * The `decide_turn` tool. Its parameters mirror `AiDecision` (without model and usage, which come from the response),
 * narrowed to this turn: the answer keys are the questions' keys and the quotable ids are the approved items'. Not
 * `strict`: several OpenAI-compatible servers refuse it, and the arguments are validated with zod anyway.
 */
export function decideTurnTool(input: AiTurnInput): ChatCompletionFunctionTool {
  const answerProperties = Object.fromEntries(input.questions.map((question) => [question.key, { type: 'string', description: question.text }]));
  const itemIds = input.pricing.policy === 'never' ? [] : input.pricing.items.map((item) => item.id);
  const slotIds = slotChoices(input).map((choice) => choice.id);
  return {
    type: 'function',
    function: {
      name: DECIDE_TURN_TOOL,
      description: 'Decide the assistant\'s next move in this text-message thread: reply, hand off to a person, or say nothing.',
      parameters: {
        type: 'object',
        properties: {
          action: { type: 'string', enum: ['reply', 'handoff', 'skip'], description: 'reply: send `reply`. handoff: hand the thread to a person (send `reply` first when given). skip: say nothing.' },
          reply: { type: ['string', 'null'], maxLength: REPLY_MAX_CHARS, description: `The text message to send, plain text, at most ${REPLY_MAX_CHARS} characters; null when skipping.` },
          handoffReason: {
            type: ['string', 'null'],
            enum: [...MODEL_HANDOFF_REASONS, null],
            description: `Why a person should take over (only with action handoff): ${MODEL_HANDOFF_REASONS.map((reason) => `${reason} = ${HANDOFF_REASON_WORDS[reason]}`).join('; ')}.`,
          },
          answers: { type: 'object', properties: answerProperties, additionalProperties: false, description: 'Answers found in the person\'s latest messages, by question key.' },
          lead: { type: ['string', 'null'], enum: [...LEAD_MOVES, null], description: 'Where the lead goes after this turn; null when nothing changes.' },
          summary: { type: ['string', 'null'], description: 'One or two sentences about the lead for the team; null when there is nothing to say.' },
          quotedItemIds: {
            type: 'array',
            items: itemIds.length > 0 ? { type: 'string', enum: itemIds } : { type: 'string' },
            ...(itemIds.length > 0 ? {} : { maxItems: 0 }),
            description: 'Ids of the approved price-list items the reply quotes.',
          },
          promisesTime: { type: 'boolean', description: 'The reply promises an arrival or appointment time.' },
          offerSlotIds: { type: 'array', items: slotIds.length > 0 ? { type: 'string', enum: slotIds } : { type: 'string' }, ...(slotIds.length > 0 ? { maxItems: 3 } : { maxItems: 0 }), description: 'Ids of the free times the reply offers.' },
          bookSlotId: { type: ['string', 'null'], ...(slotIds.length > 0 ? { enum: [...slotIds, null] } : {}), description: 'The id of the offered free time the person chose, to book it; null otherwise.' },
          outsideFacts: { type: 'boolean', description: 'The reply says something not grounded in the facts, FAQ, price list or questions.' },
          confused: { type: 'boolean', description: 'The person\'s latest words could not be placed.' },
          reasons: { type: 'array', items: { type: 'string' }, maxItems: 3, description: 'Why you decided this, in a few plain words each.' },
        },
        required: ['action', 'reply', 'handoffReason', 'answers', 'lead', 'summary', 'quotedItemIds', 'promisesTime', 'outsideFacts', 'confused', 'reasons'],
        additionalProperties: false,
      },
    },
  };
}
