import { z } from 'zod';
import {
  AI_LIMITS as L,
  AI_TONES,
  PRICING_POLICIES,
  QUESTION_KEY_PATTERN,
  QUESTION_KEY_RULE,
  QUESTION_KINDS,
  SERVICE_AREA_PATTERN,
  SERVICE_AREA_RULE,
  TIME_OF_DAY_PATTERN,
  TIME_OF_DAY_RULE,
} from '@contracts/ai';
import { MAX_TEXT_LENGTH } from '@contracts/merge-tags';

const words = (label: string, max: number, min = 1) =>
  z
    .string()
    .trim()
    .min(min, min === 1 ? `${label} cannot be empty` : `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);
const hhmm = z.string().regex(TIME_OF_DAY_PATTERN, TIME_OF_DAY_RULE);
const list = (label: string, max: number, each: number) => z.array(words(label, each)).max(max, `At most ${max}`).transform((items) => [...new Set(items)]);
const wholeNumber = (limits: { min: number; max: number }, unit = '') =>
  z
    .number()
    .int()
    .min(limits.min, `At least ${limits.min}${unit}`)
    .max(limits.max, `At most ${limits.max}${unit}`);

export const qualifierQuestion = z
  .strictObject({
    key: z.string().regex(QUESTION_KEY_PATTERN, QUESTION_KEY_RULE),
    text: words('The question', L.questionText),
    kind: z.enum(QUESTION_KINDS),
    choices: z.array(words('A choice', L.choice)).max(L.choices, `At most ${L.choices} choices`),
    required: z.boolean(),
  })
  .refine((q) => q.kind !== 'choice' || q.choices.length >= 2, { message: 'A question with a list needs at least two choices', path: ['choices'] });

/** Settings → AI and its tabs send what they show (partial), with the version they read. */
export const updateAiSettingsInput = z.strictObject({
  expectedVersion: z.number().int().min(1),
  enabled: z.boolean().optional(),
  assistantName: words('The assistant’s name', L.assistantName).optional(),
  tone: z.enum(AI_TONES).optional(),
  facts: z.string().trim().max(L.facts, `The business facts must be at most ${L.facts.toLocaleString('en-US')} characters`).optional(),
  faq: z
    .array(z.strictObject({ question: words('The question', L.faqQuestion), answer: words('The answer', L.faqAnswer) }))
    .max(L.faq, `At most ${L.faq} questions`)
    .optional(),
  services: list('A service', L.services, L.service).optional(),
  servicesNotOffered: list('A service', L.services, L.service).optional(),
  serviceAreaPrefixes: z
    .array(z.string().trim().toUpperCase().regex(SERVICE_AREA_PATTERN, SERVICE_AREA_RULE))
    .max(L.areas, `At most ${L.areas} areas`)
    .transform((items) => [...new Set(items)])
    .optional(),
  pricingPolicy: z.enum(PRICING_POLICIES).optional(),
  replyDelaySeconds: wholeNumber(L.replyDelaySeconds, ' seconds').optional(),
  dailyCap: wholeNumber(L.dailyCap).optional(),
  approvalMode: z.boolean().optional(),
  handoff: z.strictObject({ askedForPerson: z.boolean(), anger: z.boolean(), emergency: z.boolean(), outsidePolicy: z.boolean(), confusion: z.boolean() }).optional(),
  questions: z
    .array(qualifierQuestion)
    .max(L.questions, `At most ${L.questions} questions`)
    .refine((qs) => new Set(qs.map((q) => q.key)).size === qs.length, 'Two questions have the same name')
    .optional(),
  disqualifyMessage: words('The message', MAX_TEXT_LENGTH).optional(),
  schedule: z
    .strictObject({
      windows: z
        .array(z.strictObject({ day: z.number().int().min(0).max(6), start: hhmm, end: hhmm }).refine((w) => w.start !== w.end, 'A window needs a start and a different end'))
        .max(L.scheduleWindows),
      overrides: z.array(z.strictObject({ date: z.iso.date('Use a date like 2026-12-25'), off: z.boolean() })).max(L.dateOverrides),
      offMessage: z.string().trim().max(MAX_TEXT_LENGTH, `At most ${MAX_TEXT_LENGTH} characters`),
    })
    .optional(),
  missedCall: z
    .strictObject({ continueThread: z.boolean(), firstQuestion: z.string().trim().max(L.missedCallFirstQuestion, `At most ${L.missedCallFirstQuestion} characters`) })
    .optional(),
});
export type UpdateAiSettingsInput = z.infer<typeof updateAiSettingsInput>;

/** Settings → AI's test chat: the transcript so far (the tester as the customer) and the answers the turn starts from. */
export const testChatInput = z.strictObject({
  transcript: z
    .array(z.strictObject({ from: z.enum(['contact', 'business']), body: z.string().trim().min(1).max(L.testChatLine) }))
    .min(1)
    .max(L.testChatLines),
  answers: z.record(z.string().max(L.key), z.string().max(L.questionText)).default({}),
});
