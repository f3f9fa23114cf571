import type { Thread } from '@/entities/conversation';
import { useAssignConversation } from '../model/use-assign-conversation';
import { AssignOwnerItems, AssignOwnerMenu } from './assign-owner-menu';

/** The thread header's owner button: assigns the conversation at once, put back if the server refuses. */
export function AssignConversationMenu({ thread }: { thread: Thread }) {
  const assign = useAssignConversation(thread.id);
  return <AssignOwnerMenu assignedUserId={thread.assignedUserId} subject="conversation" onAssign={(userId) => assign.mutate({ id: thread.id, userId })} />;
}

/** The same choices as a section of another menu (the thread's actions on a phone). */
export function AssignConversationItems({ thread }: { thread: Thread }) {
  const assign = useAssignConversation(thread.id);
  return <AssignOwnerItems assignedUserId={thread.assignedUserId} onAssign={(userId) => assign.mutate({ id: thread.id, userId })} />;
}
