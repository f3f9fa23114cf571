import type { Thread } from '@/entities/conversation';
import { useAssignConversation } from '../model/use-assign-conversation';
import { AssignOwnerMenu } from './assign-owner-menu';

/** The thread header's owner button: assigns the conversation at once, put back if the server refuses. */
export function AssignConversationMenu({ thread }: { thread: Thread }) {
  const assign = useAssignConversation(thread.id);
  return <AssignOwnerMenu assignedUserId={thread.assignedUserId} subject="conversation" onAssign={(userId) => assign.mutate({ id: thread.id, userId })} />;
}
