import { describe, expect, it } from 'vitest';
import { meterState, pauseWords, reachedThreshold } from './billing';

describe('meters', () => {
  it('texts and AI conversations are near from 80 % and full at the limit; seats are over only past it', () => {
    expect(meterState('texts', 399, 500)).toEqual({ percent: 80, level: 'ok' });
    expect(meterState('texts', 400, 500)).toEqual({ percent: 80, level: 'near' });
    expect(meterState('texts', 500, 500)).toEqual({ percent: 100, level: 'full' });
    expect(meterState('texts', 900, 500)).toEqual({ percent: 100, level: 'full' });
    expect(meterState('numbers', 1, 1)).toEqual({ percent: 100, level: 'ok' });
    expect(meterState('users', 4, 3)).toEqual({ percent: 100, level: 'over' });
  });

  it('names the notice a meter has earned', () => {
    expect(reachedThreshold('aiConversations', 39, 50)).toBeNull();
    expect(reachedThreshold('aiConversations', 40, 50)).toBe(80);
    expect(reachedThreshold('aiConversations', 50, 50)).toBe(100);
    expect(reachedThreshold('users', 3, 3)).toBeNull();
    expect(reachedThreshold('users', 4, 3)).toBe(100);
  });

  it('says why a send paused', () => {
    expect(pauseWords({ kind: 'trial_ended', endedAt: Date.parse('2027-03-16T19:00:00Z') })).toMatch(/^Paused: your free trial ended on March 16, 2027/);
    expect(pauseWords({ kind: 'limit', meter: 'aiConversations', limit: 1000, plan: 'pro' })).toMatch(/^Paused: Pro includes 1,000 AI conversations a period/);
  });
});
