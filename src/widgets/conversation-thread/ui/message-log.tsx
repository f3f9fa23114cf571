import { Anchor, Box, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { MESSAGE_CHANNEL_WORDS } from '@contracts/message';
import { Link } from '@tanstack/react-router';
import { Fragment, useLayoutEffect, useMemo, useRef } from 'react';
import { CallDetails, type CallItem, callTitle, EarlierCallsButton, useCallsOf } from '@/entities/call';
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

type Entry = { kind: 'message'; key: string; at: number; message: ThreadMessage } | { kind: 'call'; key: string; at: number; call: CallItem };

/**
 * The texts and the calls of the thread in time order. When only the newest texts are shown, calls from before the
 * oldest of them are left out too, so the log never shows a call with a gap of texts around it.
 */
function threadEntries(messages: ThreadMessage[], calls: CallItem[], truncated: boolean): Entry[] {
  const since = truncated ? (messages[0]?.createdAt ?? 0) : -Infinity;
  const entries: Entry[] = [
    ...messages.map((message) => ({ kind: 'message' as const, key: `message:${message.id}`, at: message.createdAt, message })),
    ...calls.filter((call) => call.startedAt >= since).map((call) => ({ kind: 'call' as const, key: `call:${call.id}`, at: call.startedAt, call })),
  ];
  // A call comes before a text of the same instant (its text-back follows it).
  return entries.sort((a, b) => a.at - b.at || (a.kind === b.kind ? 0 : a.kind === 'call' ? -1 : 1));
}

/**
 * The thread's texts, oldest first: the customer's on the left, the business's on the right with where each one
 * is on its way; the calls between them as compact items in the middle. A `log` live region, so screen readers
 * announce texts and calls as they arrive.
 */
export function MessageLog({ thread }: { thread: Thread }) {
  const viewport = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const now = useNow();
  const calls = useCallsOf({ conversationId: thread.id });
  const truncated = thread.messages.length >= MESSAGES_PER_THREAD;
  const callItems = useMemo(() => calls.data?.pages.flatMap((page) => page.items) ?? [], [calls.data]);
  const entries = useMemo(() => threadEntries(thread.messages, callItems, truncated), [thread.messages, callItems, truncated]);
  const last = entries.at(-1);
  const lastId = last?.key;
  const lastIsOurs = last?.kind === 'message' && last.message.direction === 'outbound' && last.message.author === 'user';

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
        {truncated ? (
          <Text size="xs" c="dimmed" ta="center">
            Showing the latest {MESSAGES_PER_THREAD} texts of this conversation.{' '}
            <Anchor size="xs" renderRoot={(props) => <Link {...props} to="/logs" search={{ q: thread.peerPhone }} />}>
              All texts with this number in the message log
            </Anchor>
          </Text>
        ) : null}
        {truncated ? null : <EarlierCallsButton calls={calls} />}
        {calls.isError ? (
          <Text size="xs" c="dimmed" ta="center">
            Couldn’t load the calls of this conversation.{' '}
            <Anchor component="button" type="button" size="xs" onClick={() => void calls.refetch()}>
              Try again
            </Anchor>
          </Text>
        ) : null}
        {thread.messages.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py={entries.length === 0 ? 'xl' : 0}>
            No texts in this conversation yet.
          </Text>
        ) : null}
        {entries.map((entry, index) => {
          const previous = entries[index - 1];
          const newDay = !previous || !sameDay(previous.at, entry.at);
          return (
            <Fragment key={entry.key}>
              {newDay ? <Divider label={dayLabel(entry.at, now)} labelPosition="center" my={4} /> : null}
              {entry.kind === 'message' ? <MessageItem message={entry.message} contactName={thread.contact.name} /> : <CallEntry call={entry.call} contactName={thread.contact.name} />}
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
        {message.channel === 'web_chat' ? (
          <Text size="xs" c="dimmed" title="Typed in the chat on your website; your reply goes out as a text and shows in their chat while it is open">
            · {MESSAGE_CHANNEL_WORDS.web_chat}
          </Text>
        ) : null}
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

/** A call between the texts: a compact card in the middle, neither side's bubble. */
function CallEntry({ call, contactName }: { call: CallItem; contactName: string }) {
  const title = callTitle(call, contactName);
  return (
    <Paper component="article" aria-label={title} withBorder radius="md" px="sm" py={8} w="min(100%, 30rem)" mx="auto" data-call-id={call.id}>
      <Group gap={6} wrap="nowrap" mb={4}>
        <Text size="xs" fw={600}>
          <span aria-hidden="true">☎ </span>
          {title}
        </Text>
        <Text component="time" size="xs" c="dimmed" dateTime={new Date(call.startedAt).toISOString()} title={fullDateTime(call.startedAt)}>
          {clockTime(call.startedAt)}
        </Text>
      </Group>
      <CallDetails call={call} />
    </Paper>
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
