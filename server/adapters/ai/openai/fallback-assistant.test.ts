import { describe, expect, it } from 'vitest';
import { createScriptedAssistant } from '@server/adapters/ai/scripted';
import { ManualClock, SECOND } from '@server/platform/lib/clock';
import { AiUnavailableError } from './ai-unavailable-error';
import { createFallbackAssistant } from './fallback-assistant';
import { turnInput } from './turn-input.fixture';

const builtInReply = { action: 'reply' as const, reply: 'What is your ZIP code?', model: 'built-in', reasons: ['Asked the next question.'] };
const modelReply = { action: 'reply' as const, reply: 'Thanks! What is your ZIP code?', model: 'gpt-test' };

function setup(primaryScript: Parameters<typeof createScriptedAssistant>[0], breaker?: { failures: number; openMs: number }) {
  const clock = new ManualClock();
  const primary = createScriptedAssistant(primaryScript);
  const fallback = createScriptedAssistant(Array.from({ length: 20 }, () => builtInReply));
  const told: AiUnavailableError[] = [];
  const ai = createFallbackAssistant(primary, fallback, { clock, onFallback: (error) => told.push(error), ...(breaker ? { breaker } : {}) });
  return { clock, primary, fallback, told, ai };
}

const timedOut = () => new AiUnavailableError('it timed out after 15 s');

describe('the model with the built-in assistant behind it', () => {
  it('answers with the model while it works', async () => {
    const { ai, fallback, told } = setup([modelReply]);

    const decision = await ai.decide(turnInput());

    expect(decision.model).toBe('gpt-test');
    expect(fallback.calls).toHaveLength(0);
    expect(told).toHaveLength(0);
  });

  it('answers a failed turn with the fallback, saying why first, and tells staff', async () => {
    const { ai, told } = setup([timedOut()]);

    const decision = await ai.decide(turnInput());

    expect(decision).toMatchObject({ action: 'reply', reply: 'What is your ZIP code?', model: 'built-in' });
    expect(decision.reasons).toEqual(['The AI service was unavailable (it timed out after 15 s); the built-in assistant answered.', 'Asked the next question.']);
    expect(told.map((error) => error.message)).toEqual(['The AI service was unavailable: it timed out after 15 s.']);
  });

  it('opens after 3 failures in a row, leaves the model alone for openMs, then tries it once (half-open)', async () => {
    const { ai, clock, primary, fallback, told } = setup([timedOut(), timedOut(), timedOut(), modelReply, modelReply]);

    for (let turn = 0; turn < 3; turn += 1) await ai.decide(turnInput());
    expect(primary.calls).toHaveLength(3);

    // Open: the model is not called, the fallback answers, staff are told each time.
    clock.advance(30 * SECOND);
    const whileOpen = await ai.decide(turnInput());
    expect(primary.calls).toHaveLength(3);
    expect(whileOpen.model).toBe('built-in');
    expect(whileOpen.reasons[0]).toBe('The AI service was unavailable (it failed 3 times in a row and is left alone for 30 s more); the built-in assistant answered.');
    expect(told).toHaveLength(4);
    expect(fallback.calls).toHaveLength(4);

    // Past openMs: one trial call; it works, so the breaker closes and the next turn asks the model too.
    clock.advance(30 * SECOND);
    const trial = await ai.decide(turnInput());
    expect(trial.model).toBe('gpt-test');
    expect(primary.calls).toHaveLength(4);
    await ai.decide(turnInput());
    expect(primary.calls).toHaveLength(5);
    expect(told).toHaveLength(4);
  });

  it('opens again for openMs when the half-open trial fails', async () => {
    const { ai, clock, primary } = setup([timedOut(), timedOut(), timedOut()], { failures: 2, openMs: 10 * SECOND });

    await ai.decide(turnInput());
    await ai.decide(turnInput());
    clock.advance(10 * SECOND);
    await ai.decide(turnInput()); // the trial, failing
    expect(primary.calls).toHaveLength(3);

    clock.advance(9 * SECOND);
    await ai.decide(turnInput());
    expect(primary.calls).toHaveLength(3);
  });

  it('lets only one turn try the model while half-open; the others get the fallback', async () => {
    const { ai, clock, primary } = setup([timedOut(), timedOut(), timedOut(), modelReply]);
    for (let turn = 0; turn < 3; turn += 1) await ai.decide(turnInput());
    clock.advance(60 * SECOND);

    const [trial, other] = await Promise.all([ai.decide(turnInput()), ai.decide(turnInput())]);

    expect(trial.model).toBe('gpt-test');
    expect(other.model).toBe('built-in');
    expect(other.reasons[0]).toContain('another turn is checking whether it is back');
    expect(primary.calls).toHaveLength(4);
  });

  it('counts failures in a row only: a success in between starts the count again', async () => {
    const { ai, primary } = setup([timedOut(), timedOut(), modelReply, timedOut(), timedOut(), modelReply]);

    for (let turn = 0; turn < 6; turn += 1) await ai.decide(turnInput());

    expect(primary.calls).toHaveLength(6);
  });

  it('passes on errors that are not the service being down, without the fallback', async () => {
    const { ai, fallback, told } = setup([new TypeError('a bug')]);

    await expect(ai.decide(turnInput())).rejects.toThrow('a bug');
    expect(fallback.calls).toHaveLength(0);
    expect(told).toHaveLength(0);
  });

  it('does not answer with the fallback when the caller aborted the turn', async () => {
    const controller = new AbortController();
    const { ai, fallback } = setup([
      () => {
        controller.abort();
        throw timedOut();
      },
    ]);

    await expect(ai.decide(turnInput(), { signal: controller.signal })).rejects.toBeInstanceOf(AiUnavailableError);
    expect(fallback.calls).toHaveLength(0);
  });
});

describe('proposing price items behind the fallback', () => {
  const priceList = { fileName: 'prices.pdf', lines: [{ page: 1, line: 2, text: 'Drain cleaning $150 - $250' }] };
  const drain = { name: 'Drain cleaning', minCents: 15_000, maxCents: 25_000, unit: '', page: 1, line: 2 };

  function withProposals(proposals: NonNullable<Parameters<typeof createScriptedAssistant>[1]>['proposals'], breaker?: { failures: number; openMs: number }) {
    const clock = new ManualClock();
    const primary = createScriptedAssistant([timedOut(), timedOut(), timedOut()], { proposals });
    const fallback = createScriptedAssistant([builtInReply, builtInReply, builtInReply]);
    const told: AiUnavailableError[] = [];
    const ai = createFallbackAssistant(primary, fallback, { clock, onFallback: (error) => told.push(error), ...(breaker ? { breaker } : {}) });
    return { clock, primary, fallback, told, ai };
  }

  it('passes the list to the model and its items back', async () => {
    const { ai, primary, told } = withProposals([[drain]]);

    expect(await ai.proposePriceItems!(priceList)).toEqual([drain]);
    expect(primary.priceListCalls).toEqual([priceList]);
    expect(told).toHaveLength(0);
  });

  it('has no such method when the model has none', () => {
    const ai = createFallbackAssistant(createScriptedAssistant([]), createScriptedAssistant([]), { clock: new ManualClock(), onFallback: () => undefined });

    expect(ai.proposePriceItems).toBeUndefined();
  });

  it('turns any failure of the model into AiUnavailableError, and proposes nothing itself', async () => {
    const { ai, fallback, told } = withProposals([timedOut(), new TypeError('items is not iterable')]);

    const first = await ai.proposePriceItems!(priceList).catch((error: unknown) => error);
    const second = await ai.proposePriceItems!(priceList).catch((error: unknown) => error);

    expect((first as Error).message).toBe('The AI service was unavailable: it timed out after 15 s.');
    expect(second).toBeInstanceOf(AiUnavailableError);
    expect((second as Error).message).toBe('The AI service was unavailable: it failed (items is not iterable).');
    expect(fallback.calls).toHaveLength(0);
    expect(told).toHaveLength(0);
  });

  it('answers at once while the breaker is open, and its own failures do not open it', async () => {
    const { ai, clock, primary } = withProposals([timedOut(), timedOut(), timedOut(), [drain]], { failures: 2, openMs: 10 * SECOND });

    // Three failed lists in a row leave turns alone: the next turn still asks the model.
    for (let call = 0; call < 3; call += 1) await expect(ai.proposePriceItems!(priceList)).rejects.toBeInstanceOf(AiUnavailableError);
    await ai.decide(turnInput());
    await ai.decide(turnInput());
    expect(primary.calls).toHaveLength(2);

    // Two failed turns opened it: the list is not sent, the importer hears why.
    await expect(ai.proposePriceItems!(priceList)).rejects.toThrow('The AI service was unavailable: it failed 2 times in a row and is left alone for 10 s more.');
    expect(primary.priceListCalls).toHaveLength(3);
    clock.advance(10 * SECOND);
    expect(await ai.proposePriceItems!(priceList)).toEqual([drain]);
  });

  it('passes on a caller\'s abort untouched', async () => {
    const controller = new AbortController();
    const { ai } = withProposals([
      () => {
        controller.abort(new Error('the owner left'));
        throw new TypeError('aborted mid-request');
      },
    ]);

    await expect(ai.proposePriceItems!(priceList, { signal: controller.signal })).rejects.toThrow('aborted mid-request');
  });
});
