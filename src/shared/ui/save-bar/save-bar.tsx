import { Alert, Button, Group, Text } from '@mantine/core';
import { clockTime } from '@/shared/lib/format';

/**
 * The foot of a form-then-Save tab (docs/decisions/0018): a refusal without a field above Save, and a status line
 * beside it — "Not saved: fix the fields marked in red.", "✓ Saved at 7:41 PM" (stays readable), or "You have
 * unsaved changes." A read-only form shows the refusal only.
 */
export function SaveBar({
  refusal,
  hasErrors,
  savedAt,
  dirty,
  saving,
  submitLabel,
  readOnly = false,
}: {
  refusal: string | null;
  hasErrors: boolean;
  savedAt: number | null;
  dirty: boolean;
  saving: boolean;
  submitLabel: string;
  readOnly?: boolean;
}) {
  return (
    <>
      {refusal ? (
        <Alert color="red" title="Not saved" role="alert">
          {refusal}
        </Alert>
      ) : null}
      {readOnly ? null : (
        <Group justify="flex-end" gap="md">
          <Text size="sm" c={hasErrors ? 'red' : 'dimmed'} role="status">
            {hasErrors ? 'Not saved: fix the fields marked in red.' : savedAt !== null && !dirty ? `✓ Saved at ${clockTime(savedAt)}` : dirty ? 'You have unsaved changes.' : ''}
          </Text>
          <Button type="submit" loading={saving} disabled={!dirty}>
            {submitLabel}
          </Button>
        </Group>
      )}
    </>
  );
}
