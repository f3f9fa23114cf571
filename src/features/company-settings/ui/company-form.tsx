import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { type CompanySettings, invalidateCompanySettings, setCachedCompanySettings } from '@/entities/company';
import { invalidateCurrentUser } from '@/entities/user';
import { apiErrorCode, apiFieldErrors } from '@/shared/api-errors';
import { UnsavedChangesGuard } from '@/shared/ui/unsaved-changes';

export interface CompanyFormProps {
  company: CompanySettings;
  submitLabel?: string;
  /** Called after a successful save (onboarding moves to its next step). */
  onSaved?: () => void;
  /** Settings only enable Save after a change; onboarding lets people continue with what is already there. */
  requireChanges?: boolean;
}

/**
 * What both company forms do with a save: on success, put the server's record in the cache (the form re-keys on
 * its `updatedAt`), refresh the current user (the header shows the company name) and toast; on failure, show field
 * errors inline, a conflict as a banner with a reload button, anything else as a toast.
 */
function useSaveFeedback(onSaved?: () => void) {
  const queryClient = useQueryClient();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState(false);
  return {
    serverErrors,
    conflict,
    reset() {
      setServerErrors({});
      setConflict(false);
    },
    succeeded(saved: CompanySettings, message: string) {
      setCachedCompanySettings(queryClient, saved);
      // The header shows the company's name from the signed-in user's record.
      void invalidateCurrentUser(queryClient);
      setServerErrors({});
      setConflict(false);
      onSaved?.();
      notifications.show({ color: 'teal', message });
    },
    failed(error: unknown) {
      if (apiErrorCode(error) === 'CONFLICT') return setConflict(true);
      const fields = apiFieldErrors(error);
      setServerErrors(fields);
      if (Object.keys(fields).length === 0) {
        notifications.show({ color: 'red', message: error instanceof Error ? error.message : 'Saving failed. Please try again.' });
      }
    },
    reload() {
      void invalidateCompanySettings(queryClient);
    },
  };
}

function ConflictAlert({ onReload }: { onReload: () => void }) {
  return (
    <Alert color="orange" title="Someone else changed these settings" role="alert">
      <Text size="sm" mb="xs">
        Your changes were not saved, so nothing of theirs was overwritten. Reload to see the current settings, then make
        your changes again.
      </Text>
      <Button size="xs" variant="light" onClick={onReload}>
        Reload settings
      </Button>
    </Alert>
  );
}

interface SaveCallbacks {
  onSuccess: (saved: CompanySettings) => void;
  onError: (error: unknown) => void;
}

interface CompanyFormOptions<Form, Input, TError> extends Omit<CompanyFormProps, 'submitLabel'> {
  formFrom: (company: CompanySettings) => Form;
  validate: (form: Form) => Record<string, string>;
  /** What to send; null when the form cannot be sent (`validate` says why). */
  toInput: (form: Form) => Input | null;
  mutationOptions: (callbacks: SaveCallbacks) => UseMutationOptions<CompanySettings, TError, Input>;
  savedMessage: string;
  /** The form field a server error key belongs to (e.g. 'serviceArea.2' → 'serviceArea'); the first one wins. */
  fieldOfServerError?: (key: string) => string;
}

/**
 * A company form's state and save: the form starts from the record, errors show the server's first and the
 * form's own only after a submit, and submitting sends what `toInput` makes of a valid form.
 */
export function useCompanyForm<Form, Input, TError>(options: CompanyFormOptions<Form, Input, TError>) {
  const { company, formFrom, validate, toInput, requireChanges = true, fieldOfServerError = (key: string) => key } = options;
  const [form, setForm] = useState<Form>(() => formFrom(company));
  const [submitted, setSubmitted] = useState(false);
  const feedback = useSaveFeedback(options.onSaved);
  const save = useMutation(
    options.mutationOptions({
      onSuccess: (saved) => feedback.succeeded(saved, options.savedMessage),
      onError: (error) => feedback.failed(error),
    }),
  );

  const clientErrors = validate(form);
  const serverErrors: Record<string, string> = {};
  for (const [key, message] of Object.entries(feedback.serverErrors)) serverErrors[fieldOfServerError(key)] ??= message;
  const errorFor = (field: string) => serverErrors[field] ?? (submitted ? clientErrors[field] : undefined);
  const dirty = JSON.stringify(form) !== JSON.stringify(formFrom(company));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const input = Object.keys(clientErrors).length > 0 ? null : toInput(form);
    if (input === null) return;
    feedback.reset();
    save.mutate(input);
  };

  return {
    form,
    setForm,
    errorFor,
    frame: {
      onSubmit: submit,
      conflict: feedback.conflict,
      onReload: feedback.reload,
      saving: save.isPending,
      submitDisabled: requireChanges && !dirty && !feedback.conflict,
      /** Settings warn before unsaved changes are dropped; onboarding's forms move on by themselves. */
      unsaved: requireChanges && dirty,
    },
  };
}

/** The frame of a company form: the conflict banner on top, the sections, and the submit button at the end. */
export function CompanyFormFrame({
  labelledBy,
  submitLabel,
  onSubmit,
  conflict,
  onReload,
  saving,
  submitDisabled,
  unsaved,
  unsavedWhat,
  children,
}: ReturnType<typeof useCompanyForm>['frame'] & { labelledBy: string; submitLabel: string; unsavedWhat: string; children: ReactNode }) {
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={labelledBy}>
      <UnsavedChangesGuard when={unsaved} what={unsavedWhat} />
      <Stack gap="lg">
        {conflict ? <ConflictAlert onReload={onReload} /> : null}
        {children}
        <Group justify="flex-end">
          <Button type="submit" loading={saving} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
