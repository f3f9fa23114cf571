import { Badge } from '@mantine/core';
import { LEAD_STATUS_WORDS, type LeadStatus } from '@contracts/lead';
import { LEAD_STATUS_COLORS } from '../model/lead-status';

/** A lead's status as the same coloured badge on every screen. */
export function LeadStatusBadge({ status, size = 'sm' }: { status: LeadStatus; size?: 'xs' | 'sm' }) {
  return (
    <Badge size={size} variant="light" color={LEAD_STATUS_COLORS[status]} style={{ whiteSpace: 'nowrap' }}>
      {LEAD_STATUS_WORDS[status]}
    </Badge>
  );
}
