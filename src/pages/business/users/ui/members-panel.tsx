import { Badge, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { type Role, ROLE_WORDS, ROLES } from '@contracts/team';
import { invalidateTeam } from '@/entities/user';
import type { AppRouter } from '@/shared/api';
import { useTRPC } from '@/shared/api-react';
import { formatDateTime, formatRelative, useNow } from '@/shared/lib/format';
import { ConfirmModal } from '@/shared/ui/confirm-modal';
import { SectionPanel } from '@/shared/ui/section-panel';

export type Member = inferRouterOutputs<AppRouter>['team']['overview']['members'][number];

/** Members with role and last activity; the owner changes roles, owners and admins remove (with a confirmation). */
export function MembersPanel({ members, myRole }: { members: Member[]; myRole: Role }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const now = useNow();
  const [removing, setRemoving] = useState<Member | null>(null);
  const refresh = () => invalidateTeam(queryClient);
  const onError = (error: { message: string }) => notifications.show({ color: 'red', message: error.message });
  const changeRole = useMutation(trpc.team.changeRole.mutationOptions({ onSuccess: () => refresh(), onError }));
  const remove = useMutation(
    trpc.team.remove.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: 'teal', message: `${removing ? `${removing.firstName} ${removing.lastName}` : 'They'} can no longer sign in.` });
        setRemoving(null);
        void refresh();
      },
      onError,
    }),
  );
  const owners = members.filter((m) => m.role === 'owner').length;

  return (
    <SectionPanel id="members-title" title="Team" description={myRole === 'owner' ? undefined : 'Only the owner can change roles.'}>
      <Stack gap="xs">
        {members.map((m) => {
          const name = `${m.firstName} ${m.lastName}`;
          const lastOwner = m.role === 'owner' && owners <= 1;
          const canRemove = !m.me && !lastOwner && (m.role !== 'owner' || myRole === 'owner');
          return (
            <Paper key={m.id} withBorder radius="sm" p="sm" data-testid="member-row">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm">
                    {name}
                    {m.me ? ' (you)' : ''}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {m.email} · {m.lastActiveAt ? <span title={formatDateTime(m.lastActiveAt)}>active {formatRelative(m.lastActiveAt, now)}</span> : 'not active yet'}
                  </Text>
                </Stack>
                <Group gap="xs">
                  {myRole === 'owner' ? (
                    <NativeSelect
                      aria-label={`Role of ${name}`}
                      size="xs"
                      value={m.role}
                      disabled={changeRole.isPending || lastOwner}
                      title={lastOwner ? 'The only owner: make someone else an owner first' : undefined}
                      data={ROLES.map((r) => ({ value: r, label: ROLE_WORDS[r].label }))}
                      onChange={(event) => changeRole.mutate({ userId: m.id, role: event.currentTarget.value as Role })}
                    />
                  ) : (
                    <Badge variant="light">{ROLE_WORDS[m.role].label}</Badge>
                  )}
                  {canRemove ? (
                    <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(m)} aria-label={`Remove ${name}`}>
                      Remove
                    </Button>
                  ) : null}
                </Group>
              </Group>
              {lastOwner ? (
                <Text size="xs" c="dimmed" mt={4}>
                  The only owner can’t be removed or demoted: a company always has one.
                </Text>
              ) : null}
            </Paper>
          );
        })}
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        title={removing ? `Remove ${removing.firstName} ${removing.lastName}?` : 'Remove'}
        confirmLabel="Remove"
        danger
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate({ userId: removing.id })}
        onCancel={() => setRemoving(null)}
      >
        <Text size="sm">They are signed out everywhere at once and can’t sign in again. Their leads and threads become unassigned; what they wrote stays.</Text>
      </ConfirmModal>
    </SectionPanel>
  );
}
