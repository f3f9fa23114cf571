import { describe, expect, it } from 'vitest';
import { addMonths, monthlyPeriod } from './plan-gate';

describe('billing periods', () => {
  it('adds calendar months from the anchor, clamping the day, without drifting', () => {
    const anchor = new Date('2027-01-31T15:00:00Z');
    expect(addMonths(anchor, 1).toISOString()).toBe('2027-02-28T15:00:00.000Z');
    expect(addMonths(anchor, 2).toISOString()).toBe('2027-03-31T15:00:00.000Z');
    expect(addMonths(anchor, 13).toISOString()).toBe('2028-02-29T15:00:00.000Z');
  });

  it('finds the monthly period holding a moment', () => {
    const anchor = new Date('2027-01-31T15:00:00Z');
    const at = (iso: string) => {
      const period = monthlyPeriod(anchor, new Date(iso));
      return [period.start.toISOString(), period.end.toISOString()];
    };
    expect(at('2027-01-31T15:00:00Z')).toEqual(['2027-01-31T15:00:00.000Z', '2027-02-28T15:00:00.000Z']);
    expect(at('2027-02-28T14:59:59Z')).toEqual(['2027-01-31T15:00:00.000Z', '2027-02-28T15:00:00.000Z']);
    expect(at('2027-02-28T15:00:00Z')).toEqual(['2027-02-28T15:00:00.000Z', '2027-03-31T15:00:00.000Z']);
    expect(at('2027-12-31T16:00:00Z')).toEqual(['2027-12-31T15:00:00.000Z', '2028-01-31T15:00:00.000Z']);
  });
});
