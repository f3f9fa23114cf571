import { Box, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type MouseEvent, useState } from 'react';
import { useTRPC } from '@/shared/api-react';
import { safeRedirectPath } from '@/shared/lib/safe-redirect';
import { EmptyState } from '@/shared/ui/empty-state';
import { formatRelative, useNow } from '@/shared/lib/format';
import type { FeedItem } from '../model/events';
import { useMarkNotificationsRead } from '../model/use-mark-read';
import classes from './notification-feed.module.css';
import { LoadError } from '@/shared/ui/load-error';

const PAGE_SIZE = 20;

type FeedFilter = 'all' | 'unread';

/** The caller's feed, newest first, 20 at a time. Live updates refresh it (`notifications.*` is invalidated on events). */
export function NotificationFeed() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<FeedFilter>('all');
  const now = useNow();
  const feed = useInfiniteQuery(
    trpc.notifications.list.infiniteQueryOptions(
      { unreadOnly: filter === 'unread', limit: PAGE_SIZE },
      { getNextPageParam: (page) => page.nextCursor },
    ),
  );
  const markRead = useMarkNotificationsRead();

  const open = (item: FeedItem, target: string | null, event: MouseEvent) => {
    // Let the browser open a new tab for ctrl/cmd/shift/middle clicks; mark it read either way.
    const inNewTab = event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0;
    if (!item.read) markRead.mutate({ ids: [item.id] });
    if (target && !inNewTab) {
      event.preventDefault();
      void navigate({ href: target });
    }
  };

  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Show"
        value={filter}
        onChange={(value) => setFilter(value as FeedFilter)}
        data={[
          { value: 'all', label: 'All' },
          { value: 'unread', label: 'Unread' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />

      {feed.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading notifications">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={64} radius="md" />
          ))}
        </Stack>
      ) : feed.isError ? (
        <LoadError title="Notifications could not be loaded" error={feed.error} onRetry={feed.refetch} />
      ) : items.length === 0 ? (
        filter === 'unread' ? (
          <EmptyState
            icon="✓"
            title="You’re all caught up"
            description="No unread notifications. New ones show up here as they happen."
            action={
              <Button variant="light" onClick={() => setFilter('all')}>
                Show all notifications
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon="✉"
            title="No notifications yet"
            description="Nothing has happened that needs your attention. Once leads start coming in, each alert shows up here, newest first."
            action={
              <Button component={Link} to="/dashboard" variant="light">
                See what’s left to set up
              </Button>
            }
          />
        )
      ) : (
        <Paper withBorder radius="md" className={classes.list} component="ul" aria-label="Notifications">
          {items.map((item) => {
            const target = item.link ? safeRedirectPath(item.link, window.location.origin) : null;
            return (
              <li key={item.id} className={classes.item} data-unread={!item.read || undefined}>
                <UnstyledButton
                  className={classes.entry}
                  {...(target ? { component: 'a' as const, href: target } : {})}
                  onClick={(event: MouseEvent) => open(item, target, event)}
                  onAuxClick={(event: MouseEvent) => event.button === 1 && open(item, target, event)}
                >
                  <Box className={classes.dot} aria-hidden data-visible={!item.read || undefined} />
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
                      <Text size="sm" fw={item.read ? 500 : 700} lineClamp={1}>
                        {!item.read ? <VisuallyHidden>Unread: </VisuallyHidden> : null}
                        {item.title}
                      </Text>
                      <Text size="xs" c="dimmed" component="time" dateTime={new Date(item.createdAt).toISOString()} title={new Date(item.createdAt).toLocaleString()} style={{ whiteSpace: 'nowrap' }}>
                        {formatRelative(item.createdAt, now, { style: 'long' })}
                      </Text>
                    </Group>
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {item.body}
                    </Text>
                  </Stack>
                </UnstyledButton>
              </li>
            );
          })}
        </Paper>
      )}

      {feed.hasNextPage ? (
        <Group justify="center">
          <Button variant="default" onClick={() => void feed.fetchNextPage()} loading={feed.isFetchingNextPage}>
            Load more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
