import type { AiTone, HandoffTriggers, PricingPolicy } from '@contracts/ai';

/** The tones in plain words, each with the built-in assistant's own greeting in it (server/adapters/ai/builtin/replies.ts). */
export const TONE_WORDS: Record<AiTone, { label: string; example: (business: string) => string }> = {
  friendly: { label: 'Friendly: warm and chatty', example: (business) => `“Hi! Thanks for reaching out to ${business}.”` },
  professional: { label: 'Professional: polite and businesslike', example: (business) => `“Hello, thank you for contacting ${business}.”` },
  concise: { label: 'Concise: short and to the point', example: (business) => `“Hi from ${business}.”` },
};

/** What each pricing policy makes the assistant say when a price is asked. */
export const PRICING_POLICY_DETAILS: Record<PricingPolicy, string> = {
  never: 'No amounts at all, not even approved items: it says the team gives a price once they see the job.',
  ranges: 'It gives an approved item’s price or range as a guide (“usually $150–$250”) and says the team confirms the final price.',
  exact: 'It states an approved item’s price as your price book has it.',
};

/** The five handoffs the owner can switch, named by what the customer does (HANDOFF_REASON_WORDS names them in the log). */
export const HANDOFF_TRIGGER_WORDS: Record<keyof HandoffTriggers, { label: string; detail: string }> = {
  askedForPerson: { label: 'They ask for a person', detail: '“Can I talk to someone?”, “Have the owner call me.”' },
  anger: { label: 'They sound upset', detail: 'Angry or frustrated words.' },
  emergency: { label: 'They mention an emergency', detail: 'Flooding, a gas smell, sparks, no heat… The reply also tells them to get to safety and call emergency services if anyone is in danger.' },
  outsidePolicy: { label: 'They ask something the assistant may not answer', detail: 'Anything outside your facts, FAQ, services and approved prices.' },
  confusion: { label: 'The assistant keeps not understanding them', detail: 'Their replies could not be placed several times in a row.' },
};

export const HANDOFF_TRIGGER_KEYS = ['askedForPerson', 'anger', 'emergency', 'outsidePolicy', 'confusion'] as const satisfies ReadonlyArray<keyof HandoffTriggers>;

/** Who decided a test-chat turn. */
export const ADAPTER_WORDS = { builtin: 'Built-in assistant', openai: 'AI model (OpenAI-compatible)', scripted: 'Scripted assistant (tests)' } as const;

/** Where a turn would move the lead (the engine's moves; "disqualified" closes the lead as lost). */
export const LEAD_MOVE_WORDS = {
  engaging: 'Engaging',
  qualified: 'Qualified',
  needs_human: 'Needs human',
  booked: 'Booked',
  spam: 'Spam',
  disqualified: 'Lost (disqualified)',
} as const;
