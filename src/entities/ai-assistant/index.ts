export { type AiSettingsView, useAiSettings } from './api/ai-settings';
