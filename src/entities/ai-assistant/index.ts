export { aiKeys, type AiSettingsView, invalidateDecisionLog, invalidateHeldReplies, invalidatePriceBook, setCachedAiSettings, useAiSettings } from './api/ai-settings';
export { setCachedVoiceAgentSettings, useVoiceAgentMutations, useVoiceAgentSettings, type VoiceAgentSettingsView } from './api/voice-agent-settings';
export {
  draftsFrom,
  keyFromText,
  KIND_HINTS,
  moved,
  newQuestion,
  QUESTION_LIMITS,
  type QuestionDraft,
  questionProblems,
  questionsToSend,
  withText,
} from './lib/qualifier-questions';
export { QuestionCard } from './ui/question-card';
export { QuestionList } from './ui/question-list';
