import { USE_CASE_WORDS } from '@contracts/registration';
const MINUTE = 60_000;
import type { RegistrationSubmission, ReviewVerdict, TextingRegistrar } from './registrar.port';

/** Offer words in a sample: the text advertises, so the campaign must be Marketing or Mixed. */
const PROMOTIONAL = /(\d+\s*%\s*off|\bdiscount\b|\bsale\b|\bpromo(tion)?\b|\bcoupon\b|\bdeal\b|\blimited time\b|\bfree\s+(estimate|quote|inspection)s?\s+this\s+(week|month)\b)/i;

/**
 * The carriers' verdict as the simulated review gives it (decision 0046): the checklist already refused every
 * defect it can see, so the simulation rejects the one obvious defect left to a reviewer — sample messages that
 * advertise (“20% off”, “sale”, “discount”) under a use case that is not Marketing or Mixed — and approves the rest.
 * A tester sees a rejection by writing such a sample under "Customer care", and an approval after fixing it.
 */
export function simulatedVerdict(submission: Pick<RegistrationSubmission, 'campaign'>): ReviewVerdict {
  const { campaign } = submission;
  const advertising = campaign.sampleMessages.findIndex((sample) => PROMOTIONAL.test(sample));
  if (advertising !== -1 && campaign.useCase !== 'MARKETING' && campaign.useCase !== 'MIXED') {
    const useCase = campaign.useCase ? USE_CASE_WORDS[campaign.useCase] : 'none';
    return {
      state: 'rejected',
      reason: `Sample message ${advertising + 1} advertises an offer, but the campaign's use case is “${useCase}”. Carriers reject campaigns whose samples do not match the use case: choose Marketing or Mixed, or remove the offer from the sample.`,
    };
  }
  return { state: 'approved' };
}

/**
 * The built-in reviewer when Twilio is not configured: a submission is "in review" at the first check and decided
 * at the second, one `pollMs` apart, from the durable job queue (so a tester waits about two minutes).
 */
export function createSimulatedRegistrar(options: { pollMs?: number } = {}): TextingRegistrar {
  return {
    kind: 'simulated',
    pollMs: options.pollMs ?? MINUTE,
    async submit(submission) {
      return { ...submission.refs, round: submission.round, checks: 0 };
    },
    async check(submission) {
      const checks = Number(submission.refs.checks ?? 0);
      const refs = { ...submission.refs, checks: checks + 1 };
      if (checks === 0) return { state: 'in_review', refs };
      return { ...simulatedVerdict(submission), refs };
    },
  };
}
