import { Button, Group, Menu, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../shared/api/react';
import { LEAD_STATUS_LABELS, type LeadStatus } from '../../../entities/lead';
import { fullName } from '../../../entities/user';
import { memberLabel, STATUS_OPTIONS } from '../model/lead-labels';
import type { TeamMember } from '../model/types';

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
        if (input.status) what = `set to ${LEAD_STATUS_LABELS[input.status]}`;
        else if (input.assignedUserId === null) what = 'unassigned';
        else if (input.assignedUserId) {
          const member = members?.find((m) => m.id === input.assignedUserId);
          what = member ? `assigned to ${member.me ? 'you' : fullName(member)}` : 'reassigned';
        }
        notifications.show({ color: 'teal', message: `${leadsWord(updated)} ${what}` });
        void queryClient.invalidateQueries({ queryKey: trpc.leads.pathKey() });
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
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="xs" variant="default" loading={bulk.isPending && bulk.variables?.status !== undefined}>
                Set status
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {STATUS_OPTIONS.map((option) => (
                <Menu.Item key={option.value} onClick={() => setStatus(option.value)} disabled={bulk.isPending}>
                  {option.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="xs" variant="default" loading={bulk.isPending && bulk.variables?.assignedUserId !== undefined}>
                Assign to
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {(members ?? []).map((member) => (
                <Menu.Item key={member.id} onClick={() => assign(member.id)} disabled={bulk.isPending}>
                  {memberLabel(member)}
                </Menu.Item>
              ))}
              <Menu.Divider />
              <Menu.Item onClick={() => assign(null)} disabled={bulk.isPending}>
                Nobody (unassign)
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Button size="xs" variant="subtle" onClick={onClear}>
            Clear selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
