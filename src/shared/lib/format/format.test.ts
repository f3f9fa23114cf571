import { describe, expect, it } from 'vitest';
import { formatMoney, formatPhone, formatRelative } from './format';
import { dateTimeFormat } from './intl';

describe('formatRelative', () => {
  const now = new Date(2025, 5, 15, 12, 0).getTime();
  it.each([
    [now - 20_000, 'just now'],
    [now - 5 * 60_000, '5 minutes ago'],
    [now - 59 * 60_000, '59 minutes ago'],
    [now - 3 * 3_600_000, '3 hours ago'],
    [now - 26 * 3_600_000, 'yesterday'],
    [now - 3 * 86_400_000, '3 days ago'],
    [now + 5 * 60_000, 'in 5 minutes'],
    [new Date(2025, 2, 4, 9).getTime(), 'Mar 4'],
    [new Date(2024, 2, 4, 9).getTime(), 'Mar 4, 2024'],
  ])('long: %s → %s', (at, expected) => {
    expect(formatRelative(at, now, { style: 'long', locale: 'en-US' })).toBe(expected);
  });

  it('is short by default, for tables', () => {
    expect(formatRelative(now - 5 * 60_000, now, { locale: 'en-US' })).toBe('5 min. ago');
    expect(formatRelative(now - 2 * 3_600_000, now, { locale: 'en-US' })).toBe('2 hr. ago');
  });
});

describe('formatPhone and formatMoney', () => {
  it('reads US/Canadian numbers the usual way and leaves others as stored', () => {
    expect(formatPhone('+14155552671')).toBe('(415) 555-2671');
    expect(formatPhone('+447911123456')).toBe('+447911123456');
  });

  it('shows cents only when there are some', () => {
    expect(formatMoney(125_000)).toBe('$1,250');
    expect(formatMoney(9_950)).toBe('$99.50');
    expect(formatMoney(0)).toBe('$0');
  });
});

describe('dateTimeFormat', () => {
  it('builds one formatter per locale, options and zone', () => {
    const options = { hour: 'numeric', timeZone: 'UTC' } as const;
    expect(dateTimeFormat('en-US', options)).toBe(dateTimeFormat('en-US', { ...options }));
    expect(dateTimeFormat('en-US', options)).not.toBe(dateTimeFormat('en-US', { ...options, timeZone: 'America/Chicago' }));
    expect(dateTimeFormat('en-US', options)).not.toBe(dateTimeFormat('en-GB', options));
  });
});
