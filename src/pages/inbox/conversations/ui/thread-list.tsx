import { Anchor, Badge, Box, Button, Group, Skeleton, Stack, Text, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useBusinessNumber } from '@/entities/company';
import { useTRPC } from '@/shared/api-react';
import { FEATURES } from '@/shared/config';
import { EmptyState } from '@/shared/ui/empty-state';
import { contactPhoneLine, OptedOutBadge } from '@/entities/contact';
import { ConversationStatusBadge, type InboxFilter, type ThreadSummary, WAITING_FOR_APPROVAL_WORD } from '@/entities/conversation';
import { fullDateTime, listTime, useNow } from '@/shared/lib/format';
import { EMPTY_FILTER, INBOX_FILTERS } from '../lib/inbox-filters';
import { LoadError } from '@/shared/ui/load-error';

const PAGE_SIZE = 30;
const SEARCH_DELAY_MS = 300;

export interface ThreadListProps {
  filter: InboxFilter;
  onFilterChange: (filter: InboxFilter) => void;
  search: string;
  onSearchChange: (search: string) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** The left pane: filters, search and the threads, newest activity first, a page at a time. */
export function ThreadList({ filter, onFilterChange, search, onSearchChange, selectedId, onSelect }: ThreadListProps) {
  const trpc = useTRPC();
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const threads = useInfiniteQuery(
    trpc.conversations.list.infiniteQueryOptions(
      { filter, search: debounced || undefined, limit: PAGE_SIZE },
      { getNextPageParam: (last) => last.nextCursor },
    ),
  );
  const items = threads.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap={0} h="100%">
      <Stack gap="sm" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        {/* Toggle buttons that wrap rather than tabs: six options don't fit one line in the pane, and they filter
            one list rather than switching between panels. */}
        <Group gap={6} role="group" aria-label="Show conversations">
          {INBOX_FILTERS.map((option) => (
            <Button
              key={option.value}
              size="compact-sm"
              radius="xl"
              variant={filter === option.value ? 'filled' : 'default'}
              aria-pressed={filter === option.value}
              onClick={() => onFilterChange(option.value)}
            >
              {option.label}
            </Button>
          ))}
        </Group>
        <TextInput
          type="search"
          aria-label="Search conversations"
          placeholder="Search name, number or text"
          value={search}
          onChange={(event) => onSearchChange(event.currentTarget.value)}
          maxLength={100}
        />
      </Stack>

      <Box style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {threads.isPending ? (
          <ListSkeleton />
        ) : threads.isError ? (
          <LoadError title="Couldn’t load conversations" m="sm" error={threads.error} onRetry={threads.refetch} />
        ) : items.length === 0 ? (
          <Box p="sm">
            <EmptyList filter={filter} search={debounced} onShowAll={() => onFilterChange('all')} onClearSearch={() => onSearchChange('')} />
          </Box>
        ) : (
          <>
            <ThreadRows items={items} selectedId={selectedId} showClosed={filter !== 'closed'} onSelect={onSelect} />
            {threads.hasNextPage ? (
              <Group justify="center" p="sm">
                <Button variant="default" size="xs" loading={threads.isFetchingNextPage} onClick={() => void threads.fetchNextPage()}>
                  Load more
                </Button>
              </Group>
            ) : null}
            {threads.isFetchNextPageError ? (
              <Text size="sm" c="red" ta="center" pb="sm" role="alert">
                Couldn’t load more conversations. Try again.
              </Text>
            ) : null}
          </>
        )}
      </Box>
    </Stack>
  );
}

/** One clock for all rows, started when the first page arrives. */
function ThreadRows({ items, selectedId, showClosed, onSelect }: { items: ThreadSummary[]; selectedId: string | null; showClosed: boolean; onSelect: (id: string) => void }) {
  const now = useNow();
  return (
    <Box component="ul" aria-label="Conversations" m={0} p={0} style={{ listStyle: 'none' }}>
      {items.map((thread) => (
        <li key={thread.id}>
          <ThreadRow thread={thread} now={now} selected={thread.id === selectedId} showClosed={showClosed} onSelect={onSelect} />
        </li>
      ))}
    </Box>
  );
}

function ThreadRow({ thread, now, selected, showClosed, onSelect }: { thread: ThreadSummary; now: number; selected: boolean; showClosed: boolean; onSelect: (id: string) => void }) {
  const unread = thread.unreadCount > 0;
  const name = thread.contact.name;
  return (
    <UnstyledButton
      onClick={() => onSelect(thread.id)}
      aria-current={selected ? 'true' : undefined}
      w="100%"
      px="sm"
      py={10}
      style={{
        display: 'block',
        borderBottom: '1px solid var(--mantine-color-default-border)',
        borderLeft: `3px solid ${selected ? 'var(--mantine-primary-color-filled)' : 'transparent'}`,
        background: selected ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={unread ? 700 : 500} truncate="end" style={{ minWidth: 0 }}>
          {name}
        </Text>
        <Text component="time" dateTime={new Date(thread.lastMessageAt).toISOString()} title={fullDateTime(thread.lastMessageAt)} size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {listTime(thread.lastMessageAt, now)}
        </Text>
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs" mt={2}>
        <Text size="sm" c={unread ? undefined : 'dimmed'} truncate="end" style={{ minWidth: 0 }}>
          {thread.preview || contactPhoneLine(thread.contact)}
        </Text>
        {unread ? (
          <Badge size="sm" color="red" circle={thread.unreadCount < 10} style={{ flexShrink: 0 }}>
            {thread.unreadCount > 99 ? '99+' : thread.unreadCount}
            <VisuallyHidden> unread</VisuallyHidden>
          </Badge>
        ) : null}
      </Group>
      <Group gap={4} mt={6}>
        {/* Who replies is only worth a badge once there is an assistant to reply (decision 0017). */}
        {FEATURES.aiAssistant ? (
          thread.heldReplies > 0 ? (
            <Badge size="xs" variant="light" color="orange" title="The assistant holds a reply here for your approval">
              {WAITING_FOR_APPROVAL_WORD}
            </Badge>
          ) : thread.mode === 'ai' ? (
            <Badge size="xs" variant="light" color="violet" title="The AI assistant replies in this conversation">
              AI
            </Badge>
          ) : (
            // "Team", not "You": who replies is not who the thread is assigned to (the header's "Assign to").
            <Badge size="xs" variant="light" color="gray" title="Your team replies in this conversation; the AI stays quiet">
              Team
            </Badge>
          )
        ) : null}
        {thread.contact.optedOut ? <OptedOutBadge size="xs" /> : null}
        {showClosed && thread.status === 'closed' ? <ConversationStatusBadge status="closed" quiet /> : null}
      </Group>
    </UnstyledButton>
  );
}

function ListSkeleton() {
  return (
    <Stack gap={0} aria-busy="true" aria-label="Loading conversations">
      {Array.from({ length: 6 }, (_, index) => (
        <Stack key={index} gap={6} px="sm" py={12} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <Group justify="space-between">
            <Skeleton height={12} width="45%" />
            <Skeleton height={10} width={40} />
          </Group>
          <Skeleton height={10} width="80%" />
        </Stack>
      ))}
    </Stack>
  );
}

function EmptyList({ filter, search, onShowAll, onClearSearch }: { filter: InboxFilter; search: string; onShowAll: () => void; onClearSearch: () => void }) {
  const number = useBusinessNumber();
  if (search) {
    return (
      <EmptyState
        order={3}
        title={`No conversations match “${search}”`}
        description="Search looks at names, phone numbers and the latest text of each conversation."
        action={
          <Button variant="default" size="sm" onClick={onClearSearch}>
            Clear search
          </Button>
        }
      />
    );
  }
  if (filter !== 'all') {
    const empty = EMPTY_FILTER[filter];
    return (
      <EmptyState
        order={3}
        title={empty.title}
        description={empty.description}
        action={
          <Button variant="default" size="sm" onClick={onShowAll}>
            Show all conversations
          </Button>
        }
      />
    );
  }
  return (
    <EmptyState
      icon="✉"
      order={3}
      title="No conversations yet"
      description="When a customer texts your business number, or a lead comes in from your website or a missed call, the conversation appears here for your team to answer."
      action={
        number.data ? (
          number.data.provider === 'simulator' ? (
            <Text size="sm" c="dimmed">
              No customers yet?{' '}
              <Anchor component={Link} to="/settings/phone" size="sm">
                Text yourself from the test phone
              </Anchor>{' '}
              in Settings → Phone.
            </Text>
          ) : null
        ) : number.isSuccess ? (
          <Button component={Link} to="/settings/phone" size="sm">
            Set up your business number
          </Button>
        ) : null
      }
    />
  );
}
