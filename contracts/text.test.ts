import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
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
