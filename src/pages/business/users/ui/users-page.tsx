import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/page-header';
import { SectionPanel } from '@/shared/ui/section-panel';

// Product brief §3: the three roles a person can have in a company.
const ROLES = [
  { name: 'Owner', detail: 'Holds the account, including the plan and billing.' },
  { name: 'Admin', detail: 'Changes settings and manages the team.' },
  { name: 'Staff', detail: 'Works leads and conversations and books jobs.' },
];

/** /users: the company's team. Inviting needs the invitations work; until then the page says so, with no look-alike button (decision 0017). */
export function UsersPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Users" description="Invite your team and choose what each person can do." />

      <EmptyState
        icon="☺"
        title="No teammates yet"
        description="Invite the people who handle your leads, like an office manager, a dispatcher or your sales team. You’ll see who’s been invited, who has joined and when each person was last active."
        action={
          <>
            <Text size="sm" c="dimmed" id="invite-reason">
              Invitations by email aren’t available in your account yet.
            </Text>
          </>
        }
      />

      <SectionPanel id="roles-title" title="Roles">
        <List spacing="sm" size="sm" listStyleType="none" withPadding={false}>
          {ROLES.map((role) => (
            <List.Item key={role.name}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Badge variant="light" w={72} style={{ flexShrink: 0 }}>
                  {role.name}
                </Badge>
                <Text size="sm">{role.detail}</Text>
              </Group>
            </List.Item>
          ))}
        </List>
      </SectionPanel>
    </Stack>
  );
}
