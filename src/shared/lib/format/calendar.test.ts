import { describe, expect, it } from 'vitest';
import { calendarDate, dayLabel, listTime, localTimeIn } from './calendar';

const utc = { timeZone: 'UTC' };
const at = (iso: string) => Date.parse(iso);
const NOW = at('2026-11-21T15:30:00Z'); // a Saturday

describe('inbox times', () => {
  it('shortens the thread list’s time the closer it is', () => {
    expect(listTime(NOW - 20_000, NOW, utc)).toBe('now');
    expect(listTime(NOW - 12 * 60_000, NOW, utc)).toBe('12 min');
    expect(listTime(at('2026-11-21T09:05:00Z'), NOW, utc)).toBe('9:05 AM');
    expect(listTime(at('2026-11-20T23:59:00Z'), NOW, utc)).toBe('Yesterday');
    expect(listTime(at('2026-11-17T10:00:00Z'), NOW, utc)).toBe('Tue');
    expect(listTime(at('2026-10-03T10:00:00Z'), NOW, utc)).toBe('Oct 3');
    expect(listTime(at('2025-10-03T10:00:00Z'), NOW, utc)).toBe('Oct 3, 2025');
  });

  it('compares calendar days in the viewer’s zone', () => {
    // 02:00 UTC on the 21st is still the 20th in Chicago.
    expect(listTime(at('2026-11-21T02:00:00Z'), NOW, { timeZone: 'America/Chicago' })).toBe('Yesterday');
    expect(dayLabel(at('2026-11-21T08:00:00Z'), NOW, utc)).toBe('Today');
    expect(dayLabel(at('2026-11-20T08:00:00Z'), NOW, utc)).toBe('Yesterday');
    expect(dayLabel(at('2026-11-12T08:00:00Z'), NOW, utc)).toBe('Thu, Nov 12');
    expect(dayLabel(at('2025-11-12T08:00:00Z'), NOW, utc)).toBe('Wed, Nov 12, 2025');
  });

  it('tells the client’s local time, or nothing for an unknown zone', () => {
    expect(localTimeIn('America/Los_Angeles', NOW)).toBe('Sat, 7:30 AM PST');
    expect(localTimeIn('Not/AZone', NOW)).toBeNull();
  });

  it('formats calendar dates', () => {
    expect(calendarDate(at('2026-11-02T12:00:00Z'), utc)).toBe('Nov 2, 2026');
  });
});
