import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useTRPC } from '@/shared/api-react';

/**
 * Keeps every open screen current: the server pushes a small event for each change in the company (a text
 * arrived, a status moved, a lead changed…) and the affected queries are refetched. No message contents travel
 * this way; the screens fetch what they show through the normal, authorized procedures.
 */
export function useLiveUpdates(): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useSubscription(
    trpc.conversations.events.subscriptionOptions(undefined, {
      onData(event) {
        const refresh = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
        switch (event.type) {
          case 'message':
          case 'conversation':
            refresh(trpc.conversations.pathKey());
            refresh(trpc.logs.pathKey());
            refresh(trpc.phone.simulator.pathKey());
            refresh(trpc.clients.get.pathKey());
            // The assistant answered, held a reply or stood back: its drafts and decision log.
            refresh(trpc.ai.drafts.pathKey());
            refresh(trpc.ai.turns.pathKey());
            break;
          case 'lead':
            refresh(trpc.leads.pathKey());
            refresh(trpc.clients.pathKey());
            refresh(trpc.ai.turns.pathKey());
            break;
          case 'contact':
            refresh(trpc.clients.pathKey());
            refresh(trpc.conversations.pathKey());
            refresh(trpc.leads.pathKey());
            break;
          case 'notification':
            refresh(trpc.notifications.pathKey());
            break;
          case 'call':
            // A call rang, was answered or missed, left a voicemail or was texted back: History and a client's calls.
            refresh(trpc.calls.pathKey());
            refresh(trpc.clients.get.pathKey());
            // The test phone's call progress (ringing, answered, the greeting).
            refresh(trpc.phone.simulator.callProgress.pathKey());
            break;
        }
      },
    }),
  );
}
