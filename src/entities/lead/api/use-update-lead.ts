import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/shared/api-react';
import { invalidateClients } from '@/entities/contact/@x/lead';
import type { LeadDetail } from '../model/types';
import { invalidateLeadList, leadKeys } from './lead.queries';

export type LeadChanges = { status?: LeadDetail['status']; assignedUserId?: string | null; summary?: string | null; valueCents?: number | null };

/** Saves part of a lead; the drawer, the list and the client's page all show the result. */
export function useUpdateLead(id: string, onSaved?: (lead: LeadDetail, changes: LeadChanges) => void, onFailed?: (error: unknown) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.leads.update.mutationOptions({
      onSuccess: (lead, input) => {
        queryClient.setQueryData(leadKeys.detail(id), lead);
        void invalidateLeadList(queryClient);
        // A client's page lists its leads.
        void invalidateClients(queryClient);
        const { id: _id, ...changes } = input;
        onSaved?.(lead, changes);
      },
      onError: (error) => {
        if (onFailed) onFailed(error);
        else notifications.show({ color: 'red', title: 'Not saved', message: error.message || 'Saving the lead failed. Please try again.' });
      },
    }),
  );
}
