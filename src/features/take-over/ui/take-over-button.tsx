import { Button } from '@mantine/core';
import type { Thread } from '@/entities/conversation';
import { useTakeOver } from '../model/use-take-over';

/**
 * "Take over" while the assistant replies (the thread is the team's at once: the engine sends nothing after that,
 * even a reply it was still deciding), "Hand back to AI" while the team has it. The caller decides whether handing
 * back makes sense (not while the company's assistant is off). The thread shows the new mode at once; while the
 * switch is on its way the button waits, and a refusal puts the old mode back with a note.
 */
export function TakeOverButton({ thread, canHandBack }: { thread: Thread; canHandBack: boolean }) {
  const setMode = useTakeOver(thread.id);
  if (thread.mode === 'ai') {
    return (
      <Button size="xs" variant="light" color="teal" disabled={setMode.isPending} onClick={() => setMode.mutate({ id: thread.id, mode: 'human' })}>
        Take over
      </Button>
    );
  }
  if (!canHandBack) return null;
  return (
    <Button size="xs" variant="light" color="violet" disabled={setMode.isPending} onClick={() => setMode.mutate({ id: thread.id, mode: 'ai' })}>
      Hand back to AI
    </Button>
  );
}
