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
  now: Date;
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

export interface AiPort {
  readonly kind: 'builtin' | 'openai' | 'scripted';
  decide(input: AiTurnInput, options?: { signal?: AbortSignal }): Promise<AiDecision>;
}

/** An empty decision to build on (adapters fill what they decide). */
export function emptyDecision(model: string): AiDecision {
  return { action: 'skip', reply: null, handoffReason: null, answers: {}, lead: null, summary: null, quotedItemIds: [], promisesTime: false, outsideFacts: false, confused: false, reasons: [], model, usage: null };
}
