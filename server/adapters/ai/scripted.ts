/**
 * The scripted model for tests: each turn answers with the next entry of its script, merged over an empty decision,
 * so a test says only what matters to it ("reply this, record that answer, hand off"). An entry may be a function
 * of the turn's input, or an Error to throw (e.g. an `AiUnavailableError` to exercise the fallback). It records
 * every input it saw, so a test can check what the engine told the model. Given `proposals`, it also answers the
 * price-list importer's `proposePriceItems` from them, one entry per call, in the same way; without them it has no
 * such method, like the built-in assistant.
 */
import { emptyDecision, type AiDecision, type AiPort, type AiTurnInput, type PriceListInput, type ProposedPriceItem } from './ai.port';

/** A function entry may be async: a test can act (e.g. a staff takeover) while the "model" is deciding. */
export type ScriptEntry = Partial<AiDecision> | ((input: AiTurnInput) => Partial<AiDecision> | Promise<Partial<AiDecision>>) | Error;

export type ProposalEntry = ProposedPriceItem[] | ((input: PriceListInput) => ProposedPriceItem[] | Promise<ProposedPriceItem[]>) | Error;

export interface ScriptedAssistant extends AiPort {
  readonly kind: 'scripted';
  /** Every turn's input, in order (including turns that threw). */
  readonly calls: AiTurnInput[];
  /** Every price list it was asked about, in order (only with `proposals`). */
  readonly priceListCalls: PriceListInput[];
}

export function createScriptedAssistant(script: ScriptEntry[], options: { proposals?: ProposalEntry[] } = {}): ScriptedAssistant {
  const calls: AiTurnInput[] = [];
  const priceListCalls: PriceListInput[] = [];
  const { proposals } = options;
  return {
    kind: 'scripted',
    calls,
    priceListCalls,
    ...(proposals
      ? {
          async proposePriceItems(input: PriceListInput, { signal }: { signal?: AbortSignal } = {}) {
            signal?.throwIfAborted();
            priceListCalls.push(input);
            const entry = proposals[priceListCalls.length - 1];
            if (entry === undefined) throw new Error(`The scripted assistant ran out of price-list answers: call ${priceListCalls.length} was asked for. Add an entry to the test's proposals.`);
            if (entry instanceof Error) throw entry;
            return typeof entry === 'function' ? entry(input) : entry;
          },
        }
      : {}),
    async decide(input, { signal } = {}) {
      signal?.throwIfAborted();
      calls.push(input);
      const entry = script[calls.length - 1];
      if (entry === undefined) {
        throw new Error(
          `The scripted assistant ran out of answers: its script has ${script.length} ${script.length === 1 ? 'entry' : 'entries'} and turn ${calls.length} was asked for. Add an entry for this turn to the test's script.`,
        );
      }
      if (entry instanceof Error) throw entry;
      const partial = typeof entry === 'function' ? await entry(input) : entry;
      return { ...emptyDecision('scripted'), ...partial };
    },
  };
}
