import { fullName as personFullName } from '@contracts/person';

interface Named {
  firstName: string;
  lastName: string;
}

/** "First Last": the signed-in user in the app shell, a team member in lists. */
export const fullName = (user: Named): string => personFullName(user);

export function initials(user: Named): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || '?';
}

/** A team member's name, or their email when they haven't given one. */
export function memberName(member: Named & { email: string }): string {
  return personFullName(member) || member.email;
}

/** A team member in a list of choices: their name, with "(you)" after the viewer's own. */
export function memberLabel(member: Named & { email: string; me: boolean }): string {
  return member.me ? `${memberName(member)} (you)` : memberName(member);
}

/** Who something is assigned to, in words: a name, "Unassigned", a former member, or "…" while the team loads. */
export function assigneeLabel(assignedUserId: string | null, members: ReadonlyArray<Named & { id: string; email: string; me: boolean }> | undefined): string {
  if (!assignedUserId) return 'Unassigned';
  const member = members?.find((m) => m.id === assignedUserId);
  if (!member) return members ? 'Former team member' : '…';
  return memberLabel(member);
}
