import { Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { apiFieldErrors } from '@/shared/api-errors';
import { useTRPC } from '@/shared/api-react';
import { useTabForm } from '@/shared/lib/tab-form';
import { LoadError } from '@/shared/ui/load-error';
import { SaveBar } from '@/shared/ui/save-bar';
import { ScreenSpinner } from '@/shared/ui/spinner';
import { UnsavedChangesGuard } from '@/shared/ui/unsaved-changes';
import { setCachedMissedCallSettings } from '@/entities/call';

/** `missedCalls.settings.get`: the settings, the company's hours and time zone, and the defaults. */
export function useMissedCallSettings() {
  const trpc = useTRPC();
  return useQuery(trpc.missedCalls.settings.get.queryOptions());
}

export type MissedCallSettingsView = NonNullable<ReturnType<typeof useMissedCallSettings>['data']>;
type UpdateInput = Partial<Omit<MissedCallSettingsView, 'businessHours' | 'timezone' | 'defaults'>>;

/** Loads the settings, then renders the form with them (a failure says so with "Try again"). */
export function WithMissedCallSettings({ what, children }: { what: string; children: (settings: MissedCallSettingsView) => ReactNode }) {
  const settings = useMissedCallSettings();
  if (settings.isPending) return <ScreenSpinner />;
  if (settings.isError) return <LoadError title={`Couldn’t load your ${what}`} error={settings.error} onRetry={settings.refetch} />;
  return <>{children(settings.data)}</>;
}

interface Options<Form> {
  settings: MissedCallSettingsView;
  formFrom: (settings: MissedCallSettingsView) => Form;
  validate: (form: Form) => Record<string, string>;
  toInput: (form: Form) => UpdateInput;
}

/**
 * One tab's part of the missed-call settings: the form starts from what is saved, Save sends only this tab's fields
 * (the update is partial), the server's field errors show next to their fields and a refusal without a field above
 * the Save button; a save is confirmed in a status line under it ("✓ Saved at 7:41 PM"), which stays readable.
 */
export function useMissedCallSettingsForm<Form>({ settings, formFrom, validate, toInput }: Options<Form>) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(
    trpc.missedCalls.settings.update.mutationOptions({
      onSuccess(saved) {
        setCachedMissedCallSettings(queryClient, saved);
        tab.saveSucceeded(saved);
      },
      onError(error) {
        tab.saveFailed(apiFieldErrors(error), error.message);
      },
    }),
  );
  const tab = useTabForm({ saved: settings, formFrom, validate, submit: (form: Form) => save.mutate(toInput(form)) });
  return {
    form: tab.form,
    update: tab.update,
    errorFor: tab.errorFor,
    frame: { onSubmit: tab.onSubmit, dirty: tab.dirty, saving: save.isPending, refusal: tab.refusal, savedAt: tab.savedAt, hasErrors: tab.hasErrors },
  };
}

export function SettingsFormFrame({
  labelledBy,
  unsavedWhat,
  submitLabel,
  onSubmit,
  dirty,
  saving,
  refusal,
  savedAt,
  hasErrors,
  children,
}: ReturnType<typeof useMissedCallSettingsForm>['frame'] & { labelledBy: string; unsavedWhat: string; submitLabel: string; children: ReactNode }) {
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={labelledBy}>
      <UnsavedChangesGuard when={dirty} what={unsavedWhat} />
      <Stack gap="lg">
        {children}
        <SaveBar refusal={refusal} hasErrors={hasErrors} savedAt={savedAt} dirty={dirty} saving={saving} submitLabel={submitLabel} />
      </Stack>
    </form>
  );
}
