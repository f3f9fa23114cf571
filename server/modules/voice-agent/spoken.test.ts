import { describe, expect, it } from 'vitest';
import { CONFIRM_LINE, plainSpeech, spokenReply, tokensOf } from './spoken';
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
