import { Badge, Group } from '@mantine/core';

export function ClientStatusBadges({ optedOut, optedOutAt, blocked, withDate = false }: { optedOut: boolean; optedOutAt: number | null; blocked: boolean; withDate?: boolean }) {
  if (!optedOut && !blocked) return null;
  return (
    <Group gap={6} wrap="wrap">
      {optedOut ? (
        <Badge variant="light" color="red">
          {withDate && optedOutAt ? `Opted out ${new Date(optedOutAt).toLocaleDateString(undefined, { dateStyle: 'medium' })}` : 'Opted out'}
        </Badge>
      ) : null}
      {blocked ? (
        <Badge variant="light" color="gray">
          Blocked
        </Badge>
      ) : null}
    </Group>
  );
}
