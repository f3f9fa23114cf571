import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

describe('relativeTime', () => {
  const now = new Date(2025, 5, 15, 12, 0).getTime();
  it.each([
    [now - 20_000, 'just now'],
    [now - 5 * 60_000, '5 minutes ago'],
    [now - 3 * 3_600_000, '3 hours ago'],
    [now - 26 * 3_600_000, 'yesterday'],
    [now - 3 * 86_400_000, '3 days ago'],
    [new Date(2025, 2, 4, 9).getTime(), 'Mar 4'],
    [new Date(2024, 2, 4, 9).getTime(), 'Mar 4, 2024'],
  ])('%s → %s', (at, expected) => {
    expect(relativeTime(at, now, 'en-US')).toBe(expected);
  });
});
