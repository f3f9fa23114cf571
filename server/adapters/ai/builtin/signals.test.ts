import { describe, expect, it } from 'vitest';
import {
  asksForPerson,
  asksIfBot,
  asksPrice,
  isAcknowledgment,
  isCorrection,
  isGreeting,
  looksLikeSpam,
  questionSentences,
  reportsEmergency,
  soundsAngry,
} from './signals';

describe('asksForPerson', () => {
  it('hears a request for a human', () => {
    for (const text of ['can I talk to a human', 'I want to speak with a real person', 'call me tomorrow after 3', 'Can someone call me?', 'have someone call', 'representative please']) {
      expect(asksForPerson(text), text).not.toBeNull();
    }
  });

  it('does not hear one in ordinary answers', () => {
    for (const text of ['I called you yesterday', 'the person before me said Tuesday', 'yes', 'are you a real person?']) expect(asksForPerson(text), text).toBeNull();
  });
});

describe('soundsAngry', () => {
  it('hears profanity, complaints and shouting', () => {
    expect(soundsAngry('this is ridiculous')).toBe('ridiculous');
    expect(soundsAngry('wtf is taking so long')).toBe('wtf');
    expect(soundsAngry('Worst service ever')).toBe('worst service');
    expect(soundsAngry('YOUR CREW LEFT NAILS ALL OVER MY DRIVEWAY')).toBe('all capitals');
  });

  it('does not mistake a bad noise, short capitals or a calm text for anger', () => {
    for (const text of ['my AC makes a terrible noise', 'OK', 'AC repair ASAP', 'NO HEAT', 'thanks!']) expect(soundsAngry(text), text).toBeNull();
  });
});

describe('reportsEmergency', () => {
  it('hears danger or damage happening now', () => {
    for (const text of ['I smell gas', 'gas leak in the basement', 'pipe burst!!', 'basement is flooding', 'outlet is sparking', 'water everywhere', 'carbon monoxide alarm']) {
      expect(reportsEmergency(text), text).not.toBeNull();
    }
  });

  it('does not when the person says it is not one, or names equipment', () => {
    for (const text of ['not an emergency', 'no emergency, just a drip', 'install a smoke detector', 'fireplace inspection', 'need a gas stove hooked up']) {
      expect(reportsEmergency(text), text).toBeNull();
    }
  });
});

describe('asksIfBot', () => {
  it('hears the question whether this is automated', () => {
    for (const text of ['are you a bot?', 'Is this a real person?', 'am I texting a human', 'r u a robot', 'is this automated?']) expect(asksIfBot(text), text).toBe(true);
  });

  it('does not confuse it with asking for a person or with answers', () => {
    for (const text of ['can I talk to a real person', 'yes', 'I have a robot vacuum']) expect(asksIfBot(text), text).toBe(false);
  });
});

describe('small texts', () => {
  it('recognises an acknowledgment with nothing new in it', () => {
    for (const text of ['thanks!', 'Thank you so much!', 'ok 👍', '👍', 'sounds good', 'ok thanks']) expect(isAcknowledgment(text), text).toBe(true);
    for (const text of ['thanks, my zip is 60614', 'ok but what about Saturday?', '']) expect(isAcknowledgment(text), text).toBe(false);
  });

  it('recognises a greeting alone', () => {
    expect(isGreeting('Hi')).toBe(true);
    expect(isGreeting('hello there!')).toBe(true);
    expect(isGreeting('hi, my furnace is out')).toBe(false);
  });

  it('recognises a correction', () => {
    expect(isCorrection('sorry, actually it is 80206')).toBe(true);
    expect(isCorrection('I meant Tuesday')).toBe(true);
    expect(isCorrection('80206')).toBe(false);
  });

  it('recognises a question about price', () => {
    expect(asksPrice('How much is a tune-up?')).toBe(true);
    expect(asksPrice('what do you charge for a service call')).toBe(true);
    expect(asksPrice('tomorrow works')).toBe(false);
  });
});

describe('questionSentences', () => {
  it('keeps the sentences that ask something', () => {
    expect(questionSentences('Are you licensed? And do you work on Saturdays? My zip is 60614.')).toEqual(['Are you licensed?', 'And do you work on Saturdays?']);
    expect(questionSentences('do you guys work weekends')).toEqual(['do you guys work weekends']);
    expect(questionSentences('what')).toEqual([]);
    expect(questionSentences('60614')).toEqual([]);
  });
});

describe('looksLikeSpam', () => {
  it('recognises marketing, crypto and loan offers', () => {
    for (const text of [
      'We help contractors rank on Google first page, cheap SEO!',
      'Earn 300% profit with our Bitcoin bot',
      'Your business loan is pre-approved, reply YES',
      'Limited time offer! Visit www.deals-now.xyz',
    ]) {
      expect(looksLikeSpam(text), text).not.toBeNull();
    }
  });

  it('lets customers through, links included', () => {
    for (const text of ['Do you offer financing?', "here's a photo of the leak https://photos.example.com/abc", 'need a quote for a new roof']) expect(looksLikeSpam(text), text).toBeNull();
  });
});
