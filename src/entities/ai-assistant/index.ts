export { aiKeys, type AiSettingsView, invalidateDecisionLog, invalidateHeldReplies, invalidatePriceBook, setCachedAiSettings, useAiSettings } from './api/ai-settings';
