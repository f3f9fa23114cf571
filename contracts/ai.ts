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

/**
 * Every limit of the AI settings, once: the server's input schema (server/modules/ai/ai.schema.ts) and the
 * settings screens (Settings → AI, Lead qualifier, AI schedule, Missed calls → AI agent, the test chat) read them
 * from here, so the screen refuses exactly what the server would.
 */
export const AI_LIMITS = {
  assistantName: 40,
  facts: 5000,
  faq: 50,
  faqQuestion: 300,
  faqAnswer: 600,
  /** Services offered, and services not offered: this many of each, each at most `service` characters. */
  services: 100,
  service: 100,
  areas: 500,
  replyDelaySeconds: { min: 0, max: 300 },
  dailyCap: { min: 1, max: 100 },
  questions: 12,
  questionText: 300,
  choices: 20,
  choice: 60,
  /** An answer's name (a question's key). */
  key: 40,
  scheduleWindows: 28,
  dateOverrides: 100,
  missedCallFirstQuestion: 300,
  testChatLines: 40,
  testChatLine: 1600,
} as const;

/** An answer's name: lower-case letters, digits and _, starting with a letter (at most AI_LIMITS.key). */
export const QUESTION_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
export const QUESTION_KEY_RULE = 'Use lower-case letters, digits and _ (e.g. postal_code)';

/** A service area: a ZIP code or its first 3–4 digits, or the start of a Canadian postal code (upper-case). */
export const SERVICE_AREA_PATTERN = /^(\d{3,5}|[A-Z]\d[A-Z]( ?\d([A-Z]\d?)?)?)$/;
export const SERVICE_AREA_RULE = 'Use ZIP codes or their first 3 digits (606), or postal-code beginnings (M5V)';

/** A time of day in the AI schedule, "HH:MM" on the 24-hour clock. */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const TIME_OF_DAY_RULE = 'Use a time like 18:00';

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
export const HANDOFF_REASONS = ['asked_for_person', 'anger', 'emergency', 'complaint', 'outside_policy', 'confusion', 'daily_cap', 'model_unavailable'] as const;
export type HandoffReason = (typeof HANDOFF_REASONS)[number];

export const HANDOFF_REASON_WORDS = {
  asked_for_person: 'Asked for a person',
  anger: 'Sounded upset',
  emergency: 'Mentioned an emergency',
  complaint: 'Complained about a past job or a bill',
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

/** Which handoff triggers are on (each hands the thread to a person and tells the team). */
export interface HandoffTriggers {
  askedForPerson: boolean;
  anger: boolean;
  emergency: boolean;
  outsidePolicy: boolean;
  confusion: boolean;
}

/** Weekly window when the assistant is off (company time zone): day 0 = Sunday; `end` before `start` runs past midnight. */
export interface AiOffWindow {
  day: number;
  /** "HH:MM" */
  start: string;
  /** "HH:MM" */
  end: string;
}

/** A date the weekly windows do not decide: the assistant is off (all day) or on (all day) then. */
export interface AiDateOverride {
  /** YYYY-MM-DD in the company's time zone */
  date: string;
  off: boolean;
}

export interface AiSchedule {
  windows: AiOffWindow[];
  overrides: AiDateOverride[];
  /** Sent instead of an AI reply while the assistant is off (once per off period per thread); empty = nothing. */
  offMessage: string;
}

/** Missed calls → AI agent: whether the assistant takes up a missed-call thread, and what it asks first. */
export interface AiMissedCallAgent {
  continueThread: boolean;
  /** Asked when the caller first answers the text-back (empty = the first qualifier question). */
  firstQuestion: string;
}

/** Settings → AI, Lead qualifier, AI schedule, Missed calls → AI agent: what the company sets. */
export interface AiSettingsValues {
  enabled: boolean;
  assistantName: string;
  tone: AiTone;
  facts: string;
  faq: FaqEntry[];
  services: string[];
  servicesNotOffered: string[];
  serviceAreaPrefixes: string[];
  pricingPolicy: PricingPolicy;
  replyDelaySeconds: number;
  dailyCap: number;
  approvalMode: boolean;
  handoff: HandoffTriggers;
  questions: QualifierQuestion[];
  disqualifyMessage: string;
  schedule: AiSchedule;
  missedCall: AiMissedCallAgent;
}

/** The product's defaults (../shared/product/PRODUCT.md §6: reply delay 8 s, 15 AI messages per thread per day). */
export const DEFAULT_AI_SETTINGS: AiSettingsValues = {
  enabled: false,
  assistantName: 'Sam',
  tone: 'friendly',
  facts: '',
  faq: [],
  services: [],
  servicesNotOffered: [],
  serviceAreaPrefixes: [],
  pricingPolicy: 'never',
  replyDelaySeconds: 8,
  dailyCap: 15,
  approvalMode: false,
  handoff: { askedForPerson: true, anger: true, emergency: true, outsidePolicy: true, confusion: true },
  questions: [
    { key: 'service', text: 'What can we help you with?', kind: 'text', choices: [], required: true },
    { key: 'postal_code', text: 'What’s the ZIP or postal code where you need the work done?', kind: 'zip', choices: [], required: true },
    { key: 'timing', text: 'When would you like us to come out?', kind: 'date', choices: [], required: false },
  ],
  disqualifyMessage: 'Thanks for reaching out! Unfortunately that’s outside what we can help with, but we hope you find someone great.',
  schedule: { windows: [], overrides: [], offMessage: '' },
  missedCall: { continueThread: true, firstQuestion: '' },
};

/** What one AI turn did, as the decision log names it. */
export const AI_TURN_ACTIONS = ['reply', 'handoff', 'hold', 'skip'] as const;
export type AiTurnAction = (typeof AI_TURN_ACTIONS)[number];

export const AI_TURN_ACTION_WORDS = {
  reply: 'Replied',
  handoff: 'Handed to a person',
  hold: 'Held for approval',
  skip: 'Did not reply',
} as const satisfies Record<AiTurnAction, string>;

/** A reply held in approval mode: waiting, sent (approved as is or edited), or rejected. */
export const AI_DRAFT_STATUSES = ['pending', 'sent', 'rejected'] as const;
export type AiDraftStatus = (typeof AI_DRAFT_STATUSES)[number];

/** Price-book items: proposed by the PDF importer (to review) or approved (the assistant may quote them). */
export const PRICE_ITEM_STATUSES = ['proposed', 'approved'] as const;
export type PriceItemStatus = (typeof PRICE_ITEM_STATUSES)[number];
