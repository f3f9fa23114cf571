import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { invalidateDecisionLog, invalidateHeldReplies } from '@/entities/ai-assistant';
import { invalidateAiCalls, invalidateCalls } from '@/entities/call';
import { invalidateDashboard, invalidateTestPhone, invalidateTestPhoneCalls } from '@/entities/company';
import { invalidateClientDetails, invalidateClients } from '@/entities/contact';
import { invalidateConversations } from '@/entities/conversation';
import { invalidateLeads } from '@/entities/lead';
import { invalidateLogs } from '@/entities/message';
import { invalidateNotifications } from '@/entities/notification';
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
        // The dashboard counts leads, replies, unread threads, failed texts and calls: every change but a
        // notification can move one of its figures.
        if (event.type !== 'notification') void invalidateDashboard(queryClient);
        switch (event.type) {
          case 'message':
          case 'conversation':
            void invalidateConversations(queryClient);
            void invalidateLogs(queryClient);
            void invalidateTestPhone(queryClient);
            void invalidateClientDetails(queryClient);
            // The assistant answered, held a reply or stood back: its drafts and decision log.
            void invalidateHeldReplies(queryClient);
            void invalidateDecisionLog(queryClient);
            break;
          case 'lead':
            void invalidateLeads(queryClient);
            void invalidateClients(queryClient);
            void invalidateDecisionLog(queryClient);
            break;
          case 'contact':
            void invalidateClients(queryClient);
            void invalidateConversations(queryClient);
            void invalidateLeads(queryClient);
            break;
          case 'notification':
            void invalidateNotifications(queryClient);
            break;
          case 'call':
            // A call rang, was answered or missed, left a voicemail or was texted back: History and a client's calls.
            void invalidateCalls(queryClient);
            void invalidateClientDetails(queryClient);
            // The test phone's call progress (ringing, answered, the greeting).
            void invalidateTestPhoneCalls(queryClient);
            break;
          case 'ai_call':
            // The assistant finished a call: AI call answering → History (its list and the call's transcript).
            void invalidateAiCalls(queryClient);
            break;
        }
      },
    }),
  );
}
