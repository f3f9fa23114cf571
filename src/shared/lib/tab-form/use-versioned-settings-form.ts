import { useState } from 'react';
import { apiErrorCode, apiFieldErrors } from '@/shared/api-errors';
import { useTabForm } from './use-tab-form';

interface VersionedSettings {
  version: number;
  canEdit: boolean;
}

/** The screen's save mutation, as React Query gives it (per-call callbacks). */
export interface VersionedSave<Input, Saved> {
  mutate: (input: Input, callbacks: { onSuccess: (saved: Saved) => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
}

/**
 * One tab of settings saved with the version they were read at (the chat widget's and the AI assistant's tabs):
 * the form starts from what is saved, Save sends this tab's fields with that version, a newer save by someone else
 * is a conflict ("Reload"), the server's field errors land under their fields (`fieldOf` maps `questions.2.text`
 * to the field a tab shows), any other refusal above Save, and staff (`canEdit` false) get a read-only form.
 */
export function useVersionedSettingsForm<Saved extends VersionedSettings, Form, Fields>({
  settings,
  formFrom,
  validate,
  toInput,
  save,
  onSaved,
  readCurrent,
  fieldOf = (key) => key,
}: {
  settings: Saved;
  formFrom: (settings: Saved) => Form;
  validate: (form: Form) => Record<string, string>;
  toInput: (form: Form) => Fields;
  save: VersionedSave<Fields & { expectedVersion: number }, Saved>;
  /** Keeps the screen's query in step with what the server answered (setQueryData). */
  onSaved: (saved: Saved) => void;
  /** What is saved now, fresh from the server (after a conflict). */
  readCurrent: () => Promise<Saved>;
  fieldOf?: (key: string) => string;
}) {
  const [conflict, setConflict] = useState(false);
  const tab = useTabForm({
    saved: settings,
    formFrom,
    validate,
    canSave: settings.canEdit,
    submit: (form: Form) => {
      setConflict(false);
      save.mutate(
        { expectedVersion: settings.version, ...toInput(form) },
        {
          onSuccess(saved) {
            onSaved(saved);
            tab.saveSucceeded(saved);
          },
          onError(error) {
            if (apiErrorCode(error) === 'CONFLICT') {
              setConflict(true);
              return;
            }
            const fields: Record<string, string> = {};
            for (const [key, message] of Object.entries(apiFieldErrors(error))) fields[fieldOf(key)] ??= message;
            tab.saveFailed(fields, error instanceof Error ? error.message : 'Saving failed. Please try again.');
          },
        },
      );
    },
  });
  const reload = async () => {
    tab.resetTo(await readCurrent());
    setConflict(false);
  };
  return {
    form: tab.form,
    update: tab.update,
    errorFor: tab.errorFor,
    readOnly: !settings.canEdit,
    frame: { onSubmit: tab.onSubmit, dirty: tab.dirty, saving: save.isPending, refusal: tab.refusal, conflict, reload, savedAt: tab.savedAt, readOnly: !settings.canEdit, hasErrors: tab.hasErrors },
  };
}
