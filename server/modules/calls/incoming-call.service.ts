import { and, desc, eq, gt, isNotNull } from 'drizzle-orm';
import { isAnonymousCaller, MISSED_CALL_LIMITS } from '@contracts/call';
import { calls, contacts, users } from '@server/platform/db/schema';
import { AppError, notFound } from '@server/platform/errors/app-error';
import { SECOND } from '@server/platform/lib/clock';
import type { CompanyScope } from '@server/platform/trpc/scope';
import { contactDisplayName, type MessagingDeps } from '@server/modules/messaging/messaging.deps';
import { formatPhone } from '@contracts/phone';
import { applyNow, ringTimeoutKey, SIMULATOR_QUEUE, simulatedDialResult, simulatedStep } from './call-simulator.service';
import { storeEvent } from './voice.service';

type CallRow = typeof calls.$inferSelect;

/** A call rings at most the longest ring timeout (plus a margin for a late job): older "ringing" rows are not shown. */
const RINGING_SHOWN_MS = (MISSED_CALL_LIMITS.ringTimeoutSeconds.max + 30) * SECOND;

/**
 * The calls ringing the team now (routing mode a), newest first, for the app's incoming-call card. The test
 * phone's calls can be answered in the app; a Twilio call rings the business's phone and is answered there.
 */
export async function ringingCalls(scope: CompanyScope) {
  const rows = await scope.db
    .select({ call: calls, firstName: contacts.firstName, lastName: contacts.lastName, phone: contacts.phone })
    .from(calls)
    .leftJoin(contacts, and(eq(contacts.companyId, calls.companyId), eq(contacts.phone, calls.fromNumber)))
    .where(
      and(
        eq(calls.companyId, scope.companyId),
        eq(calls.status, 'ringing'),
        isNotNull(calls.forwardedTo),
        gt(calls.startedAt, new Date(scope.now.getTime() - RINGING_SHOWN_MS)),
      ),
    )
    .orderBy(desc(calls.startedAt))
    .limit(5);
  const seen = new Set<string>();
  return rows
    .filter((row) => !seen.has(row.call.id) && seen.add(row.call.id))
    .map(({ call, firstName, lastName, phone }) => ({
      id: call.id,
      from: isAnonymousCaller(call.fromNumber) ? null : call.fromNumber,
      callerName: phone ? contactDisplayName({ firstName, lastName, phone }) : null,
      startedAt: call.startedAt.getTime(),
      ringsPhone: call.forwardedTo,
      answerableHere: call.provider === 'simulator',
    }));
}

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
async function claimRingingCall(scope: CompanyScope, deps: MessagingDeps, id: string, result: Record<string, string>) {
  const row = await companyCall(scope, id);
  if (row.provider !== 'simulator') {
    throw new AppError('PRECONDITION_FAILED', `This call rings ${row.forwardedTo ? formatPhone(row.forwardedTo) : 'your phone'}: answer or decline it there.`);
  }
  if (row.status !== 'ringing' || !row.forwardedTo) throw await noLongerRinging(scope, row);
  const call = { callSid: row.providerCallSid, from: row.fromNumber, to: row.toNumber };
  const now = deps.clock.now().getTime();
  const { duplicate } = await storeEvent(deps, 'dial', simulatedStep(call, now, result));
  if (duplicate) throw await noLongerRinging(scope, row);
  await applyNow(deps, 'dial', row.providerCallSid);
  return row;
}

/** A team member answers a ringing test-phone call in the app: answered, not missed, no text-back; the talk starts. */
export async function answerCall(scope: CompanyScope, deps: MessagingDeps, id: string) {
  await claimRingingCall(scope, deps, id, { DialCallStatus: 'answered', LeadLoopAnsweredBy: scope.userId });
  return { id, status: 'answered' as const };
}

/** Declined: as a busy line — missed (busy), and the caller goes on to the greeting at once, not at the ring timeout. */
export async function declineCall(scope: CompanyScope, deps: MessagingDeps, id: string) {
  const row = await claimRingingCall(scope, deps, id, { DialCallStatus: 'busy', DialCallDuration: '0' });
  await deps.queue.advance(deps.db, SIMULATOR_QUEUE, ringTimeoutKey(row.providerCallSid), deps.clock.now());
  deps.queue.wake();
  return { id, status: 'missed' as const };
}

/** Ends an answered test-phone call (the caller's side ends as a hang-up would): the talk time is recorded. */
export async function endCall(scope: CompanyScope, deps: MessagingDeps, id: string) {
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
