import { describe, expect, it } from 'vitest';
import type { WorkingWeek } from '@contracts/scheduling';
import { freeSlots, type SlotRules, withinHours } from './slots';

/**
 * Issue 24: slot calculation — buffers, minimum notice, the horizon, busy time and date overrides, and 9 am staying
 * 9 am local across a daylight-saving change in two time zones (US spring forward and fall back).
 */
const RULES: SlotRules = { durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeMinutes: 0, horizonDays: 2, stepMinutes: 60 };
const NINE_TO_NOON: WorkingWeek = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((day) => [day, [{ start: 9 * 60, end: 12 * 60 }]]));
const iso = (ms: number) => new Date(ms).toISOString();

describe('free slots', () => {
  it('walks each day’s hours on the step grid, within the horizon, after the minimum notice', () => {
    // Monday 2027-01-11, 08:00 in Chicago (14:00 UTC).
    const now = Date.parse('2027-01-11T14:00:00Z');
    const slots = freeSlots({ zone: 'America/Chicago', weekly: NINE_TO_NOON, overrides: {}, rules: { ...RULES, minNoticeMinutes: 120, horizonDays: 1 }, busy: [], now });
    // 9 am is inside the two hours' notice; 10 and 11 are free; the horizon is a day from now, so tomorrow's 9 am
    // (15:00 UTC) is past it.
    expect(slots.map((slot) => iso(slot.start))).toEqual(['2027-01-11T16:00:00.000Z', '2027-01-11T17:00:00.000Z']);
  });

  it('keeps the buffers around a booking free, and a day off by override has no slots', () => {
    const now = Date.parse('2027-01-10T12:00:00Z'); // Sunday 6 am Chicago
    const busy = [{ start: Date.parse('2027-01-11T16:00:00Z'), end: Date.parse('2027-01-11T17:00:00Z') }]; // Monday 10–11
    const slots = freeSlots({
      zone: 'America/Chicago',
      weekly: NINE_TO_NOON,
      overrides: { '2027-01-10': [] },
      rules: { ...RULES, durationMinutes: 30, stepMinutes: 30, bufferBeforeMinutes: 15, bufferAfterMinutes: 15, horizonDays: 2 },
      busy,
      now,
    });
    // Sunday is off; Tuesday is past the horizon. Monday: 9:00 (block 8:45–9:45) fits; 9:30 (block to 10:15) touches the booking; 11:00 (block from 10:45) too;
    // 11:30 (block 11:15–12:15) fits.
    expect(slots.map((slot) => iso(slot.start))).toEqual(['2027-01-11T15:00:00.000Z', '2027-01-11T17:30:00.000Z']);
    expect(slots[0]).toMatchObject({ blockStart: Date.parse('2027-01-11T14:45:00Z'), blockEnd: Date.parse('2027-01-11T15:45:00Z') });
  });

  it('9 am stays 9 am local across spring forward (New York) and fall back (Los Angeles)', () => {
    // New York springs forward on Sunday 2027-03-14: 9 am is 14:00 UTC on Saturday, 13:00 UTC on Sunday.
    const ny = freeSlots({ zone: 'America/New_York', weekly: NINE_TO_NOON, overrides: {}, rules: { ...RULES, stepMinutes: 180, durationMinutes: 180 }, busy: [], now: Date.parse('2027-03-13T05:00:00Z') });
    expect(ny.map((slot) => iso(slot.start))).toEqual(['2027-03-13T14:00:00.000Z', '2027-03-14T13:00:00.000Z']);
    // Los Angeles falls back on Sunday 2027-11-07: 9 am is 16:00 UTC on Saturday, 17:00 UTC on Sunday.
    const la = freeSlots({ zone: 'America/Los_Angeles', weekly: NINE_TO_NOON, overrides: {}, rules: { ...RULES, stepMinutes: 180, durationMinutes: 180 }, busy: [], now: Date.parse('2027-11-06T08:00:00Z') });
    expect(la.map((slot) => iso(slot.start))).toEqual(['2027-11-06T16:00:00.000Z', '2027-11-07T17:00:00.000Z']);
    // Every slot is three real hours long, on the short day and the long one.
    for (const slot of [...ny, ...la]) expect(slot.end - slot.start).toBe(3 * 3600_000);
  });

  it('a night stretch across the 2 am change keeps its real length: 1–4 am has 2 hours on spring-forward night', () => {
    const night: WorkingWeek = { '7': [{ start: 60, end: 240 }] };
    const slots = freeSlots({ zone: 'America/New_York', weekly: night, overrides: {}, rules: { ...RULES, horizonDays: 1 }, busy: [], now: Date.parse('2027-03-14T04:00:00Z') });
    // 1:00 EST (06:00Z) and 3:00 EDT (07:00Z) once: "2:00" does not exist that night (it is 3:00), and 3:00–4:00 is
    // the last hour.
    expect(slots.map((slot) => iso(slot.start))).toEqual(['2027-03-14T06:00:00.000Z', '2027-03-14T07:00:00.000Z']);
  });

  it('says whether a time lies within someone’s hours', () => {
    const zone = 'America/Chicago';
    expect(withinHours({ zone, weekly: NINE_TO_NOON, overrides: {}, start: Date.parse('2027-01-11T15:00:00Z'), end: Date.parse('2027-01-11T16:00:00Z') })).toBe(true);
    expect(withinHours({ zone, weekly: NINE_TO_NOON, overrides: {}, start: Date.parse('2027-01-11T17:30:00Z'), end: Date.parse('2027-01-11T18:30:00Z') })).toBe(false);
    expect(withinHours({ zone, weekly: NINE_TO_NOON, overrides: { '2027-01-11': [] }, start: Date.parse('2027-01-11T15:00:00Z'), end: Date.parse('2027-01-11T16:00:00Z') })).toBe(false);
  });
});
