import { Button, Group } from '@mantine/core';
import type { useCallsOf } from '../api/use-calls-of';

/** "Show earlier calls" under a timeline or thread that lists calls page by page; nothing when there are no more. */
export function EarlierCallsButton({ calls }: { calls: Pick<ReturnType<typeof useCallsOf>, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'> }) {
  if (!calls.hasNextPage) return null;
  return (
    <Group justify="center">
      <Button variant="subtle" size="xs" loading={calls.isFetchingNextPage} onClick={() => void calls.fetchNextPage()}>
        Show earlier calls
      </Button>
    </Group>
  );
}
