import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { apiErrorCode, apiFieldErrors } from '../../../shared/api';

/** Server answers turned into what a form shows: field errors inline, a conflict as a banner, success as a toast. */
export function useSaveFeedback() {
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState(false);
  return {
    serverErrors,
    conflict,
    reset() {
      setServerErrors({});
      setConflict(false);
    },
    succeeded(message: string) {
      setServerErrors({});
      setConflict(false);
      notifications.show({ color: 'teal', message });
    },
    failed(error: unknown) {
      const code = apiErrorCode(error);
      if (code === 'CONFLICT') return setConflict(true);
      const fields = apiFieldErrors(error);
      setServerErrors(fields);
      if (Object.keys(fields).length === 0) {
        notifications.show({ color: 'red', message: error instanceof Error ? error.message : 'Saving failed. Please try again.' });
      }
    },
  };
}
