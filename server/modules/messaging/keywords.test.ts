import { describe, expect, it } from 'vitest';
import { classifyInbound, HELP_KEYWORDS, OPT_IN_KEYWORDS, OPT_OUT_KEYWORDS } from './keywords';

const variants = (word: string) => [word, word.toLowerCase(), `  ${word[0]}${word.slice(1).toLowerCase()}  `, `${word}.`, `${word}!`, `\t${word}\n`];

describe('compliance keywords', () => {
  it.each(OPT_OUT_KEYWORDS)('%s opts out in any case, trimmed', (word) => {
    for (const body of variants(word)) expect(classifyInbound(body, { optedOut: false }), JSON.stringify(body)).toEqual({ intent: 'opt_out', keyword: word });
  });

  it('accepts spoken variants', () => {
    expect(classifyInbound('stop all', { optedOut: false }).intent).toBe('opt_out');
    expect(classifyInbound('Opt out', { optedOut: false }).intent).toBe('opt_out');
    expect(classifyInbound('Arrêt', { optedOut: false }).intent).toBe('opt_out');
  });

  it.each(OPT_IN_KEYWORDS)('%s re-subscribes someone who opted out', (word) => {
    for (const body of variants(word)) expect(classifyInbound(body, { optedOut: true }).intent).toBe('opt_in');
  });

  it('START and UNSTOP always mean opt in; YES only after an opt-out', () => {
    expect(classifyInbound('start', { optedOut: false }).intent).toBe('opt_in');
    expect(classifyInbound('Unstop', { optedOut: false }).intent).toBe('opt_in');
    expect(classifyInbound('yes', { optedOut: false }).intent).toBeNull();
  });

  it.each(HELP_KEYWORDS)('%s asks for help', (word) => {
    for (const body of variants(word)) expect(classifyInbound(body, { optedOut: false }).intent).toBe('help');
  });

  it.each([
    'Please stop texting me',
    'stop messaging me!!',
    "Don't text me again",
    'do not contact me',
    'Remove me from your list',
    'remove my number please',
    'take me off this list',
    'Unsubscribe me',
    'no more texts please',
    'Wrong number',
    'leave me alone',
    'please stop',
    'stop please',
    'lose my number',
  ])('plain-language opt-out: %s', (body) => {
    expect(classifyInbound(body, { optedOut: false }).intent).toBe('opt_out');
  });

  it.each([
    'Can you stop by tomorrow at 3?',
    "The leak won't stop",
    'Please start the job Monday',
    'I need help with my AC',
    'Yes, Tuesday works',
    'STOP the water heater quote, I want the furnace one',
    'My neighbor texted me your number',
    'Is the end of the week ok?',
    'cancel my appointment and rebook for Friday',
  ])('not a compliance request: %s', (body) => {
    expect(classifyInbound(body, { optedOut: false }).intent).toBeNull();
  });
});
