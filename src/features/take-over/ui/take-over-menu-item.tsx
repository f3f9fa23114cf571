import { Menu } from '@mantine/core';
import type { Thread } from '@/entities/conversation';
import { useTakeOver } from '../model/use-take-over';

/** TakeOverButton as an item of a menu (the thread header's actions on a phone): same switch, same rules. */
export function TakeOverMenuItem({ thread, canHandBack }: { thread: Thread; canHandBack: boolean }) {
  const setMode = useTakeOver(thread.id);
  if (thread.mode === 'ai') {
    return (
      <Menu.Item color="teal" disabled={setMode.isPending} onClick={() => setMode.mutate({ id: thread.id, mode: 'human' })}>
        Take over
      </Menu.Item>
    );
  }
  if (!canHandBack) return null;
  return (
    <Menu.Item color="violet" disabled={setMode.isPending} onClick={() => setMode.mutate({ id: thread.id, mode: 'ai' })}>
      Hand back to AI
    </Menu.Item>
  );
}
