import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** Asks before something that costs money, changes the business number, removes a setting or acts on many items at once. */
export function ConfirmModal({
  opened,
  title,
  confirmLabel,
  danger = false,
  loading = false,
  onConfirm,
  onCancel,
  children,
}: {
  opened: boolean;
  title: string;
  confirmLabel: string;
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Stack gap="xs">{children}</Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={loading}>
            Cancel
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
