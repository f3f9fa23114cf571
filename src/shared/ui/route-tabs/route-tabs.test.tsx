import { describe, expect, it } from 'vitest';
import { hiddenEnds } from './route-tabs';

describe('hiddenEnds (the scroll hint of a tab strip)', () => {
  it('is nothing when every tab fits', () => {
    expect(hiddenEnds({ scrollLeft: 0, clientWidth: 400, scrollWidth: 400 })).toEqual({ start: false, end: false });
  });

  it('marks the end while tabs hide past it, and the start once scrolled', () => {
    expect(hiddenEnds({ scrollLeft: 0, clientWidth: 360, scrollWidth: 700 })).toEqual({ start: false, end: true });
    expect(hiddenEnds({ scrollLeft: 120, clientWidth: 360, scrollWidth: 700 })).toEqual({ start: true, end: true });
    expect(hiddenEnds({ scrollLeft: 340, clientWidth: 360, scrollWidth: 700 })).toEqual({ start: true, end: false });
  });

  it('ignores a fraction of a pixel left by fractional widths', () => {
    expect(hiddenEnds({ scrollLeft: 339.5, clientWidth: 360, scrollWidth: 700 })).toEqual({ start: true, end: false });
    expect(hiddenEnds({ scrollLeft: 0.5, clientWidth: 360, scrollWidth: 360.6 })).toEqual({ start: false, end: false });
  });
});
