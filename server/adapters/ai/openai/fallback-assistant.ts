/**
 * The model with the built-in assistant behind it, and a circuit breaker between them. Each time the model is
 * unavailable the built-in assistant answers that turn (the person still gets a reply within seconds) and staff are
 * told through `onFallback`; after several failures in a row the model is left alone for a while (every turn would
 * otherwise wait out the full timeout first), then one trial turn decides whether it is back.
 *
 * The breaker's state lives in this process: each server instance learns on its own, and what it learns expires
 * after `openMs`. No correctness depends on it — it only saves the people texting from waiting on a service that is
 * known to be down — so it is not shared or stored.
 */
import { truncate } from '@contracts/text';
import type { AiDecision, AiPort, AiTurnInput, PriceListInput, ProposedPriceItem } from '@server/adapters/ai/ai.port';
import { AiUnavailableError } from './ai-unavailable-error';

export interface FallbackAssistantOptions {
  clock: { now(): Date };
  /** Called on every turn the fallback answered, with why (the engine tells staff and logs it). */
  onFallback: (error: AiUnavailableError) => void;
  /** `failures` in a row open the breaker for `openMs` (defaults: 3, 60 s). */
  breaker?: { failures: number; openMs: number };
}

const DEFAULT_BREAKER = { failures: 3, openMs: 60_000 };

function seconds(ms: number): string {
  return `${Math.max(1, Math.ceil(ms / 1000))} s`;
}

export function createFallbackAssistant(primary: AiPort, fallback: AiPort, options: FallbackAssistantOptions): AiPort {
  const { failures: threshold, openMs } = options.breaker ?? DEFAULT_BREAKER;
  let failuresInARow = 0;
  /** While set and in the future, the model is not asked; once past, one trial turn is (half-open). */
  let openUntil: number | null = null;
  let trialUnderWay = false;

  async function answerWithFallback(input: AiTurnInput, error: AiUnavailableError, signal: AbortSignal | undefined): Promise<AiDecision> {
    options.onFallback(error);
    const decision = await fallback.decide(input, signal ? { signal } : undefined);
    return { ...decision, reasons: [`The AI service was unavailable (${error.detail}); the built-in assistant answered.`, ...decision.reasons] };
  }

  /**
   * The price list goes to the model alone: the rules that read it without a model belong to the importer, which
   * falls back to them on an AiUnavailableError — so every failure becomes one here (except a caller's abort). The
   * breaker is read, not moved: while it is open the owner is answered at once instead of waiting out a service
   * known to be down, but a long list that times out says little about short turns, so it does not count.
   */
  const proposeWith = (propose: NonNullable<AiPort['proposePriceItems']>) =>
    async function proposePriceItems(input: PriceListInput, { signal }: { signal?: AbortSignal } = {}): Promise<ProposedPriceItem[]> {
      if (openUntil !== null) {
        const now = options.clock.now().getTime();
        if (now < openUntil) throw new AiUnavailableError(`it failed ${failuresInARow} times in a row and is left alone for ${seconds(openUntil - now)} more`);
      }
      try {
        return await propose(input, signal ? { signal } : undefined);
      } catch (error) {
        if (signal?.aborted || error instanceof AiUnavailableError) throw error;
        const message = error instanceof Error ? error.message : String(error);
        throw new AiUnavailableError(`it failed (${truncate(message, 160)})`, { cause: error });
      }
    };

  return {
    kind: primary.kind,
    ...(primary.proposePriceItems ? { proposePriceItems: proposeWith(primary.proposePriceItems.bind(primary)) } : {}),
    async decide(input, { signal } = {}) {
      let isTrial = false;
      if (openUntil !== null) {
        const now = options.clock.now().getTime();
        if (now < openUntil || trialUnderWay) {
          const why = trialUnderWay
            ? `it failed ${failuresInARow} times in a row and another turn is checking whether it is back`
            : `it failed ${failuresInARow} times in a row and is left alone for ${seconds(openUntil - now)} more`;
          return answerWithFallback(input, new AiUnavailableError(why), signal);
        }
        isTrial = true;
        trialUnderWay = true;
      }

      try {
        const decision = await primary.decide(input, signal ? { signal } : undefined);
        failuresInARow = 0;
        openUntil = null;
        return decision;
      } catch (error) {
        // A caller's abort (staff took over mid-turn) or a bug is not the service being down: no fallback, no count.
        if (!(error instanceof AiUnavailableError) || signal?.aborted) throw error;
        failuresInARow += 1;
        if (isTrial || failuresInARow >= threshold) openUntil = options.clock.now().getTime() + openMs;
        return answerWithFallback(input, error, signal);
      } finally {
        if (isTrial) trialUnderWay = false;
      }
    },
  };
}
