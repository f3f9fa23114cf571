import { describe, expect, it } from 'vitest';
import { buildMessages, buildSystemPrompt, decideTurnTool, formatMoney } from './decision-prompt';
import { turnInput } from './turn-input.fixture';

describe('the system prompt', () => {
  it('names the business, the assistant and the rules the model must keep', () => {
    const prompt = buildSystemPrompt(turnInput());

    expect(prompt).toContain('You are Sam, the automated text-message assistant for Northside Plumbing.');
    expect(prompt).toContain('say you are an automated assistant for Northside Plumbing');
    expect(prompt).toContain('at most 320 characters, plain text, no markdown');
    expect(prompt).toContain('Never invent prices, discounts, arrival times or appointment times.');
    expect(prompt).toContain('asks for a person, sounds angry, mentions an emergency');
    expect(prompt).toContain('Open Mon–Sat 7am–6pm.');
    expect(prompt).toContain('Q: Do you charge for estimates?\nA: Estimates are free for installs.');
    expect(prompt).toContain('Services NOT offered (a lead asking only for one of these is disqualified): Septic pumping.');
    expect(prompt).toContain('ZIP / postal codes starting with 606');
    expect(prompt).toContain("\"Sorry, that's outside what we can help with. Thanks for thinking of us!\"");
    // 15:00 UTC is 9:00 AM in Chicago in January.
    expect(prompt).toContain('Now: Thursday, January 15, 2026 at 9:00 AM (America/Chicago).');
  });

  it('lists the questions in order with the answers so far', () => {
    const prompt = buildSystemPrompt(turnInput());

    const questions = prompt.split('\n').filter((line) => /^\d\. \[/.test(line));
    expect(questions).toEqual([
      '1. [service] What do you need help with? (one of: Drain cleaning, Water heater install, Leak repair; required) — answered: "Drain cleaning"',
      "2. [postal_code] What's your ZIP code? (US ZIP or Canadian postal code; required) — not answered yet",
      '3. [when] When would you like us to come? (a date (write it as YYYY-MM-DD); optional) — not answered yet',
    ]);
  });

  it('lists exactly the approved items it was given, with their ids, as ranges or exact prices', () => {
    const ranges = buildSystemPrompt(turnInput());
    expect(ranges.split('\n').filter((line) => line.startsWith('- item_'))).toEqual([
      '- item_drain — Drain cleaning: $150–$250 per visit',
      '- item_heater — Water heater install: $1,200–$1,800',
    ]);

    const input = turnInput();
    const exact = buildSystemPrompt({ ...input, pricing: { policy: 'exact', items: [{ id: 'item_snake', name: 'Main line snaking', minCents: 18_950, maxCents: 18_950, unit: 'per visit' }] } });
    expect(exact.split('\n').filter((line) => line.startsWith('- item_'))).toEqual(['- item_snake — Main line snaking: $189.50 per visit']);
    expect(exact).not.toContain('item_drain');
  });

  it('shows no prices at all when the owner never quotes', () => {
    const input = turnInput();
    const prompt = buildSystemPrompt({ ...input, pricing: { ...input.pricing, policy: 'never' } });

    expect(prompt).toContain('never quote a price or a range');
    expect(prompt).not.toContain('item_drain');
    expect(prompt).not.toContain('$150');
    expect(decideTurnTool({ ...input, pricing: { ...input.pricing, policy: 'never' } }).function.parameters).toMatchObject({ properties: { quotedItemIds: { maxItems: 0 } } });
  });

  it('mentions the confusion trigger only once the assistant was confused', () => {
    expect(buildSystemPrompt(turnInput())).not.toContain('handoffReason "confusion"');
    expect(buildSystemPrompt(turnInput({ confusedTurns: 2 }))).toContain("You could not place the person's last 2 answers");
  });

  it('falls back to UTC for a time zone the runtime does not know', () => {
    expect(buildSystemPrompt(turnInput({ business: { ...turnInput().business, timezone: 'Mars/Olympus' } }))).toContain('3:00 PM (UTC)');
  });
});

describe('the messages and the tool', () => {
  it('sends the thread as user and assistant messages after the system prompt', () => {
    const messages = buildMessages(turnInput());

    expect(messages.map((message) => [message.role, message.content])).toEqual([
      ['system', buildSystemPrompt(turnInput())],
      ['user', 'Hi, my kitchen sink is clogged'],
      ['assistant', 'Thanks for reaching out! What do you need help with?'],
      ['user', 'drain cleaning. zip is 60614, how much does it cost?'],
    ]);
  });

  it('narrows the tool to this turn: answer keys are the question keys, quotable ids the approved items', () => {
    const parameters = decideTurnTool(turnInput()).function.parameters as { properties: Record<string, { properties?: object; items?: { enum?: string[] } }>; required: string[] };

    expect(Object.keys(parameters.properties.answers!.properties!)).toEqual(['service', 'postal_code', 'when']);
    expect(parameters.properties.quotedItemIds!.items!.enum).toEqual(['item_drain', 'item_heater']);
    expect(parameters.required).toEqual(['action', 'reply', 'handoffReason', 'answers', 'lead', 'summary', 'quotedItemIds', 'promisesTime', 'outsideFacts', 'confused', 'reasons']);
  });

  it('writes cents as dollars', () => {
    expect([formatMoney(15_000), formatMoney(18_950), formatMoney(120_000)]).toEqual(['$150', '$189.50', '$1,200']);
  });
});
