import { Alert, Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SaveBar } from '@/shared/ui/save-bar';
import { UnsavedChangesGuard } from '@/shared/ui/unsaved-changes';

export interface VersionedSettingsFrameState {
  onSubmit: (event: React.FormEvent) => void;
  dirty: boolean;
  saving: boolean;
  refusal: string | null;
  conflict: boolean;
  reload: () => Promise<void>;
  savedAt: number | null;
  readOnly: boolean;
  hasErrors: boolean;
}

/**
 * One tab of settings that are saved with the version they were read at (decision 0018's form-then-Save): the
 * read-only note for people who may look but not change, the fields, "changed elsewhere — reload" after a conflict,
 * and the save bar. `what` names the settings in the sentences ("the widget settings", "the AI settings").
 */
export function VersionedSettingsFrame({
  labelledBy,
  unsavedWhat,
  submitLabel,
  what,
  readOnlyNote,
  state,
  children,
}: {
  labelledBy: string;
  unsavedWhat: string;
  submitLabel: string;
  what: string;
  readOnlyNote: string;
  state: VersionedSettingsFrameState;
  children: ReactNode;
}) {
  const { onSubmit, dirty, saving, refusal, conflict, reload, savedAt, readOnly, hasErrors } = state;
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={labelledBy}>
      <UnsavedChangesGuard when={dirty && !readOnly} what={unsavedWhat} />
      <Stack gap="lg">
        {readOnly ? (
          <Alert role="note" color="gray" title="You can look, not change">
            {readOnlyNote}
          </Alert>
        ) : null}
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="lg">{children}</Stack>
        </fieldset>
        {conflict ? (
          <Alert color="orange" title="Changed elsewhere — reload" role="alert">
            <Text size="sm" mb="xs">
              Someone else saved {what} after you opened them. Your changes were not saved, so nothing of theirs was
              overwritten. Reload to see the current settings, then make your changes again.
            </Text>
            <Button size="xs" variant="light" onClick={() => void reload()}>
              Reload settings
            </Button>
          </Alert>
        ) : null}
        <SaveBar refusal={refusal} hasErrors={hasErrors} savedAt={savedAt} dirty={dirty} saving={saving} submitLabel={submitLabel} readOnly={readOnly} />
      </Stack>
    </form>
  );
}
