export { callDuration, callSummary, TEXT_BACK_OUTCOME_COLORS, textBackOutcomeWord, textBackReason, transcriptText } from './model/call-display';
export type { CallItem } from './model/types';
export { CallVoicemail } from './ui/call-voicemail';
export { TextBackBadge } from './ui/text-back-badge';
