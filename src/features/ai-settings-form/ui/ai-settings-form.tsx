import { Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { inferRouterInputs } from '@trpc/server';
import { type ReactNode, useState } from 'react';
import type { AppRouter } from '@/shared/api';
import { apiErrorCode, apiFieldErrors } from '@/shared/api-errors';
import { useTRPC } from '@/shared/api-react';
import { useTabForm } from '@/shared/lib/tab-form';
import { LoadError } from '@/shared/ui/load-error';
import { ScreenSpinner } from '@/shared/ui/spinner';
import { VersionedSettingsFrame } from '@/shared/ui/versioned-settings-form';
import { type AiSettingsView, useAiSettings } from '@/entities/ai-assistant';

/** What a tab sends: its own fields (the update is partial); the version is added here. */
export type AiSettingsUpdate = Omit<inferRouterInputs<AppRouter>['ai']['settings']['update'], 'expectedVersion'>;

/** Loads the AI settings, then renders the tab with them; a failure says so with "Try again". */
export function WithAiSettings({ what, children }: { what: string; children: (settings: AiSettingsView) => ReactNode }) {
  const settings = useAiSettings();
  if (settings.isPending) return <ScreenSpinner />;
  if (settings.isError) return <LoadError title={`Couldn’t load your ${what}`} error={settings.error} onRetry={settings.refetch} />;
  return <Stack gap="lg">{children(settings.data)}</Stack>;
}

/** `questions.2.text` → `questions` unless a tab shows that exact path: server errors land under their field. */
const fieldOf = (key: string) => key.replace(/\.\d+(\..*)?$/, '');

/**
 * One tab's part of the AI settings (Settings → AI, Lead qualifier, AI schedule, Missed calls → AI agent): the
 * form starts from what is saved; Save sends this tab's fields with the version it read; field errors show under
 * their fields, a save over someone else's newer one offers "Reload", other refusals (staff) sit above Save.
 */
export function useAiSettingsForm<Form>({ settings, formFrom, validate, toInput }: { settings: AiSettingsView; formFrom: (settings: AiSettingsView) => Form; validate: (form: Form) => Record<string, string>; toInput: (form: Form) => AiSettingsUpdate }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState(false);
  const save = useMutation(
    trpc.ai.settings.update.mutationOptions({
      onSuccess(saved) {
        queryClient.setQueryData(trpc.ai.settings.get.queryKey(), saved);
        tab.saveSucceeded(saved);
      },
      onError(error) {
        if (apiErrorCode(error) === 'CONFLICT') {
          setConflict(true);
          return;
        }
        const fields: Record<string, string> = {};
        for (const [key, message] of Object.entries(apiFieldErrors(error))) fields[fieldOf(key)] ??= message;
        tab.saveFailed(fields, error.message);
      },
    }),
  );
  const tab = useTabForm({
    saved: settings,
    formFrom,
    validate,
    canSave: settings.canEdit,
    submit: (form: Form) => {
      setConflict(false);
      save.mutate({ expectedVersion: settings.version, ...toInput(form) });
    },
  });
  const reload = async () => {
    const current = await queryClient.fetchQuery({ ...trpc.ai.settings.get.queryOptions(), staleTime: 0 });
    tab.resetTo(current);
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

/** The frame of an AI settings tab: read-only note for staff, the fields, conflict, Save. */
export function AiSettingsFrame({
  labelledBy,
  unsavedWhat,
  submitLabel,
  children,
  ...state
}: ReturnType<typeof useAiSettingsForm>['frame'] & { labelledBy: string; unsavedWhat: string; submitLabel: string; children: ReactNode }) {
  return (
    <VersionedSettingsFrame
      labelledBy={labelledBy}
      unsavedWhat={unsavedWhat}
      submitLabel={submitLabel}
      what="the AI settings"
      readOnlyNote="Only the owner or an admin can change the AI assistant, because it texts people in your business’s name. Ask them if something here should change."
      state={state}
    >
      {children}
    </VersionedSettingsFrame>
  );
}
