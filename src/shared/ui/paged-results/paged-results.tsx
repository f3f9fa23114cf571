import { Button, Center, Group, Pagination, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState } from '../empty-state';
import { LoadError } from '../load-error';
import { Spinner } from '../spinner';

export interface PagedQuery {
  error: { message: string } | null;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

export interface PagedResultsProps {
  /** Plural, lower case: "leads", "clients". */
  noun: string;
  query: PagedQuery;
  /** How many match in all (undefined while the first page loads). */
  total: number | undefined;
  /** How many are on this page. */
  shown: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** What to say when nothing matches the filters, with a way back to everything. */
  noMatch: { title: string; description: string; onClear: () => void };
  /** The table for this page. */
  children: ReactNode;
}

/**
 * One page of a filtered server list: loading, a failure with "Try again", "nothing matches" with a way back,
 * a page past the end (after a delete or a bookmark), or the table with "1–25 of 130" and the pager. While the
 * next page loads, the current one stays and fades.
 */
export function PagedResults({ noun, query, total, shown, page, pageSize, onPage, noMatch, children }: PagedResultsProps) {
  if (query.error && total === undefined) {
    return (
      <LoadError title={`Couldn’t load your ${noun}`} error={query.error} onRetry={query.refetch} />
    );
  }
  if (total === undefined) {
    return (
      <Center mih={200}>
        <Spinner label={`Loading ${noun}…`} />
      </Center>
    );
  }
  if (total === 0) {
    return (
      <EmptyState
        icon="⌕"
        title={noMatch.title}
        description={noMatch.description}
        action={
          <Button variant="light" onClick={noMatch.onClear}>
            Clear filters
          </Button>
        }
      />
    );
  }
  if (shown === 0) {
    return (
      <EmptyState
        icon="⌕"
        title="This page is empty"
        description={`There are ${total} matching ${noun}, all on earlier pages.`}
        action={
          <Button variant="light" onClick={() => onPage(1)}>
            Go to the first page
          </Button>
        }
      />
    );
  }
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const firstShown = (page - 1) * pageSize + 1;
  return (
    <Paper withBorder radius="md" style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={query.isPlaceholderData}>
      {children}
      <Group justify="space-between" px="md" py="sm" gap="sm">
        <Text size="sm" c="dimmed">
          {`${firstShown}–${firstShown + shown - 1} of ${total}`}
        </Text>
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': control === 'next' ? 'Next page' : control === 'previous' ? 'Previous page' : `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        ) : null}
      </Group>
    </Paper>
  );
}
