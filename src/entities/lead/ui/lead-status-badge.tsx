import { Badge } from '@mantine/core';
import { LEAD_STATUS_COLORS, LEAD_STATUS_LABELS, type LeadStatus } from '../model/lead-labels';

/** A lead's status as the same coloured badge on every screen. */
export function LeadStatusBadge({ status, size = 'sm' }: { status: LeadStatus; size?: 'xs' | 'sm' }) {
  return (
    <Badge size={size} variant="light" color={LEAD_STATUS_COLORS[status]} style={{ whiteSpace: 'nowrap' }}>
      {LEAD_STATUS_LABELS[status]}
    </Badge>
  );
}
