import { Alert, Anchor, Button, Group, Kbd, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { MESSAGE_STATUS_WORDS } from '@contracts/message';
import { CLIENT_BLOCKED_WORD, CLIENT_OPTED_OUT_WORD } from '@/entities/contact';
import { apiFieldErrors } from '@/shared/api-errors';
import { useTRPC } from '@/shared/api-react';
import { calendarDate } from '@/shared/lib/format';
import { mergeTagProblem, TEXT_TOO_LONG_MESSAGE } from '@contracts/merge-tags';
import { describeLength, textLength } from '../lib/sms-length';
import { draftFor, saveDraft } from '../model/drafts';
import { invalidateConversations, type Thread, updateCachedThread } from '@/entities/conversation';
import { useInsertAtCaret } from '../model/use-insert-at-caret';
import { ManageTemplatesModal } from './manage-templates-modal';
import { MergeTagsMenu } from './merge-tags-menu';
import { TemplatesMenu } from './templates-menu';
import { FEATURES } from '@/shared/config';

/** Why this thread can't be texted from here, or null when it can. */
function sendingBlockedBy(thread: Thread) {
  const { contact } = thread;
  if (contact.optedOut) {
    const since = contact.optedOutAt ? ` on ${calendarDate(contact.optedOutAt)}` : '';
    return { title: CLIENT_OPTED_OUT_WORD, message: `${contact.name} opted out${since}. LeadLoop won’t text them unless they reply START.`, link: null };
  }
  if (contact.blocked) {
    return { title: CLIENT_BLOCKED_WORD, message: `You blocked ${contact.name}, so LeadLoop doesn’t text them. Unblock them on their client page to reply.`, link: { to: `/clients/${contact.id}`, label: 'Open client page' } };
  }
  if (!thread.businessNumberActive) {
    return { title: 'Business number inactive', message: 'This conversation’s business number is no longer active, so replies can’t be sent from it.', link: { to: '/settings/phone', label: 'Set up your number in Settings → Phone' } };
  }
  return null;
}

/** The reply box: Enter sends, templates and merge tags insert at the caret, and a refused text keeps its words. */
/** `compact` (phones): a one-line box that grows as they type, so the thread keeps the height. */
export function Composer({ thread, compact = false }: { thread: Thread; compact?: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [text, setText] = useState(() => draftFor(thread.id));
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null);
  const [sentHere, setSentHere] = useState(false);
  const [templatesOpen, templatesModal] = useDisclosure(false);

  useEffect(() => saveDraft(thread.id, text), [thread.id, text]);
  const { ref: textarea, insert } = useInsertAtCaret(text, setText);

  const send = useMutation(
    trpc.conversations.send.mutationOptions({
      onSuccess: (result, sent) => {
        if (result.status === 'blocked') {
          setProblem({ title: MESSAGE_STATUS_WORDS.blocked, message: result.problem ?? 'LeadLoop didn’t send this text.' });
        } else {
          // Only what was sent is cleared: the person may have kept typing while it was on its way.
          setText((current) => (current === sent.body ? '' : current));
          setProblem(null);
          setSentHere(true);
          // The server hands the thread to the person who replied, reopens it and clears its unread count.
          updateCachedThread(queryClient, thread.id, (previous) => ({ ...previous, mode: 'human' as const, status: 'open' as const, unreadCount: 0 }));
        }
        void invalidateConversations(queryClient);
      },
      onError: (error) => setProblem({ title: 'Couldn’t send', message: apiFieldErrors(error).body ?? error.message }),
    }),
  );

  const blockedBy = sendingBlockedBy(thread);
  const length = textLength(text);
  const tagProblem = mergeTagProblem(text);
  const inputError = length.tooLong ? TEXT_TOO_LONG_MESSAGE : tagProblem;
  const canSend = !blockedBy && !send.isPending && text.trim().length > 0 && !inputError;

  function submit() {
    if (!canSend) return;
    setProblem(null);
    send.mutate({ conversationId: thread.id, body: text });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter (also with Ctrl/Cmd) sends; Shift+Enter is a new line. Not while an IME is composing a character.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  const sendButton = (
    <Button onClick={submit} disabled={!canSend} loading={send.isPending}>
      Send
    </Button>
  );
  return (
    <Stack gap={compact ? 6 : 'xs'} p={compact ? 'xs' : 'sm'} style={{ borderTop: '1px solid var(--mantine-color-default-border)', flexShrink: 0 }} data-testid="composer">
      {blockedBy ? (
        <Alert color="orange" title={blockedBy.title} role="status">
          <Text size="sm">{blockedBy.message}</Text>
          {blockedBy.link ? (
            <Anchor component={Link} to={blockedBy.link.to} size="sm">
              {blockedBy.link.label}
            </Anchor>
          ) : null}
        </Alert>
      ) : null}
      {!blockedBy && thread.status === 'closed' ? (
        <Text size="xs" c="dimmed">
          This conversation is closed. Sending a text reopens it.
        </Text>
      ) : null}
      {problem ? (
        <Alert color="red" title={problem.title} role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => setProblem(null)}>
          {problem.message}
        </Alert>
      ) : null}

      {/* On a phone, Send sits beside the box, as in a messaging app; the tools and the count go under it. */}
      <Group gap="xs" wrap="nowrap" align="flex-end" display={compact ? 'flex' : 'contents'}>
        <Textarea
          style={compact ? { flex: 1, minWidth: 0 } : undefined}
          styles={compact ? { input: { minHeight: 44 } } : undefined}
          ref={textarea}
          aria-label={`Text to ${thread.contact.name}`}
          placeholder={blockedBy ? 'Replies are turned off for this client' : `Text ${thread.contact.name}…`}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          error={inputError}
          disabled={Boolean(blockedBy)}
          autosize
          minRows={compact ? 1 : 2}
          maxRows={compact ? 5 : 8}
        />
        {compact ? sendButton : null}
      </Group>

      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <TemplatesMenu onChoose={(template) => insert(template.body)} onManage={templatesModal.open} disabled={Boolean(blockedBy)} />
          <MergeTagsMenu onInsert={insert} disabled={Boolean(blockedBy)} />
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Text size="xs" c={length.tooLong ? 'red' : 'dimmed'} ta="right">
            {describeLength(length)}
          </Text>
          {compact ? null : sendButton}
        </Group>
      </Group>

      {FEATURES.aiAssistant && sentHere && thread.mode === 'human' ? (
        <Text size="xs" c="teal" role="status">
          You’re in control — the AI stays quiet in this thread.
        </Text>
      ) : FEATURES.aiAssistant && thread.mode === 'ai' && !blockedBy ? (
        // The server hands the thread to whoever replies: say so before they do, not only after.
        <Text size="xs" c="dimmed">
          Sending a reply takes over from the AI: it stays quiet here until you hand the conversation back.
        </Text>
      ) : (
        <Text size="xs" c="dimmed" visibleFrom="sm">
          <Kbd size="xs">Enter</Kbd> to send · <Kbd size="xs">Shift</Kbd>+<Kbd size="xs">Enter</Kbd> for a new line
        </Text>
      )}

      <ManageTemplatesModal opened={templatesOpen} onClose={templatesModal.close} />
    </Stack>
  );
}
