import { describe, expect, it } from 'vitest';
import { aiOffNow, localClock } from './ai-schedule';

const evenings = { windows: [1, 2, 3, 4, 5].map((day) => ({ day, start: '18:00', end: '08:00' })), overrides: [], offMessage: '' };

describe('aiOffNow', () => {
  it('reads the wall clock in the company’s zone, windows past midnight included', () => {
    // Monday 2026-11-23 17:59 in Chicago (UTC−6) = 23:59 UTC.
    expect(aiOffNow(evenings, 'America/Chicago', new Date('2026-11-23T23:59:00Z')).off).toBe(false);
    expect(aiOffNow(evenings, 'America/Chicago', new Date('2026-11-24T00:00:00Z'))).toMatchObject({ off: true, period: 'window:2026-11-23:1:18:00' });
    // Tuesday 07:59 is still Monday's window (same period), 08:00 is on.
    expect(aiOffNow(evenings, 'America/Chicago', new Date('2026-11-24T13:59:00Z'))).toMatchObject({ off: true, period: 'window:2026-11-23:1:18:00' });
    expect(aiOffNow(evenings, 'America/Chicago', new Date('2026-11-24T14:00:00Z')).off).toBe(false);
    // Saturday has no window; Friday's runs into Saturday morning.
    expect(aiOffNow(evenings, 'America/Chicago', new Date('2026-11-28T13:00:00Z')).off).toBe(true);
    expect(aiOffNow(evenings, 'America/Chicago', new Date('2026-11-28T15:00:00Z')).off).toBe(false);
  });

  it('keeps the same local hours across a daylight-saving change', () => {
    // 2026-11-01: US clocks go back. 18:00 Chicago is 23:00 UTC before (CDT, −5) and 00:00 UTC after (CST, −6).
    const week = { windows: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '18:00', end: '08:00' })), overrides: [], offMessage: '' };
    expect(aiOffNow(week, 'America/Chicago', new Date('2026-10-31T22:59:00Z')).off).toBe(false); // Sat 17:59 CDT
    expect(aiOffNow(week, 'America/Chicago', new Date('2026-10-31T23:00:00Z')).off).toBe(true); // Sat 18:00 CDT
    expect(aiOffNow(week, 'America/Chicago', new Date('2026-11-01T23:59:00Z')).off).toBe(false); // Sun 17:59 CST
    expect(aiOffNow(week, 'America/Chicago', new Date('2026-11-02T00:00:00Z')).off).toBe(true); // Sun 18:00 CST
    expect(localClock(new Date('2026-11-02T00:00:00Z'), 'America/Chicago')).toEqual({ date: '2026-11-01', day: 0, minutes: 18 * 60 });
  });

  it('lets a date override decide the whole day, either way', () => {
    const schedule = { ...evenings, overrides: [{ date: '2026-11-26', off: true }, { date: '2026-11-24', off: false }] };
    expect(aiOffNow(schedule, 'America/New_York', new Date('2026-11-26T17:00:00Z'))).toMatchObject({ off: true, period: 'date:2026-11-26' });
    expect(aiOffNow(schedule, 'America/New_York', new Date('2026-11-25T03:00:00Z')).off).toBe(false); // Tue 22:00, override on
  });
});
