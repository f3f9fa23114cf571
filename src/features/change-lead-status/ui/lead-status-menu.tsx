import { Button, Menu } from '@mantine/core';
import type { LeadStatus } from '@contracts/lead';
import { LEAD_STATUS_OPTIONS } from '@/entities/lead';

/** "Set status" for several leads at once: the same statuses, in lifecycle order. */
export function LeadStatusMenu({ onChoose, loading, disabled }: { onChoose: (status: LeadStatus) => void; loading?: boolean; disabled?: boolean }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" loading={loading}>
          Set status
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LEAD_STATUS_OPTIONS.map((option) => (
          <Menu.Item key={option.value} onClick={() => onChoose(option.value)} disabled={disabled}>
            {option.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
