import { Button, Menu, Text, VisuallyHidden } from '@mantine/core';
import { memberLabel, memberName, type TeamMember, useTeamMembers } from '@/entities/user';

export interface AssignOwnerMenuProps {
  /** The current owner: a user id, null for nobody, or undefined when there is no single one (several leads). */
  assignedUserId?: string | null | undefined;
  onAssign: (userId: string | null) => void;
  /** The button shows the current owner ("Assigned to Sam", for one thread) or the action ("Assign to", for a selection). */
  trigger?: 'owner' | 'action';
  /** What is being assigned, for the button's accessible name ("Change who this conversation is assigned to"). */
  subject?: string;
  loading?: boolean;
  disabled?: boolean;
}

function ownerLabel(assignedUserId: string | null | undefined, members: TeamMember[] | undefined): string {
  if (!assignedUserId) return 'Unassigned';
  const owner = members?.find((member) => member.id === assignedUserId);
  if (!owner) return 'Assigned';
  return `Assigned to ${owner.me ? 'you' : owner.firstName || memberName(owner)}`;
}

/**
 * The one "Assign to" menu: nobody, or a team member ("(you)" after the viewer), with a tick on the current owner.
 * The thread header, the leads' bulk actions and (as a form field, AssignOwnerSelect) the lead drawer use it.
 */
export function AssignOwnerMenu({ assignedUserId, onAssign, trigger = 'owner', subject, loading, disabled }: AssignOwnerMenuProps) {
  const members = useTeamMembers();
  const label = trigger === 'owner' ? ownerLabel(assignedUserId, members.data) : 'Assign to';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" loading={loading} aria-label={trigger === 'owner' && subject ? `${label}. Change who this ${subject} is assigned to` : undefined}>
          {label}
          {trigger === 'owner' ? ' ▾' : null}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <AssignOwnerItems assignedUserId={assignedUserId} onAssign={onAssign} disabled={disabled} />
      </Menu.Dropdown>
    </Menu>
  );
}

/** The menu's choices, for a menu of its own or a section of another (the thread's actions on a phone). */
export function AssignOwnerItems({ assignedUserId, onAssign, disabled }: Pick<AssignOwnerMenuProps, 'assignedUserId' | 'onAssign' | 'disabled'>) {
  const members = useTeamMembers();
  return (
    <>
      <Menu.Label>Assign to</Menu.Label>
      <Menu.Item onClick={() => onAssign(null)} disabled={disabled} rightSection={assignedUserId === null ? <Current /> : null}>
        Unassigned
      </Menu.Item>
      {members.isPending ? <Menu.Label>Loading your team…</Menu.Label> : null}
      {members.isError ? <Menu.Label c="red">Couldn’t load your team</Menu.Label> : null}
      {members.data?.map((member) => (
        <Menu.Item key={member.id} onClick={() => onAssign(member.id)} disabled={disabled} rightSection={member.id === assignedUserId ? <Current /> : null}>
          {memberLabel(member)}
        </Menu.Item>
      ))}
    </>
  );
}

function Current() {
  return (
    <Text component="span" c="teal">
      <span aria-hidden>✓</span>
      <VisuallyHidden>(current)</VisuallyHidden>
    </Text>
  );
}
