export { CALLS_PER_PAGE, useCallsOf } from './api/use-calls-of';
export { callDuration, callSummary, callTitle, TEXT_BACK_OUTCOME_COLORS, textBackOutcomeWord, textBackReason, transcriptText } from './model/call-display';
export type { CallItem } from './model/types';
export { CallDetails } from './ui/call-details';
export { CallVoicemail } from './ui/call-voicemail';
export { TextBackBadge } from './ui/text-back-badge';
