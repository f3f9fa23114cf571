import { Alert, Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiErrorCode, apiFieldErrors } from '../../../shared/api';
import { useTRPC } from '../../../shared/api/react';
import type { CompanySettings } from './company-profile-form';

/**
 * What both company forms do with a save: on success, put the server's record in the cache (the form re-keys on
 * its `updatedAt`), refresh the current user (the header shows the company name) and toast; on failure, show field
 * errors inline, a conflict as a banner with a reload button, anything else as a toast.
 */
export function useSaveFeedback(onSaved?: () => void) {
  const trpc = useTRPC();
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
      queryClient.setQueryData(trpc.company.get.queryKey(), saved);
      void queryClient.invalidateQueries({ queryKey: trpc.getCurrentLoggedInUser.queryKey() });
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
      void queryClient.invalidateQueries({ queryKey: trpc.company.get.queryKey() });
    },
  };
}

export function ConflictAlert({ onReload }: { onReload: () => void }) {
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
