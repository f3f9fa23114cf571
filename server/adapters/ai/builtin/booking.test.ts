import { describe, expect, it } from 'vitest';
import type { AiSlot } from '../ai.port';
import { chooseTwo, describeSlot, offerText, preferenceFromAnswer, readOfferAnswer } from './booking';

/** The built-in assistant's booking tool on its own: which times it offers, and which one a reply picks. */
const ZONE = 'America/Chicago';
const at = (iso: string): AiSlot => ({ start: Date.parse(iso), end: Date.parse(iso) + 3_600_000 });
// Thu Nov 26 8:00–12:00 and Fri Nov 27 8:00–12:00 (Chicago = UTC-6), every 30 minutes.
const SLOTS = ['2026-11-26', '2026-11-27'].flatMap((day) => ['14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00', '17:30'].map((time) => at(`${day}T${time}:00Z`)));
const voice = { business: 'Lakeshore Plumbing', assistant: 'Sam', tone: 'friendly' as const, language: 'en' as const };

describe('which times are offered', () => {
  it('keeps the day and the window asked for ("before 10"), and names the day once', () => {
    const { slots, keptPreference } = chooseTwo(SLOTS, ZONE, preferenceFromAnswer('2026-11-27 before 10:00'));
    expect(keptPreference).toBe(true);
    expect(slots.map((slot) => describeSlot(slot, ZONE, 'en'))).toEqual(['Fri, Nov 27 at 8:00 AM', 'Fri, Nov 27 at 9:00 AM']);
    expect(offerText(voice, 'Drain cleaning', slots, ZONE)).toBe('I can book Drain cleaning Fri, Nov 27 at 8:00 AM or 9:00 AM. Which works for you?');
  });

  it('a window alone ("after 11") is kept on the first days that have it; two different days when no day was asked', () => {
    const { slots } = chooseTwo(SLOTS, ZONE, preferenceFromAnswer('after 11:00'));
    expect(slots.map((slot) => describeSlot(slot, ZONE, 'en'))).toEqual(['Thu, Nov 26 at 11:00 AM', 'Fri, Nov 27 at 11:00 AM']);
  });

  it('nothing fits the window asked for: the earliest times, and it says the wish was not kept', () => {
    const { slots, keptPreference } = chooseTwo(SLOTS, ZONE, preferenceFromAnswer('2026-11-26 after 15:00'));
    expect(keptPreference).toBe(false);
    expect(slots).toHaveLength(2);
  });

  it('leaves out the times already offered', () => {
    const { slots } = chooseTwo(SLOTS, ZONE, null, new Set([SLOTS[0]!.start, SLOTS[8]!.start]));
    expect(slots[0]).toEqual(SLOTS[1]);
  });

  it('writes Spanish for a Spanish thread', () => {
    expect(offerText({ ...voice, language: 'es' }, 'Limpieza de drenaje', [SLOTS[0]!, SLOTS[8]!], ZONE)).toMatch(/^Puedo agendar Limpieza de drenaje .*8:00.* o .*8:00\. ¿Cuál le funciona\?$/);
  });
});

describe('which offered time a reply picks', () => {
  const offered = [at('2026-11-26T14:00:00Z'), at('2026-11-27T19:00:00Z')]; // Thu 8:00 AM, Fri 1:00 PM
  const pick = (text: string) => {
    const answer = readOfferAnswer(text, offered, ZONE);
    return answer.kind === 'pick' ? offered.indexOf(answer.slot) : answer.kind;
  };

  it.each([
    ['Thursday works', 0],
    ['fri pls', 1],
    ['the 1pm one', 1],
    ['8 is good', 0],
    ['1', 1],
    ['first one', 0],
    ['the second', 1],
    ['either is fine', 0],
    ['el viernes', 1],
    ['la primera', 0],
  ])('“%s” → offered time %s', (text, expected) => {
    expect(pick(text)).toBe(expected);
  });

  it.each(['neither works', 'no, can you do monday?', 'none of those', 'ninguno', 'how about saturday'])('“%s” → neither', (text) => {
    expect(pick(text)).toBe('neither');
  });

  it.each(['hmm let me check with my wife', 'ok', 'what does it cost?'])('“%s” → unclear (asked again)', (text) => {
    expect(pick(text)).toBe('unclear');
  });
});
