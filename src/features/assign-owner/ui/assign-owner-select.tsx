import { Select } from '@mantine/core';
import { assigneeLabel, memberLabel, useTeamMembers } from '@/entities/user';

const UNASSIGNED = 'unassigned';

/** The same choices as AssignOwnerMenu, as a form field beside the lead's other fields ("Assigned to"). */
export function AssignOwnerSelect({ value, onAssign, disabled }: { value: string | null; onAssign: (userId: string | null) => void; disabled?: boolean }) {
  const members = useTeamMembers();
  const options = [{ value: UNASSIGNED, label: 'Unassigned' }, ...(members.data ?? []).map((m) => ({ value: m.id, label: memberLabel(m) }))];
  // Someone who left the team still shows as the owner until the lead is reassigned.
  if (value && !options.some((o) => o.value === value)) options.push({ value, label: assigneeLabel(value, members.data) });
  return (
    <Select
      label="Assigned to"
      data={options}
      value={value ?? UNASSIGNED}
      allowDeselect={false}
      disabled={disabled}
      onChange={(next) => onAssign(!next || next === UNASSIGNED ? null : next)}
    />
  );
}
