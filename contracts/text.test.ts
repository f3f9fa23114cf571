import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { storableText, storableValue, truncate } from './text';

describe('storableText', () => {
  it('keeps everything PostgreSQL can store byte for byte', () => {
    const text = 'RTL שלום · combining é · emoji 👩‍🔧🔧 · tab\t · CRLF\r\n · zero-width\u200d · BOM\ufeff';
    expect(storableText(text)).toBe(text);
  });

  it('removes NUL and replaces lone surrogate halves', () => {
    expect(storableText('a\u0000b')).toBe('ab');
    expect(storableText('x\ud83dy')).toBe('x\ufffdy');
    expect(storableText('x\ude00y')).toBe('x\ufffdy');
    expect(storableText('\ude00\ud83d')).toBe('\ufffd\ufffd');
    expect(storableText('ok 😀')).toBe('ok 😀');
  });

  it('reaches every string in nested values, keys included', () => {
    expect(storableValue({ a: ['x\u0000', { b: '\ud800' }], 'k\u0000': 1, n: null, d: 5 })).toEqual({ a: ['x', { b: '\ufffd' }], k: 1, n: null, d: 5 });
  });
});

describe('truncate', () => {
  it('cuts on grapheme boundaries, never inside an emoji or a letter with its marks, and adds an ellipsis', () => {
    const text = `${'a'.repeat(139)}😀 rest`;
    expect(truncate(text, 140, { ellipsis: false })).toBe('a'.repeat(139));
    expect(truncate(text, 141, { ellipsis: false })).toBe(`${'a'.repeat(139)}😀`);
    expect(truncate(text, 140)).toBe(`${'a'.repeat(139)}…`);
    expect(truncate('e\u0301e\u0301e\u0301', 3, { ellipsis: false })).toBe('e\u0301');
    expect(truncate('👩‍🔧👩‍🔧', 6, { ellipsis: false })).toBe('👩‍🔧');
    expect(truncate('short', 10)).toBe('short');
  });

  it('cuts where a whole-text segmentation would, for any text and limit', () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    const naive = (text: string, max: number) => {
      let end = 0;
      for (const { index, segment } of segmenter.segment(text)) {
        if (index + segment.length > max) break;
        end = index + segment.length;
      }
      return text.slice(0, end);
    };
    const pieces = fc.constantFrom('a', 'é', 'e\u0301', '😀', '👩‍🔧', '🇺🇸', '🇩🇪', '\u{1F1FA}', '\u200d', '\u0301', ' ', '\r\n', 'ก\u0e33', '각');
    fc.assert(
      fc.property(fc.array(pieces, { minLength: 500, maxLength: 3000 }), fc.nat({ max: 4000 }), (parts, max) => {
        const text = parts.join('');
        expect(truncate(text, max, { ellipsis: false })).toBe(text.length <= max ? text : naive(text, max));
      }),
      { numRuns: 200 },
    );
  });

  it('reads about as much text as it keeps, not the whole text (a 2 MB email cut to 300 characters)', () => {
    const read: number[] = [];
    const segment = Intl.Segmenter.prototype.segment;
    const spy = vi.spyOn(Intl.Segmenter.prototype, 'segment').mockImplementation(function (this: Intl.Segmenter, input: string) {
      read.push(input.length);
      return segment.call(this, input);
    });
    try {
      const huge = 'Kevin needs a water heater replaced 🔧 '.repeat(55_000);
      expect(truncate(huge, 300)).toHaveLength(300);
      expect(read.reduce((a, b) => a + b, 0)).toBeLessThan(2_000);
      // One cluster longer than a window (a letter under 5,000 marks) is still kept whole or cut before.
      expect(truncate(`x${'\u0301'.repeat(5000)}y`.repeat(3), 6000, { ellipsis: false })).toBe(`x${'\u0301'.repeat(5000)}y`);
    } finally {
      spy.mockRestore();
    }
  });

  it('never leaves a lone surrogate, whatever the cut', () => {
    const text = '🔧a👩‍🔧bé🇺🇸c'.repeat(5);
    for (let max = 0; max <= text.length; max += 1) {
      const cut = truncate(text, max, { ellipsis: max % 2 === 0 });
      expect(cut.length).toBeLessThanOrEqual(Math.max(max, 1));
      expect(storableText(cut)).toBe(cut);
    }
  });
});

/** User text is shortened only by `truncate`: a UTF-16 `.slice` can split an emoji and lose the text it sits in. */
describe('no UTF-16 cuts of user text outside contracts/text.ts', () => {
  const ROOT = join(import.meta.dirname, '..');
  const USER_TEXT_CUT = /\b\w*(body|text|name|message|summary|preview|title|agent)\w*\??\)?\.(slice|substring|substr)\(/i;
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((entry) => {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) return entry === 'node_modules' || entry === 'migrations' ? [] : files(path);
      return /\.(ts|tsx)$/.test(entry) && !/\.test\.tsx?$|\.spec\.ts$/.test(entry) ? [path] : [];
    });

  it('finds none in server/, src/, contracts/ and embed/', () => {
    const offenders = ['server', 'src', 'contracts', 'embed']
      .flatMap((dir) => {
        try {
          return files(join(ROOT, dir));
        } catch {
          return [];
        }
      })
      .filter((path) => !path.endsWith(join('contracts', 'text.ts')))
      .flatMap((path) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, where: `${relative(ROOT, path)}:${i + 1}` }))
          .filter(({ line }) => USER_TEXT_CUT.test(line)),
      )
      .map(({ where, line }) => `${where}: ${line.trim()}`);
    expect(offenders).toEqual([]);
  });
});
