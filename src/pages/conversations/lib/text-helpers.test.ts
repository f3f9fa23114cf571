import { describe, expect, it } from 'vitest';
import { insertText } from './insert-text';
import { safeWebUrl, splitLinks } from './links';
import { mergeTagProblem, unknownMergeTags } from '../../../../contracts/merge-tags';
import { authorLabel, deliveryLine } from './message-display';
import { describeLength, textLength } from './sms-length';
import { validateTemplate } from './template-validation';

describe('message text', () => {
  it('counts 160-character segments up to 1600 characters', () => {
    expect(textLength('')).toEqual({ characters: 0, segments: 0, tooLong: false });
    expect(textLength('x'.repeat(160))).toEqual({ characters: 160, segments: 1, tooLong: false });
    expect(textLength('x'.repeat(161)).segments).toBe(2);
    expect(textLength('x'.repeat(1600))).toEqual({ characters: 1600, segments: 10, tooLong: false });
    expect(textLength('x'.repeat(1601)).tooLong).toBe(true);
    expect(describeLength(textLength('hello'))).toBe('5/1600 · 1 segment');
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
      body: 'Texts are at most 1600 characters (10 segments)',
    });
    expect(validateTemplate({ name: 'Hi', body: 'Hi {nmae}' }).body).toMatch(/^Unknown merge tag: \{nmae\}/);
    expect(validateTemplate({ name: 'Hi', body: 'Hi {first_name}' })).toEqual({});
  });
});

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

describe('message labels', () => {
  const base = { direction: 'outbound' as const, problem: null, scheduledNote: null };
  it('names who wrote a text', () => {
    expect(authorLabel({ author: 'contact', authorName: null }, 'Jane')).toBe('Jane');
    expect(authorLabel({ author: 'user', authorName: 'Sam' }, 'Jane')).toBe('Sam');
    expect(authorLabel({ author: 'ai', authorName: null }, 'Jane')).toBe('AI assistant');
    expect(authorLabel({ author: 'system', authorName: null }, 'Jane')).toBe('Automatic reply');
    expect(authorLabel({ author: 'flow', authorName: null }, 'Jane')).toBe('Automation');
  });

  it('says where an outbound text is', () => {
    expect(deliveryLine({ ...base, status: 'queued' })).toEqual({ text: 'Queued', tone: 'dimmed' });
    expect(deliveryLine({ ...base, status: 'sending' })?.text).toBe('Sending');
    expect(deliveryLine({ ...base, status: 'sent' })?.text).toBe('Sent');
    expect(deliveryLine({ ...base, status: 'delivered' })?.text).toBe('Delivered');
    expect(deliveryLine({ ...base, status: 'failed' })).toEqual({ text: 'Failed', tone: 'red' });
    expect(deliveryLine({ ...base, status: 'blocked', problem: 'They opted out.' })).toEqual({ text: 'Not sent: They opted out.', tone: 'red' });
    expect(deliveryLine({ ...base, status: 'queued', problem: 'Carrier timeout' })).toEqual({ text: 'Queued · will retry: Carrier timeout', tone: 'orange' });
    expect(deliveryLine({ ...base, status: 'scheduled', scheduledNote: 'Scheduled for Sat, Nov 21, 9:00 AM PST (their time)' })?.text).toBe(
      'Scheduled for Sat, Nov 21, 9:00 AM PST (their time)',
    );
    expect(deliveryLine({ ...base, direction: 'inbound', status: 'received' })).toBeNull();
  });
});
