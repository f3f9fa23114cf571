import { z } from 'zod';
import { AI_LIMITS, TIME_OF_DAY_PATTERN, TIME_OF_DAY_RULE } from '@contracts/ai';
import { AI_ANSWER_HOURS, AI_CALL_OUTCOMES, AI_VOICE_IDS, ANSWER_MODES, TRANSFER_FALLBACKS, VOICE_AGENT_LIMITS as L } from '@contracts/voice-agent';
import { id, usCaPhone } from '@server/platform/lib/common.schema';
import { qualifierQuestion } from '@server/modules/ai/ai.schema';

const seconds = (label: string, limits: { min: number; max: number }) =>
  z
    .number({ error: `${label} must be a number of seconds` })
    .int(`${label} must be whole seconds`)
    .min(limits.min, `${label} must be at least ${limits.min} seconds`)
    .max(limits.max, `${label} must be at most ${limits.max} seconds`);

const words = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} cannot be empty`)
    .max(max, `${label} must be at most ${max} characters`);

const hhmm = z.string().regex(TIME_OF_DAY_PATTERN, TIME_OF_DAY_RULE);
const window = z.strictObject({ day: z.number().int().min(0, 'Day 0 is Sunday').max(6, 'Day 6 is Saturday'), start: hhmm, end: hhmm }).refine((w) => w.start !== w.end, { message: 'A window must not start and end at the same time', path: ['end'] });

const template = (outcome: string) => z.string().trim().max(L.template, `The ${outcome} text must be at most ${L.template} characters`);

/** Every tab sends what it shows and the version it read (0: never saved; a newer save answers CONFLICT). */
const versioned = { expectedVersion: z.number().int().min(0) };

/** /ai-call-answering/basic: on/off, answer mode, hours, greeting, recording and its disclosure, the voice. */
export const saveBasicInput = z.strictObject({
  ...versioned,
  enabled: z.boolean(),
  answerMode: z.enum(ANSWER_MODES),
  ringSeconds: seconds('The ring time', L.ringSeconds),
  hours: z.enum(AI_ANSWER_HOURS),
  windows: z.array(window).max(L.windows, `At most ${L.windows} windows`),
  greeting: words('The greeting', L.greeting),
  recordCalls: z.boolean(),
  recordingDisclosure: words('The recording notice', L.disclosure),
  voice: z.enum(AI_VOICE_IDS, { error: 'Choose one of the voices offered' }),
});
export type SaveBasicInput = z.infer<typeof saveBasicInput>;

/** /ai-call-answering/agent: intake questions, transfer rules, emergency words, maximum call length. */
export const saveAgentInput = z.strictObject({
  ...versioned,
  /** Null: ask the assistant's own qualifier questions (Settings → AI). */
  questions: z
    .array(qualifierQuestion)
    .min(1, 'Add at least one question, or use the assistant’s questions')
    .max(AI_LIMITS.questions, `At most ${AI_LIMITS.questions} questions`)
    .refine((qs) => new Set(qs.map((q) => q.key)).size === qs.length, { message: 'Each question needs its own answer name' })
    .nullable(),
  emergencyWords: z
    .array(words('An emergency word', L.emergencyWord).transform((w) => w.toLowerCase()))
    .max(L.emergencyWords, `At most ${L.emergencyWords} emergency words`)
    .transform((items) => [...new Set(items)]),
  onCallNumber: usCaPhone.nullable(),
  transferRingSeconds: seconds('The transfer ring time', L.transferRingSeconds),
  transferFallback: z.enum(TRANSFER_FALLBACKS),
  maxCallSeconds: seconds('The maximum call length', L.maxCallSeconds),
});
export type SaveAgentInput = z.infer<typeof saveAgentInput>;

/** /ai-call-answering/sms-followup: one text per outcome (merge tags), and the switch. */
export const saveFollowUpsInput = z.strictObject({
  ...versioned,
  enabled: z.boolean(),
  templates: z.strictObject(Object.fromEntries(AI_CALL_OUTCOMES.map((o) => [o, template(o.replace('_', ' '))])) as Record<(typeof AI_CALL_OUTCOMES)[number], ReturnType<typeof template>>),
});
export type SaveFollowUpsInput = z.infer<typeof saveFollowUpsInput>;

/** /ai-call-answering/history: newest first, keyset-paged, by outcome. */
export const listAiCallsInput = z.object({
  cursor: z.string().max(100).optional(),
  limit: z.number().int().min(1).max(100).default(25),
  outcome: z.enum(AI_CALL_OUTCOMES).optional(),
});
export type ListAiCallsInput = z.infer<typeof listAiCallsInput>;

export const aiCallIdInput = z.object({ id });
