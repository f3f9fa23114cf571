export { AiSettingsFrame, type AiSettingsUpdate, useAiSettingsForm, WithAiSettings } from './ui/ai-settings-form';
