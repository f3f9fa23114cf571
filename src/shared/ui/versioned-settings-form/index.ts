export { VersionedSettingsFrame, type VersionedSettingsFrameState } from './versioned-settings-form';
