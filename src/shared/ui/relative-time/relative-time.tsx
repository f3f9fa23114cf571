import { Text, Tooltip } from '@mantine/core';
import { formatDateTime, formatRelative } from '@/shared/lib/format';

export interface RelativeTimeProps {
  at: number;
  /** From `useNow()`, so the label keeps up while the screen stays open. */
  now: number;
  size?: 'xs' | 'sm';
  dimmed?: boolean;
}

/** "3 hr. ago", with the exact date and time on hover and for screen readers. */
export function RelativeTime({ at, now, size = 'sm', dimmed = false }: RelativeTimeProps) {
  const exact = formatDateTime(at);
  return (
    <Tooltip label={exact} openDelay={300}>
      <Text component="time" size={size} c={dimmed ? 'dimmed' : undefined} dateTime={new Date(at).toISOString()} aria-label={exact} style={{ whiteSpace: 'nowrap' }}>
        {formatRelative(at, now)}
      </Text>
    </Tooltip>
  );
}
