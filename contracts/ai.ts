/**
 * The AI assistant (issue 14): the words and codes shared by the server (settings, engine, adapters, decision log)
 * and the screens (Settings → AI, Lead qualifier, AI schedule, the thread's AI state). One list each, here.
 */

/** The kinds of qualifier question: free text, one of a list, yes/no, a US ZIP or Canadian postal code, a date. */
export const QUESTION_KINDS = ['text', 'choice', 'yes_no', 'zip', 'date'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const QUESTION_KIND_WORDS = {
  text: 'Free text',
  choice: 'One of a list',
  yes_no: 'Yes / no',
  zip: 'ZIP / postal code',
  date: 'Date',
} as const satisfies Record<QuestionKind, string>;

/** One question of the lead qualifier, asked in order. `key` names the answer on the lead (`answers[key]`). */
export interface QualifierQuestion {
  /** Stable, [a-z0-9_], unique in the list: the answer's name on the lead (e.g. `service`, `postal_code`). */
  key: string;
  text: string;
  kind: QuestionKind;
  /** kind `choice`: the options a person may name (matched by word, case-insensitive). */
  choices: string[];
  required: boolean;
}

/** How the assistant may talk about money. */
export const PRICING_POLICIES = ['never', 'ranges', 'exact'] as const;
export type PricingPolicy = (typeof PRICING_POLICIES)[number];

export const PRICING_POLICY_WORDS = {
  never: 'Never quote prices',
  ranges: 'Quote ranges from the approved price book',
  exact: 'Quote exact prices from the approved price book',
} as const satisfies Record<PricingPolicy, string>;

export const AI_TONES = ['friendly', 'professional', 'concise'] as const;
export type AiTone = (typeof AI_TONES)[number];

/** Why the assistant handed a thread to a person. */
export const HANDOFF_REASONS = ['asked_for_person', 'anger', 'emergency', 'outside_policy', 'confusion', 'daily_cap', 'model_unavailable'] as const;
export type HandoffReason = (typeof HANDOFF_REASONS)[number];

export const HANDOFF_REASON_WORDS = {
  asked_for_person: 'Asked for a person',
  anger: 'Sounded upset',
  emergency: 'Mentioned an emergency',
  outside_policy: 'Asked something the assistant may not answer',
  confusion: 'The assistant could not understand the replies',
  daily_cap: 'Reached the daily message limit for one thread',
  model_unavailable: 'The AI service was unavailable',
} as const satisfies Record<HandoffReason, string>;

/** One approved (or proposed) price-book item. Cents; `maxCents` = `minCents` for a fixed price. */
export interface PriceItem {
  id: string;
  name: string;
  minCents: number;
  maxCents: number;
  /** e.g. "per hour", "per visit"; empty when none. */
  unit: string;
}

/** One entry of the business's FAQ. */
export interface FaqEntry {
  question: string;
  answer: string;
}
