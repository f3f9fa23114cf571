import { describe, expect, it } from 'vitest';
import type { AiBooking } from '@server/adapters/ai/ai.port';
import { parseDecision } from './decision-parse';
import { buildSystemPrompt, DECIDE_TURN_TOOL, decideTurnTool, slotChoices } from './decision-prompt';
import { turnInput } from './turn-input.fixture';

/** Issue 24 item 2, the model adapter's half: the model sees only free times, by id, and can only offer or book those. */
const HOUR = 3_600_000;
const first = Date.parse('2026-01-16T15:00:00Z'); // Fri Jan 16, 9:00 AM Chicago
const booking: AiBooking = {
  typeName: 'Drain cleaning visit',
  durationMinutes: 60,
  slots: Array.from({ length: 40 }, (_, index) => ({ start: first + index * HOUR, end: first + index * HOUR + HOUR })),
  offered: [],
  booked: null,
};
const call = (args: Record<string, unknown>) => ({ content: null, tool_calls: [{ id: 'c1', type: 'function' as const, function: { name: DECIDE_TURN_TOOL, arguments: JSON.stringify(args) } }] });

describe('the booking tool for a model', () => {
  it('lists a bounded set of free times by id with the rule never to promise another, a few a day', () => {
    const input = turnInput({ booking });
    const prompt = buildSystemPrompt(input);
    expect(prompt).toContain('Never offer, agree to or promise a time that is not in this list');
    expect(prompt).toContain('- S1 — Fri, Jan 16, 9:00 AM–10:00 AM');
    const choices = slotChoices(input);
    expect(choices.length).toBeLessThanOrEqual(24);
    const perDay = new Map<string, number>();
    for (const choice of choices) perDay.set(new Date(choice.start - 6 * HOUR).toISOString().substring(0, 10), (perDay.get(new Date(choice.start - 6 * HOUR).toISOString().substring(0, 10)) ?? 0) + 1);
    expect(Math.max(...perDay.values())).toBeLessThanOrEqual(4);
    const tool = decideTurnTool(input).function.parameters as { properties: Record<string, { items?: { enum?: string[] } }> };
    expect(tool.properties.offerSlotIds!.items!.enum).toEqual(choices.map((choice) => choice.id));
  });

  it('without booking the model is told it cannot book, and no time can be offered', () => {
    expect(buildSystemPrompt(turnInput())).toContain('Booking: you cannot book appointments here. Never offer or promise a time');
    expect(slotChoices(turnInput())).toEqual([]);
  });

  it('maps the ids the model chose to times, and drops ids it made up', () => {
    const input = turnInput({ booking: { ...booking, offered: [booking.slots[0]!, booking.slots[2]!] } });
    const offered = parseDecision(call({ action: 'reply', reply: 'I can do Fri 9 or 11. Which works?', offerSlotIds: ['S1', 'S3', 'S99'] }), input);
    expect(offered.ok && offered.decision.offeredStarts).toEqual([first, first + 2 * HOUR]);
    expect(offered.ok && offered.decision.reasons.join(' ')).toContain('not free times it was shown');
    const chosen = parseDecision(call({ action: 'skip', reply: null, bookSlotId: 'S3' }), input);
    expect(chosen.ok && chosen.decision.bookStart).toBe(first + 2 * HOUR);
    const invented = parseDecision(call({ action: 'skip', reply: null, bookSlotId: 'tomorrow 3pm' }), input);
    expect(invented.ok && invented.decision.bookStart).toBeNull();
  });

  it('a lead already booked is told so, and gets no free times', () => {
    const input = turnInput({ booking: { ...booking, booked: booking.slots[1]! } });
    expect(buildSystemPrompt(input)).toContain('this lead is already booked for Drain cleaning visit on Fri, Jan 16, 10:00 AM–11:00 AM');
    expect(slotChoices(input)).toEqual([]);
  });
});
