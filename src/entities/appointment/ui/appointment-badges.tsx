import { Badge, Group } from '@mantine/core';
import type { AppointmentListItem } from '../model/types';

/** What the customer said about a booking (they replied C or R), and whether it is cancelled. */
export function AppointmentBadges({ appointment, size = 'sm' }: { appointment: Pick<AppointmentListItem, 'status' | 'confirmedAt' | 'rescheduleRequestedAt'>; size?: 'xs' | 'sm' }) {
  if (appointment.status === 'cancelled') {
    return (
      <Badge color="gray" variant="light" size={size}>
        Cancelled
      </Badge>
    );
  }
  if (!appointment.confirmedAt && !appointment.rescheduleRequestedAt) return null;
  return (
    <Group gap={4}>
      {appointment.confirmedAt ? (
        <Badge color="teal" variant="light" size={size}>
          Confirmed
        </Badge>
      ) : null}
      {appointment.rescheduleRequestedAt ? (
        <Badge color="orange" variant="light" size={size}>
          Asked to reschedule
        </Badge>
      ) : null}
    </Group>
  );
}
