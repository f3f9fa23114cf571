import { describe, expect, it } from 'vitest';
import { hostAllowed, normalizeDomain } from './widget';

describe('allowed websites', () => {
  it.each([
    ['https://www.Example.com/contact?x=1', 'www.example.com'],
    ['*.example.com', '*.example.com'],
    ['http://127.0.0.1:3320', '127.0.0.1:3320'],
    ['127.0.0.1', '127.0.0.1'],
    ['localhost:5173', 'localhost:5173'],
    ['http://localhost:3000/widget-demo', 'localhost:3000'],
    ['shop.example.com:8443/', 'shop.example.com:8443'],
    ['example.com.', 'example.com'],
  ])('%s is kept as %s (scheme and path gone, port kept)', (typed, kept) => {
    expect(normalizeDomain(typed)).toBe(kept);
  });

  it.each(['not a site', '999.1.1.1', '127.0.0.1:99999', 'example', 'http://', 'exa mple.com'])('%s is refused', (typed) => {
    expect(normalizeDomain(typed)).toBeNull();
  });

  it('a port-less entry allows every port of its host; an entry with a port, that port only', () => {
    expect(hostAllowed('127.0.0.1:3320', ['127.0.0.1'])).toBe(true);
    expect(hostAllowed('127.0.0.1:3320', ['127.0.0.1:3320'])).toBe(true);
    expect(hostAllowed('127.0.0.1:4000', ['127.0.0.1:3320'])).toBe(false);
    expect(hostAllowed('127.0.0.1', ['127.0.0.1:3320'])).toBe(false);
    expect(hostAllowed('www.example.com', ['*.example.com'])).toBe(true);
    expect(hostAllowed('example.com', ['*.example.com'])).toBe(true);
    expect(hostAllowed('evilexample.com', ['*.example.com'])).toBe(false);
    expect(hostAllowed('shop.example.com:8443', ['*.example.com:8443'])).toBe(true);
    expect(hostAllowed('shop.example.com:443', ['*.example.com:8443'])).toBe(false);
  });
});
