export { conversationKeys, invalidateConversationList, invalidateConversations, invalidateTemplates, updateCachedThread } from './api/conversation.queries';
export { isThreadId, useThread } from './api/use-thread';
export { useThreadMutation } from './api/use-thread-mutation';
export type { InboxFilter, MessageTemplate, Thread, ThreadMessage, ThreadMode, ThreadSummary } from './model/types';
export { ConversationModeBadge, ConversationStatusBadge, WAITING_FOR_APPROVAL_WORD } from './ui/conversation-badges';
