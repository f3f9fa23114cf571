import { SegmentedControl } from '@mantine/core';
import { CONVERSATION_MODE_WORDS, CONVERSATION_MODES, type ConversationMode } from '@contracts/conversation';
import type { Thread } from '@/entities/conversation';
import { useTakeOver } from '../model/use-take-over';

const MODES = CONVERSATION_MODES.map((value) => ({ value, label: CONVERSATION_MODE_WORDS[value] }));

/** "AI replying" / "You’re in control": take a thread over from the assistant, or hand it back. */
export function TakeOverSwitch({ thread }: { thread: Thread }) {
  const setMode = useTakeOver(thread.id);
  return (
    <SegmentedControl
      size="xs"
      aria-label="Who replies in this conversation"
      data={MODES}
      value={thread.mode}
      onChange={(mode) => setMode.mutate({ id: thread.id, mode: mode as ConversationMode })}
      color={thread.mode === 'ai' ? 'violet' : 'teal'}
    />
  );
}
