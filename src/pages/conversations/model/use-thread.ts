import { skipToken, useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../shared/api/react';

// Ids are uuids; anything else (a mangled link) is "not found" without asking the server.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isThreadId(id: string | null): id is string {
  return id !== null && UUID.test(id);
}

/** The open thread (`conversations.get`); shared by the thread and the side panel through the query cache. */
export function useThread(id: string | null) {
  const trpc = useTRPC();
  return useQuery(trpc.conversations.get.queryOptions(isThreadId(id) ? { id } : skipToken));
}
