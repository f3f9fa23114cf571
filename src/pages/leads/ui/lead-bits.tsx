import { Badge, Text, Tooltip } from '@mantine/core';
import { formatDateTime, formatRelative } from '../lib/format';
import { LEAD_STATUS_COLORS, LEAD_STATUS_LABELS } from '../model/lead-labels';
import type { LeadStatus } from '../model/types';

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return (
    <Badge variant="light" color={LEAD_STATUS_COLORS[status]} style={{ whiteSpace: 'nowrap' }}>
      {LEAD_STATUS_LABELS[status]}
    </Badge>
  );
}

export function OptedOutBadge() {
  return (
    <Badge size="sm" variant="outline" color="red">
      Opted out
    </Badge>
  );
}

/** "3 hr. ago", with the exact date and time on hover (and for screen readers in `dateTime`). */
export function RelativeTime({ at, now }: { at: number; now: number }) {
  const exact = formatDateTime(at);
  return (
    <Tooltip label={exact} openDelay={300}>
      <Text component="time" size="sm" dateTime={new Date(at).toISOString()} aria-label={exact} style={{ whiteSpace: 'nowrap' }}>
        {formatRelative(at, now)}
      </Text>
    </Tooltip>
  );
}
