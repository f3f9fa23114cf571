import { Button, Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '@/shared/ui/page-header';
import { LoadError } from '@/shared/ui/load-error';
import { useTeamMembers } from '@/entities/user';
import { BookAppointmentModal } from '@/features/book-appointment';
import { BookingsPanel } from './bookings-panel';
import { TeamHoursPanel } from './team-hours-panel';
import { TypesPanel } from './types-panel';

/**
 * /scheduling: the bookings (a day or week in the company's zone, or the upcoming list; each opens to move or
 * cancel it), the appointment types, and each member's hours with dates that differ and time off. Anyone on the
 * team books, moves and cancels; types and other people's hours are the owner's or an admin's (the server says so
 * too).
 */
export function SchedulingPage() {
  const members = useTeamMembers();
  const [booking, setBooking] = useState(false);
  const me = members.data?.find((member) => member.me);
  const manager = me?.role === 'owner' || me?.role === 'admin';
  return (
    <Stack gap="lg">
      <PageHeader
        title="Scheduling"
        description="Your bookings, the visits you offer, and when each of you works. Customers get a confirmation text and reminders 24 and 2 hours before."
        actions={<Button onClick={() => setBooking(true)}>Book appointment</Button>}
      />
      <Tabs defaultValue="bookings" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="bookings">Bookings</Tabs.Tab>
          <Tabs.Tab value="types">Appointment types</Tabs.Tab>
          <Tabs.Tab value="hours">Team hours</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="bookings">
          <BookingsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="types">
          {members.isError ? <LoadError title="Couldn’t load your team" error={members.error} onRetry={members.refetch} /> : <TypesPanel members={members.data ?? []} canEdit={manager} />}
        </Tabs.Panel>
        <Tabs.Panel value="hours">
          {members.isError ? <LoadError title="Couldn’t load your team" error={members.error} onRetry={members.refetch} /> : members.data ? <TeamHoursPanel members={members.data} canEditOthers={manager} /> : null}
        </Tabs.Panel>
      </Tabs>
      <BookAppointmentModal opened={booking} onClose={() => setBooking(false)} />
    </Stack>
  );
}
