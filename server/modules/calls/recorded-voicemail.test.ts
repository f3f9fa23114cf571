import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calls, messages, recordings } from '@server/platform/db/schema';
import { SECOND } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';

/**
 * Issue 12 scope 6: the test phone's caller records real audio with the microphone; it becomes the call's
 * recording (played through /api/calls/:id/recording). Typed words, if any, are the transcript; audio alone has none,
 * and says why (the offline simulator has no speech-to-text).
 */
const t = setUpTestApp();

const THURSDAY_MORNING = Date.parse('2026-11-19T16:00:00Z');
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64, 3)]);

async function company(email: string, phone: string) {
  t.deps.clock.set(THURSDAY_MORNING);
  const token = await signUp(t.deps, { email, companyName: 'Acme Plumbing', signupPhone: null });
  const caller = callerFor(t.deps, { authToken: token });
  await caller.phone.useSimulator();
  await caller.missedCalls.settings.update({ routingMode: 'forwarded_missed', textBackDelaySeconds: 15 });
  const device = await caller.phone.simulator.addDevice({ phone });
  const me = await caller.getCurrentLoggedInUser();
  return { caller, device, companyId: me.company.id };
}

/** What the upload endpoint stores for a microphone recording (recordings.test.ts covers the upload itself). */
async function recorded(companyId: string, seconds: number) {
  const [row] = await t.deps.db.insert(recordings).values({ companyId, purpose: 'voicemail', contentType: 'audio/webm', sizeBytes: WEBM.length, seconds, bytes: WEBM }).returning({ id: recordings.id });
  return row!.id;
}

async function pass(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += SECOND) {
    t.deps.clock.advance(SECOND);
    await t.deps.queue.drain();
  }
}

async function atGreeting(c: Awaited<ReturnType<typeof company>>) {
  const placed = await c.caller.phone.simulator.placeCall({ deviceId: c.device.id, live: true });
  await t.deps.queue.drain();
  await pass(9 * SECOND); // the greeting plays; the caller records meanwhile
  return { deviceId: c.device.id, callSid: placed.callSid };
}
const callRow = async (companyId: string) => (await t.deps.db.select().from(calls).where(eq(calls.companyId, companyId)))[0]!;

describe('a voicemail recorded on the test phone', () => {
  it('audio only: the recording is the call’s, with its length; no transcript and the reason; the text-back does not wait for one', async () => {
    const c = await company('owner@audio.test', '+13125550150');
    const ref = await atGreeting(c);
    const recordingId = await recorded(c.companyId, 7);
    await c.caller.phone.simulator.leaveVoicemail({ ...ref, recordingId });
    await pass(2 * SECOND);

    const row = await callRow(c.companyId);
    expect(row).toMatchObject({ recordingSeconds: 7, recordingUrl: `leadloop-recording:${recordingId}`, transcriptStatus: 'unavailable', transcript: null });
    const view = await c.caller.calls.get({ id: row.id });
    expect(view.voicemail).toEqual({ audioUrl: `/api/calls/${row.id}/recording`, seconds: 7, transcript: null, transcriptStatus: 'unavailable' });
    // Missed at arrival + 15 s delay; no transcript to wait for.
    await pass(6 * SECOND);
    const texts = await t.deps.db.select().from(messages).where(eq(messages.direction, 'outbound'));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).not.toContain('We got your voicemail');
    expect((await t.deps.db.select({ usedAt: recordings.usedAt }).from(recordings))[0]!.usedAt).not.toBeNull();
  });

  it('audio and typed words: the audio is the recording, the words its transcript', async () => {
    const c = await company('owner@both.test', '+13125550151');
    const ref = await atGreeting(c);
    const recordingId = await recorded(c.companyId, 12);
    await c.caller.phone.simulator.leaveVoicemail({ ...ref, recordingId, voicemail: 'My furnace is making a loud bang.' });
    // 12 s of audio 9 s into the call cannot have ended before 12 s: it ends then, its transcript 1 s later.
    await pass(5 * SECOND);
    expect(await callRow(c.companyId)).toMatchObject({ recordingSeconds: 12, recordingUrl: `leadloop-recording:${recordingId}`, transcriptStatus: 'completed', transcript: 'My furnace is making a loud bang.' });
  });

  it('refuses another company’s recording, one already used, and a voicemail with neither words nor audio', async () => {
    const mine = await company('owner@mine.test', '+13125550152');
    const theirs = await company('owner@theirs.test', '+13125550153');
    const ref = await atGreeting(mine);
    const foreign = await recorded(theirs.companyId, 5);
    expect((await trpcErrorOf(mine.caller.phone.simulator.leaveVoicemail({ ...ref, recordingId: foreign }))).code).toBe('NOT_FOUND');
    const empty = await trpcErrorOf(mine.caller.phone.simulator.leaveVoicemail({ ...ref, voicemail: '  ' }));
    expect(empty.code).toBe('BAD_REQUEST');
    expect(empty.message).toContain('Say something for the voicemail, or hang up');
    expect(await callRow(mine.companyId)).toMatchObject({ status: 'voicemail', recordingSeconds: null });
    // The other company's recording is untouched and still theirs to use.
    expect((await t.deps.db.select({ usedAt: recordings.usedAt }).from(recordings).where(eq(recordings.id, foreign)))[0]!.usedAt).toBeNull();

    const used = await recorded(mine.companyId, 5);
    await mine.caller.phone.simulator.leaveVoicemail({ ...ref, recordingId: used });
    const again = await atGreeting(mine);
    expect((await trpcErrorOf(mine.caller.phone.simulator.leaveVoicemail({ ...again, recordingId: used }))).code).toBe('NOT_FOUND');
  });
});
