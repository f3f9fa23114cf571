import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calls, jobs, messages } from '@server/platform/db/schema';
import type { JobRecord } from '@server/platform/jobs/job-queue';
import { SECOND } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { TEXT_BACK_QUEUE } from './call-events.service';
import { sendTextBack } from './text-back.service';
import { answerIncomingCall, storeEvent } from './voice.service';

const t = setUpTestApp();

/** Thursday 10:00 in Chicago: inside the default business hours. */
const THURSDAY_MORNING = Date.parse('2026-11-19T16:00:00Z');
const CALLER = '+13125550140';
const CALL_SID = 'CA-race';

async function company(settings: Parameters<ReturnType<typeof callerFor>['missedCalls']['settings']['update']>[0]) {
  t.deps.clock.set(THURSDAY_MORNING);
  const token = await signUp(t.deps, { email: 'owner@race.test', companyName: 'Acme Plumbing', signupPhone: null });
  const caller = callerFor(t.deps, { authToken: token });
  const number = await caller.phone.useSimulator();
  // Mode b: the call goes straight to the greeting and the voicemail starts at once.
  await caller.missedCalls.settings.update({ routingMode: 'forwarded_missed', ...settings });
  return number.e164;
}

async function pass(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += SECOND) {
    t.deps.clock.advance(SECOND);
    await t.deps.queue.drain();
  }
}

const outbound = () => t.deps.db.select().from(messages).where(eq(messages.direction, 'outbound'));
const textBackJob = async () => (await t.deps.db.select().from(jobs).where(eq(jobs.queue, TEXT_BACK_QUEUE)))[0];

/**
 * The text-back job as registered, except that its first run is followed — after its own transaction, before the
 * queue has stored what the run decided — by `between`: another worker's event landing while the job is running.
 */
function interleaveAfterFirstRun(between: () => Promise<void>) {
  let first = true;
  t.deps.queue.register<{ callId: string }>(TEXT_BACK_QUEUE, async (job: JobRecord<{ callId: string }>) => {
    try {
      await sendTextBack(t.deps, job);
    } finally {
      if (first) {
        first = false;
        const [row] = await t.deps.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, job.id));
        expect(row?.status).not.toBe('completed');
        await between();
      }
    }
  });
}

/** The caller's voicemail ends (the Record action's recording and the call's end), processed at once. */
async function voicemailEnds(seconds: number) {
  await storeEvent(t.deps, 'recording', {
    provider: 'simulator',
    params: { CallSid: CALL_SID, RecordingSid: 'RE-race', RecordingDuration: String(seconds), RecordingStatus: 'completed' },
  });
  await storeEvent(t.deps, 'call_status', { provider: 'simulator', params: { CallSid: CALL_SID, CallStatus: 'completed', CallDuration: String(seconds + 8) } });
  // Another worker applies them while the text-back job is still running.
  await t.deps.queue.drain();
}

describe('text-back and a voicemail ending while the text-back job runs', () => {
  it('the voicemail ends just after the job decided to wait for it: the text goes at once, not at the voicemail deadline', async () => {
    const to = await company({ transcribeVoicemail: false });
    await answerIncomingCall(t.deps, { provider: 'simulator', params: { CallSid: CALL_SID, From: CALLER, To: to } });
    await t.deps.queue.drain();
    interleaveAfterFirstRun(() => voicemailEnds(14));

    // At 15 s the delay is over but the caller is still speaking: the job decides to wait (greeting + 120 s at most)…
    await pass(15 * SECOND);
    // …and the voicemail's end, applied meanwhile, still brings it forward: the text has gone at 15 s.
    const texts = await outbound();
    expect(texts).toHaveLength(1);
    expect((await t.deps.db.select().from(calls))[0]).toMatchObject({
      status: 'ended',
      voicemailEndedAt: new Date(THURSDAY_MORNING + 15 * SECOND),
      textBackOutcome: 'texted',
      textBackMessageId: texts[0]!.id,
    });
    expect(await textBackJob()).toMatchObject({ status: 'completed', attempts: 1 });
    await pass(140 * SECOND);
    expect(await outbound()).toHaveLength(1);
  });

  it('the transcript comes just after the job decided to wait for it: the text quoting it goes at once', async () => {
    const to = await company({ transcribeVoicemail: true, tailorToVoicemail: true });
    await answerIncomingCall(t.deps, { provider: 'simulator', params: { CallSid: CALL_SID, From: CALLER, To: to } });
    await t.deps.queue.drain();
    await pass(5 * SECOND);
    await voicemailEnds(4);
    interleaveAfterFirstRun(async () => {
      await storeEvent(t.deps, 'transcription', {
        provider: 'simulator',
        params: { CallSid: CALL_SID, RecordingSid: 'RE-race', TranscriptionStatus: 'completed', TranscriptionText: 'The furnace stopped. Please call.' },
      });
      await t.deps.queue.drain();
    });

    // At 15 s the transcript is not there yet: the job decides to wait up to 30 s after the voicemail for it; the
    // transcript, applied meanwhile, brings it forward: the text quoting it has gone at 15 s.
    await pass(10 * SECOND);
    const texts = await outbound();
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain('We got your voicemail: “The furnace stopped”.');
    expect(texts[0]!.createdAt).toEqual(new Date(THURSDAY_MORNING + 15 * SECOND));
    await pass(60 * SECOND);
    expect(await outbound()).toHaveLength(1);
  });
});
