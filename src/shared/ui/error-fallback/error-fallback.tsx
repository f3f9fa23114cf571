import { Button, Center, Stack, Text, Title } from '@mantine/core';

/** Spec section 8: the fallback for an uncaught rendering error. */
export const ERROR_FALLBACK_TEXT = 'Sorry.. there was an error :(';

export function ErrorFallback({ error, onRetry }: { error?: unknown; onRetry?: () => void }) {
  const detail = error instanceof Error ? error.message : null;
  return (
    <Center mih={320} p="lg" role="alert">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={2} ta="center">
          {ERROR_FALLBACK_TEXT}
        </Title>
        {detail ? (
          <Text c="dimmed" size="sm" ta="center">
            {detail}
          </Text>
        ) : null}
        <Button variant="light" onClick={onRetry ?? (() => window.location.reload())}>
          Try again
        </Button>
      </Stack>
    </Center>
  );
}
