import type { QueryClient } from '@tanstack/react-query';
import { apiKeys } from '@/shared/api-react';
import type { Thread } from '../model/types';

/** The inbox's server state: every conversation query's key, and what refreshes or edits it. */
export const conversationKeys = {
  all: () => apiKeys.conversations.pathKey(),
  list: () => apiKeys.conversations.list.pathKey(),
  thread: (id: string) => apiKeys.conversations.get.queryKey({ id }),
  unreadCount: () => apiKeys.conversations.unreadCount.queryKey(),
  templates: () => apiKeys.conversations.templates.list.queryKey(),
};

/** Every conversation query: the list, the open threads, the unread count, the templates. */
export function invalidateConversations(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: conversationKeys.all() });
}

/** The list and the unread count (a thread was read or moved), not the open threads. */
export function invalidateConversationList(queryClient: QueryClient) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: conversationKeys.list() }), queryClient.invalidateQueries({ queryKey: conversationKeys.unreadCount() })]);
}

export function invalidateTemplates(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: conversationKeys.templates() });
}

/** Edits the cached open thread (nothing when it is not cached). */
export function updateCachedThread(queryClient: QueryClient, id: string, update: (thread: Thread) => Thread) {
  queryClient.setQueryData(conversationKeys.thread(id), (previous) => (previous ? update(previous) : previous));
}

/**
 * A change shown in the open thread before the server answers: stops its refetches, applies `changes`, and gives
 * back what to restore if the server refuses.
 */
export async function patchCachedThread(queryClient: QueryClient, id: string, changes: Partial<Thread>): Promise<{ previous: Thread | undefined }> {
  const key = conversationKeys.thread(id);
  await queryClient.cancelQueries({ queryKey: key });
  const previous = queryClient.getQueryData(key);
  if (previous) queryClient.setQueryData(key, { ...previous, ...changes });
  return { previous };
}

export function restoreCachedThread(queryClient: QueryClient, id: string, previous: Thread | undefined) {
  if (previous) queryClient.setQueryData(conversationKeys.thread(id), previous);
}
