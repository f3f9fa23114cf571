import { beforeEach, describe, expect, it } from 'vitest';
import { testLeadWatchStart } from './test-lead-watch';

describe('testLeadWatchStart', () => {
  beforeEach(() => sessionStorage.clear());

  it('starts a few seconds before the first visit and keeps that start when the step is opened again', () => {
    const first = testLeadWatchStart(1_000_000);
    expect(first).toBe(995_000);
    // Back on the step two minutes later (after the missed-calls step, or a reload): the same start, so the lead that
    // arrived in between is still found.
    expect(testLeadWatchStart(1_120_000)).toBe(995_000);
  });

  it('starts again after a day, or when the kept start is in the future', () => {
    testLeadWatchStart(1_000_000);
    expect(testLeadWatchStart(1_000_000 + 25 * 60 * 60 * 1000)).toBe(1_000_000 + 25 * 60 * 60 * 1000 - 5_000);
    sessionStorage.setItem('leadloop.onboarding.test-lead-since', String(9_000_000));
    expect(testLeadWatchStart(2_000_000)).toBe(1_995_000);
  });
});
