import { describe, expect, it } from 'vitest';
import { isEmail } from '.';

describe('isEmail', () => {
  it('accepts name@domain.tld and catches the usual typos', () => {
    expect(isEmail('jane@example.com')).toBe(true);
    expect(isEmail('jane@example')).toBe(false);
    expect(isEmail('jane example@example.com')).toBe(false);
    expect(isEmail('jane@@example.com')).toBe(false);
  });
});
