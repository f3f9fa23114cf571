/**
 * One conversation fixture (tests/fixtures/ai-conversations/*.json): a business set up as its owner would in
 * Settings → AI and the Lead qualifier, a person's texts in order, and what should come of them. Validated on load,
 * so a typo in a fixture fails loudly instead of silently testing less.
 */
import { z } from 'zod';
import { AI_TONES, HANDOFF_REASONS, PRICING_POLICIES, QUESTION_KINDS } from '@contracts/ai';

export const TRADES = [
  'hvac',
  'plumbing',
  'electrical',
  'moving',
  'cleaning',
  'roofing',
  'pest-control',
  'landscaping',
  'garage-doors',
  'appliance-repair',
  'general',
  'other',
] as const;

/** The languages a conversation may be held in (the customer's; the assistant answers in it). */
export const CONVERSATION_LANGUAGES = ['en', 'es'] as const;
const LEAD_MOVES = ['engaging', 'qualified', 'needs_human', 'booked', 'spam', 'disqualified'] as const;

const timeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, 'must be an IANA time zone such as America/Chicago');

const questionSchema = z.object({
  key: z.string().regex(/^[a-z0-9_]+$/),
  text: z.string().min(1),
  kind: z.enum(QUESTION_KINDS),
  choices: z.array(z.string().min(1)).default([]),
  required: z.boolean().default(true),
});

const priceItemSchema = z
  .object({
    id: z.string().min(1),
    name: z.string().min(1),
    minCents: z.number().int().min(0),
    maxCents: z.number().int().min(0),
    unit: z.string().default(''),
  })
  .refine((item) => item.maxCents >= item.minCents, 'maxCents must be at least minCents');

/**
 * A business as its owner set it up — Settings → AI, the price book and the Lead qualifier — shared by the threads
 * of one business (tests/fixtures/ai-conversations/setups/<name>.json, or inline in a fixture).
 */
export const businessSetupSchema = z.object({
  business: z.object({
    name: z.string().min(1),
    timezone: timeZone,
    facts: z.string().default(''),
    faq: z.array(z.object({ question: z.string().min(1), answer: z.string().min(1) })).default([]),
    services: z.array(z.string().min(1)).default([]),
    servicesNotOffered: z.array(z.string().min(1)).default([]),
    serviceAreaPrefixes: z.array(z.string().min(1)).default([]),
  }),
  assistant: z.object({ name: z.string().min(1), tone: z.enum(AI_TONES) }),
  pricing: z.object({ policy: z.enum(PRICING_POLICIES), items: z.array(priceItemSchema).default([]) }),
  questions: z.array(questionSchema).min(1),
  disqualifyMessage: z.string().default(''),
});
export type BusinessSetup = z.output<typeof businessSetupSchema>;

/** A fixture file as written: the business inline or named by `setup`. */
export const fixtureFileSchema = z.object({
  /** Same as the file name without `.json`. */
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  trade: z.enum(TRADES),
  /** When the person's first text arrives (ISO, with offset or Z). */
  now: z.iso.datetime({ offset: true }),
  minutesBetweenTurns: z.number().int().min(0).max(24 * 60).default(2),
  /** The business: `setup` names a file in setups/ (several threads of one business), or the fields are inline. */
  setup: z.string().regex(/^[a-z0-9-]+$/).optional(),
  business: businessSetupSchema.shape.business.optional(),
  assistant: businessSetupSchema.shape.assistant.optional(),
  pricing: businessSetupSchema.shape.pricing.optional(),
  questions: businessSetupSchema.shape.questions.optional(),
  disqualifyMessage: z.string().optional(),
  /** The business's first text, when the thread began with one (a missed-call text-back, the widget's reply). */
  opening: z.string().min(1).optional(),
  /** Answers already on the lead before the first turn (e.g. fields of the web form). */
  answers: z.record(z.string(), z.string()).default({}),
  /** The person's texts, one entry per turn; an array is several texts that arrived within one reply delay. */
  turns: z.array(z.union([z.string().min(1), z.array(z.string().min(1)).min(1)])).min(1),
  expect: z.object({
    /**
     * Answers on the lead at the end, by question key. Free-text questions: a phrase the answer must contain;
     * dates: YYYY-MM-DD; yes/no: "yes" or "no"; choices: the option as written.
     */
    answers: z.record(z.string(), z.string()),
    /** The lead's status at the end (a handoff leaves it in `needs_human`). */
    lead: z.enum(LEAD_MOVES),
    handoffReason: z.enum(HANDOFF_REASONS).nullable().default(null),
    /** Price-book items any reply quoted; empty when no amount may be said. */
    quotedItemIds: z.array(z.string()).default([]),
    /** The language the assistant's replies must be in: the customer's (a thread begun in Spanish is answered in Spanish). */
    replyLanguage: z.enum(CONVERSATION_LANGUAGES).default('en'),
    /** A danger to people or the home: the handoff's reply must carry safety advice (leave, shut off, call 911…). */
    safety: z.boolean().default(false),
    /** The person asked to be called: a reply must say someone will call, not text. */
    callback: z.boolean().default(false),
  }),
});

/** A fixture with its business resolved (the setup's fields, then the file's own over them), checked as a whole. */
export const conversationFixtureSchema = fixtureFileSchema
  .extend(businessSetupSchema.shape)
  .superRefine((fixture, ctx) => {
    const keys = new Set(fixture.questions.map((question) => question.key));
    if (keys.size !== fixture.questions.length) ctx.addIssue({ code: 'custom', path: ['questions'], message: 'question keys must be unique' });
    for (const key of Object.keys(fixture.expect.answers)) {
      if (!keys.has(key)) ctx.addIssue({ code: 'custom', path: ['expect', 'answers', key], message: `no question has the key ${key}` });
    }
    const ids = new Set(fixture.pricing.items.map((item) => item.id));
    for (const id of fixture.expect.quotedItemIds) {
      if (!ids.has(id)) ctx.addIssue({ code: 'custom', path: ['expect', 'quotedItemIds'], message: `no price item has the id ${id}` });
    }
    if ((fixture.expect.lead === 'needs_human') !== (fixture.expect.handoffReason !== null)) {
      ctx.addIssue({ code: 'custom', path: ['expect', 'handoffReason'], message: 'a handoff reason goes with lead needs_human, and only with it' });
    }
  });

export type ConversationFixture = z.output<typeof conversationFixtureSchema>;
