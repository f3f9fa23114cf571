import { z } from 'zod';
import { AI_TONES, PRICING_POLICIES, QUESTION_KINDS } from '@contracts/ai';
import { MAX_TEXT_LENGTH } from '@contracts/merge-tags';

const words = (label: string, max: number, min = 1) =>
  z
    .string()
    .trim()
    .min(min, min === 1 ? `${label} cannot be empty` : `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 18:00');
const list = (label: string, max: number, each: number) => z.array(words(label, each)).max(max, `At most ${max}`).transform((items) => [...new Set(items)]);

export const qualifierQuestion = z
  .strictObject({
    key: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'Use lower-case letters, digits and _ (e.g. postal_code)'),
    text: words('The question', 300),
    kind: z.enum(QUESTION_KINDS),
    choices: z.array(words('A choice', 60)).max(20, 'At most 20 choices'),
    required: z.boolean(),
  })
  .refine((q) => q.kind !== 'choice' || q.choices.length >= 2, { message: 'A question with a list needs at least two choices', path: ['choices'] });

/** Settings → AI and its tabs send what they show (partial), with the version they read. */
export const updateAiSettingsInput = z.strictObject({
  expectedVersion: z.number().int().min(1),
  enabled: z.boolean().optional(),
  assistantName: words('The assistant’s name', 40).optional(),
  tone: z.enum(AI_TONES).optional(),
  facts: z.string().trim().max(5000, 'The business facts must be at most 5,000 characters').optional(),
  faq: z.array(z.strictObject({ question: words('The question', 300), answer: words('The answer', 600) })).max(50, 'At most 50 questions').optional(),
  services: list('A service', 100, 100).optional(),
  servicesNotOffered: list('A service', 100, 100).optional(),
  serviceAreaPrefixes: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^(\d{3,5}|[A-Z]\d[A-Z]( ?\d([A-Z]\d?)?)?)$/, 'Use ZIP codes or their first 3 digits (606), or postal-code beginnings (M5V)'),
    )
    .max(500, 'At most 500 areas')
    .transform((items) => [...new Set(items)])
    .optional(),
  pricingPolicy: z.enum(PRICING_POLICIES).optional(),
  replyDelaySeconds: z.number().int().min(0, 'At least 0 seconds').max(300, 'At most 300 seconds').optional(),
  dailyCap: z.number().int().min(1, 'At least 1').max(100, 'At most 100').optional(),
  approvalMode: z.boolean().optional(),
  handoff: z.strictObject({ askedForPerson: z.boolean(), anger: z.boolean(), emergency: z.boolean(), outsidePolicy: z.boolean(), confusion: z.boolean() }).optional(),
  questions: z
    .array(qualifierQuestion)
    .max(12, 'At most 12 questions')
    .refine((qs) => new Set(qs.map((q) => q.key)).size === qs.length, 'Two questions have the same name')
    .optional(),
  disqualifyMessage: words('The message', MAX_TEXT_LENGTH).optional(),
  schedule: z
    .strictObject({
      windows: z.array(z.strictObject({ day: z.number().int().min(0).max(6), start: hhmm, end: hhmm }).refine((w) => w.start !== w.end, 'A window needs a start and a different end')).max(28),
      overrides: z.array(z.strictObject({ date: z.iso.date('Use a date like 2026-12-25'), off: z.boolean() })).max(100),
      offMessage: z.string().trim().max(MAX_TEXT_LENGTH, `At most ${MAX_TEXT_LENGTH} characters`),
    })
    .optional(),
  missedCall: z.strictObject({ continueThread: z.boolean(), firstQuestion: z.string().trim().max(300, 'At most 300 characters') }).optional(),
});
export type UpdateAiSettingsInput = z.infer<typeof updateAiSettingsInput>;
