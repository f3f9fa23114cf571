import { Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { inferRouterInputs } from '@trpc/server';
import type { ReactNode } from 'react';
import type { AppRouter } from '@/shared/api';
import { useTRPC } from '@/shared/api-react';
import { useVersionedSettingsForm } from '@/shared/lib/tab-form';
import { LoadError } from '@/shared/ui/load-error';
import { ScreenSpinner } from '@/shared/ui/spinner';
import { VersionedSettingsFrame } from '@/shared/ui/versioned-settings-form';
import { setCachedWidgetSettings, useWidgetSettings, type WidgetSettingsView } from '@/entities/website-widget';
import { fieldOfServerError } from '../lib/widget-form';

/** What a tab sends: its own fields (the update is partial); the version is added here. */
type UpdateInput = Omit<inferRouterInputs<AppRouter>['widget']['settings']['update'], 'expectedVersion'>;

/**
 * Loads the widget settings, then renders the tab with them; a failure says so with "Try again".
 */
export function WithWidgetSettings({ what, children }: { what: string; children: (settings: WidgetSettingsView) => ReactNode }) {
  const settings = useWidgetSettings();
  if (settings.isPending) return <ScreenSpinner />;
  if (settings.isError) return <LoadError title={`Couldn’t load your ${what}`} error={settings.error} onRetry={settings.refetch} />;
  return <Stack gap="lg">{children(settings.data)}</Stack>;
}

interface Options<Form> {
  settings: WidgetSettingsView;
  formFrom: (settings: WidgetSettingsView) => Form;
  validate: (form: Form) => Record<string, string>;
  toInput: (form: Form) => UpdateInput;
}

/**
 * One tab's part of the widget settings (decision 0018's form-then-Save): the form starts from what is saved, Save
 * sends this tab's fields with the version it read; the server's field errors show under their fields, a save over
 * someone else's newer one is shown as such with "Reload", any other refusal (staff: FORBIDDEN) above Save.
 */
export function useWidgetSettingsForm<Form>({ settings, formFrom, validate, toInput }: Options<Form>) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.widget.settings.update.mutationOptions());
  return useVersionedSettingsForm({
    settings,
    formFrom,
    validate,
    toInput,
    save,
    fieldOf: fieldOfServerError,
    onSaved: (saved) => setCachedWidgetSettings(queryClient, saved),
    readCurrent: () => queryClient.fetchQuery({ ...trpc.widget.settings.get.queryOptions(), staleTime: 0 }),
  });
}

export function WidgetSettingsFrame({
  labelledBy,
  unsavedWhat,
  submitLabel,
  children,
  ...state
}: ReturnType<typeof useWidgetSettingsForm>['frame'] & { labelledBy: string; unsavedWhat: string; submitLabel: string; children: ReactNode }) {
  return (
    <VersionedSettingsFrame
      labelledBy={labelledBy}
      unsavedWhat={unsavedWhat}
      submitLabel={submitLabel}
      what="the widget settings"
      readOnlyNote="Only the owner or an admin can change the website widget, because it decides which websites may create leads and text people in your business’s name. Ask them if something here should change."
      state={state}
    >
      {children}
    </VersionedSettingsFrame>
  );
}
