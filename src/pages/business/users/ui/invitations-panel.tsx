import { Badge, Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { INVITATION_STATUS_WORDS, INVITE_TTL_DAYS, type Role, ROLE_WORDS, ROLES } from '@contracts/team';
import type { AppRouter } from '@/shared/api';
import { invalidateTeam } from '@/entities/user';
import { apiFieldErrors } from '@/shared/api-errors';
import { useTRPC } from '@/shared/api-react';
import { formatDateTime } from '@/shared/lib/format';
import { SectionPanel } from '@/shared/ui/section-panel';

type Invitation = inferRouterOutputs<AppRouter>['team']['overview']['invitations'][number];

function useRefreshTeam() {
  const queryClient = useQueryClient();
  return () => invalidateTeam(queryClient);
}

/** Invite by email with a role; only the owner may invite another owner. */
export function InviteForm({ myRole }: { myRole: Role }) {
  const trpc = useTRPC();
  const refresh = useRefreshTeam();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const invite = useMutation(
    trpc.team.invite.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: 'teal', message: `Invitation sent to ${email.trim()}. The link works once, for ${INVITE_TTL_DAYS} days.` });
        setEmail('');
        setErrors({});
        void refresh();
      },
      onError: (error) => {
        const fields = apiFieldErrors(error);
        setErrors(fields);
        if (Object.keys(fields).length === 0) notifications.show({ color: 'red', message: error.message });
      },
    }),
  );
  const roles = myRole === 'owner' ? ROLES : ROLES.filter((r) => r !== 'owner');
  return (
    <SectionPanel id="invite-title" title="Invite a teammate" description="They get an email with a link; they sign in with a code we email them, no password.">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          invite.mutate({ email, role });
        }}
      >
        <Group align="flex-start" wrap="wrap" gap="sm">
          <TextInput label="Email" type="email" required value={email} onChange={(event) => setEmail(event.currentTarget.value)} error={errors.email} style={{ flex: '1 1 240px' }} />
          <NativeSelect label="Role" value={role} onChange={(event) => setRole(event.currentTarget.value as Role)} data={roles.map((r) => ({ value: r, label: ROLE_WORDS[r].label }))} error={errors.role} />
          <Button type="submit" mt={25} loading={invite.isPending}>
            Send invitation
          </Button>
        </Group>
      </form>
    </SectionPanel>
  );
}

const STATUS_COLOR = { pending: 'blue', expired: 'orange', accepted: 'teal', revoked: 'gray' } as const;

/** Invitations with their status; open or expired ones can be resent (a new link; the old one dies) or revoked. */
export function InvitationsPanel({ invitations, myRole }: { invitations: Invitation[]; myRole: Role }) {
  const trpc = useTRPC();
  const refresh = useRefreshTeam();
  const onError = (error: { message: string }) => notifications.show({ color: 'red', message: error.message });
  const resend = useMutation(trpc.team.resendInvitation.mutationOptions({ onSuccess: () => { notifications.show({ color: 'teal', message: 'Sent again with a new link; the old link no longer works.' }); void refresh(); }, onError }));
  const revoke = useMutation(trpc.team.revokeInvitation.mutationOptions({ onSuccess: () => { notifications.show({ color: 'teal', message: 'Invitation revoked: its link no longer works.' }); void refresh(); }, onError }));
  return (
    <SectionPanel id="invitations-title" title="Invitations">
      {invitations.length === 0 ? (
        <Text size="sm" c="dimmed">
          No invitations yet.
        </Text>
      ) : (
        <Stack gap="xs">
          {invitations.map((invitation) => {
            const open = invitation.status === 'pending' || invitation.status === 'expired';
            const allowed = invitation.role !== 'owner' || myRole === 'owner';
            return (
              <Paper key={invitation.id} withBorder radius="sm" p="sm" data-testid="invitation-row">
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600}>
                      {invitation.email}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {ROLE_WORDS[invitation.role].label} · invited by {invitation.invitedByName} · {invitation.status === 'pending' ? `link valid until ${formatDateTime(invitation.expiresAt)}` : `sent ${formatDateTime(invitation.sentAt)}`}
                    </Text>
                  </Stack>
                  <Group gap="xs">
                    <Badge color={STATUS_COLOR[invitation.status]} variant="light">
                      {INVITATION_STATUS_WORDS[invitation.status]}
                    </Badge>
                    {open && allowed ? (
                      <>
                        <Button size="xs" variant="light" onClick={() => resend.mutate({ id: invitation.id })} loading={resend.isPending && resend.variables?.id === invitation.id} aria-label={`Resend to ${invitation.email}`}>
                          Resend
                        </Button>
                        <Button size="xs" variant="subtle" color="red" onClick={() => revoke.mutate({ id: invitation.id })} aria-label={`Revoke ${invitation.email}`}>
                          Revoke
                        </Button>
                      </>
                    ) : null}
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
    </SectionPanel>
  );
}
