/**
 * The zod schemas of the flow model (contracts/flows.ts): every save and every run on the server, and the editor
 * when it comes. Kept apart from flows.ts so screens that only show flows do not load a validator.
 */
import { z } from 'zod/mini';
import { MAX_TEXT_LENGTH, mergeTagProblem } from './merge-tags';
import { LEAD_SOURCES, LEAD_STATUSES } from './lead';
import { type FlowGraph, type FollowUpSettingsValues, MAX_WAIT_MINUTES, RESERVED_KEYWORDS } from './flows';

const nodeId = z.string().check(z.regex(/^[a-z0-9_-]{1,40}$/, 'A step id is 1–40 letters, digits, _ or -'));
const minutes = z.int().check(z.minimum(1, 'A wait is at least 1 minute'), z.maximum(MAX_WAIT_MINUTES, 'A wait is at most 90 days'));
const smsBody = z.string().check(
  z.trim(),
  z.minLength(1, 'The text cannot be empty'),
  z.maxLength(MAX_TEXT_LENGTH, `Texts are at most ${MAX_TEXT_LENGTH} characters`),
  z.refine((text) => mergeTagProblem(text) === null, { message: 'Unknown merge tag' }),
);

export const flowTriggerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('lead_created'), sources: z.array(z.enum(LEAD_SOURCES)) }),
  /** The business texted (the assistant, a text-back, a staff member's automated template) and heard nothing back. */
  z.object({ type: z.literal('no_reply'), minutes }),
  z.object({ type: z.literal('status_changed'), to: z.array(z.enum(LEAD_STATUSES)) }),
  z.object({ type: z.literal('missed_call') }),
  z.object({
    type: z.literal('keyword'),
    words: z
      .array(
        z.string().check(
          z.trim(),
          z.regex(/^[\p{L}\p{N}]{1,20}$/u, 'A keyword is one word of letters and digits'),
          z.refine((word) => !RESERVED_KEYWORDS.has(word.toUpperCase()), { message: 'STOP, START, HELP and the other opt-out words are answered by the compliance rules, not a flow' }),
        ),
      )
      .check(z.minLength(1, 'Add at least one keyword'), z.maxLength(10, 'At most 10 keywords')),
  }),
  z.object({ type: z.literal('form_submitted') }),
  z.object({ type: z.literal('call_ended') }),
]);

export const flowStepSchema = z.discriminatedUnion('type', [
  z.object({ id: nodeId, type: z.literal('send_sms'), body: smsBody, next: z.nullable(nodeId) }),
  /** Waits this long after the run's anchor (the trigger's time), or after the previous step when `from` is `previous`. */
  z.object({ id: nodeId, type: z.literal('wait'), minutes, from: z.enum(['anchor', 'previous']), next: z.nullable(nodeId) }),
  /** Waits for a reply: `replied` when one comes, `timeout` when the time is up. */
  z.object({ id: nodeId, type: z.literal('wait_for_reply'), minutes, replied: z.nullable(nodeId), timeout: z.nullable(nodeId) }),
  z.object({ id: nodeId, type: z.literal('set_status'), status: z.enum(LEAD_STATUSES), next: z.nullable(nodeId) }),
  z.object({
    id: nodeId,
    type: z.literal('branch'),
    condition: z.discriminatedUnion('field', [
      z.object({ field: z.literal('lead_status'), equals: z.enum(LEAD_STATUSES) }),
      z.object({ field: z.literal('answer'), key: z.string().check(z.minLength(1), z.maxLength(60)), equals: z.nullable(z.string().check(z.maxLength(200))) }),
      z.object({ field: z.literal('last_reply'), contains: z.string().check(z.trim(), z.minLength(1, 'Say which words to look for'), z.maxLength(100)) }),
    ]),
    yes: z.nullable(nodeId),
    no: z.nullable(nodeId),
  }),
  z.object({ id: nodeId, type: z.literal('assign'), userId: z.nullable(z.string().check(z.uuid())), next: z.nullable(nodeId) }),
  z.object({
    id: nodeId,
    type: z.literal('http_request'),
    url: z.string().check(z.trim(), z.maxLength(2000), z.refine((url) => /^https?:\/\//i.test(url), { message: 'Use an http or https address' })),
    method: z.enum(['GET', 'POST']),
    next: z.nullable(nodeId),
    failed: z.nullable(nodeId),
  }),
  z.object({ id: nodeId, type: z.literal('wait_until_window'), next: z.nullable(nodeId) }),
  z.object({
    id: nodeId,
    type: z.literal('send_email'),
    subject: z.string().check(z.trim(), z.minLength(1, 'Give the email a subject'), z.maxLength(150, 'A subject is at most 150 characters'), z.refine((text) => mergeTagProblem(text) === null, { message: 'Unknown merge tag' })),
    body: z.string().check(z.trim(), z.minLength(1, 'The email cannot be empty'), z.maxLength(5000, 'An email is at most 5000 characters'), z.refine((text) => mergeTagProblem(text) === null, { message: 'Unknown merge tag' })),
    next: z.nullable(nodeId),
  }),
  z.object({ id: nodeId, type: z.literal('add_tag'), tag: z.string().check(z.trim(), z.minLength(1, 'Name the tag'), z.maxLength(40, 'A tag is at most 40 characters')), next: z.nullable(nodeId) }),
  z.object({
    id: nodeId,
    type: z.literal('notify'),
    message: z.string().check(z.trim(), z.minLength(1, 'Say what to tell the team'), z.maxLength(500, 'At most 500 characters'), z.refine((text) => mergeTagProblem(text) === null, { message: 'Unknown merge tag' })),
    next: z.nullable(nodeId),
  }),
  z.object({ id: nodeId, type: z.literal('stop') }),
]);

export const flowGraphSchema = z.object({
  trigger: flowTriggerSchema,
  start: nodeId,
  steps: z.array(flowStepSchema).check(z.minLength(1, 'A flow has at least one step'), z.maxLength(100, 'A flow has at most 100 steps')),
  positions: z.optional(z.record(nodeId, z.object({ x: z.number().check(z.minimum(-100_000), z.maximum(100_000)), y: z.number().check(z.minimum(-100_000), z.maximum(100_000)) }))),
});

export const followUpSettingsSchema = z.object({
  enabled: z.boolean(),
  steps: z
    .array(z.object({ delayMinutes: minutes, body: smsBody, enabled: z.boolean() }))
    .check(
      z.minLength(1, 'Keep at least one follow-up'),
      z.maxLength(6, 'At most 6 follow-ups'),
      z.refine((steps) => steps.every((step, index) => index === 0 || step.delayMinutes > (steps[index - 1]?.delayMinutes ?? 0)), {
        message: 'Each follow-up comes after the one before it',
      }),
    ),
});


// The schemas and the types say the same thing.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const graphMatchesType: Same<z.infer<typeof flowGraphSchema>, FlowGraph> = true;
export const followUpsMatchType: Same<z.infer<typeof followUpSettingsSchema>, FollowUpSettingsValues> = true;
