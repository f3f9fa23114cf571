import { describe, expect, it } from 'vitest';
import { timeZoneChoiceFor } from './company';

describe('timeZoneChoiceFor', () => {
  it('keeps a zone that is one of the choices', () => {
    expect(timeZoneChoiceFor('America/Chicago')).toBe('America/Chicago');
    expect(timeZoneChoiceFor('America/Regina')).toBe('America/Regina');
  });

  it('maps another US/Canadian zone to the first choice with the same winter and summer offsets', () => {
    expect(timeZoneChoiceFor('America/Detroit')).toBe('America/New_York');
    expect(timeZoneChoiceFor('America/Boise')).toBe('America/Denver');
    expect(timeZoneChoiceFor('America/Indiana/Indianapolis')).toBe('America/New_York');
    expect(timeZoneChoiceFor('US/Pacific')).toBe('America/Los_Angeles');
  });

  it('gives no choice outside the US and Canada, for unknown zones and for none', () => {
    expect(timeZoneChoiceFor('Europe/London')).toBeNull();
    expect(timeZoneChoiceFor('America/Sao_Paulo')).toBeNull();
    expect(timeZoneChoiceFor('Not/AZone')).toBeNull();
    expect(timeZoneChoiceFor(undefined)).toBeNull();
  });
});
