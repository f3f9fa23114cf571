import { Badge, Button, Group, Menu, SegmentedControl, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../shared/api/react';
import { formatPhone } from '../../../shared/lib/format';
import type { TeamMember, Thread, ThreadMode } from '../model/thread-types';
import { useThreadActions } from '../model/use-thread-actions';

const MODES: { value: ThreadMode; label: string }[] = [
  { value: 'ai', label: 'AI replying' },
  { value: 'human', label: 'You’re in control' },
];

export interface ThreadHeaderProps {
  thread: Thread;
  /** Phones: back to the list. */
  onBack?: (() => void) | undefined;
  /** When the side panel is folded into a drawer: open it. */
  onInfo?: (() => void) | undefined;
}

/** Who the thread is with, who answers it (the AI or the team), who owns it, and whether it is finished. */
export function ThreadHeader({ thread, onBack, onInfo }: ThreadHeaderProps) {
  const { setMode, assign, setStatus } = useThreadActions(thread.id);
  const closed = thread.status === 'closed';
  return (
    <Stack gap="xs" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {onBack ? (
            <Button variant="subtle" size="compact-sm" onClick={onBack} leftSection={<span aria-hidden>←</span>}>
              Back
            </Button>
          ) : null}
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={2} fz="lg" lineClamp={1}>
              {thread.contact.name}
            </Title>
            <Group gap={6}>
              <Text size="sm" c="dimmed">
                {formatPhone(thread.peerPhone)}
              </Text>
              {closed ? (
                <Badge size="xs" variant="outline" color="gray">
                  Closed
                </Badge>
              ) : null}
              {thread.contact.optedOut ? (
                <Badge size="xs" variant="light" color="red">
                  Opted out
                </Badge>
              ) : null}
            </Group>
          </Stack>
        </Group>
        {onInfo ? (
          <Button variant="default" size="compact-sm" onClick={onInfo} aria-haspopup="dialog">
            Info
          </Button>
        ) : null}
      </Group>

      <Group gap="xs" justify="space-between">
        <SegmentedControl
          size="xs"
          aria-label="Who replies in this conversation"
          data={MODES}
          value={thread.mode}
          onChange={(mode) => setMode.mutate({ id: thread.id, mode: mode as ThreadMode })}
          color={thread.mode === 'ai' ? 'violet' : 'teal'}
        />
        <Group gap="xs">
          <AssignMenu thread={thread} onAssign={(userId) => assign.mutate({ id: thread.id, userId })} />
          <Button size="xs" variant="default" loading={setStatus.isPending} onClick={() => setStatus.mutate({ id: thread.id, status: closed ? 'open' : 'closed' })}>
            {closed ? 'Reopen' : 'Close'}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

function memberName(member: TeamMember): string {
  return `${member.firstName} ${member.lastName}`.trim() || member.email;
}

function AssignMenu({ thread, onAssign }: { thread: Thread; onAssign: (userId: string | null) => void }) {
  const trpc = useTRPC();
  const members = useQuery({ ...trpc.team.members.queryOptions(), staleTime: 5 * 60_000 });
  const assignee = members.data?.find((member) => member.id === thread.assignedUserId);
  const label = thread.assignedUserId ? (assignee ? `Assigned to ${assignee.me ? 'you' : assignee.firstName || memberName(assignee)}` : 'Assigned') : 'Unassigned';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" aria-label={`${label}. Change who this conversation is assigned to`}>
          {label} ▾
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Assign to</Menu.Label>
        <Menu.Item onClick={() => onAssign(null)} rightSection={thread.assignedUserId === null ? <Check /> : null}>
          Unassigned
        </Menu.Item>
        {members.isPending ? <Menu.Label>Loading your team…</Menu.Label> : null}
        {members.isError ? <Menu.Label c="red">Couldn’t load your team</Menu.Label> : null}
        {members.data?.map((member) => (
          <Menu.Item key={member.id} onClick={() => onAssign(member.id)} rightSection={member.id === thread.assignedUserId ? <Check /> : null}>
            {memberName(member)}
            {member.me ? ' (you)' : ''}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function Check() {
  return (
    <Text component="span" c="teal">
      <span aria-hidden>✓</span>
      <VisuallyHidden>(current)</VisuallyHidden>
    </Text>
  );
}
