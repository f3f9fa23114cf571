import { Button } from '@mantine/core';
import { useState } from 'react';
import { BookAppointmentModal } from './book-appointment-modal';

/** "Book appointment" for a client (and their lead), from the lead drawer or next to their conversation. */
export function BookAppointmentButton({ client, leadId, size = 'xs', variant = 'default' }: { client: { id: string; name: string }; leadId?: string | null; size?: 'xs' | 'sm'; variant?: 'filled' | 'light' | 'default' }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size={size} variant={variant} onClick={() => setOpened(true)}>
        Book appointment
      </Button>
      <BookAppointmentModal opened={opened} onClose={() => setOpened(false)} client={client} leadId={leadId ?? null} />
    </>
  );
}
