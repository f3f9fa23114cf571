import type { RecordingPurpose, RecordingType } from '@contracts/recording';
import { readAuthToken } from '@/entities/session/@x/call';

/**
 * Audio goes over plain HTTP (server/modules/calls/recordings.routes.ts), authenticated like tRPC: the stored
 * session token as `Authorization: Bearer`. An `<audio src>` cannot send that header, so audio is fetched as a blob
 * and played from an object URL.
 */
function authHeaders(): Record<string, string> {
  const token = readAuthToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** The server's sentence for a refused request, or a plain one when it sent none. */
async function problemOf(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return typeof body?.error === 'string' && body.error ? body.error : fallback;
}

export interface UploadedRecording {
  id: string;
  purpose: RecordingPurpose;
  contentType: RecordingType;
  sizeBytes: number;
  seconds: number;
  fileName: string | null;
  createdAt: number;
}

/** Sends an audio file or a microphone recording; the server checks its type (by its bytes), size and length. */
export async function uploadRecording(audio: Blob, options: { purpose: RecordingPurpose; seconds: number; name?: string }): Promise<UploadedRecording> {
  const query = new URLSearchParams({ purpose: options.purpose, seconds: String(Math.max(1, Math.round(options.seconds))) });
  if (options.name) query.set('name', options.name);
  let response: Response;
  try {
    response = await fetch(`/api/recordings?${query.toString()}`, {
      method: 'POST',
      headers: { ...authHeaders(), 'Content-Type': audio.type || 'application/octet-stream' },
      body: audio,
    });
  } catch {
    throw new Error('The upload did not reach LeadLoop. Check your connection and try again.');
  }
  if (!response.ok) throw new Error(await problemOf(response, 'The recording could not be saved. Please try again.'));
  return (await response.json()) as UploadedRecording;
}

/** Audio LeadLoop serves to the signed-in company (a call's voicemail, the uploaded greeting). */
export async function fetchAudio(path: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, { headers: authHeaders() });
  } catch {
    throw new Error('The recording did not load. Check your connection and try again.');
  }
  if (!response.ok) throw new Error(await problemOf(response, 'The recording could not be played.'));
  return response.blob();
}
