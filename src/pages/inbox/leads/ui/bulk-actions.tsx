import { Button, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LEAD_STATUS_WORDS, type LeadStatus } from '@contracts/lead';
import { memberName, type TeamMember } from '@/entities/user';
import { AssignOwnerMenu } from '@/features/assign-owner';
import { LeadStatusMenu } from '@/features/change-lead-status';
import { useTRPC } from '@/shared/api-react';
import { invalidateLeads } from '@/entities/lead';

export interface BulkActionsProps {
  ids: string[];
  members: TeamMember[] | undefined;
  onDone: () => void;
  onClear: () => void;
}

const leadsWord = (count: number) => `${count} lead${count === 1 ? '' : 's'}`;

/** What to do with the selected leads: set one status or one assignee for all of them. */
export function BulkActions({ ids, members, onDone, onClear }: BulkActionsProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const bulk = useMutation(
    trpc.leads.bulkUpdate.mutationOptions({
      onSuccess: ({ updated }, input) => {
        let what = 'updated';
        if (input.status) what = `set to ${LEAD_STATUS_WORDS[input.status]}`;
        else if (input.assignedUserId === null) what = 'unassigned';
        else if (input.assignedUserId) {
          const member = members?.find((m) => m.id === input.assignedUserId);
          what = member ? `assigned to ${member.me ? 'you' : memberName(member)}` : 'reassigned';
        }
        notifications.show({ color: 'teal', message: `${leadsWord(updated)} ${what}` });
        void invalidateLeads(queryClient);
        onDone();
      },
      onError: (error) => {
        notifications.show({ color: 'red', title: 'Nothing was changed', message: error.message || 'Updating the leads failed. Please try again.' });
      },
    }),
  );
  const setStatus = (status: LeadStatus) => bulk.mutate({ ids, status });
  const assign = (assignedUserId: string | null) => bulk.mutate({ ids, assignedUserId });

  return (
    <Paper withBorder radius="md" px="md" py="xs" component="section" aria-label="Bulk actions" bg="var(--mantine-primary-color-light)">
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={600} aria-live="polite">
          {leadsWord(ids.length)} selected
        </Text>
        <Group gap="xs">
          <LeadStatusMenu onChoose={setStatus} loading={bulk.isPending && bulk.variables?.status !== undefined} disabled={bulk.isPending} />
          <AssignOwnerMenu trigger="action" onAssign={assign} loading={bulk.isPending && bulk.variables?.assignedUserId !== undefined} disabled={bulk.isPending} />
          <Button size="xs" variant="subtle" onClick={onClear}>
            Clear selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
