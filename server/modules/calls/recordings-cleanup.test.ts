import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calls, jobs, recordings } from '@server/platform/db/schema';
import { DAY, HOUR, SECOND } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { RECORDINGS_CLEANUP_QUEUE, scheduleRecordingsCleanup } from './calls.jobs';

/** Test-phone recordings no call took (recorded, then hung up) are deleted after a day by an hourly job. */
const t = setUpTestApp();

const THURSDAY_MORNING = Date.parse('2026-11-19T16:00:00Z');
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64, 3)]);

async function company(email: string, phone: string) {
  const token = await signUp(t.deps, { email, companyName: 'Acme Plumbing', signupPhone: null });
  const caller = callerFor(t.deps, { authToken: token });
  await caller.phone.useSimulator();
  await caller.missedCalls.settings.update({ routingMode: 'forwarded_missed' });
  const device = await caller.phone.simulator.addDevice({ phone });
  return { caller, device, companyId: (await caller.getCurrentLoggedInUser()).company.id };
}

async function recording(companyId: string, purpose: 'voicemail' | 'greeting', createdAt = t.deps.clock.now()) {
  const [row] = await t.deps.db
    .insert(recordings)
    .values({ companyId, purpose, contentType: 'audio/webm', sizeBytes: WEBM.length, seconds: 5, bytes: WEBM, createdAt })
    .returning({ id: recordings.id });
  return row!.id;
}

const remaining = async (ids: string[]) => (await t.deps.db.select({ id: recordings.id }).from(recordings).where(inArray(recordings.id, ids))).map((r) => r.id).sort();
const pendingCleanups = () => t.deps.db.select().from(jobs).where(and(eq(jobs.queue, RECORDINGS_CLEANUP_QUEUE), eq(jobs.status, 'pending')));

async function hours(n: number) {
  for (let i = 0; i < n; i += 1) {
    t.deps.clock.advance(HOUR);
    await t.deps.queue.drain();
  }
}

describe('unused test-phone recordings', () => {
  it('are deleted once older than 24 h; a greeting in use and a call’s voicemail are kept', async () => {
    t.deps.clock.set(THURSDAY_MORNING);
    const a = await company('owner@cleanup.test', '+13125550160');
    const b = await company('owner@other-cleanup.test', '+13125550161');

    // A greeting uploaded days ago and in use.
    const greeting = await recording(a.companyId, 'greeting', new Date(THURSDAY_MORNING - 3 * DAY));
    await a.caller.missedCalls.settings.update({ greetingSource: 'recording' });
    // A voicemail recorded on the test phone and left on a call.
    const placed = await a.caller.phone.simulator.placeCall({ deviceId: a.device.id, live: true });
    await t.deps.queue.drain();
    t.deps.clock.advance(9 * SECOND);
    await t.deps.queue.drain();
    const voicemail = await recording(a.companyId, 'voicemail');
    await a.caller.phone.simulator.leaveVoicemail({ deviceId: a.device.id, callSid: placed.callSid, recordingId: voicemail });
    await t.deps.queue.drain();
    const [call] = await t.deps.db.select().from(calls).where(eq(calls.companyId, a.companyId));
    expect(call!.recordingUrl).toBe(`leadloop-recording:${voicemail}`);
    // Recorded and never left (the tester hung up), in each company.
    const strayA = await recording(a.companyId, 'voicemail');
    const strayB = await recording(b.companyId, 'voicemail');

    // The server queues the first run at start; each run queues the next hour's.
    await scheduleRecordingsCleanup(t.deps.queue, t.deps.db, t.deps.clock, 0);
    await scheduleRecordingsCleanup(t.deps.queue, t.deps.db, t.deps.clock, 0); // a second process starting: still one run
    await t.deps.queue.drain();
    expect(await pendingCleanups()).toHaveLength(1);
    await hours(2);
    const laterStray = await recording(a.companyId, 'voicemail');
    // A call's voicemail is never deleted, even if it were not marked used.
    await t.deps.db.update(recordings).set({ usedAt: null }).where(eq(recordings.id, voicemail));

    const all = [greeting, voicemail, strayA, strayB, laterStray];
    await hours(22); // 24 h after the recordings: not older than a day yet
    expect(await remaining(all)).toEqual([...all].sort());
    await hours(1);
    expect(await remaining(all)).toEqual([greeting, voicemail, laterStray].sort());
    expect(await pendingCleanups()).toHaveLength(1);
    // The call still plays its voicemail.
    expect((await a.caller.calls.get({ id: call!.id })).voicemail).toMatchObject({ audioUrl: `/api/calls/${call!.id}/recording` });

    await hours(2);
    expect(await remaining(all)).toEqual([greeting, voicemail].sort());
    expect(await pendingCleanups()).toHaveLength(1);
  });
});
