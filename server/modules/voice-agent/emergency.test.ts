import { describe, expect, it } from 'vitest';
import { DEFAULT_VOICE_AGENT_SETTINGS } from '@contracts/voice-agent';
import { emergencyWordIn } from './emergency';

const words = DEFAULT_VOICE_AGENT_SETTINGS.emergencyWords;

describe('the owner’s emergency words', () => {
  it.each([
    ['My basement is flooding!', 'flood'],
    ['I think I smell gas in the kitchen', 'smell gas'],
    ['there’s a burst water pipe upstairs', 'burst pipe'],
    ['we have no heat and it’s freezing outside', 'no heat + freez'],
    ['the outlet is sparking', 'sparking'],
  ])('“%s” → %s', (said, entry) => {
    expect(emergencyWordIn(said, words)).toBe(entry);
  });

  it.each(['no heat since yesterday, not urgent', 'the drain is slow', 'gasoline smell from the mower? no', 'the floor is wet'])('“%s” is not an emergency by the words alone', (said) => {
    expect(emergencyWordIn(said, words)).toBeNull();
  });
});
