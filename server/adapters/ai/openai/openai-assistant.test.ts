import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '@server/platform/testing/fake-openai-server';
import { createScriptedAssistant } from '@server/adapters/ai/scripted';
import { ManualClock } from '@server/platform/lib/clock';
import { AiUnavailableError, createOpenAiAssistant, type OpenAiAssistantOptions } from './openai-assistant';
import { createFallbackAssistant } from './fallback-assistant';
import { turnInput } from './turn-input.fixture';

let fake: FakeOpenAiServer;

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

function assistant(options: Partial<OpenAiAssistantOptions> = {}) {
  return createOpenAiAssistant({ baseURL: fake.url, apiKey: 'sk-test', model: 'gpt-test', timeoutMs: 5_000, ...options });
}

const quoteDecision = {
  action: 'reply',
  reply: 'Drain cleaning runs $150–$250 per visit. When would you like us to come?',
  handoffReason: null,
  answers: { postal_code: '60614' },
  lead: 'engaging',
  summary: 'Clogged kitchen sink in 60614; asked for a price.',
  quotedItemIds: ['item_drain'],
  promisesTime: false,
  outsideFacts: false,
  confused: false,
  reasons: ['Quoted the approved drain cleaning range', 'Asked the next question'],
};

interface SentBody {
  model: string;
  stream?: boolean;
  messages: Array<{ role: string; content: string | null; tool_call_id?: string }>;
  tools: Array<{ type: string; function: { name: string; parameters: { properties: Record<string, unknown> } } }>;
  tool_choice: unknown;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

describe('the OpenAI-compatible assistant against a fake server', () => {
  it('sends one forced decide_turn call and reads the decision, model and usage from the answer', async () => {
    fake.enqueue({ kind: 'tool-call', arguments: quoteDecision, model: 'llama-3.1-8b-instruct', usage: { promptTokens: 812, completionTokens: 64 } });

    const decision = await assistant().decide(turnInput());

    // No free times were given, so none is offered or booked.
    expect(decision).toEqual({ ...quoteDecision, offeredStarts: [], bookStart: null, model: 'llama-3.1-8b-instruct', usage: { promptTokens: 812, completionTokens: 64 } });
    expect(fake.requests).toHaveLength(1);
    const body = fake.requests[0]!.body as SentBody;
    expect(body.model).toBe('gpt-test');
    expect(body.stream).not.toBe(true);
    expect(body.tool_choice).toEqual({ type: 'function', function: { name: 'decide_turn' } });
    expect(body.tools.map((tool) => tool.function.name)).toEqual(['decide_turn']);
    expect(body.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(body.messages.at(-1)?.content).toBe('drain cleaning. zip is 60614, how much does it cost?');
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer sk-test');
  });

  it('lists in the system prompt exactly the approved items it was given, with their ids', async () => {
    fake.enqueue({ kind: 'tool-call', arguments: quoteDecision });
    const input = turnInput();
    // The engine passes only approved items: one of the two is left out here, as a draft would be.
    const approved = input.pricing.items.filter((item) => item.id === 'item_drain');
    await assistant().decide({ ...input, pricing: { policy: 'ranges', items: approved } });

    const system = (fake.requests[0]!.body as SentBody).messages[0]!.content ?? '';
    expect(system).toContain('- item_drain — Drain cleaning: $150–$250 per visit');
    expect(system).not.toContain('item_heater');
    expect(system).not.toContain('$1,200');
    const priceLines = system.split('\n').filter((line) => /^- item_/.test(line));
    expect(priceLines).toHaveLength(1);
  });

  it('reads a tool call written as JSON text in content (llama.cpp / Ollama), fenced or not', async () => {
    fake.enqueue({ kind: 'tool-call-in-content', arguments: quoteDecision });
    fake.enqueue({ kind: 'tool-call-in-content', arguments: { ...quoteDecision, reply: 'Got it, thanks!', quotedItemIds: [] }, fenced: true });

    const first = await assistant().decide(turnInput());
    const second = await assistant().decide(turnInput());

    expect(first.reply).toBe(quoteDecision.reply);
    expect(first.quotedItemIds).toEqual(['item_drain']);
    expect(second.reply).toBe('Got it, thanks!');
    expect(fake.requests).toHaveLength(2);
  });

  it('retries a 429 (honouring Retry-After) and answers with one decision after two requests', async () => {
    fake.enqueue({ kind: 'status', status: 429, retryAfter: '0' });
    fake.enqueue({ kind: 'tool-call', arguments: quoteDecision });

    const decision = await assistant().decide(turnInput());

    expect(decision.reply).toBe(quoteDecision.reply);
    expect(fake.requests).toHaveLength(2);
  });

  it('does not wait out a Retry-After longer than the turn may take: it gives up at once, saying so', async () => {
    fake.enqueue({ kind: 'status', status: 429, retryAfter: '120' });

    const error = await rejection(assistant({ timeoutMs: 15_000 }).decide(turnInput()));

    expect(error).toBeInstanceOf(AiUnavailableError);
    expect((error as Error).message).toBe(
      'The AI service was unavailable: it answered 429 Too Many Requests once and asked to wait 120 s, longer than the 15 s a turn may take.',
    );
    expect(fake.requests).toHaveLength(1);
  });

  it('throws AiUnavailableError after 500 three times (the first try and two retries)', async () => {
    for (let i = 0; i < 3; i += 1) fake.enqueue({ kind: 'status', status: 500, retryAfter: '0' });

    const error = await rejection(assistant().decide(turnInput()));

    expect(error).toBeInstanceOf(AiUnavailableError);
    expect((error as Error).message).toBe('The AI service was unavailable: it answered 500 Internal Server Error three times.');
    expect(fake.requests).toHaveLength(3);
  });

  it('names a refused key without retrying', async () => {
    fake.enqueue({ kind: 'status', status: 401, message: 'Incorrect API key provided' });

    const error = await rejection(assistant().decide(turnInput()));

    expect((error as Error).message).toBe('The AI service was unavailable: it answered 401 Unauthorized once (check AI_API_KEY): Incorrect API key provided.');
    expect(fake.requests).toHaveLength(1);
  });

  it('gives up on a stalled request when the turn times out', { timeout: 3_000 }, async () => {
    fake.enqueue({ kind: 'stall' });

    const error = await rejection(assistant({ timeoutMs: 300, maxRetries: 0 }).decide(turnInput()));

    expect(error).toBeInstanceOf(AiUnavailableError);
    expect((error as Error).message).toBe('The AI service was unavailable: it timed out after 0.3 s.');
    expect(fake.requests).toHaveLength(1);
  });

  it('keeps retries inside the turn: with retries left, a stall still ends at the turn time limit', { timeout: 3_000 }, async () => {
    fake.enqueue({ kind: 'stall' });

    const error = await rejection(assistant({ timeoutMs: 300 }).decide(turnInput()));

    expect((error as Error).message).toBe('The AI service was unavailable: it timed out after 0.3 s.');
    expect(fake.requests).toHaveLength(1);
  });

  it('says when the service cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const error = await rejection(createOpenAiAssistant({ baseURL: `http://127.0.0.1:${port}/v1`, model: 'm', timeoutMs: 2_000, maxRetries: 0 }).decide(turnInput()));

    expect(error).toBeInstanceOf(AiUnavailableError);
    expect((error as Error).message).toMatch(/^The AI service was unavailable: it could not be reached \(.*ECONNREFUSED.*\)\.$/);
  });

  it('asks once to fix malformed arguments and uses the fixed decision', async () => {
    fake.enqueue({ kind: 'malformed-arguments' });
    fake.enqueue({ kind: 'tool-call', arguments: quoteDecision, usage: { promptTokens: 900, completionTokens: 50 } });

    const decision = await assistant().decide(turnInput());

    expect(decision.reply).toBe(quoteDecision.reply);
    expect(decision.reasons.at(-1)).toBe("The model's first answer was not a valid decision (the arguments were not valid JSON); it fixed it when asked.");
    // Both calls' tokens count: the default usage of the first (120 + 30) and the second's.
    expect(decision.usage).toEqual({ promptTokens: 1020, completionTokens: 80 });
    expect(fake.requests).toHaveLength(2);
    const retry = (fake.requests[1]!.body as SentBody).messages;
    // The malformed call goes back with the problem as its tool result, as chat-completions servers expect.
    const call = retry.at(-2) as unknown as { role: string; tool_calls: Array<{ id: string }> };
    expect(call.role).toBe('assistant');
    expect(retry.at(-1)).toMatchObject({ role: 'tool', tool_call_id: call.tool_calls[0]!.id });
    expect(retry.at(-1)?.content).toContain('the arguments were not valid JSON');
  });

  it('throws AiUnavailableError when the arguments are still invalid after the fix request', async () => {
    fake.enqueue({ kind: 'tool-call', arguments: { action: 'reply', reply: '' } });
    fake.enqueue({ kind: 'text', content: 'Sure! Drain cleaning is $150.' });

    const error = await rejection(assistant().decide(turnInput()));

    expect(error).toBeInstanceOf(AiUnavailableError);
    expect((error as Error).message).toBe(
      'The AI service was unavailable: it answered twice without a valid decision (reply: action "reply" needs the reply text; then it answered in plain text instead of calling decide_turn).',
    );
    expect(fake.requests).toHaveLength(2);
    expect((fake.requests[1]!.body as SentBody).messages.at(-1)?.role).toBe('tool');
  });

  it('treats a quote of an unknown item as outside the facts and drops it', async () => {
    fake.enqueue({ kind: 'tool-call', arguments: { ...quoteDecision, quotedItemIds: ['item_drain', 'item_made_up'] } });

    const decision = await assistant().decide(turnInput());

    expect(decision.quotedItemIds).toEqual([]);
    expect(decision.outsideFacts).toBe(true);
    expect(decision.reasons.some((reason) => reason.includes('not in the approved price book (item_made_up)'))).toBe(true);
  });

  it('treats a "$" amount with no quoted item as outside the facts', async () => {
    fake.enqueue({ kind: 'tool-call', arguments: { ...quoteDecision, reply: 'That is usually about $99.', quotedItemIds: [] } });

    const decision = await assistant().decide(turnInput());

    expect(decision.outsideFacts).toBe(true);
    expect(decision.quotedItemIds).toEqual([]);
  });

  it('keeps only answers to the turn\'s questions and fills what a small model left out', async () => {
    fake.enqueue({ kind: 'tool-call', arguments: { action: 'reply', reply: 'Thanks! When would you like us to come?', answers: { postal_code: '60614', favourite_colour: 'blue', when: null } } });

    const decision = await assistant().decide(turnInput());

    expect(decision).toMatchObject({ action: 'reply', answers: { postal_code: '60614' }, lead: null, quotedItemIds: [], outsideFacts: false, confused: false, reasons: [] });
  });

  it('lets a caller abort the turn: the abort is passed on, not reported as the service being down', async () => {
    fake.enqueue({ kind: 'stall' });
    const controller = new AbortController();

    const pending = rejection(assistant({ timeoutMs: 5_000, maxRetries: 0 }).decide(turnInput(), { signal: controller.signal }));
    while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort(new Error('staff took over'));

    const error = await pending;
    expect(error).not.toBeInstanceOf(AiUnavailableError);
    expect((error as Error).message).toBe('staff took over');
  });
});

describe('the model behind the fallback', () => {
  it('answers a timed-out turn with the built-in assistant and tells staff', { timeout: 3_000 }, async () => {
    fake.enqueue({ kind: 'stall' });
    const builtIn = createScriptedAssistant([{ action: 'reply', reply: 'Thanks! What is your ZIP code?', model: 'built-in', reasons: ['Asked the next question.'] }]);
    const told: string[] = [];
    const ai = createFallbackAssistant(assistant({ timeoutMs: 300, maxRetries: 0 }), builtIn, { clock: new ManualClock(), onFallback: (error) => told.push(error.message) });

    const decision = await ai.decide(turnInput());

    expect(decision.model).toBe('built-in');
    expect(decision.reply).toBe('Thanks! What is your ZIP code?');
    expect(decision.reasons).toEqual(['The AI service was unavailable (it timed out after 0.3 s); the built-in assistant answered.', 'Asked the next question.']);
    expect(told).toEqual(['The AI service was unavailable: it timed out after 0.3 s.']);
  });
});
