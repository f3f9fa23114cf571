import { describe, expect, it } from 'vitest';
import { stepFrom } from './onboarding-page';

describe('onboarding: which step a reload opens', () => {
  it('keeps the step in the address when the data allows it (Missed calls survives a reload)', () => {
    expect(stepFrom('?step=3', 2)).toBe(3);
    expect(stepFrom('?step=2', 2)).toBe(2);
    expect(stepFrom('', 2)).toBe(2);
  });

  it('never opens a step whose earlier steps are not done, nor a made-up one', () => {
    expect(stepFrom('?step=3', 1)).toBe(1);
    expect(stepFrom('?step=2', 0)).toBe(0);
    expect(stepFrom('?step=9', 2)).toBe(2);
    expect(stepFrom('?step=-1', 2)).toBe(2);
    expect(stepFrom('?step=abc', 1)).toBe(1);
    expect(stepFrom('?step=0', 2)).toBe(0);
  });
});
