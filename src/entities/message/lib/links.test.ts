import { describe, expect, it } from 'vitest';
import { safeWebUrl, splitLinks } from './links';

describe('links', () => {
  it('links web addresses only, without the sentence’s punctuation', () => {
    expect(splitLinks('Photos: https://x.com/a?b=1. Thanks')).toEqual([
      { kind: 'text', text: 'Photos: ' },
      { kind: 'link', text: 'https://x.com/a?b=1', href: 'https://x.com/a?b=1' },
      { kind: 'text', text: '. Thanks' },
    ]);
    expect(splitLinks('(see http://example.com)')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'link', text: 'http://example.com', href: 'http://example.com/' },
      { kind: 'text', text: ')' },
    ]);
    expect(splitLinks('javascript:alert(1) data:text/html,<b>x</b>')).toEqual([{ kind: 'text', text: 'javascript:alert(1) data:text/html,<b>x</b>' }]);
    expect(splitLinks('')).toEqual([]);
  });

  it('accepts only http(s) media addresses', () => {
    expect(safeWebUrl('https://media.example.com/1.jpg')).toBe('https://media.example.com/1.jpg');
    expect(safeWebUrl('javascript:alert(1)')).toBeNull();
    expect(safeWebUrl('not a url')).toBeNull();
  });
});
