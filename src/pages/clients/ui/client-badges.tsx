import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { formatDateTime, formatRelative } from '../lib/format';

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

/** "3 hr. ago", with the exact date and time on hover. */
export function RelativeTime({ at, now, size = 'sm' }: { at: number; now: number; size?: 'xs' | 'sm' }) {
  const exact = formatDateTime(at);
  return (
    <Tooltip label={exact} openDelay={300}>
      <Text component="time" size={size} c="dimmed" dateTime={new Date(at).toISOString()} aria-label={exact} style={{ whiteSpace: 'nowrap' }}>
        {formatRelative(at, now)}
      </Text>
    </Tooltip>
  );
}
