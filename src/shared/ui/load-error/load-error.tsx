import { Alert, Button, Group, Stack, Text, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

export interface LoadErrorProps {
  /** "Couldn’t load your leads". */
  title: string;
  /** The server's message, when there is one worth showing. */
  error?: { message: string } | null;
  onRetry: () => unknown;
  /** Another way out, next to "Try again" (e.g. Back). */
  extra?: ReactNode;
  m?: MantineSpacing;
}

/** A load that failed: what could not be loaded, why, and "Try again" (which fetches again). */
export function LoadError({ title, error, onRetry, extra, m }: LoadErrorProps) {
  return (
    <Alert color="red" title={title} role="alert" m={m}>
      <Stack gap="xs" align="flex-start">
        {error?.message ? <Text size="sm">{error.message}</Text> : null}
        <Group gap="xs">
          <Button size="xs" variant="light" color="red" onClick={() => void onRetry()}>
            Try again
          </Button>
          {extra}
        </Group>
      </Stack>
    </Alert>
  );
}
