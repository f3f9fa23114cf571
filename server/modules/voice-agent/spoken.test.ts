import { describe, expect, it } from 'vitest';
import { CONFIRM_LINE, minutesOfDay, plainSpeech, spokenDates, spokenReply, spokenSlot, spokenSlots, tokensOf } from './spoken';
import { joinPrompt } from './relay-session';

describe('what the assistant says on a call', () => {
  it('is plain speech: no markdown, links, emails or emoji', () => {
    expect(plainSpeech('**Great!** See [our prices](https://acme.test/prices) or https://acme.test 😀👍🏽 — mail hi@acme.test\n- item one')).toBe('Great! See our prices or our website — mail our email item one');
  });

  it('leaves out a firm price or time and says the team confirms them; price ranges stay', () => {
    expect(spokenReply('A drain cleaning is $150. What is your ZIP code?')).toBe(`${CONFIRM_LINE} What is your ZIP code?`);
    expect(spokenReply('Drain cleaning runs $150–$250. We can be there at 3 pm. Anything else?')).toBe(`Drain cleaning runs $150–$250. ${CONFIRM_LINE} Anything else?`);
    expect(spokenReply('A tech will arrive within 30 minutes.')).toBe(CONFIRM_LINE);
    expect(spokenReply('Someone will come out tomorrow.', { promisesTime: true })).toBe(CONFIRM_LINE);
  });

  it('says the booking tool’s times (offered or booked) as a voice says them; any other time is still left out', () => {
    expect(spokenDates('I can book Drain cleaning visit Tue, Dec 1 at 9:00 AM or Wed, Dec 2 at 1:30 PM.')).toBe('I can book Drain cleaning visit Tuesday, December 1 at 9 AM or Wednesday, December 2 at 1:30 PM.');
    const zone = 'America/Chicago';
    const nine = Date.parse('2026-12-01T15:00:00Z');
    const eleven = Date.parse('2026-12-01T17:00:00Z');
    expect(spokenSlot(nine, zone)).toBe('Tuesday, December 1 at 9 AM');
    expect(spokenSlots([nine, eleven], zone)).toBe('Tuesday, December 1 at 9 AM or 11 AM');
    const offer = 'Thanks! I can book Drain cleaning visit Tue, Dec 1 at 9:00 AM or 11:00 AM. Which works for you?';
    const times = [nine, eleven].map((start) => minutesOfDay(start, zone));
    expect(spokenReply(offer, { times })).toBe('Thanks! I can book Drain cleaning visit Tuesday, December 1 at 9 AM or 11 AM. Which works for you?');
    // Without the booking tool's times (or with a time it did not offer), the guardrail holds.
    expect(spokenReply(offer)).toBe(`Thanks! ${CONFIRM_LINE} Which works for you?`);
    expect(spokenReply('We can be there at 3 pm. Anything else?', { times })).toBe(`${CONFIRM_LINE} Anything else?`);
    expect(spokenReply('I can do 9 AM, or someone arrives within 30 minutes.', { times })).toBe(CONFIRM_LINE);
  });

  it('is short: at most three sentences, keeping the question it ends with', () => {
    expect(spokenReply('One. Two. Three. Four. What is your ZIP?')).toBe('One. Two. What is your ZIP?');
  });

  it('goes out as words with their spaces; a caller’s partial prompts join without repeating', () => {
    expect(tokensOf('Thanks for calling. Bye!')).toEqual(['Thanks ', 'for ', 'calling. ', 'Bye!']);
    expect(joinPrompt('my sink', 'my sink is clogged')).toBe('my sink is clogged');
    expect(joinPrompt('my sink is', 'clogged')).toBe('my sink is clogged');
    expect(joinPrompt('', 'hello')).toBe('hello');
  });
});
