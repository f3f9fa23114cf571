import { z } from 'zod';
import { GREETING_SOURCES, MISSED_CALL_LIMITS as L, ROUTING_MODES, TEXT_BACK_OUTCOMES } from '@contracts/call';
import { id, usCaPhone } from '@server/platform/lib/common.schema';

const seconds = (label: string, limits: { min: number; max: number }) =>
  z
    .number({ error: `${label} must be a number of seconds` })
    .int(`${label} must be whole seconds`)
    .min(limits.min, `${label} must be at least ${limits.min} seconds`)
    .max(limits.max, `${label} must be at most ${limits.max} seconds`);

const template = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} cannot be empty`)
    .max(L.templateLength, `${label} must be at most ${L.templateLength} characters`);

/** Missed calls → Basic and Voicemail: every field optional, so each screen saves only what it shows. */
export const updateMissedCallSettingsInput = z
  .object({
    enabled: z.boolean(),
    routingMode: z.enum(ROUTING_MODES),
    forwardTo: usCaPhone.nullable(),
    ringTimeoutSeconds: seconds('Ring timeout', L.ringTimeoutSeconds),
    textBackDelaySeconds: seconds('Text-back delay', L.textBackDelaySeconds),
    businessHoursTemplate: template('The business-hours text'),
    afterHoursTemplate: template('The after-hours text'),
    voicemailGreeting: z.string().trim().min(1, 'The greeting cannot be empty').max(L.greetingLength, `The greeting must be at most ${L.greetingLength} characters`),
    greetingSource: z.enum(GREETING_SOURCES),
    voicemailMaxSeconds: seconds('Voicemail length', L.voicemailMaxSeconds),
    transcribeVoicemail: z.boolean(),
    tailorToVoicemail: z.boolean(),
    repeatCallerWindowHours: z
      .number()
      .int('Whole hours only')
      .min(L.repeatCallerWindowHours.min)
      .max(L.repeatCallerWindowHours.max, `At most ${L.repeatCallerWindowHours.max} hours`),
  })
  .partial();
export type UpdateMissedCallSettingsInput = z.infer<typeof updateMissedCallSettingsInput>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-21');

/** Missed calls → History: newest first, keyset-paged, by date (the company's days) and outcome. */
export const listCallsInput = z.object({
  cursor: z.string().max(100).optional(),
  limit: z.number().int().min(1).max(100).default(25),
  from: day.optional(),
  to: day.optional(),
  outcome: z.enum([...TEXT_BACK_OUTCOMES, 'missed', 'voicemail']).optional(),
  /** One client's calls (their timeline) or one thread's (calls between the texts). */
  contactId: id.optional(),
  conversationId: id.optional(),
});
export type ListCallsInput = z.infer<typeof listCallsInput>;
