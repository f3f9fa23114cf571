import { Badge } from '@mantine/core';
import { FEATURES } from '@/shared/config';
import { CONVERSATION_MODE_WORDS, CONVERSATION_STATUS_WORDS, type ConversationMode, type ConversationStatus } from '@contracts/conversation';

/**
 * Who answers the conversation: "AI replying" or "You’re in control". Nothing while no assistant exists: every
 * conversation is the team's, and a badge would suggest an assistant could have it (decision 0017).
 */
export function ConversationModeBadge({ mode }: { mode: ConversationMode }) {
  if (!FEATURES.aiAssistant) return null;
  return (
    <Badge size="sm" variant="outline" color={mode === 'ai' ? 'violet' : 'blue'}>
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
