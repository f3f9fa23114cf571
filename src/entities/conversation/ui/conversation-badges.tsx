import { Badge } from '@mantine/core';
import { FEATURES } from '@/shared/config';
import { CONVERSATION_MODE_WORDS, CONVERSATION_STATUS_WORDS, type ConversationMode, type ConversationStatus } from '@contracts/conversation';

/** The third state of a thread beside its two modes: the assistant wrote a reply that waits for the team (approval mode). */
export const WAITING_FOR_APPROVAL_WORD = 'Waiting for approval';

/**
 * Who answers the conversation: "AI replying" or "You’re in control" — or "Waiting for approval" while the
 * assistant holds replies for the team (pass `heldReplies`). Nothing while no assistant exists: every conversation
 * is the team's, and a badge would suggest an assistant could have it (decision 0017).
 */
export function ConversationModeBadge({ mode, heldReplies = 0, size = 'sm' }: { mode: ConversationMode; heldReplies?: number; size?: 'sm' | 'md' }) {
  if (!FEATURES.aiAssistant) return null;
  if (heldReplies > 0) {
    return (
      <Badge size={size} variant="light" color="orange">
        {WAITING_FOR_APPROVAL_WORD}
      </Badge>
    );
  }
  return (
    <Badge size={size} variant="outline" color={mode === 'ai' ? 'violet' : 'blue'}>
      {CONVERSATION_MODE_WORDS[mode]}
    </Badge>
  );
}

/** Open or Closed; `quiet` is the small outlined form shown only for closed threads in the inbox. */
export function ConversationStatusBadge({ status, quiet = false }: { status: ConversationStatus; quiet?: boolean }) {
  return quiet ? (
    <Badge size="xs" variant="outline" color="gray">
      {CONVERSATION_STATUS_WORDS[status]}
    </Badge>
  ) : (
    <Badge size="sm" variant="light" color={status === 'open' ? 'teal' : 'gray'}>
      {CONVERSATION_STATUS_WORDS[status]}
    </Badge>
  );
}
