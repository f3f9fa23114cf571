import { describe, expect, it } from 'vitest';
import { periodBounds } from './periods';

const CHICAGO = 'America/Chicago';
const iso = (ms: number) => new Date(ms).toISOString();

describe('periodBounds', () => {
  it('today: from local midnight to now, against yesterday up to the same local time', () => {
    // 2026-11-02 09:15 in Chicago (CST, UTC−6).
    const bounds = periodBounds('today', Date.parse('2026-11-02T15:15:00Z'), CHICAGO);
    expect(iso(bounds.current.from)).toBe('2026-11-02T06:00:00.000Z');
    expect(iso(bounds.current.to)).toBe('2026-11-02T15:15:00.001Z');
    expect(iso(bounds.previous.from)).toBe('2026-11-01T05:00:00.000Z'); // Nov 1 was still CDT (UTC−5)
    // Yesterday had 25 hours (the clocks went back at 2 am): up to 09:15 local is 28 h 15 min after its midnight.
    expect(iso(bounds.previous.to)).toBe('2026-11-01T15:15:00.001Z');
    expect(bounds.days).toEqual(['2026-11-02']);
    expect(bounds.previousDays).toEqual({ first: '2026-11-01', last: '2026-11-01' });
  });

  it('7 days: today and the 6 local days before, against the 7 before that cut at the same time', () => {
    const bounds = periodBounds('7d', Date.parse('2026-11-02T15:15:00Z'), CHICAGO);
    expect(bounds.days).toEqual(['2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
    expect(iso(bounds.current.from)).toBe('2026-10-27T05:00:00.000Z');
    expect(iso(bounds.previous.from)).toBe('2026-10-20T05:00:00.000Z');
    expect(iso(bounds.previous.to)).toBe('2026-10-26T14:15:00.001Z'); // Oct 26 09:15 CDT
    expect(bounds.previousDays).toEqual({ first: '2026-10-20', last: '2026-10-26' });
  });

  it('this month: from the 1st; the month before cut at the same day and time, or whole when it is shorter', () => {
    const mid = periodBounds('month', Date.parse('2026-11-15T18:00:00Z'), CHICAGO);
    expect(iso(mid.current.from)).toBe('2026-11-01T05:00:00.000Z');
    expect(iso(mid.previous.from)).toBe('2026-10-01T05:00:00.000Z');
    expect(iso(mid.previous.to)).toBe('2026-10-15T17:00:00.001Z'); // Oct 15 12:00 CDT
    expect(mid.days).toHaveLength(15);
    // March 31st: February has no 31st, so all of February.
    const end = periodBounds('month', Date.parse('2026-03-31T20:00:00Z'), CHICAGO);
    expect(iso(end.previous.from)).toBe('2026-02-01T06:00:00.000Z');
    expect(iso(end.previous.to)).toBe('2026-03-01T06:00:00.000Z');
    expect(end.previousDays).toEqual({ first: '2026-02-01', last: '2026-02-28' });
    expect(end.days).toHaveLength(31);
  });

  it('the last day of a month at 23:30 local is still that month (it is the 1st in UTC)', () => {
    const bounds = periodBounds('month', Date.parse('2026-12-01T05:30:00Z'), CHICAGO); // Nov 30 23:30 CST
    expect(bounds.days.at(-1)).toBe('2026-11-30');
    expect(iso(bounds.current.from)).toBe('2026-11-01T05:00:00.000Z');
  });

  it('a spring-forward day has 23 hours; a zone far from UTC keeps its own dates', () => {
    // 2026-03-08: Chicago skips 2:00–3:00.
    const spring = periodBounds('today', Date.parse('2026-03-09T04:00:00Z'), CHICAGO); // Mar 8 23:00 CDT
    expect(iso(spring.current.from)).toBe('2026-03-08T06:00:00.000Z');
    expect(spring.current.to - spring.current.from).toBe(22 * 3_600_000 + 1);
    const auckland = periodBounds('today', Date.parse('2026-11-02T15:15:00Z'), 'Pacific/Auckland');
    expect(auckland.days).toEqual(['2026-11-03']);
  });
});
