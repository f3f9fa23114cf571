import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { type AppointmentListItem, dayHeading, dayOf, minuteOfDay, timeIn, timeRangeIn } from '@/entities/appointment';

const HOUR_PX = 48;

/** The hours the grid shows: 7 am to 7 pm, stretched to fit every booking of the days shown. */
function hourRange(appointments: readonly AppointmentListItem[], zone: string): { first: number; last: number } {
  let first = 7;
  let last = 19;
  for (const appointment of appointments) {
    first = Math.min(first, Math.floor(minuteOfDay(appointment.start, zone) / 60));
    const endMinute = dayOf(appointment.end, zone) === dayOf(appointment.start, zone) ? minuteOfDay(appointment.end, zone) : 24 * 60;
    last = Math.max(last, Math.ceil(endMinute / 60));
  }
  return { first, last: Math.min(24, last) };
}

/** How a booking is named to a screen reader and in its block: who, when, what, with whom. */
export function bookingName(appointment: AppointmentListItem, zone: string): string {
  const cancelled = appointment.status === 'cancelled' ? ' (cancelled)' : '';
  return `${appointment.clientName}, ${timeRangeIn(appointment.start, appointment.end, zone)}, ${appointment.typeName} with ${appointment.memberName || 'a former team member'}${cancelled}`;
}

/**
 * The day or week view: a column per day, hours down the side, each booking a block at its wall-clock time in the
 * company's zone (so a daylight-saving day draws 9 am at 9 am), cancelled ones struck through.
 */
export function TimeGrid({ days, appointments, zone, label, today, onOpen }: { days: string[]; appointments: readonly AppointmentListItem[]; zone: string; label: string; today: string; onOpen: (appointment: AppointmentListItem) => void }) {
  const { first, last } = hourRange(appointments, zone);
  const hours = Array.from({ length: last - first }, (_, index) => first + index);
  const height = (last - first) * HOUR_PX;
  return (
    <Box role="region" aria-label={label} style={{ overflowX: 'auto' }}>
      <Box style={{ display: 'grid', gridTemplateColumns: `56px repeat(${days.length}, minmax(${days.length > 1 ? 110 : 220}px, 1fr))`, minWidth: days.length > 1 ? 56 + days.length * 110 : undefined }}>
        <div />
        {days.map((day) => (
          <Text key={day} size="sm" fw={day === today ? 700 : 500} ta="center" py={4} c={day === today ? 'blue.7' : undefined} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            {dayHeading(day, today)}
          </Text>
        ))}
        <Box style={{ position: 'relative', height }}>
          {hours.map((hour) => (
            <Text key={hour} size="xs" c="dimmed" style={{ position: 'absolute', top: (hour - first) * HOUR_PX - 6, right: 6 }}>
              {hour === 0 ? '12 AM' : hour < 12 ? `${hour} AM` : hour === 12 ? '12 PM' : `${hour - 12} PM`}
            </Text>
          ))}
        </Box>
        {days.map((day) => {
          const ofDay = appointments.filter((appointment) => dayOf(appointment.start, zone) === day);
          return (
            <Box key={day} role="list" aria-label={`Bookings on ${dayHeading(day, today)}`} style={{ position: 'relative', height, borderLeft: '1px solid var(--mantine-color-gray-3)' }}>
              {hours.map((hour) => (
                <div key={hour} aria-hidden style={{ position: 'absolute', left: 0, right: 0, top: (hour - first) * HOUR_PX, borderTop: '1px solid var(--mantine-color-gray-2)' }} />
              ))}
              {ofDay.map((appointment) => {
                const startMinute = minuteOfDay(appointment.start, zone);
                const endMinute = dayOf(appointment.end, zone) === day ? minuteOfDay(appointment.end, zone) : 24 * 60;
                const cancelled = appointment.status === 'cancelled';
                return (
                  <div role="listitem" key={appointment.id}>
                    <UnstyledButton
                      aria-label={bookingName(appointment, zone)}
                      onClick={() => onOpen(appointment)}
                      style={{
                        position: 'absolute',
                        top: ((startMinute - first * 60) / 60) * HOUR_PX + 1,
                        height: Math.max(20, ((endMinute - startMinute) / 60) * HOUR_PX - 2),
                        left: 3,
                        right: 3,
                        overflow: 'hidden',
                        padding: '2px 6px',
                        borderRadius: 6,
                        background: cancelled ? 'var(--mantine-color-gray-1)' : appointment.rescheduleRequestedAt ? 'var(--mantine-color-orange-1)' : 'var(--mantine-color-blue-1)',
                        borderLeft: `3px solid var(--mantine-color-${cancelled ? 'gray-5' : appointment.rescheduleRequestedAt ? 'orange-6' : 'blue-6'})`,
                        textDecoration: cancelled ? 'line-through' : undefined,
                        opacity: cancelled ? 0.7 : 1,
                      }}
                    >
                      <Group gap={4} wrap="nowrap">
                        <Text size="xs" fw={600} truncate>
                          {timeIn(appointment.start, zone)} {appointment.clientName}
                        </Text>
                      </Group>
                      <Text size="xs" c="dimmed" truncate>
                        {appointment.typeName} · {appointment.memberName}
                      </Text>
                    </UnstyledButton>
                  </div>
                );
              })}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
