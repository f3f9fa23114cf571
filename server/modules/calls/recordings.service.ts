import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lt, notExists, sql } from 'drizzle-orm';
import {
  MAX_GREETING_SECONDS,
  MAX_RECORDING_BYTES,
  RECORDING_LIMIT_WORDS,
  type RecordingPurpose,
  type RecordingType,
  recordingTypeOf,
} from '@contracts/recording';
import type { Database, DbOrTx } from '@server/platform/db/database';
import { calls, missedCallSettings, recordings } from '@server/platform/db/schema';
import { invalidField, notFound } from '@server/platform/errors/app-error';
import { HOUR } from '@server/platform/lib/clock';
import type { CompanyScope } from '@server/platform/db/scope';
import { writeUserAudit } from '@server/modules/audit/audit.service';

/**
 * The format a file really is, from its first bytes: WebM (EBML), Ogg, MP3 (an ID3 tag or an MPEG audio frame),
 * WAV (RIFF…WAVE) or MP4/M4A (an ftyp box). Null for anything else — a renamed PDF is not audio.
 */
export function sniffAudioType(bytes: Uint8Array): RecordingType | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length < 12) return null;
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'audio/webm';
  if (ascii(0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'audio/wav';
  if (ascii(4, 8) === 'ftyp') return 'audio/mp4';
  if (ascii(0, 3) === 'ID3') return 'audio/mpeg';
  // An MPEG audio frame: 11 sync bits, and a layer (AAC's ADTS frames have layer 00 and are not MP3).
  if (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0 && (((bytes[1] ?? 0) >> 1) & 0x03) !== 0) return 'audio/mpeg';
  return null;
}

export interface NewRecording {
  purpose: RecordingPurpose;
  /** The Content-Type the browser sent ("audio/webm;codecs=opus"). */
  declaredType: string | undefined;
  bytes: Buffer;
  seconds: number;
  fileName: string | null;
}

const metadata = {
  id: recordings.id,
  purpose: recordings.purpose,
  contentType: recordings.contentType,
  sizeBytes: recordings.sizeBytes,
  seconds: recordings.seconds,
  fileName: recordings.fileName,
  createdAt: recordings.createdAt,
};
type MetadataRow = { id: string; purpose: RecordingPurpose; contentType: RecordingType; sizeBytes: number; seconds: number; fileName: string | null; createdAt: Date };

export function toRecordingView(row: MetadataRow) {
  return { id: row.id, purpose: row.purpose, contentType: row.contentType, sizeBytes: row.sizeBytes, seconds: row.seconds, fileName: row.fileName, createdAt: row.createdAt.getTime() };
}
export type RecordingView = ReturnType<typeof toRecordingView>;

/**
 * Keeps an uploaded recording. The declared type must be one we take and the bytes must be that format; at most
 * 5 MB; a greeting at most 2 minutes. A new greeting replaces the company's previous one (one per company).
 */
export async function saveRecording(scope: CompanyScope, input: NewRecording): Promise<RecordingView> {
  const declared = recordingTypeOf(input.declaredType);
  if (!declared) throw invalidField('file', `Upload ${RECORDING_LIMIT_WORDS}.`);
  if (input.bytes.length === 0) throw invalidField('file', 'The file is empty.');
  if (input.bytes.length > MAX_RECORDING_BYTES) throw invalidField('file', `The file is too large: upload ${RECORDING_LIMIT_WORDS}.`);
  const actual = sniffAudioType(input.bytes);
  if (actual !== declared) throw invalidField('file', `This file is not ${declared === 'audio/mpeg' ? 'an MP3' : `a ${declared.slice(6).toUpperCase()}`} audio file: upload ${RECORDING_LIMIT_WORDS}.`);
  if (input.purpose === 'greeting' && input.seconds > MAX_GREETING_SECONDS) {
    throw invalidField('file', `A greeting can be at most ${MAX_GREETING_SECONDS / 60} minutes long; callers hang up on long ones.`);
  }
  return scope.db.transaction(async (tx) => {
    if (input.purpose === 'greeting') await tx.delete(recordings).where(and(eq(recordings.companyId, scope.companyId), eq(recordings.purpose, 'greeting')));
    const [row] = await tx
      .insert(recordings)
      .values({
        companyId: scope.companyId,
        purpose: input.purpose,
        contentType: actual,
        sizeBytes: input.bytes.length,
        seconds: input.seconds,
        fileName: input.fileName,
        bytes: input.bytes,
        createdBy: scope.userId,
        createdAt: scope.now,
      })
      .returning(metadata);
    if (!row) throw new Error('recording insert returned nothing');
    if (input.purpose === 'greeting') {
      await writeUserAudit(tx, scope, { action: 'missed_calls.greeting_uploaded', targetType: 'company', targetId: scope.companyId, metadata: { recordingId: row.id, seconds: row.seconds, sizeBytes: row.sizeBytes } });
    }
    return toRecordingView(row);
  });
}

/** The company's uploaded greeting, or null. */
export async function greetingOf(executor: DbOrTx, companyId: string): Promise<RecordingView | null> {
  const [row] = await executor
    .select(metadata)
    .from(recordings)
    .where(and(eq(recordings.companyId, companyId), eq(recordings.purpose, 'greeting')))
    .limit(1);
  return row ? toRecordingView(row) : null;
}

/** Removes the uploaded greeting; callers hear the greeting text again. */
export async function removeGreeting(scope: CompanyScope): Promise<void> {
  await scope.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(recordings)
      .where(and(eq(recordings.companyId, scope.companyId), eq(recordings.purpose, 'greeting')))
      .returning({ id: recordings.id });
    if (deleted.length === 0) throw notFound('Greeting recording');
    await tx.update(missedCallSettings).set({ greetingSource: 'say', updatedAt: scope.now }).where(eq(missedCallSettings.companyId, scope.companyId));
    await writeUserAudit(tx, scope, { action: 'missed_calls.greeting_removed', targetType: 'company', targetId: scope.companyId, metadata: { recordingId: deleted[0]!.id } });
  });
}

/** One recording of the company, with its bytes; another company's id answers NOT_FOUND, like an unknown one. */
export async function recordingAudio(db: Database, companyId: string, id: string) {
  const [row] = await db
    .select({ contentType: recordings.contentType, bytes: recordings.bytes })
    .from(recordings)
    .where(and(eq(recordings.id, id), eq(recordings.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound('Recording');
  return row;
}

/**
 * A test phone's recorded voicemail becomes one simulated call's recording: it must be the company's, a voicemail,
 * and not taken by another call. Marked used in the same statement, so two calls cannot share it.
 */
export async function takeVoicemailRecording(executor: DbOrTx, companyId: string, id: string, now: Date): Promise<{ id: string; seconds: number }> {
  const [row] = await executor
    .update(recordings)
    .set({ usedAt: now })
    .where(and(eq(recordings.id, id), eq(recordings.companyId, companyId), eq(recordings.purpose, 'voicemail'), isNull(recordings.usedAt)))
    .returning({ id: recordings.id, seconds: recordings.seconds });
  if (!row) throw notFound('Recorded voicemail');
  return row;
}

/** The simulator's RecordingUrl for a voicemail recorded on a test phone: a pointer into `recordings`, not a web address. */
const SIMULATOR_RECORDING = 'leadloop-recording:';

/** How long a test-phone recording no call took is kept (the tester recorded, then hung up or discarded it). */
export const UNUSED_RECORDING_KEPT_MS = 24 * HOUR;

/**
 * Deletes the test phone's voicemail recordings that no call took and that are older than a day. Never a greeting
 * (another purpose) nor a call's voicemail (taken: `used_at` set, and no call points at it); a recording being taken
 * at the same moment is either taken first (and kept) or deleted first (and the take answers NOT_FOUND).
 */
export async function deleteUnusedTestPhoneRecordings(executor: DbOrTx, now: Date): Promise<number> {
  const deleted = await executor
    .delete(recordings)
    .where(
      and(
        eq(recordings.purpose, 'voicemail'),
        isNull(recordings.usedAt),
        lt(recordings.createdAt, new Date(now.getTime() - UNUSED_RECORDING_KEPT_MS)),
        notExists(
          executor
            .select({ id: calls.id })
            .from(calls)
            .where(and(eq(calls.companyId, recordings.companyId), eq(calls.recordingUrl, sql`${SIMULATOR_RECORDING} || ${recordings.id}::text`))),
        ),
      ),
    )
    .returning({ id: recordings.id });
  return deleted.length;
}
export const simulatorRecordingUrl = (recordingId: string) => `${SIMULATOR_RECORDING}${recordingId}`;

/** The playback path LeadLoop serves for a call's voicemail (the session decides whose calls it plays). */
export const callRecordingPath = (callId: string) => `/api/calls/${callId}/recording`;

/** Whether a call's voicemail has audio LeadLoop can play: a Twilio recording, or one the test phone recorded. */
export function hasPlayableAudio(call: { provider: string; recordingSid: string | null; recordingUrl: string | null; recordingSeconds: number | null }): boolean {
  if (!call.recordingSeconds) return false;
  if (call.provider === 'twilio') return Boolean(call.recordingSid);
  return Boolean(call.recordingUrl?.startsWith(SIMULATOR_RECORDING));
}

/** Where a call's voicemail audio is: a Twilio recording (by its sid) or a stored recording of the company. */
export async function callAudioSource(db: Database, companyId: string, callId: string): Promise<{ kind: 'twilio'; recordingSid: string } | { kind: 'stored'; recordingId: string }> {
  const [call] = await db
    .select({ provider: calls.provider, recordingSid: calls.recordingSid, recordingUrl: calls.recordingUrl, recordingSeconds: calls.recordingSeconds })
    .from(calls)
    .where(and(eq(calls.id, callId), eq(calls.companyId, companyId)))
    .limit(1);
  if (!call) throw notFound('Call');
  if (!hasPlayableAudio(call)) throw notFound('Voicemail recording');
  if (call.provider === 'twilio') return { kind: 'twilio', recordingSid: call.recordingSid! };
  return { kind: 'stored', recordingId: call.recordingUrl!.slice(SIMULATOR_RECORDING.length) };
}

/**
 * Twilio fetches the greeting it plays without our session, so its address carries a signature: an HMAC of the
 * recording id keyed with the Twilio auth token (the secret Twilio signs its webhooks with). Unguessable, nothing
 * extra stored, and a greeting that is replaced or removed stops being served.
 */
function greetingSignature(key: string, recordingId: string): string {
  return createHmac('sha256', key).update(`greeting:${recordingId}`).digest('base64url');
}

export function signedGreetingUrl(publicUrl: string, key: string, recordingId: string): string {
  return `${publicUrl}/api/greetings/${recordingId}/${greetingSignature(key, recordingId)}`;
}

export function isGreetingSignature(key: string, recordingId: string, signature: string): boolean {
  const expected = Buffer.from(greetingSignature(key, recordingId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The greeting Twilio asked for by its signed address (no company: the signature is the permission). */
export async function greetingAudio(db: Database, recordingId: string) {
  const [row] = await db
    .select({ contentType: recordings.contentType, bytes: recordings.bytes })
    .from(recordings)
    .where(and(eq(recordings.id, recordingId), eq(recordings.purpose, 'greeting')))
    .limit(1);
  return row ?? null;
}

/** The greeting callers hear: the uploaded recording's id when the company chose it and it exists, else null (the text is read). */
export async function greetingRecordingId(executor: DbOrTx, companyId: string, source: 'say' | 'recording'): Promise<string | null> {
  if (source !== 'recording') return null;
  return (await greetingOf(executor, companyId))?.id ?? null;
}
