import { Alert } from '@mantine/core';
import { isSuccessMessage } from '../model/auth-flow.machine';

/** The flow's message: success style when it contains "successfully", error style otherwise; announced either way. */
export function FlowMessage({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  if (!message) return null;
  const success = isSuccessMessage(message);
  return (
    <Alert
      color={success ? 'teal' : 'red'}
      variant="light"
      role={success ? 'status' : 'alert'}
      aria-live={success ? 'polite' : 'assertive'}
      data-tone={success ? 'success' : 'error'}
      withCloseButton
      closeButtonLabel="Dismiss message"
      onClose={onDismiss}
    >
      {message}
    </Alert>
  );
}
