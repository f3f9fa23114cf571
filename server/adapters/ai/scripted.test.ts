import { describe, expect, it } from 'vitest';
import { emptyDecision } from './ai.port';
import { turnInput } from './openai/turn-input.fixture';
import { createScriptedAssistant } from './scripted';

describe('the scripted assistant', () => {
  it('answers each turn with the next entry over an empty decision, and records the inputs', async () => {
    const ai = createScriptedAssistant([
      { action: 'reply', reply: 'What is your ZIP code?', answers: { service: 'Leak repair' } },
      (input) => ({ action: 'reply', reply: `You said: ${input.newMessages.join(' ')}` }),
    ]);

    const first = await ai.decide(turnInput());
    const second = await ai.decide(turnInput({ newMessages: ['60614'] }));

    expect(ai.kind).toBe('scripted');
    expect(first).toEqual({ ...emptyDecision('scripted'), action: 'reply', reply: 'What is your ZIP code?', answers: { service: 'Leak repair' } });
    expect(second.reply).toBe('You said: 60614');
    expect(second.model).toBe('scripted');
    expect(ai.calls.map((input) => input.newMessages)).toEqual([['drain cleaning. zip is 60614, how much does it cost?'], ['60614']]);
  });

  it('throws an Error entry, and says clearly when the script ran out', async () => {
    const ai = createScriptedAssistant([new Error('service down')]);

    await expect(ai.decide(turnInput())).rejects.toThrow('service down');
    await expect(ai.decide(turnInput())).rejects.toThrow('The scripted assistant ran out of answers: its script has 1 entry and turn 2 was asked for.');
    expect(ai.calls).toHaveLength(2);
  });
});
