import { Button, Group } from '@mantine/core';

/** The part of an infinite query a "show more" button needs. */
export interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * "Show older requests", "Load more calls": the next page of a keyset-paged list, centred under it, spinning while
 * it loads; nothing when there is no next page.
 */
export function MoreButton({ pages, label, spaced = true }: { pages: MorePages; label: string; spaced?: boolean }) {
  if (!pages.hasNextPage) return null;
  return (
    <Group justify="center" {...(spaced ? { mt: 'sm' } : {})}>
      <Button variant="default" size="sm" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
        {label}
      </Button>
    </Group>
  );
}
