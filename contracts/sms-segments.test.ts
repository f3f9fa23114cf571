import { describe, expect, it } from 'vitest';
import { smsLength } from './sms-segments';

describe('smsLength', () => {
  it('counts GSM-7 texts: 160 in one segment, 153 per segment once split', () => {
    expect(smsLength('')).toMatchObject({ segments: 0, encoding: 'GSM-7' });
    expect(smsLength('x'.repeat(160))).toMatchObject({ characters: 160, segments: 1, encoding: 'GSM-7', remaining: 0 });
    expect(smsLength('x'.repeat(161))).toMatchObject({ segments: 2 });
    expect(smsLength('x'.repeat(306))).toMatchObject({ segments: 2, remaining: 0 });
    expect(smsLength('x'.repeat(320))).toMatchObject({ segments: 3 });
    expect(smsLength('x'.repeat(1600))).toMatchObject({ segments: 11 });
  });

  it('counts the extension characters as two and never splits one', () => {
    expect(smsLength('€'.repeat(80))).toMatchObject({ encoding: 'GSM-7', segments: 1, remaining: 0 });
    expect(smsLength('€'.repeat(81)).segments).toBe(2);
    // 152 septets then a two-septet character: it moves whole to the second segment.
    expect(smsLength(`${'x'.repeat(152)}${'{'}${'x'.repeat(10)}`)).toMatchObject({ segments: 2, remaining: 153 - 12 });
  });

  it('switches to UCS-2 for anything outside GSM-7: 70, then 67 per segment, an emoji never split', () => {
    const text = `${'x'.repeat(95)}🔧`;
    expect(text.length).toBe(97);
    expect(smsLength(text)).toMatchObject({ characters: 97, segments: 2, encoding: 'UCS-2' });
    expect(smsLength('é, ñ, ü and à are GSM-7').encoding).toBe('GSM-7');
    expect(smsLength('but ç is not').encoding).toBe('UCS-2');
    expect(smsLength('Ç'.repeat(10)).encoding).toBe('GSM-7');
    expect(smsLength('ó').encoding).toBe('UCS-2');
    expect(smsLength(`${'ó'.repeat(70)}`)).toMatchObject({ segments: 1, remaining: 0 });
    expect(smsLength(`${'ó'.repeat(71)}`)).toMatchObject({ segments: 2 });
    expect(smsLength(`${'ó'.repeat(66)}🔧`)).toMatchObject({ segments: 1, remaining: 2 });
    // 71 units: split; the first emoji would straddle units 67-68, so it starts the second segment.
    expect(smsLength(`${'ó'.repeat(67)}🔧🔧`)).toMatchObject({ segments: 2, remaining: 67 - 4 });
  });
});
