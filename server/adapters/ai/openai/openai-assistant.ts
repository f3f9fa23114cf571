/**
 * The OpenAI-compatible adapter of the AI port (OpenAI, Azure OpenAI's v1 API, Ollama, vLLM, llama.cpp server):
 * one chat-completions call per turn, not streamed (an SMS is sent whole), whose decision comes back through one
 * forced tool call, `decide_turn`. A turn never takes longer than `timeoutMs` in all: the client's retries on 429
 * and 5xx (honouring Retry-After) and the one request to fix malformed arguments happen inside that time, because
 * past it the built-in assistant answering at once is better for the person waiting than a late perfect answer.
 * Every failure of the service becomes an `AiUnavailableError` in plain words; a caller's abort stays an abort.
 * The price-list importer's optional `proposePriceItems` works the same way with its own tool, `propose_price_items`,
 * and its own, longer time limit.
 */
import { STATUS_CODES } from 'node:http';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { ChatCompletionFunctionTool, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { truncate } from '@contracts/text';
import type { AiDecision, AiPort, ProposedPriceItem } from '@server/adapters/ai/ai.port';
import { AiUnavailableError } from './ai-unavailable-error';
import { completionSchema, parseDecision, type Completion, type CompletionMessage } from './decision-parse';
import { buildMessages, DECIDE_TURN_TOOL, decideTurnTool } from './decision-prompt';
import { buildPriceListMessages, parsePriceItems, PROPOSE_PRICE_ITEMS_TOOL, proposePriceItemsTool } from './price-list-prompt';

export { AiUnavailableError, isAiUnavailableError } from './ai-unavailable-error';

export interface OpenAiAssistantOptions {
  /** e.g. http://127.0.0.1:11434/v1 for Ollama; OpenAI's own API when absent. */
  baseURL?: string;
  /** Local servers need none; a placeholder is sent then (the client refuses to start without one). */
  apiKey?: string;
  model: string;
  /** The whole turn's time limit, retries included (AI_TIMEOUT_MS). */
  timeoutMs: number;
  /**
   * The time limit of proposing items from a price list, retries included; default the larger of `timeoutMs` and
   * 60 s. Not a turn's: nobody's text waits on it, the owner watches an upload, and a model writes a long list of
   * items for far longer than one SMS reply.
   */
  priceListTimeoutMs?: number;
  /** Retries of one request on 429, 5xx and connection errors (the client's own); default 2. */
  maxRetries?: number;
  fetch?: typeof fetch;
}

const DEFAULT_MAX_RETRIES = 2;
const MIN_PRICE_LIST_TIMEOUT_MS = 60_000;

/** "15 s", "0.3 s", "1.5 s". */
function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

function times(count: number): string {
  return count === 1 ? 'once' : count === 2 ? 'twice' : count === 3 ? 'three times' : `${count} times`;
}

function statusLabel(status: number): string {
  return `${status} ${STATUS_CODES[status] ?? ''}`.trim();
}

/** Retry-After in ms: `retry-after-ms` (OpenAI's), or Retry-After as seconds or an HTTP date; null when absent. */
function retryAfterMs(headers: Headers): number | null {
  const inMs = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(inMs)) return Math.max(0, inMs);
  const value = headers.get('retry-after');
  if (!value) return null;
  const inSeconds = Number.parseFloat(value);
  if (Number.isFinite(inSeconds)) return Math.max(0, inSeconds * 1000);
  // An HTTP date is an instant on the wall clock, so it is compared with the wall clock.
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : null;
}

/** Rejects with the signal's reason as soon as it aborts (the client does not notice an abort while it sleeps before a retry). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

interface FailedResponse {
  status: number;
  /** Set when the service asked to wait longer than the turn had left, so no retry was made. */
  waitRefusedMs: number | null;
}

/** One turn's bookkeeping: its deadline, the statuses the service answered (for the error's words), tokens used. */
class Turn {
  readonly failures: FailedResponse[] = [];
  readonly startedAt = performance.now();
  readonly deadline: AbortSignal;
  readonly signal: AbortSignal;
  promptTokens = 0;
  completionTokens = 0;
  sawUsage = false;

  constructor(
    readonly timeoutMs: number,
    readonly callerSignal: AbortSignal | undefined,
    /** What is being timed, for the error's words ("… longer than the 15 s a turn may take"). */
    readonly what = 'a turn',
  ) {
    this.deadline = AbortSignal.timeout(timeoutMs);
    this.signal = callerSignal ? AbortSignal.any([callerSignal, this.deadline]) : this.deadline;
  }

  remainingMs(): number {
    return this.timeoutMs - (performance.now() - this.startedAt);
  }

  addUsage(usage: Completion['usage']): void {
    if (!usage) return;
    this.sawUsage = true;
    this.promptTokens += usage.prompt_tokens;
    this.completionTokens += usage.completion_tokens;
  }

  /**
   * The fetch the client uses for this turn: it notes every failed status, and when the service asks to wait past
   * the turn's deadline it marks the answer not retryable (`x-should-retry: false`, which the client obeys) so the
   * turn fails now instead of sleeping into its own timeout.
   */
  observingFetch(baseFetch: typeof fetch): typeof fetch {
    return async (url, init) => {
      const response = await baseFetch(url, init);
      if (response.ok) return response;
      const wait = retryAfterMs(response.headers);
      const failure: FailedResponse = { status: response.status, waitRefusedMs: null };
      this.failures.push(failure);
      if (wait === null || wait <= this.remainingMs()) return response;
      failure.waitRefusedMs = wait;
      const headers = new Headers(response.headers);
      headers.set('x-should-retry', 'false');
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    };
  }

  /** Any failure of this turn's requests as the error the engine expects (or the caller's own abort, untouched). */
  toError(error: unknown): unknown {
    if (this.callerSignal?.aborted) return this.callerSignal.reason;
    if (error instanceof AiUnavailableError) return error;
    if (this.deadline.aborted || error instanceof APIConnectionTimeoutError) {
      return new AiUnavailableError(`it timed out after ${seconds(this.timeoutMs)}`, { cause: error });
    }
    if (error instanceof APIError && typeof error.status === 'number') {
      return new AiUnavailableError(this.describeStatuses(error), { cause: error });
    }
    if (error instanceof APIConnectionError) {
      const cause = error.cause instanceof Error ? (error.cause.cause instanceof Error ? error.cause.cause.message : error.cause.message) : error.message;
      return new AiUnavailableError(`it could not be reached (${truncate(cause, 160)})`, { cause: error });
    }
    const message = error instanceof Error ? error.message : String(error);
    return new AiUnavailableError(`it failed (${truncate(message, 160)})`, { cause: error });
  }

  private describeStatuses(error: APIError): string {
    const statuses = this.failures.length > 0 ? this.failures.map((failure) => failure.status) : [error.status as number];
    const labels = statuses.map(statusLabel);
    const answered = labels.every((label) => label === labels[0]) ? `${labels[0]} ${times(labels.length)}` : labels.join(', then ');
    let words = `it answered ${answered}`;
    const refused = this.failures.at(-1)?.waitRefusedMs;
    if (refused) words += ` and asked to wait ${seconds(refused)}, longer than the ${seconds(this.timeoutMs)} ${this.what} may take`;
    const status = statuses.at(-1);
    if (status === 401 || status === 403) words += ' (check AI_API_KEY)';
    else if (status === 404) words += ' (check AI_MODEL and AI_BASE_URL)';
    // The service's own words help with the rest (a 400 "model does not support tools", say); 429/5xx say nothing more.
    const detail = error.error && typeof error.error === 'object' && 'message' in error.error ? String(error.error.message) : '';
    if (detail && status !== 429 && (status ?? 0) < 500) words += `: ${truncate(detail, 160)}`;
    return words;
  }
}

/** The conversation after a malformed answer, asking the model to call the tool again with valid arguments. */
function fixRequest(message: CompletionMessage | undefined, problem: string, toolName: string): ChatCompletionMessageParam[] {
  const what = toolName === DECIDE_TURN_TOOL ? 'Your decision' : 'Your answer';
  const instruction = `${what} could not be used: ${problem}. Call ${toolName} again, once, with valid arguments.`;
  const calls = message?.tool_calls ?? [];
  if (calls.length === 0) {
    return [
      { role: 'assistant', content: message?.content ?? '' },
      { role: 'user', content: instruction },
    ];
  }
  const ids = calls.map((call, index) => call.id ?? `call_${index}`);
  return [
    {
      role: 'assistant',
      content: null,
      tool_calls: calls.map((call, index) => ({
        id: ids[index] ?? `call_${index}`,
        type: 'function' as const,
        function: { name: call.function.name ?? toolName, arguments: typeof call.function.arguments === 'string' ? call.function.arguments : JSON.stringify(call.function.arguments ?? null) },
      })),
    },
    ...ids.map((id) => ({ role: 'tool' as const, tool_call_id: id, content: instruction })),
  ];
}

export function createOpenAiAssistant(options: OpenAiAssistantOptions): AiPort {
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const baseFetch = options.fetch ?? globalThis.fetch;

  // Everything the client would otherwise read from OPENAI_* environment variables is given here: the server's one
  // env loader (AI_*) is the only source of settings.
  const clientFor = (turn: Turn) =>
    new OpenAI({
      baseURL: options.baseURL ?? 'https://api.openai.com/v1',
      apiKey: options.apiKey || 'not-needed',
      organization: null,
      project: null,
      adminAPIKey: null,
      webhookSecret: null,
      timeout: turn.timeoutMs,
      maxRetries,
      fetch: turn.observingFetch(baseFetch),
      // Failures reach the decision log and staff as AiUnavailableError; the client's own console lines would repeat them.
      logLevel: 'off',
    });

  /** One chat-completions request that must call `tool` (forced), within what is left of the turn's time. */
  async function request(client: OpenAI, turn: Turn, tool: ChatCompletionFunctionTool, messages: ChatCompletionMessageParam[]) {
    const pending = client.chat.completions.create(
      { model: options.model, messages, tools: [tool], tool_choice: { type: 'function', function: { name: tool.function.name } }, stream: false },
      { signal: turn.signal, timeout: Math.max(1, Math.ceil(turn.remainingMs())) },
    );
    const raw: unknown = await untilAborted(pending, turn.signal);
    const completion = completionSchema.safeParse(raw);
    if (!completion.success) throw new AiUnavailableError('it answered with something that is not a chat completion', { cause: completion.error });
    turn.addUsage(completion.data.usage);
    return completion.data;
  }

  return {
    kind: 'openai',
    async decide(input, { signal } = {}): Promise<AiDecision> {
      signal?.throwIfAborted();
      const turn = new Turn(options.timeoutMs, signal);
      const client = clientFor(turn);
      try {
        const messages = buildMessages(input);
        const tool = decideTurnTool(input);
        let completion = await request(client, turn, tool, messages);
        let message = completion.choices[0]?.message;
        let parsed = parseDecision(message, input);
        if (!parsed.ok) {
          const firstProblem = parsed.problem;
          completion = await request(client, turn, tool, [...messages, ...fixRequest(message, firstProblem, DECIDE_TURN_TOOL)]);
          message = completion.choices[0]?.message;
          parsed = parseDecision(message, input);
          if (!parsed.ok) throw new AiUnavailableError(`it answered twice without a valid decision (${firstProblem}; then ${parsed.problem})`);
          parsed.decision.reasons.push(`The model's first answer was not a valid decision (${firstProblem}); it fixed it when asked.`);
        }
        return {
          ...parsed.decision,
          model: completion.model?.trim() || options.model,
          usage: turn.sawUsage ? { promptTokens: turn.promptTokens, completionTokens: turn.completionTokens } : null,
        };
      } catch (error) {
        throw turn.toError(error);
      }
    },

    // One forced call, as for a turn, with the same rules: retries inside the time limit, one fix request, every
    // failure an AiUnavailableError. Whether each item is usable is the importer's to judge, not the adapter's.
    async proposePriceItems(input, { signal } = {}): Promise<ProposedPriceItem[]> {
      signal?.throwIfAborted();
      const turn = new Turn(options.priceListTimeoutMs ?? Math.max(options.timeoutMs, MIN_PRICE_LIST_TIMEOUT_MS), signal, 'reading a price list');
      const client = clientFor(turn);
      try {
        const messages = buildPriceListMessages(input);
        const tool = proposePriceItemsTool();
        const completion = await request(client, turn, tool, messages);
        const message = completion.choices[0]?.message;
        let parsed = parsePriceItems(message);
        if (!parsed.ok) {
          const firstProblem = parsed.problem;
          const fixed = await request(client, turn, tool, [...messages, ...fixRequest(message, firstProblem, PROPOSE_PRICE_ITEMS_TOOL)]);
          parsed = parsePriceItems(fixed.choices[0]?.message);
          if (!parsed.ok) throw new AiUnavailableError(`it answered twice without a valid list of items (${firstProblem}; then ${parsed.problem})`);
        }
        return parsed.items;
      } catch (error) {
        throw turn.toError(error);
      }
    },
  };
}
