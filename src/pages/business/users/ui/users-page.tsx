import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ROLE_WORDS, ROLES } from '@contracts/team';
import { refusalFor, useMyRole } from '@/entities/user';
import { useTRPC } from '@/shared/api-react';
import { LoadError } from '@/shared/ui/load-error';
import { PageHeader } from '@/shared/ui/page-header';
import { SectionPanel } from '@/shared/ui/section-panel';
import { ScreenSpinner } from '@/shared/ui/spinner';
import { AssignmentPanel } from './assignment-panel';
import { InvitationsPanel, InviteForm } from './invitations-panel';
import { MembersPanel } from './members-panel';

/** /users: the team with roles and last activity, invitations, and who gets new leads (owners and admins). */
export function UsersPage() {
  const role = useMyRole();
  const refusal = refusalFor(role, 'admin', 'invite people, change roles or remove anyone');
  return (
    <Stack gap="lg">
      <PageHeader title="Users" description="Invite your team and choose what each person can do." />
      {role === null ? <ScreenSpinner /> : refusal ? <StaffView refusal={refusal} /> : <ManagerView />}
      <RolesPanel />
    </Stack>
  );
}

/** Staff see who is on the team, and who can change it. */
function StaffView({ refusal }: { refusal: string }) {
  const trpc = useTRPC();
  const members = useQuery(trpc.team.members.queryOptions());
  return (
    <SectionPanel id="team-title" title="Your team" description={refusal}>
      {members.isPending ? <ScreenSpinner /> : members.isError ? <LoadError title="Couldn’t load your team" error={members.error} onRetry={members.refetch} /> : (
        <List spacing="xs" size="sm" listStyleType="none" withPadding={false}>
          {members.data.map((m) => (
            <List.Item key={m.id}>
              <Group gap="xs">
                <Text size="sm">{`${m.firstName} ${m.lastName}`}{m.me ? ' (you)' : ''}</Text>
                <Badge variant="light">{ROLE_WORDS[m.role].label}</Badge>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </SectionPanel>
  );
}

function ManagerView() {
  const trpc = useTRPC();
  const overview = useQuery(trpc.team.overview.queryOptions());
  if (overview.isPending) return <ScreenSpinner />;
  if (overview.isError) return <LoadError title="Couldn’t load your team" error={overview.error} onRetry={overview.refetch} />;
  const { members, invitations, myRole } = overview.data;
  return (
    <>
      <InviteForm myRole={myRole} />
      <MembersPanel members={members} myRole={myRole} />
      <InvitationsPanel invitations={invitations} myRole={myRole} />
      <AssignmentPanel members={members} />
    </>
  );
}

function RolesPanel() {
  return (
    <SectionPanel id="roles-title" title="Roles">
      <List spacing="sm" size="sm" listStyleType="none" withPadding={false}>
        {ROLES.map((role) => (
          <List.Item key={role}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Badge variant="light" w={72} style={{ flexShrink: 0 }}>
                {ROLE_WORDS[role].label}
              </Badge>
              <Text size="sm">{ROLE_WORDS[role].detail}</Text>
            </Group>
          </List.Item>
        ))}
      </List>
    </SectionPanel>
  );
}
