export { UNSAVED_TITLE, UnsavedChangesGuard, type UnsavedChangesGuardProps } from './unsaved-changes-guard';
