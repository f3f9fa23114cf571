import { Alert, List } from '@mantine/core';
import { apiFieldErrors } from '@/shared/api-errors';

/**
 * A failed call's message for people, for what is not already shown next to a field. The server writes its
 * PRECONDITION_FAILED and CONFLICT messages for people, so they are shown as they are.
 */
export function ApiErrorAlert({ error, shownFields = [], title }: { error: unknown; shownFields?: string[]; title?: string }) {
  if (!error) return null;
  const fields = apiFieldErrors(error);
  const others = Object.entries(fields).filter(([field]) => !shownFields.includes(field));
  if (Object.keys(fields).length > 0 && others.length === 0) return null;
  return (
    <Alert color="red" variant="light" title={title}>
      {others.length > 0 ? (
        <List size="sm">
          {others.map(([field, message]) => (
            <List.Item key={field}>{message}</List.Item>
          ))}
        </List>
      ) : error instanceof Error ? (
        error.message
      ) : (
        'Something went wrong. Please try again.'
      )}
    </Alert>
  );
}
