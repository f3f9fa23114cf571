/**
 * The zod schemas of the flow model (contracts/flows.ts): every save and every run on the server. Kept out of the
 * web bundle: zod's constructors used anywhere in the app land in the chunk the sign-in page loads, so the editor
 * shows the problems the server finds with these on each autosave (decision 0037).
 */
import { z } from 'zod/mini';
import { MAX_TEXT_LENGTH, mergeTagProblem } from './merge-tags';
import { LEAD_SOURCES, LEAD_STATUSES } from './lead';
import { AI_STEP_GOALS, type FlowGraph, type FollowUpSettingsValues, MAX_WAIT_MINUTES, RESERVED_KEYWORDS } from './flows';

const nodeId = z.string().check(z.regex(/^[a-z0-9_-]{1,40}$/, 'A step id is 1–40 letters, digits, _ or -'));
const minutes = z.int().check(z.minimum(1, 'A wait is at least 1 minute'), z.maximum(MAX_WAIT_MINUTES, 'A wait is at most 90 days'));
const knownTags = z.refine<string>((text) => mergeTagProblem(text) === null, { message: 'Unknown merge tag' });
const smsBody = z.string().check(z.trim(), z.minLength(1, 'The text cannot be empty'), z.maxLength(MAX_TEXT_LENGTH, `Texts are at most ${MAX_TEXT_LENGTH} characters`), knownTags);

/**
 * The graph's schema, strict (what may be published and run) or as a draft (what the editor may save while it is
 * being drawn: the same shape and the same size caps, but an empty text, an unknown merge tag or a reserved keyword
 * is a problem to list, not a save to refuse). One definition for both, so they never drift apart.
 */
function graphSchema(strict: boolean) {
  /** A text field: capped always; its content rules only when strict. */
  const text = (max: number, tooLong: string, ...rules: Parameters<ReturnType<typeof z.string>['check']>) =>
    z.string().check(...(strict ? [z.trim(), ...rules] : []), z.maxLength(max, tooLong));
  const wait = strict ? minutes : z.int().check(z.minimum(0), z.maximum(MAX_WAIT_MINUTES * 10));
  const trigger = z.discriminatedUnion('type', [
    z.object({ type: z.literal('lead_created'), sources: z.array(z.enum(LEAD_SOURCES)) }),
    /** The business texted (the assistant, a text-back, a staff member's automated template) and heard nothing back. */
    z.object({ type: z.literal('no_reply'), minutes: wait }),
    z.object({ type: z.literal('status_changed'), to: z.array(z.enum(LEAD_STATUSES)) }),
    z.object({ type: z.literal('missed_call') }),
    z.object({
      type: z.literal('keyword'),
      words: z
        .array(
          text(
            20,
            'A keyword is one word of letters and digits',
            z.regex(/^[\p{L}\p{N}]{1,20}$/u, 'A keyword is one word of letters and digits'),
            z.refine((word) => !RESERVED_KEYWORDS.has(word.toUpperCase()), { message: 'STOP, START, HELP and the other opt-out words are answered by the compliance rules, not a flow' }),
          ),
        )
        .check(...(strict ? [z.minLength(1, 'Add at least one keyword')] : []), z.maxLength(10, 'At most 10 keywords')),
    }),
    z.object({ type: z.literal('form_submitted') }),
    z.object({ type: z.literal('call_ended') }),
    z.object({ type: z.literal('webhook') }),
  ]);
  const step = z.discriminatedUnion('type', [
    z.object({ id: nodeId, type: z.literal('send_sms'), body: text(MAX_TEXT_LENGTH, `Texts are at most ${MAX_TEXT_LENGTH} characters`, z.minLength(1, 'The text cannot be empty'), knownTags), next: z.nullable(nodeId) }),
    /** Waits this long after the run's anchor (the trigger's time), or after the previous step when `from` is `previous`. */
    z.object({ id: nodeId, type: z.literal('wait'), minutes: wait, from: z.enum(['anchor', 'previous']), next: z.nullable(nodeId) }),
    /** Waits for a reply: `replied` when one comes, `timeout` when the time is up. */
    z.object({ id: nodeId, type: z.literal('wait_for_reply'), minutes: wait, replied: z.nullable(nodeId), timeout: z.nullable(nodeId) }),
    z.object({ id: nodeId, type: z.literal('set_status'), status: z.enum(LEAD_STATUSES), next: z.nullable(nodeId) }),
    z.object({
      id: nodeId,
      type: z.literal('branch'),
      condition: z.discriminatedUnion('field', [
        z.object({ field: z.literal('lead_status'), equals: z.enum(LEAD_STATUSES) }),
        z.object({ field: z.literal('answer'), key: text(60, 'A question key is at most 60 characters', z.minLength(1, 'Say which answer to look at')), equals: z.nullable(z.string().check(z.maxLength(200))) }),
        z.object({ field: z.literal('last_reply'), contains: text(100, 'At most 100 characters', z.minLength(1, 'Say which words to look for')) }),
      ]),
      yes: z.nullable(nodeId),
      no: z.nullable(nodeId),
    }),
    z.object({ id: nodeId, type: z.literal('assign'), userId: z.nullable(z.string().check(z.uuid())), next: z.nullable(nodeId) }),
    z.object({
      id: nodeId,
      type: z.literal('http_request'),
      url: text(2000, 'An address is at most 2000 characters', z.refine((url) => /^https?:\/\/[^\s/]+/i.test(url), { message: 'Use an http or https address' })),
      method: z.enum(['GET', 'POST']),
      next: z.nullable(nodeId),
      failed: z.nullable(nodeId),
    }),
    z.object({ id: nodeId, type: z.literal('wait_until_window'), next: z.nullable(nodeId) }),
    z.object({
      id: nodeId,
      type: z.literal('send_email'),
      subject: text(150, 'A subject is at most 150 characters', z.minLength(1, 'Give the email a subject'), knownTags),
      body: text(5000, 'An email is at most 5000 characters', z.minLength(1, 'The email cannot be empty'), knownTags),
      next: z.nullable(nodeId),
    }),
    z.object({ id: nodeId, type: z.literal('add_tag'), tag: text(40, 'A tag is at most 40 characters', z.minLength(1, 'Name the tag')), next: z.nullable(nodeId) }),
    z.object({ id: nodeId, type: z.literal('notify'), message: text(500, 'At most 500 characters', z.minLength(1, 'Say what to tell the team'), knownTags), next: z.nullable(nodeId) }),
    z.object({
      id: nodeId,
      type: z.literal('ai_step'),
      goal: z.enum(AI_STEP_GOALS),
      question: text(300, 'A question is at most 300 characters', knownTags),
      answerKey: strict ? z.string().check(z.regex(/^([a-z0-9_]{1,40})?$/, 'An answer name is lower-case letters, digits and _ (up to 40)')) : z.string().check(z.maxLength(40)),
      minutes: wait,
      done: z.nullable(nodeId),
      notDone: z.nullable(nodeId),
    }),
    z.object({ id: nodeId, type: z.literal('stop') }),
  ]);
  return z.object({
    trigger,
    start: nodeId,
    steps: z.array(step).check(z.minLength(1, 'A flow has at least one step'), z.maxLength(100, 'A flow has at most 100 steps')),
    positions: z.optional(z.record(nodeId, z.object({ x: z.number().check(z.minimum(-100_000), z.maximum(100_000)), y: z.number().check(z.minimum(-100_000), z.maximum(100_000)) }))),
  });
}

/** What may be published and run: every save of a version, every run (server/modules/flows). */
export const flowGraphSchema = graphSchema(true);
/** What the editor's autosave may store: the same shape; content problems are listed (flowFieldProblems), not refused. */
export const flowDraftSchema = graphSchema(false);

/** Where the strict schema finds a draft wrong: by step (or the trigger), field and message, for the editor. */
export function flowFieldProblems(graph: FlowGraph): Array<{ stepId: string | null; field: string; message: string }> {
  const parsed = flowGraphSchema.safeParse(graph);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const [area, index, field] = issue.path;
    if (area === 'steps' && typeof index === 'number') return { stepId: graph.steps[index]?.id ?? null, field: String(field ?? 'step'), message: issue.message };
    return { stepId: null, field: area === 'trigger' ? String(index ?? 'trigger') : String(area ?? 'flow'), message: issue.message };
  });
}

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
export const draftMatchesType: Same<z.infer<typeof flowDraftSchema>, FlowGraph> = true;
export const followUpsMatchType: Same<z.infer<typeof followUpSettingsSchema>, FollowUpSettingsValues> = true;
