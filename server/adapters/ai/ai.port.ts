/**
 * The AI port: given one thread's situation, decide the assistant's next move. Three adapters: the built-in
 * assistant (default, offline, deterministic rules), an OpenAI-compatible model (`openai` client, tool calls), and
 * a scripted model for tests. The conversation engine (server/modules/ai) owns everything around a turn — the reply
 * delay, the daily cap, takeover, opt-outs, approval mode, sending through the one outbound pipeline — so an
 * adapter only reads `AiTurnInput` and answers an `AiDecision`. Adapters never send, store or throw for a
 * person's words; they throw only when the service itself failed (the engine falls back and tells staff).
 */
import type { AiTone, FaqEntry, HandoffReason, PriceItem, PricingPolicy, QualifierQuestion } from '@contracts/ai';

export interface AiTranscriptLine {
  /** `contact`: the person; `business`: anything the business sent (staff, the assistant, automatic texts). */
  from: 'contact' | 'business';
  body: string;
  /** ms since epoch */
  at: number;
}

export interface AiTurnInput {
  business: {
    name: string;
    /** IANA zone, e.g. America/Chicago */
    timezone: string;
    /** Free text the owner wrote: hours, service area, what they do and don't do. */
    facts: string;
    faq: FaqEntry[];
    /** Services offered (a `choice` question about the service usually lists these). */
    services: string[];
    /** Services the business does not offer: a lead asking for one is disqualified politely. */
    servicesNotOffered: string[];
    /**
     * Service area: ZIP / postal code prefixes ("606", "M5V"); empty = anywhere. A ZIP answer outside it
     * disqualifies the lead politely.
     */
    serviceAreaPrefixes: string[];
  };
  assistant: { name: string; tone: AiTone };
  pricing: { policy: PricingPolicy; /** approved items only */ items: PriceItem[] };
  questions: QualifierQuestion[];
  /** Answers already on the lead, by question key. */
  answers: Record<string, string>;
  /** The thread so far, oldest first (bounded by the engine, e.g. the last 30 lines), including `newMessages`. */
  transcript: AiTranscriptLine[];
  /** The person's texts this turn answers (several when they arrived during the reply delay), oldest first. */
  newMessages: string[];
  /** Replies the assistant already sent in this thread today (the engine enforces the cap; adapters may wrap up). */
  repliesToday: number;
  /** Consecutive turns the assistant could not place the person's answer (for the confusion trigger). */
  confusedTurns: number;
  /** The message that a disqualified lead receives (the owner's words). */
  disqualifyMessage: string;
  /** When the business books appointments of a kind that fits this lead: its free times (null: no booking now). */
  booking: AiBooking | null;
  now: Date;
}

/** A free appointment time (ms since epoch). */
export interface AiSlot {
  start: number;
  end: number;
}

/**
 * The booking tool (issue 24): the engine reads the free slots of the appointment type that fits the lead, so an
 * adapter can offer only real free times and book one the person chose. Nothing is booked by saying it: the engine
 * books `bookStart` (the database refuses a taken time) and sends the confirmation itself.
 */
export interface AiBooking {
  /** The kind of appointment ("Drain cleaning visit"). */
  typeName: string;
  durationMinutes: number;
  /** Free times, earliest first, across the days the business books ahead (bounded by the engine). */
  slots: AiSlot[];
  /** The times the assistant offered last and the person has not picked yet, still free, in the order offered. */
  offered: AiSlot[];
  /** The lead's booking ahead, when it has one (then nothing is offered or booked). */
  booked: AiSlot | null;
}

/** What happens to the lead after this turn (the engine applies it; never moves a closed lead). */
export type AiLeadMove = 'engaging' | 'qualified' | 'needs_human' | 'booked' | 'spam' | 'disqualified';

export interface AiDecision {
  /**
   * `reply`: send `reply`. `handoff`: hand the thread to a person (with `reply` sent first when given, e.g.
   * "I'll get someone from the team"). `skip`: say nothing (e.g. "thanks" after qualification), `reasons` say why.
   */
  action: 'reply' | 'handoff' | 'skip';
  reply: string | null;
  handoffReason: HandoffReason | null;
  /** Answers found in `newMessages`, by question key (only keys of `questions`), values as the person meant them. */
  answers: Record<string, string>;
  lead: AiLeadMove | null;
  /** A short summary of the lead for staff (one or two sentences), when there is something to say. */
  summary: string | null;
  /** Price-book items the reply quotes (ids of `pricing.items`); a reply quoting a price must name its items. */
  quotedItemIds: string[];
  /** The reply promises an arrival / appointment time. */
  promisesTime: boolean;
  /** The free times the reply offers (starts from `booking.slots`): the engine remembers them for the next turn. */
  offeredStarts: number[];
  /** The free time the person chose (a start from `booking.slots`): the engine books it and sends the confirmation. */
  bookStart: number | null;
  /** The reply says something not grounded in the facts, FAQ, price book or questions. */
  outsideFacts: boolean;
  /** Whether the person's latest words could not be placed (no answer found, no FAQ matched). */
  confused: boolean;
  /** Plain words for the decision log: why this decision. */
  reasons: string[];
  /** Who decided: 'built-in', or the model's name. */
  model: string;
  usage: { promptTokens: number; completionTokens: number } | null;
}

/** One row of text of an uploaded price list, as the PDF importer read it (1-based page and row within the page). */
export interface PriceListLine {
  page: number;
  line: number;
  text: string;
}

export interface PriceListInput {
  fileName: string;
  lines: PriceListLine[];
}

/**
 * One price-book item a model proposes from a price list, pointing at the row it read it from. The adapter passes
 * on what the model said in this shape and checks nothing about the business (no rules live in an adapter): a field
 * the model left out or wrote unreadably arrives as '' (text) or NaN (numbers), so the caller — which validates
 * every item and takes the row's words from its own copy of the file — drops and counts it.
 */
export interface ProposedPriceItem {
  name: string;
  minCents: number;
  maxCents: number;
  /** "per hour", "per visit", "each", another "per …", or ''. */
  unit: string;
  page: number;
  line: number;
  /** The model's own doubt about this item ("no $ sign"), when it has one. */
  note?: string;
}

/**
 * How much of a price list a model is shown: a request stays well inside small local models' context windows, and
 * the owner waits seconds, not minutes. The importer reads the rows past this with its rules.
 */
export const PRICE_LIST_LIMITS = { maxLines: 400, maxChars: 40_000 } as const;

/** A row as a model reads it: "p1 l3: Drain cleaning …… $150–250". */
export function priceListRow(line: PriceListLine): string {
  return `p${line.page} l${line.line}: ${line.text}`;
}

/** The first rows of a price list that fit PRICE_LIST_LIMITS (whole rows only, in reading order), and how many are left. */
export function priceListWithinLimits<T extends PriceListLine>(lines: readonly T[]): { shown: T[]; left: number } {
  const shown: T[] = [];
  let chars = 0;
  for (const line of lines) {
    // The row and its line break, as the adapter sends it.
    const size = priceListRow(line).length + 1;
    if (shown.length >= PRICE_LIST_LIMITS.maxLines || chars + size > PRICE_LIST_LIMITS.maxChars) break;
    shown.push(line);
    chars += size;
  }
  return { shown, left: lines.length - shown.length };
}

export interface AiPort {
  readonly kind: 'builtin' | 'openai' | 'scripted';
  decide(input: AiTurnInput, options?: { signal?: AbortSignal }): Promise<AiDecision>;
  /**
   * Optional: price-book items proposed from a price list's rows (the PDF importer uses it when present; the built-in
   * assistant has none — the importer's own rules are the offline reading). It reads at most PRICE_LIST_LIMITS of
   * `lines`. Throws AiUnavailableError when the service failed, like `decide`; a caller's abort stays an abort.
   */
  proposePriceItems?(input: PriceListInput, options?: { signal?: AbortSignal }): Promise<ProposedPriceItem[]>;
}

/** An empty decision to build on (adapters fill what they decide). */
export function emptyDecision(model: string): AiDecision {
  return { action: 'skip', reply: null, handoffReason: null, answers: {}, lead: null, summary: null, quotedItemIds: [], promisesTime: false, offeredStarts: [], bookStart: null, outsideFacts: false, confused: false, reasons: [], model, usage: null };
}

/**
 * What a caller said about themselves and their job, read from a voicemail's transcript or an AI-answered call's
 * caller turns (issue 27, item 4). Every field is null when it was not clearly said: nothing is a guess.
 */
export interface CallerFacts {
  firstName: string | null;
  lastName: string | null;
  /** The job's street address with its unit, as written on an envelope ("4410 Oak Ridge Drive, Apartment 3B"). */
  address: string | null;
  /** A US ZIP or Canadian postal code said as such (not a phone number's digits, not the house number). */
  postalCode: string | null;
  /** What they need, in their words (the sentences that name the job or the problem). */
  need: string | null;
  /** Answers to the business's qualifier questions, by key (only keys of the questions given). */
  answers: Record<string, string>;
  /** Who read it: 'built-in', or the model's name. */
  model: string;
  reasons: string[];
}

/** One line of what was said on a call: the caller's words, or (an AI-answered call) what the assistant asked. */
export interface CallerLine {
  from: 'caller' | 'assistant';
  text: string;
}
