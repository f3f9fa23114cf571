import { describe, expect, it } from 'vitest';
import { DEFAULT_AI_SETTINGS } from '@contracts/ai';
import { draftsFrom, keyFromText, moved, questionsToSend, validateQualifier, withText } from './ai-qualifier';
import { TRADE_TEMPLATES } from './ai-trade-templates';

const form = (questions = draftsFrom(DEFAULT_AI_SETTINGS.questions)) => ({ questions, serviceAreaPrefixes: [], servicesNotOffered: [], disqualifyMessage: 'Sorry, we can’t help with that.' });

describe('keyFromText', () => {
  it('names the answer by the question’s meaningful words, in lower_snake', () => {
    expect(keyFromText('What’s your ZIP code?', new Set())).toBe('zip_code');
    expect(keyFromText('Is this about heating, cooling, or both?', new Set())).toBe('about_heating_cooling_both');
    expect(keyFromText('Café à côté?', new Set())).toBe('cafe_cote');
    expect(keyFromText('', new Set())).toBe('question');
    expect(keyFromText('2 or 3 floors?', new Set())).toBe('q_2_3_floors');
  });

  it('never takes a name already used', () => {
    expect(keyFromText('ZIP code?', new Set(['zip_code', 'zip_code_2']))).toBe('zip_code_3');
  });

  it('stays within the server’s 40 characters', () => {
    const key = keyFromText('Supercalifragilistic expialidocious antidisestablishmentarianism words', new Set());
    expect(key.length).toBeLessThanOrEqual(40);
    expect(key).toMatch(/^[a-z][a-z0-9_]*$/);
  });
});

describe('question drafts', () => {
  it('a new question’s name follows its words; a saved one keeps its name', () => {
    const drafts = [...draftsFrom(DEFAULT_AI_SETTINGS.questions), { id: 'new-1', key: 'question', keyEdited: false, text: '', kind: 'text' as const, choices: [], required: true }];
    const next = withText(withText(drafts, 'new-1', 'Any pets at home?'), 'saved-0', 'What do you need?');
    expect(next.map((draft) => draft.key)).toEqual(['service', 'postal_code', 'timing', 'pets_home']);
  });

  it('moves one place and not past the ends', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });

  it('sends choices only for a list question, trimmed', () => {
    const [draft] = draftsFrom([{ key: 'k', text: ' Hi? ', kind: 'text', choices: ['x'], required: true }]);
    expect(questionsToSend([draft!])).toEqual([{ key: 'k', text: 'Hi?', kind: 'text', choices: [], required: true }]);
  });
});

describe('validateQualifier', () => {
  it('accepts the defaults and refuses more than 12 questions', () => {
    expect(validateQualifier(form(), true)).toEqual({});
    const many = draftsFrom(Array.from({ length: 13 }, (_, i) => ({ key: `q${i}`, text: `Question ${i}?`, kind: 'text' as const, choices: [], required: true })));
    expect(validateQualifier(form(many), true)).toEqual({ questions: 'At most 12 questions' });
  });

  it('only refuses an empty list while the assistant is on', () => {
    expect(validateQualifier(form([]), true)).toEqual({ questions: 'Add at least one question before turning the assistant on.' });
    expect(validateQualifier(form([]), false)).toEqual({});
  });

  it.each(TRADE_TEMPLATES.map((template) => [template.label, template] as const))('the %s template passes the server’s checks', (_, template) => {
    expect(template.questions.length).toBeGreaterThanOrEqual(4);
    expect(validateQualifier(form(draftsFrom(template.questions)), true)).toEqual({});
  });
});
