import { Anchor, Box, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Fragment, useLayoutEffect, useRef } from 'react';
import type { Thread, ThreadMessage } from '@/entities/conversation';
import { authorLabel, deliveryLine, isTroubled, LinkedText, safeWebUrl } from '@/entities/message';
import { clockTime, dayLabel, fullDateTime, sameDay, useNow } from '@/shared/lib/format';

// Within this distance of the bottom, a new text scrolls into view; further up, the reader is looking back
// and is left where they are.
const STICK_TO_BOTTOM_PX = 120;

/** `conversations.get` returns at most this many of the newest texts. */
const MESSAGES_PER_THREAD = 300;

const BUBBLE: Record<ThreadMessage['author'], string> = {
  contact: 'var(--mantine-color-gray-light)',
  user: 'var(--mantine-primary-color-light)',
  ai: 'var(--mantine-color-violet-light)',
  system: 'var(--mantine-color-gray-light)',
  flow: 'var(--mantine-color-gray-light)',
};

/**
 * The thread's texts, oldest first: the customer's on the left, the business's on the right with where each one
 * is on its way. A `log` live region, so screen readers announce texts as they arrive.
 */
export function MessageLog({ thread }: { thread: Thread }) {
  const viewport = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const now = useNow();
  const last = thread.messages.at(-1);
  const lastId = last?.id;
  const lastIsOurs = last?.direction === 'outbound' && last.author === 'user';

  // The parent keys this component by thread, so the first run is "a thread was opened": start at the newest.
  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element) return;
    if (nearBottom.current || lastIsOurs) element.scrollTop = element.scrollHeight;
  }, [lastId, lastIsOurs]);

  return (
    <Box
      ref={viewport}
      role="log"
      aria-live="polite"
      aria-relevant="additions"
      aria-label={`Texts with ${thread.contact.name}`}
      // Focusable so the history can be scrolled with the keyboard.
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget;
        nearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
      }}
      style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
    >
      <Stack gap="sm" p="md">
        {thread.messages.length >= MESSAGES_PER_THREAD ? (
          <Text size="xs" c="dimmed" ta="center">
            Showing the latest {MESSAGES_PER_THREAD} texts of this conversation.{' '}
            <Anchor size="xs" renderRoot={(props) => <Link {...props} to="/logs" search={{ q: thread.contact.phone }} />}>
              All texts with this number in the message log
            </Anchor>
          </Text>
        ) : null}
        {thread.messages.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="xl">
            No texts in this conversation yet.
          </Text>
        ) : null}
        {thread.messages.map((message, index) => {
          const previous = thread.messages[index - 1];
          const newDay = !previous || !sameDay(previous.createdAt, message.createdAt);
          return (
            <Fragment key={message.id}>
              {newDay ? <Divider label={dayLabel(message.createdAt, now)} labelPosition="center" my={4} /> : null}
              <MessageItem message={message} contactName={thread.contact.name} />
            </Fragment>
          );
        })}
      </Stack>
    </Box>
  );
}

function MessageItem({ message, contactName }: { message: ThreadMessage; contactName: string }) {
  const outbound = message.direction === 'outbound';
  const line = deliveryLine(message);
  const troubled = isTroubled(message.status);
  return (
    <Stack gap={2} align={outbound ? 'flex-end' : 'flex-start'} data-message-id={message.id}>
      <Group gap={6} wrap="nowrap">
        <Text size="xs" fw={600}>
          {authorLabel(message, contactName)}
        </Text>
        <Text component="time" size="xs" c="dimmed" dateTime={new Date(message.createdAt).toISOString()} title={fullDateTime(message.createdAt)}>
          {clockTime(message.createdAt)}
        </Text>
      </Group>
      <Paper
        px="sm"
        py={8}
        radius="lg"
        maw="min(80%, 36rem)"
        bg={BUBBLE[message.author]}
        style={{
          borderBottomRightRadius: outbound ? 4 : undefined,
          borderBottomLeftRadius: outbound ? undefined : 4,
          border: troubled ? '1px solid var(--mantine-color-red-filled)' : undefined,
          opacity: message.status === 'blocked' ? 0.75 : undefined,
        }}
      >
        {message.body ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <LinkedText text={message.body} />
          </Text>
        ) : null}
        {message.media.length > 0 ? <MediaLinks urls={message.media} /> : null}
      </Paper>
      {line ? (
        <Text size="xs" c={line.tone} ta={outbound ? 'right' : 'left'} maw="min(80%, 36rem)">
          {line.text}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Pictures a customer sent (MMS): links to open them, never embedded in the page. */
function MediaLinks({ urls }: { urls: string[] }) {
  return (
    <Group gap="sm" mt={4}>
      {urls.map((url, index) => {
        const href = safeWebUrl(url);
        const label = `Photo ${index + 1}`;
        return href ? (
          <Anchor key={index} href={href} target="_blank" rel="noopener noreferrer" size="sm" underline="always">
            {label}
          </Anchor>
        ) : (
          <Text key={index} size="sm" c="dimmed">
            {label} (can’t be opened)
          </Text>
        );
      })}
    </Group>
  );
}
