export { type TabFormOptions, useTabForm } from './use-tab-form';
export { useVersionedSettingsForm, type VersionedSave } from './use-versioned-settings-form';
