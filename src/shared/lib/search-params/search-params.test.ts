import { describe, expect, it } from 'vitest';
import { isUuid, searchText } from '.';

describe('search params', () => {
  it('accepts uuids in either case and nothing else', () => {
    expect(isUuid('22222222-2222-4222-8222-222222222222')).toBe(true);
    expect(isUuid('AAAAAAAA-2222-4222-8222-222222222222')).toBe(true);
    expect(isUuid('22222222-2222-4222-8222-22222222222')).toBe(false);
    expect(isUuid('not-an-id')).toBe(false);
  });

  it('reads values as strings, numbers included, anything else as empty', () => {
    expect(searchText('leak')).toBe('leak');
    expect(searchText(415)).toBe('415');
    expect(searchText(Number.NaN)).toBe('');
    expect(searchText(['a'])).toBe('');
    expect(searchText(undefined)).toBe('');
  });
});
