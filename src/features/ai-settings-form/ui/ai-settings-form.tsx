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
import { type AiSettingsView, setCachedAiSettings, useAiSettings } from '@/entities/ai-assistant';

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
  const save = useMutation(trpc.ai.settings.update.mutationOptions());
  return useVersionedSettingsForm({
    settings,
    formFrom,
    validate,
    toInput,
    save,
    fieldOf,
    onSaved: (saved) => setCachedAiSettings(queryClient, saved),
    readCurrent: () => queryClient.fetchQuery({ ...trpc.ai.settings.get.queryOptions(), staleTime: 0 }),
  });
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
