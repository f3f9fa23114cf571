import { describe, expect, it } from 'vitest';
import { readReplyMood } from './reply-mood';

/**
 * Replies people really send after a review request, read by readReplyMood: the unhappy ones open a recovery,
 * the happy and neutral ones do not (decision 0039). English and Spanish.
 */
const HAPPY = [
  'Thanks so much, great job!',
  'Will do! Mike was awesome, very professional',
  'Done ✅ left you 5 stars',
  'You guys were great, thanks for coming out so fast',
  'Absolutely, happy to help',
  'Not bad at all, thanks for fixing it',
  'No problem, the new water heater works perfectly',
  'Thank you! Already posted it',
  'Muchas gracias, excelente trabajo',
  'Claro que sí, muy buen servicio',
  'Gracias! Todo quedó perfecto',
  'Listo, ya les dejé la reseña',
];
const NEUTRAL = ['ok', 'It was fine I guess', 'Who is this?', 'Will try later tonight', 'What was the final total?', 'Can you send me the invoice by email?', 'ok gracias', '👍'];
const UNHAPPY = [
  'The guy was late and the sink still leaks. Not happy.',
  'Honestly I am not satisfied with the work',
  'Terrible service, you overcharged me',
  'Still waiting for someone to fix the mess you left',
  'The AC stopped working again the next day',
  'Your tech scratched our new floor and never said anything',
  'I would not recommend you to anyone',
  'Disgusting work, shame on you',
  'The technician was sloppy and the job was not great',
  'Why would I review you? Nobody showed up on Tuesday',
  'THIS IS RIDICULOUS I PAID 400 DOLLARS FOR NOTHING',
  'Muy mal servicio, nunca vinieron',
  'El técnico dejó todo sucio y sigue goteando',
  'No estoy contenta, me cobraron de más',
];

describe('readReplyMood', () => {
  it.each(HAPPY)('happy: %s', async (text) => {
    expect((await readReplyMood(text)).unhappy).toBe(false);
  });
  it.each(NEUTRAL)('neutral: %s', async (text) => {
    expect((await readReplyMood(text)).unhappy).toBe(false);
  });
  it.each(UNHAPPY)('unhappy: %s', async (text) => {
    const mood = await readReplyMood(text);
    expect(mood.unhappy, mood.why).toBe(true);
  });
});
