import { describe, expect, it } from 'vitest';
import { matchFaq } from './faq';

const faq = [
  { question: 'Do you offer financing?', answer: 'Yes, financing is available on new systems.' },
  { question: 'Do you work weekends?', answer: 'Saturdays 8am-2pm.' },
  { question: 'Are you licensed and insured?', answer: 'Yes, licensed and insured.' },
  { question: 'Do you charge for estimates?', answer: 'Estimates are free.' },
];

describe('matchFaq', () => {
  it('matches on shared words, ignoring stop words, plurals and common synonyms', () => {
    expect(matchFaq('do you guys do financing', faq)?.index).toBe(0);
    expect(matchFaq('Are you open on Saturdays?', faq)?.index).toBe(1);
    expect(matchFaq('are you insured?', faq)?.index).toBe(2);
    expect(matchFaq('is the estimate free or do you charge?', faq)?.index).toBe(3);
    expect(matchFaq('do you offer financing', faq)?.words).toEqual(['offer', 'financ']);
  });

  it('does not match on money words alone (prices are the price book’s business)', () => {
    expect(matchFaq('how much do you charge to unclog a drain?', faq)).toBeNull();
  });

  it('does not match when nothing is shared or the best is not clear', () => {
    expect(matchFaq('can you come tomorrow?', faq)).toBeNull();
    expect(matchFaq('?', faq)).toBeNull();
    const twins = [
      { question: 'Do you service boilers?', answer: 'A' },
      { question: 'Do you install boilers?', answer: 'B' },
    ];
    expect(matchFaq('boilers?', twins)).toBeNull();
  });
});
