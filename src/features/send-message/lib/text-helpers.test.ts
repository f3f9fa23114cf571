import { describe, expect, it } from 'vitest';
import { mergeTagProblem, unknownMergeTags } from '@contracts/merge-tags';
import { insertText } from './insert-text';
import { describeLength, textLength } from './sms-length';
import { validateTemplate } from './template-validation';

describe('message text', () => {
  it('counts segments as carriers bill them, up to 1600 characters', () => {
    expect(textLength('')).toEqual({ characters: 0, segments: 0, encoding: 'GSM-7', tooLong: false });
    expect(textLength('x'.repeat(160))).toEqual({ characters: 160, segments: 1, encoding: 'GSM-7', tooLong: false });
    expect(textLength('x'.repeat(161)).segments).toBe(2);
    // Concatenated GSM-7 segments hold 153 characters: 320 is three segments, 1600 eleven.
    expect(textLength('x'.repeat(320)).segments).toBe(3);
    expect(textLength('x'.repeat(1600))).toEqual({ characters: 1600, segments: 11, encoding: 'GSM-7', tooLong: false });
    expect(textLength('x'.repeat(1601)).tooLong).toBe(true);
    expect(describeLength(textLength('hello'))).toBe('5/1600 · 1 segment');
    // An emoji switches to UCS-2: 97 units are two segments, and the screen says why.
    const emoji = textLength(`${'x'.repeat(95)}🔧`);
    expect(emoji).toMatchObject({ characters: 97, segments: 2, encoding: 'UCS-2' });
    expect(describeLength(emoji)).toBe('97/1600 · 2 segments · emoji or special characters: 67 per segment');
  });

  it('knows the server’s merge tags, in any case, and words a mistake like the server', () => {
    expect(unknownMergeTags('Hi {first_name} {FIRST_NAME} from {business_name}')).toEqual([]);
    expect(unknownMergeTags('Hi {frist_name} {name} {frist_name}')).toEqual(['frist_name', 'name']);
    expect(mergeTagProblem('Hi {name}')).toBe(
      'Unknown merge tag: {name}. Available: {first_name}, {last_name}, {full_name}, {business_name}, {business_phone}, {my_first_name}.',
    );
    expect(mergeTagProblem('{a} {b}')).toMatch(/^Unknown merge tags: \{a\}, \{b\}\./);
    expect(mergeTagProblem('Price is {100}')).toBeNull();
  });

  it('inserts at the caret or over the selection', () => {
    expect(insertText('Hi !', '{first_name}', 3, 3)).toEqual({ value: 'Hi {first_name}!', caret: 15 });
    expect(insertText('Hi NAME!', '{first_name}', 3, 7)).toEqual({ value: 'Hi {first_name}!', caret: 15 });
    expect(insertText('', 'Template', 0, 0)).toEqual({ value: 'Template', caret: 8 });
    expect(insertText('abc', 'X', 99, 99)).toEqual({ value: 'abcX', caret: 4 });
  });

  it('validates templates like templates.save', () => {
    expect(validateTemplate({ name: ' ', body: '' })).toEqual({ name: 'Name the template', body: 'Write the template’s text' });
    expect(validateTemplate({ name: 'x'.repeat(81), body: 'x'.repeat(1601) })).toEqual({
      name: 'Names are at most 80 characters',
      body: 'Texts are at most 1600 characters',
    });
    expect(validateTemplate({ name: 'Hi', body: 'Hi {nmae}' }).body).toMatch(/^Unknown merge tag: \{nmae\}/);
    expect(validateTemplate({ name: 'Hi', body: 'Hi {first_name}' })).toEqual({});
  });
});
