/**
 * AI call answering (issue 27, docs/decisions/0048-ai-call-answering.md): the codes stored and sent over the API,
 * the words owners see, the settings' limits and defaults. Twilio's ConversationRelay WebSocket protocol (the
 * messages Twilio sends us and the ones we send back) is in contracts/conversation-relay.ts: its schemas stay out
 * of the screens that only need these words.
 */
import type { AiOffWindow, QualifierQuestion } from './ai';

/** AI first: the assistant answers at once. Ring first: the team's phone rings for N seconds, then the assistant answers. */
export const ANSWER_MODES = ['ai_first', 'ring_first'] as const;
export type AnswerMode = (typeof ANSWER_MODES)[number];

export const ANSWER_MODE_WORDS = {
  ai_first: { label: 'The assistant answers right away', detail: 'Every call in the hours below is picked up by the assistant at once.' },
  ring_first: { label: 'Ring my phone first, then the assistant', detail: 'Your phone (Missed calls → Forward calls to) rings for the seconds you choose; if nobody picks up, the assistant answers.' },
} as const satisfies Record<AnswerMode, { label: string; detail: string }>;

/** When the assistant answers: always, outside or inside the business hours (Settings → Company), or weekly windows. */
export const AI_ANSWER_HOURS = ['always', 'outside_business_hours', 'business_hours', 'custom'] as const;
export type AiAnswerHours = (typeof AI_ANSWER_HOURS)[number];

export const AI_ANSWER_HOURS_WORDS = {
  always: 'At all hours',
  outside_business_hours: 'Only when you are closed',
  business_hours: 'Only during your business hours',
  custom: 'During the times I choose',
} as const satisfies Record<AiAnswerHours, string>;

/** What a caller hears when a transfer to the on-call number is not picked up. */
export const TRANSFER_FALLBACKS = ['voicemail', 'goodbye'] as const;
export type TransferFallback = (typeof TRANSFER_FALLBACKS)[number];

export const TRANSFER_FALLBACK_WORDS = {
  voicemail: 'Take a voicemail (your voicemail greeting)',
  goodbye: 'Say the team will call back, and hang up',
} as const satisfies Record<TransferFallback, string>;

/** How an AI-answered call ended for the lead: each has its own follow-up text. */
export const AI_CALL_OUTCOMES = ['booked', 'qualified', 'transferred', 'hung_up'] as const;
export type AiCallOutcome = (typeof AI_CALL_OUTCOMES)[number];

export const AI_CALL_OUTCOME_WORDS = {
  booked: { label: 'Booked', detail: 'The caller’s job is booked. When the assistant booked it on the call, the booking follows this text: its time, how to confirm or reschedule, and the calendar link.' },
  qualified: { label: 'Qualified', detail: 'The assistant took every detail your intake questions ask for.' },
  transferred: { label: 'Transferred', detail: 'An emergency (or a caller who asked for a person) was put through to your on-call number.' },
  hung_up: { label: 'Ended early', detail: 'The caller hung up (or the call reached its time limit) before the details were taken.' },
} as const satisfies Record<AiCallOutcome, { label: string; detail: string }>;

/** Where the assistant's call is: ringing the team first, answered by them, waiting for Twilio to connect, talking, over. */
export const AI_CALL_STATUSES = ['ringing_staff', 'staff_answered', 'waiting', 'live', 'ended'] as const;
export type AiCallStatus = (typeof AI_CALL_STATUSES)[number];

/** Why the assistant's part of a call ended. */
export const AI_CALL_END_REASONS = ['caller_hung_up', 'completed', 'transfer', 'max_length', 'callback', 'error'] as const;
export type AiCallEndReason = (typeof AI_CALL_END_REASONS)[number];

export const AI_CALL_END_REASON_WORDS = {
  caller_hung_up: 'The caller hung up',
  completed: 'The assistant finished and said goodbye',
  transfer: 'Put through to your on-call number',
  max_length: 'Reached the maximum call length',
  callback: 'The assistant promised a call back from the team',
  error: 'The call’s connection failed',
} as const satisfies Record<AiCallEndReason, string>;

/** A transfer's result at the on-call number. */
export const TRANSFER_STATUSES = ['dialing', 'completed', 'no_answer', 'busy', 'failed', 'canceled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** The follow-up text of one call: waiting for the call's end, sent through the outbound pipeline, or not sent (why). */
export const FOLLOW_UP_STATUSES = ['pending', 'queued', 'skipped'] as const;
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];

export const FOLLOW_UP_SKIP_WORDS = {
  anonymous: 'The caller hid their number',
  no_template: 'No text is set for this outcome',
  no_number: 'No business number to text from',
  blocked: 'Texts to this caller are blocked (opted out or blocked)',
  disabled: 'Follow-up texts are turned off',
} as const;
export type FollowUpSkipReason = keyof typeof FOLLOW_UP_SKIP_WORDS;

/**
 * The voices offered (Twilio's ConversationRelay `ttsProvider` + `voice`). Ids are ours; the provider's names stay on
 * the server side of the choice, so a voice a provider retires is replaced in one place.
 */
export const AI_VOICES = [
  { id: 'google-journey-o', label: 'Warm, female (Google)', provider: 'Google', voice: 'en-US-Journey-O' },
  { id: 'google-journey-d', label: 'Calm, male (Google)', provider: 'Google', voice: 'en-US-Journey-D' },
  { id: 'polly-joanna', label: 'Clear, female (Amazon Polly)', provider: 'Amazon', voice: 'Joanna-Neural' },
  { id: 'polly-matthew', label: 'Friendly, male (Amazon Polly)', provider: 'Amazon', voice: 'Matthew-Neural' },
] as const;
export type AiVoiceId = (typeof AI_VOICES)[number]['id'];
export const AI_VOICE_IDS = AI_VOICES.map((v) => v.id) as [AiVoiceId, ...AiVoiceId[]];

/**
 * What the assistant says instead of a sentence with a single price or a clock time / "within N minutes" (the
 * guardrail of AI call answering, server/modules/voice-agent/spoken.ts): the Agent tab quotes it as it is enforced.
 */
export const SPOKEN_CONFIRM_LINE = 'The team will confirm the exact price and time with you.';

/** Every limit of the settings, once (the server's input schema and the tabs read them). */
export const VOICE_AGENT_LIMITS = {
  ringSeconds: { min: 5, max: 60 },
  transferRingSeconds: { min: 10, max: 60 },
  maxCallSeconds: { min: 60, max: 1800 },
  greeting: 400,
  disclosure: 300,
  emergencyWords: 40,
  emergencyWord: 60,
  template: 480,
  windows: 28,
} as const;

export interface VoiceAgentFollowUps {
  enabled: boolean;
  /** One text per outcome, merge tags allowed; an empty template sends nothing for that outcome. */
  templates: Record<AiCallOutcome, string>;
}

/** What a company sets on /ai-call-answering/* (basic, agent, sms-followup). */
export interface VoiceAgentSettingsValues {
  enabled: boolean;
  answerMode: AnswerMode;
  /** Ring first: how long the team's phone rings before the assistant answers. */
  ringSeconds: number;
  hours: AiAnswerHours;
  /** hours `custom`: weekly windows (company time zone) when the assistant answers; an end before its start runs past midnight. */
  windows: AiOffWindow[];
  greeting: string;
  recordCalls: boolean;
  /** Said right after the greeting when calls are recorded (and only then). */
  recordingDisclosure: string;
  voice: AiVoiceId;
  /** The intake questions for calls; null = the assistant's qualifier questions (Settings → AI). */
  questions: QualifierQuestion[] | null;
  /**
   * Words that transfer a call at once, matched as words with their common endings, case-insensitively ("flood"
   * matches "flooding"); an entry with " + " needs every part ("no heat + freez"). The assistant's own emergency
   * signals transfer too.
   */
  emergencyWords: string[];
  /** The on-call number (E.164) emergencies and callers asking for a person are put through to; null = no transfers. */
  onCallNumber: string | null;
  transferRingSeconds: number;
  transferFallback: TransferFallback;
  maxCallSeconds: number;
  followUps: VoiceAgentFollowUps;
}

/** The product's defaults: AI first, at all hours once switched on (issue 27), recording off, five-minute calls. */
export const DEFAULT_VOICE_AGENT_SETTINGS: VoiceAgentSettingsValues = {
  enabled: false,
  answerMode: 'ai_first',
  ringSeconds: 20,
  hours: 'always',
  windows: [],
  greeting: 'Thanks for calling {business_name}. I’m the virtual assistant and I can take the details of your job.',
  recordCalls: false,
  recordingDisclosure: 'This call is recorded so our team can follow up on it.',
  voice: 'google-journey-o',
  questions: null,
  emergencyWords: ['flood', 'burst pipe', 'gas smell', 'smell gas', 'smell of gas', 'smells like gas', 'gas leak', 'carbon monoxide', 'no heat + freez', 'no heat + below zero', 'sparking', 'electrical fire'],
  onCallNumber: null,
  transferRingSeconds: 25,
  transferFallback: 'voicemail',
  maxCallSeconds: 300,
  followUps: {
    enabled: true,
    templates: {
      booked: 'Hi {first_name}, thanks for calling {business_name}! Your job is booked. Reply here if anything changes.',
      qualified: 'Hi {first_name}, thanks for calling {business_name}! We have your details and will be in touch shortly. Reply here with any photos or questions.',
      transferred: 'Hi {first_name}, this is {business_name}. We put your call through to our on-call team. If we missed you, reply here and we’ll call right back.',
      hung_up: 'Hi {first_name}, this is {business_name}. Sorry we got cut off! Reply here with what you need and we’ll get right back to you.',
    },
  },
};
