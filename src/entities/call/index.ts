export { CALLS_PER_PAGE, useCallsOf } from './api/use-calls-of';
export { fetchAudio, type UploadedRecording, uploadRecording } from './api/recording-api';
export { audioSeconds } from './lib/audio-seconds';
export { callDuration, callSummary, callTitle, TEXT_BACK_OUTCOME_COLORS, textBackOutcomeWord, textBackReason, transcriptText } from './model/call-display';
export type { CallItem } from './model/types';
export { AudioPlayer } from './ui/audio-player';
export { CallDetails } from './ui/call-details';
export { CallVoicemail } from './ui/call-voicemail';
export { TextBackBadge } from './ui/text-back-badge';
