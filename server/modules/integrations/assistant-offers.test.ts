import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { QualifierQuestion } from '@contracts/ai';
import { createBuiltinAssistant } from '@server/adapters/ai/builtin/builtin-assistant';
import { companies, users } from '@server/platform/db/schema';
import { SECOND } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { type FakeProviders, startFakeProviders } from '@server/testing/fake-integrations';

/**
 * Issue 29 with the real assistant (built-in) and the test phone: a busy block in the connected Google Calendar is
 * never offered — the assistant offers the free times around it.
 */
let fake: FakeProviders;
beforeAll(async () => {
  fake = await startFakeProviders();
});
afterAll(async () => {
  await fake.close();
});
const t = setUpTestApp({ integrations: () => fake.config() });

const QUESTIONS: QualifierQuestion[] = [
  { key: 'service', text: 'What do you need help with?', kind: 'choice', choices: ['Water heater', 'Drain cleaning', 'Leak repair'], required: true },
  { key: 'postal_code', text: 'What’s your ZIP code?', kind: 'zip', choices: [], required: true },
  { key: 'when', text: 'When would you like us to come out?', kind: 'date', choices: [], required: true },
];

beforeEach(() => {
  t.deps.clock.set(Date.parse('2026-11-24T16:00:00Z')); // Tuesday 10:00 in Chicago
  t.deps.ai = createBuiltinAssistant();
});

describe('the assistant’s offers with Google Calendar connected', () => {
  it('does not offer a time the owner’s calendar is busy at', async () => {
    const token = await signUp(t.deps, { email: 'delta@example.test', companyName: 'Delta Plumbing', signupPhone: null });
    const caller = callerFor(t.deps, { authToken: token });
    await caller.phone.useSimulator();
    const device = await caller.phone.simulator.addDevice({ phone: '+13125550142' });
    const current = await caller.ai.settings.get();
    await caller.ai.settings.update({ expectedVersion: current.version, enabled: true, questions: QUESTIONS, services: ['Water heater', 'Drain cleaning', 'Leak repair'] });
    const [owner] = await t.deps.db.select().from(users).where(eq(users.email, 'delta@example.test'));
    await t.deps.db.update(companies).set({ timezone: 'America/Chicago' }).where(eq(companies.id, owner!.companyId));
    await caller.scheduling.types.create({ name: 'Drain cleaning visit', durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeMinutes: 60, horizonDays: 14, location: 'customer_address', userIds: [] });

    // Connect Google Calendar; Thursday 8:00–9:00 is a dentist appointment there.
    const { url } = await caller.integrations.connect({ provider: 'google_calendar' });
    const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!).searchParams;
    await caller.integrations.complete({ provider: 'google_calendar', code: back.get('code')!, state: back.get('state')! });
    for (const events of fake.google.events.values()) events.clear();
    fake.google.addBusy('owner@example.test', new Date('2026-11-26T14:00:00Z'), new Date('2026-11-26T15:00:00Z'), 'Dentist');
    await t.deps.queue.drain();

    const text = async (body: string) => {
      await caller.phone.simulator.send({ deviceId: device.id, body, mediaUrls: [] });
      await t.deps.queue.drain();
      t.deps.clock.advance(8 * SECOND);
      await t.deps.queue.drain();
      t.deps.clock.advance(2 * SECOND);
      await t.deps.queue.drain();
    };
    await text('Hi, my kitchen drain is clogged');
    await text('60614');
    await text('thursday before 11 please');
    const offer = (await caller.phone.simulator.thread({ deviceId: device.id })).filter((m) => !m.fromPhone).map((m) => m.body).at(-1)!;
    // Without the calendar the offer is 8:00 AM or 10:00 AM (server/modules/ai/ai-booking.test.ts).
    expect(offer).toMatch(/^Thanks! I can book Drain cleaning visit Thu, Nov 26 at /);
    expect(offer).not.toContain('8:00 AM');
    expect(offer).toContain('9:00 AM');
  });
});
