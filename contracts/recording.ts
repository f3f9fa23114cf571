/**
 * Audio LeadLoop keeps (decision 0024): a company's uploaded voicemail greeting, and the voicemails the test phone
 * records with the browser's microphone. Stored in PostgreSQL, at most `MAX_RECORDING_BYTES` each, in one of the
 * formats below — checked by the file's first bytes, not only by the type the browser declares.
 */

/** greeting: played to callers instead of the read-out text; voicemail: a test phone's recorded message. */
export const RECORDING_PURPOSES = ['greeting', 'voicemail'] as const;
export type RecordingPurpose = (typeof RECORDING_PURPOSES)[number];

export const RECORDING_TYPES = ['audio/webm', 'audio/ogg', 'audio/mpeg', 'audio/wav', 'audio/mp4'] as const;
export type RecordingType = (typeof RECORDING_TYPES)[number];

/** Other names browsers and operating systems give the same formats. */
const TYPE_ALIASES: Record<string, RecordingType> = {
  'audio/webm': 'audio/webm',
  'video/webm': 'audio/webm',
  'audio/ogg': 'audio/ogg',
  'audio/opus': 'audio/ogg',
  'audio/mpeg': 'audio/mpeg',
  'audio/mp3': 'audio/mpeg',
  'audio/wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/x-wav': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/mp4': 'audio/mp4',
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'audio/aac': 'audio/mp4',
};

/** "audio/webm;codecs=opus" → "audio/webm"; null for a type we do not take. */
export function recordingTypeOf(declared: string | null | undefined): RecordingType | null {
  const base = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  return TYPE_ALIASES[base] ?? null;
}

/** 5 MB: about five minutes of a phone-quality MP3, far more than a greeting or a voicemail needs. */
export const MAX_RECORDING_BYTES = 5 * 1024 * 1024;
/** The longest greeting (Twilio plays it before the beep; callers hang up on long ones). */
export const MAX_GREETING_SECONDS = 120;
/** The longest recording of any kind (a voicemail stops at the settings' max length, at most 300 s). */
export const MAX_RECORDING_SECONDS = 300;

export const RECORDING_ACCEPT = 'audio/webm,audio/ogg,audio/mpeg,audio/wav,audio/mp4,.webm,.ogg,.oga,.opus,.mp3,.wav,.m4a,.mp4';

/** What the uploader may read when a file is refused. */
export const RECORDING_LIMIT_WORDS = `an audio file (WebM, Ogg, MP3, WAV or M4A) of at most ${MAX_RECORDING_BYTES / 1024 / 1024} MB`;
