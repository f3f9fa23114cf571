/**
 * Reading the model's answer: the chat-completion response (validated, since any OpenAI-compatible server may
 * answer), the `decide_turn` arguments from a tool call or from JSON text in `content` (llama.cpp and Ollama
 * sometimes answer that way), then the decision checked against the turn: answers only for the turn's questions,
 * quotes only of the approved items it was given, a price with no approved item behind it marked outside the facts.
 */
import { z } from 'zod';
import { HANDOFF_REASONS } from '@contracts/ai';
import { truncate } from '@contracts/text';
import type { AiDecision, AiTurnInput } from '@server/adapters/ai/ai.port';
import { DECIDE_TURN_TOOL, LEAD_MOVES, REPLY_MAX_CHARS, slotChoices } from './decision-prompt';

/** The parts of a chat-completion response this adapter reads; anything else a server adds is ignored. */
const toolCallSchema = z.object({
  id: z.string().optional(),
  type: z.string().optional(),
  function: z.object({ name: z.string().optional(), arguments: z.unknown() }),
});
export const completionSchema = z.object({
  model: z.string().optional(),
  choices: z.array(
    z.object({
      message: z
        .object({
          content: z.string().nullish(),
          tool_calls: z.array(toolCallSchema).nullish(),
        })
        .optional(),
    }),
  ),
  usage: z.object({ prompt_tokens: z.number().int().nonnegative(), completion_tokens: z.number().int().nonnegative() }).nullish(),
});
export type Completion = z.infer<typeof completionSchema>;
export type CompletionMessage = NonNullable<Completion['choices'][number]['message']>;

/** The tool's arguments as the model sent them: every field but `action` may be missing (small models skip some). */
const argumentsSchema = z
  .object({
    action: z.enum(['reply', 'handoff', 'skip']),
    reply: z.string().nullish(),
    handoffReason: z.enum(HANDOFF_REASONS).nullish(),
    answers: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).nullable()).nullish(),
    lead: z.enum(LEAD_MOVES).nullish(),
    summary: z.string().nullish(),
    quotedItemIds: z.array(z.string()).nullish(),
    promisesTime: z.boolean().nullish(),
    offerSlotIds: z.array(z.string()).nullish(),
    bookSlotId: z.string().nullish(),
    outsideFacts: z.boolean().nullish(),
    confused: z.boolean().nullish(),
    reasons: z.array(z.string()).nullish(),
  })
  .superRefine((value, context) => {
    if (value.action === 'reply' && !value.reply?.trim()) context.addIssue({ code: 'custom', path: ['reply'], message: 'action "reply" needs the reply text' });
    if (value.action === 'handoff' && !value.handoffReason) context.addIssue({ code: 'custom', path: ['handoffReason'], message: 'action "handoff" needs a handoffReason' });
  });

export type ParsedDecision = Omit<AiDecision, 'model' | 'usage'>;
export type ParseResult = { ok: true; decision: ParsedDecision } | { ok: false; problem: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Arguments may arrive as a JSON string (the standard), an object (some servers), or a string holding a JSON string. */
function argumentsValue(raw: unknown): { ok: true; value: unknown } | { ok: false; problem: string } {
  let value = raw;
  for (let depth = 0; depth < 2 && typeof value === 'string'; depth += 1) {
    const parsed = parseJson(value);
    if (!parsed.ok) return { ok: false, problem: 'the arguments were not valid JSON' };
    value = parsed.value;
  }
  return { ok: true, value };
}

/**
 * A tool call written as text: `{"name":"decide_turn","arguments":{…}}`, the OpenAI shape `{"tool_calls":[…]}`,
 * the bare arguments, possibly inside a ```json fence or <tool_call> tags (Hermes/Qwen chat templates).
 */
function toolCallFromContent(content: string, toolName: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  let candidate = content.trim();
  const tagged = /<tool_call>([\s\S]*?)(?:<\/tool_call>|$)/i.exec(candidate);
  if (tagged?.[1]) candidate = tagged[1];
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(candidate);
  if (fenced?.[1]) candidate = fenced[1];
  const start = candidate.indexOf('{');
  const end = candidate.lastIndexOf('}');
  if (start < 0 || end <= start) return { ok: false, problem: `it answered in plain text instead of calling ${toolName}` };
  // The cut falls on ASCII braces of machine output, never inside a person's words: no grapheme can be split here.
  const jsonPart = candidate.substring(start, end + 1);
  const parsed = parseJson(jsonPart);
  if (!parsed.ok) return { ok: false, problem: 'the tool call written in the text was not valid JSON' };

  let value = parsed.value;
  if (isRecord(value) && Array.isArray(value.tool_calls) && value.tool_calls.length > 0) value = value.tool_calls[0];
  if (isRecord(value) && isRecord(value.function)) value = value.function;
  if (isRecord(value) && ('arguments' in value || 'parameters' in value)) {
    if (typeof value.name === 'string' && value.name !== toolName) return { ok: false, problem: `it called "${value.name}" instead of ${toolName}` };
    return argumentsValue(value.arguments ?? value.parameters);
  }
  return { ok: true, value };
}

/** The raw arguments of a message's call to `toolName` (`decide_turn` unless said): its tool call, or else a tool call written in its text. */
export function readToolArguments(message: CompletionMessage | undefined, toolName: string = DECIDE_TURN_TOOL): { ok: true; value: unknown } | { ok: false; problem: string } {
  if (!message) return { ok: false, problem: 'the response had no message' };
  const calls = message.tool_calls ?? [];
  const call = calls.find((candidate) => candidate.function.name === toolName) ?? calls[0];
  if (call) {
    if (call.function.name && call.function.name !== toolName) return { ok: false, problem: `it called "${call.function.name}" instead of ${toolName}` };
    return argumentsValue(call.function.arguments);
  }
  if (message.content?.trim()) return toolCallFromContent(message.content, toolName);
  return { ok: false, problem: `the message was empty instead of a call to ${toolName}` };
}

export function describeIssues(error: z.ZodError): string {
  const issues = error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'arguments'}: ${issue.message}`);
  return truncate(issues.join('; '), 300);
}

// "$150", "$ 1,200", "150 dollars", "150 bucks": a price in a text message.
const MONEY = /\$\s?\d|\b\d[\d,.]*\s?(?:dollars?|bucks|usd)\b/i;

/** Markdown a model slips into an SMS anyway: bold/italic markers and code ticks mean nothing on a phone. */
function plainText(reply: string): string {
  return reply.replace(/\*\*|__|`/g, '').trim();
}

/**
 * The checked decision for this turn, or the problem in words (the adapter asks the model once to fix it). What the
 * model claims is kept only where the turn backs it: unknown answer keys are dropped, unknown quoted ids are dropped
 * and the reply counts as outside the facts, and a reply naming an amount with no approved item behind it too.
 */
export function parseDecision(message: CompletionMessage | undefined, input: AiTurnInput): ParseResult {
  const raw = readToolArguments(message);
  if (!raw.ok) return raw;
  const parsed = argumentsSchema.safeParse(raw.value);
  if (!parsed.success) return { ok: false, problem: describeIssues(parsed.error) };
  const args = parsed.data;
  const reasons = (args.reasons ?? []).filter((reason) => reason.trim()).map((reason) => truncate(reason.trim(), 200));
  // Three reasons from the model at most; the checks below add theirs after.
  reasons.splice(3);

  const questionKeys = new Set(input.questions.map((question) => question.key));
  const answers: Record<string, string> = {};
  for (const [key, value] of Object.entries(args.answers ?? {})) {
    if (!questionKeys.has(key) || value === null) continue;
    const text = String(value).trim();
    if (text) answers[key] = truncate(text, 500);
  }

  let reply = args.action === 'skip' ? null : args.reply ? plainText(args.reply) : null;
  if (reply !== null && reply.length > REPLY_MAX_CHARS) {
    reply = truncate(reply, REPLY_MAX_CHARS);
    reasons.push(`The model's reply was longer than ${REPLY_MAX_CHARS} characters and was shortened.`);
  }
  if (reply === '') reply = null;

  let outsideFacts = args.outsideFacts ?? false;
  const quotable = new Set(input.pricing.policy === 'never' ? [] : input.pricing.items.map((item) => item.id));
  const claimed = [...new Set(args.quotedItemIds ?? [])];
  const unknown = claimed.filter((id) => !quotable.has(id));
  let quotedItemIds = claimed.filter((id) => quotable.has(id));
  if (unknown.length > 0) {
    // A quote naming an item the owner did not approve (or an id the model made up) is not a grounded quote.
    quotedItemIds = [];
    outsideFacts = true;
    reasons.push(`The reply named price items that are not in the approved price book (${truncate(unknown.join(', '), 120)}), so it counts as outside the facts.`);
  }
  if (reply !== null && unknown.length === 0 && quotedItemIds.length === 0 && MONEY.test(reply)) {
    outsideFacts = true;
    reasons.push('The reply mentions an amount of money without an approved price item behind it, so it counts as outside the facts.');
  }

  // Times only from the free times shown: an id the model made up is dropped, and a time it did not book is not booked.
  const choices = new Map(slotChoices(input).map((choice) => [choice.id, choice.start]));
  const offeredStarts = (args.offerSlotIds ?? []).map((slotId) => choices.get(slotId)).filter((start): start is number => start !== undefined);
  if ((args.offerSlotIds ?? []).length > offeredStarts.length) reasons.push('The model offered times that are not free times it was shown: they are not remembered as offered.');
  const bookStart = args.bookSlotId ? (choices.get(args.bookSlotId) ?? null) : null;
  if (args.bookSlotId && bookStart === null) reasons.push(`The model tried to book “${truncate(args.bookSlotId, 40)}”, which is not a free time it was shown: nothing was booked.`);

  return {
    ok: true,
    decision: {
      action: args.action,
      reply,
      handoffReason: args.action === 'handoff' ? (args.handoffReason ?? null) : null,
      answers,
      lead: args.lead ?? null,
      summary: args.summary?.trim() ? truncate(args.summary.trim(), 400) : null,
      quotedItemIds: reply === null ? [] : quotedItemIds,
      promisesTime: reply !== null && (args.promisesTime ?? false),
      offeredStarts: reply === null ? [] : [...new Set(offeredStarts)],
      bookStart,
      outsideFacts,
      confused: args.confused ?? false,
      reasons,
    },
  };
}
