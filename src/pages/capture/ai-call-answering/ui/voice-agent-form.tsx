import type { ReactNode } from 'react';
import { useVersionedSettingsForm, type VersionedSave } from '@/shared/lib/tab-form';
import { LoadError } from '@/shared/ui/load-error';
import { ScreenSpinner } from '@/shared/ui/spinner';
import { VersionedSettingsFrame } from '@/shared/ui/versioned-settings-form';
import { useVoiceAgentMutations, useVoiceAgentSettings, type VoiceAgentSettingsView } from '../api/voice-agent.queries';

/** Loads the call answering settings, then renders the tab with them (a failure says so with "Try again"). */
export function WithVoiceAgentSettings({ children }: { children: (settings: VoiceAgentSettingsView) => ReactNode }) {
  const settings = useVoiceAgentSettings();
  if (settings.isPending) return <ScreenSpinner />;
  if (settings.isError) return <LoadError title="Couldn’t load your call answering settings" error={settings.error} onRetry={settings.refetch} />;
  return <>{children(settings.data)}</>;
}

/**
 * One tab's form-then-Save over the call answering settings (decision 0018): the form starts from what is saved,
 * Save sends this tab's fields with the version read; the server's field errors land under their fields in its
 * words, a newer save by someone else is a conflict that keeps what was typed and offers "Reload", staff read only.
 */
export function useVoiceAgentForm<Form, Fields>({
  settings,
  formFrom,
  validate,
  toInput,
  save,
  fieldOf,
}: {
  settings: VoiceAgentSettingsView;
  formFrom: (settings: VoiceAgentSettingsView) => Form;
  validate: (form: Form) => Record<string, string>;
  toInput: (form: Form) => Fields;
  save: VersionedSave<Fields & { expectedVersion: number }, VoiceAgentSettingsView>;
  fieldOf?: (key: string) => string;
}) {
  const { readCurrent, onSaved } = useVoiceAgentMutations();
  return useVersionedSettingsForm({ settings, formFrom, validate, toInput, save, onSaved, readCurrent, ...(fieldOf ? { fieldOf } : {}) });
}

export function VoiceAgentFrame({
  labelledBy,
  unsavedWhat,
  submitLabel,
  children,
  ...state
}: ReturnType<typeof useVoiceAgentForm>['frame'] & { labelledBy: string; unsavedWhat: string; submitLabel: string; children: ReactNode }) {
  return (
    <VersionedSettingsFrame
      labelledBy={labelledBy}
      unsavedWhat={unsavedWhat}
      submitLabel={submitLabel}
      what="the call answering settings"
      readOnlyNote="Only the owner or an admin can change how calls are answered, because the assistant speaks for your business on the phone. Ask them if something here should change."
      state={state}
    >
      {children}
    </VersionedSettingsFrame>
  );
}
