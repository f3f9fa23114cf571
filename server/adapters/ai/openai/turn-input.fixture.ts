/** One realistic turn for the adapter's tests: a plumbing company, two approved price items, three questions. */
import type { AiTurnInput } from '@server/adapters/ai/ai.port';

export function turnInput(overrides: Partial<AiTurnInput> = {}): AiTurnInput {
  const now = new Date(Date.UTC(2026, 0, 15, 15, 0, 0));
  return {
    business: {
      name: 'Northside Plumbing',
      timezone: 'America/Chicago',
      facts: 'Open Mon–Sat 7am–6pm. Licensed and insured. We serve the north side of Chicago.',
      faq: [{ question: 'Do you charge for estimates?', answer: 'Estimates are free for installs.' }],
      services: ['Drain cleaning', 'Water heater install', 'Leak repair'],
      servicesNotOffered: ['Septic pumping'],
      serviceAreaPrefixes: ['606'],
    },
    assistant: { name: 'Sam', tone: 'friendly' },
    pricing: {
      policy: 'ranges',
      items: [
        { id: 'item_drain', name: 'Drain cleaning', minCents: 15_000, maxCents: 25_000, unit: 'per visit' },
        { id: 'item_heater', name: 'Water heater install', minCents: 120_000, maxCents: 180_000, unit: '' },
      ],
    },
    questions: [
      { key: 'service', text: 'What do you need help with?', kind: 'choice', choices: ['Drain cleaning', 'Water heater install', 'Leak repair'], required: true },
      { key: 'postal_code', text: "What's your ZIP code?", kind: 'zip', choices: [], required: true },
      { key: 'when', text: 'When would you like us to come?', kind: 'date', choices: [], required: false },
    ],
    answers: { service: 'Drain cleaning' },
    transcript: [
      { from: 'contact', body: 'Hi, my kitchen sink is clogged', at: now.getTime() - 120_000 },
      { from: 'business', body: 'Thanks for reaching out! What do you need help with?', at: now.getTime() - 60_000 },
      { from: 'contact', body: 'drain cleaning. zip is 60614, how much does it cost?', at: now.getTime() - 10_000 },
    ],
    newMessages: ['drain cleaning. zip is 60614, how much does it cost?'],
    repliesToday: 1,
    confusedTurns: 0,
    disqualifyMessage: "Sorry, that's outside what we can help with. Thanks for thinking of us!",
    booking: null,
    now,
    ...overrides,
  };
}
