import { and, eq } from 'drizzle-orm';
import { formatPhone } from '@contracts/phone';
import { calls, users } from '@server/platform/db/schema';
import type { CompanyScope } from '@server/platform/db/scope';
import { AppError, notFound } from '@server/platform/errors/app-error';
import { SECOND } from '@server/platform/lib/clock';
import type { AppServices } from '@server/platform/services';
import { answerDialResult, storeEvent } from '@server/modules/calls/voice.service';
import { applyNow, ringTimeoutKey, SIMULATOR_QUEUE, simulatedDialResult, simulatedStep } from './call-simulator.service';

/**
 * The app's incoming-call card answers, declines and ends the test phone's calls (a Twilio call rings the
 * business's phone and is answered there): each as Twilio's Dial action would report it.
 */

type CallRow = typeof calls.$inferSelect;

async function companyCall(scope: Pick<CompanyScope, 'db' | 'companyId'>, id: string): Promise<CallRow> {
  const [call] = await scope.db
    .select()
    .from(calls)
    .where(and(eq(calls.id, id), eq(calls.companyId, scope.companyId)))
    .limit(1);
  if (!call) throw notFound('Call');
  return call;
}

async function userName(scope: Pick<CompanyScope, 'db' | 'companyId'>, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [user] = await scope.db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, scope.companyId)))
    .limit(1);
  return user ? `${user.firstName} ${user.lastName}`.trim() : null;
}

/** Why a call can no longer be answered or declined, in words for the one who tried. */
async function noLongerRinging(scope: CompanyScope, call: CallRow): Promise<AppError> {
  const result = call.provider === 'simulator' ? await simulatedDialResult(scope.db, call.providerCallSid) : null;
  let message = 'This call is no longer ringing.';
  if (result?.status === 'answered' || (!result && call.status === 'answered')) {
    const who = result?.answeredBy === scope.userId ? 'You' : await userName(scope, result?.answeredBy ?? null);
    message = who ? `${who} already answered this call.` : 'Someone on your team already answered this call.';
  } else if (result?.status === 'busy') message = 'This call was declined: the caller is at the voicemail greeting.';
  else if (result?.status === 'no-answer') message = 'Nobody answered in time: the caller went to voicemail.';
  else if (result?.status === 'canceled' || call.missedReason === 'caller_hung_up') message = 'The caller hung up.';
  return new AppError('CONFLICT', message);
}

/**
 * Stores the team's Dial result for a ringing test-phone call, as Twilio's Dial action would: the first result
 * stored for a call is its result (unique per CallSid), so of two people answering at once exactly one wins and
 * the other is told who did; the ring timeout, a decline and the caller's hang-up compete the same way.
 */
async function claimRingingCall(scope: CompanyScope, deps: AppServices, id: string, result: Record<string, string>) {
  const row = await companyCall(scope, id);
  if (row.provider !== 'simulator') {
    throw new AppError('PRECONDITION_FAILED', `This call rings ${row.forwardedTo ? formatPhone(row.forwardedTo) : 'your phone'}: answer or decline it there.`);
  }
  if (row.status !== 'ringing' || !row.forwardedTo) throw await noLongerRinging(scope, row);
  const call = { callSid: row.providerCallSid, from: row.fromNumber, to: row.toNumber };
  const now = deps.clock.now().getTime();
  // Through the Dial's action, as Twilio's calls: with ring-first AI answering, a decline is the assistant's cue.
  const { duplicate } = await answerDialResult(deps, simulatedStep(call, now, result));
  if (duplicate) throw await noLongerRinging(scope, row);
  await applyNow(deps, 'dial', row.providerCallSid);
  return row;
}

/** A team member answers a ringing test-phone call in the app: answered, not missed, no text-back; the talk starts. */
export async function answerCall(scope: CompanyScope, deps: AppServices, id: string) {
  await claimRingingCall(scope, deps, id, { DialCallStatus: 'answered', LeadLoopAnsweredBy: scope.userId });
  return { id, status: 'answered' as const };
}

/** Declined: as a busy line — missed (busy), and the caller goes on to the greeting at once, not at the ring timeout. */
export async function declineCall(scope: CompanyScope, deps: AppServices, id: string) {
  const row = await claimRingingCall(scope, deps, id, { DialCallStatus: 'busy', DialCallDuration: '0' });
  await deps.queue.advance(deps.db, SIMULATOR_QUEUE, ringTimeoutKey(row.providerCallSid), deps.clock.now());
  deps.queue.wake();
  return { id, status: 'missed' as const };
}

/** Ends an answered test-phone call (the caller's side ends as a hang-up would): the talk time is recorded. */
export async function endCall(scope: CompanyScope, deps: AppServices, id: string) {
  const row = await companyCall(scope, id);
  if (row.provider !== 'simulator') throw new AppError('PRECONDITION_FAILED', 'This call is on your phone: hang up there.');
  if (row.status !== 'answered') {
    if (row.status === 'ended') return { id, talkSeconds: row.talkSeconds };
    throw new AppError('CONFLICT', 'This call was not answered, so there is nothing to end.');
  }
  const now = deps.clock.now().getTime();
  const call = { callSid: row.providerCallSid, from: row.fromNumber, to: row.toNumber };
  await storeEvent(deps, 'call_status', simulatedStep(call, now, { CallStatus: 'completed', CallDuration: String(Math.max(0, Math.round((now - row.startedAt.getTime()) / SECOND))) }));
  await applyNow(deps, 'call_status', `${row.providerCallSid}:completed`);
  const after = await companyCall(scope, id);
  return { id, talkSeconds: after.talkSeconds };
}
