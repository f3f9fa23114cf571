import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useBlocker, useRouter } from '@tanstack/react-router';

export interface UnsavedChangesGuardProps {
  /** There are changes nobody saved yet. */
  when: boolean;
  /** What holds the changes, for the question: "You changed the company profile…". */
  what: string;
}

export const UNSAVED_TITLE = 'Leave without saving?';

function Guard({ when, what }: UnsavedChangesGuardProps) {
  // Another tab or screen of the app: ask in the app. Closing or reloading the page: the browser's own question.
  const blocker = useBlocker({ shouldBlockFn: () => when, enableBeforeUnload: () => when, withResolver: true });
  return (
    <Modal opened={blocker.status === 'blocked'} onClose={() => blocker.reset?.()} title={UNSAVED_TITLE} closeButtonProps={{ 'aria-label': 'Stay on this page' }}>
      <Stack gap="md">
        <Text size="sm">You changed {what} and didn’t save it. If you leave now, your changes are lost.</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            Stay and keep editing
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            Leave without saving
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Warns before unsaved changes are dropped: on a move to another screen or tab of the app (TanStack Router's
 * blocker, answered in a dialog) and on closing or reloading the page (`beforeunload`). Outside a router (a form
 * rendered on its own in a unit test) it does nothing.
 */
export function UnsavedChangesGuard(props: UnsavedChangesGuardProps) {
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined;
  return router ? <Guard {...props} /> : null;
}
