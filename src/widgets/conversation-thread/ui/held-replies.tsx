import { Alert, Anchor, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { MAX_TEXT_LENGTH } from '@contracts/merge-tags';
import { apiErrorCode, apiFieldErrors } from '@/shared/api-errors';
import { useTRPC } from '@/shared/api-react';
import { clockTime, fullDateTime } from '@/shared/lib/format';
import { invalidateConversations, type Thread } from '@/entities/conversation';
import type { AiDraft, useAiDrafts } from '../api/use-ai-drafts';
import { editedReplyProblem } from '../lib/edited-reply';
import { invalidateHeldReplies } from '@/entities/ai-assistant';

type Outcome = { tone: 'teal' | 'red' | 'orange'; title: string; message: string };

/**
 * Approval mode, in the thread above the reply box: each reply the assistant held (it quotes a price, promises a
 * time or goes outside the business's facts) with its words and why it waits, and Approve (sent as written), Edit
 * (then "Send edited": it goes out as the team's text) or Reject (nothing is sent). What happened stays in a line
 * after the card leaves — including a reply the sending rules refused (they opted out meanwhile, …).
 */
export function HeldReplies({ thread, query }: { thread: Thread; query: ReturnType<typeof useAiDrafts> }) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const refresh = () => {
    void invalidateHeldReplies(queryClient, thread.id);
    void invalidateConversations(queryClient);
  };
  const drafts = query.data ?? [];
  if (query.isError) {
    return (
      <Text size="xs" c="red" px="sm" pt="xs" role="alert">
        Couldn’t check for replies waiting for your approval.{' '}
        <Anchor component="button" type="button" size="xs" onClick={() => void query.refetch()}>
          Try again
        </Anchor>
      </Text>
    );
  }
  if (drafts.length === 0 && !outcome) return null;
  return (
    <Stack gap="xs" px="sm" pt="sm" component="section" aria-label="Replies waiting for your approval" style={{ borderTop: '1px solid var(--mantine-color-default-border)', maxHeight: '40%', overflowY: 'auto', flexShrink: 0 }}>
      {outcome ? (
        <Alert color={outcome.tone} title={outcome.title} role={outcome.tone === 'red' ? 'alert' : 'status'} withCloseButton closeButtonLabel="Dismiss" onClose={() => setOutcome(null)} py="xs">
          {outcome.message}
        </Alert>
      ) : null}
      {drafts.map((draft) => (
        <HeldReply key={draft.id} draft={draft} contactName={thread.contact.name} onDecided={(next) => { setOutcome(next); refresh(); }} />
      ))}
    </Stack>
  );
}

function HeldReply({ draft, contactName, onDecided }: { draft: AiDraft; contactName: string; onDecided: (outcome: Outcome) => void }) {
  const trpc = useTRPC();
  const ids = useId();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(draft.body);
  const [error, setError] = useState<string | null>(null);
  const decide = useMutation(
    trpc.ai.drafts.decide.mutationOptions({
      onSuccess(result, input) {
        if (result.status === 'rejected') {
          onDecided({ tone: 'teal', title: 'Reply rejected', message: `Nothing was sent to ${contactName}.` });
        } else if ('blocked' in result && result.blocked) {
          onDecided({ tone: 'red', title: 'Not sent', message: result.blocked });
        } else {
          // Unchanged words count as approved as written (the server keeps it the assistant's text too).
          const edited = input.body !== undefined && input.body !== draft.body;
          onDecided({ tone: 'teal', title: edited ? 'Edited reply sent' : 'Reply approved', message: `It’s on its way to ${contactName}.` });
        }
      },
      onError(failure) {
        if (apiErrorCode(failure) === 'CONFLICT' || apiErrorCode(failure) === 'NOT_FOUND') {
          // Someone decided it on another screen (or the owner answered the alert text): the list catches up.
          onDecided({ tone: 'orange', title: 'Already decided', message: failure.message });
          return;
        }
        setError(apiFieldErrors(failure).body ?? failure.message);
      },
    }),
  );
  const problem = editing ? editedReplyProblem(text) : null;
  const choose = (decision: 'approve' | 'reject', body?: string) => {
    setError(null);
    decide.mutate({ id: draft.id, decision, ...(body === undefined ? {} : { body }) });
  };
  const pendingDecision = decide.isPending ? (decide.variables.decision === 'reject' ? 'reject' : decide.variables.body === undefined ? 'approve' : 'edit') : null;

  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-labelledby={`${ids}-title`} bg="var(--mantine-color-orange-light)" data-draft-id={draft.id}>
      <Stack gap={6}>
        <Group gap={6} justify="space-between" wrap="nowrap">
          <Text size="xs" fw={600} id={`${ids}-title`}>
            The AI assistant’s reply, waiting for your approval
          </Text>
          <Text component="time" size="xs" c="dimmed" dateTime={new Date(draft.createdAt).toISOString()} title={fullDateTime(draft.createdAt)}>
            {clockTime(draft.createdAt)}
          </Text>
        </Group>
        {editing ? (
          <Textarea
            aria-label={`Edit the reply to ${contactName}`}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={problem ?? error}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={MAX_TEXT_LENGTH}
          />
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {draft.body}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {draft.why}
        </Text>
        {!editing && error ? (
          <Text size="xs" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Group gap="xs">
          {editing ? (
            <>
              <Button size="xs" loading={pendingDecision === 'edit'} disabled={decide.isPending || problem !== null} onClick={() => choose('approve', text.trim())}>
                Send edited
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={decide.isPending}
                onClick={() => {
                  setEditing(false);
                  setText(draft.body);
                  setError(null);
                }}
              >
                Cancel
              </Button>
            </>
          ) : (
            <>
              <Button size="xs" loading={pendingDecision === 'approve'} disabled={decide.isPending} onClick={() => choose('approve')}>
                Approve
              </Button>
              <Button size="xs" variant="default" disabled={decide.isPending} onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button size="xs" variant="subtle" color="red" loading={pendingDecision === 'reject'} disabled={decide.isPending} onClick={() => choose('reject')}>
                Reject
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
