import { Drawer } from '@mantine/core';
import { useState } from 'react';
import { LeadDetails } from '@/widgets/lead-details';

export interface LeadDrawerProps {
  /** The lead in the address (`?lead=<id>`), or null when the drawer is closed. */
  leadId: string | null;
  onClose: () => void;
}

/** One lead beside the list. */
export function LeadDrawer({ leadId, onClose }: LeadDrawerProps) {
  // Keep showing the last lead while the drawer slides closed.
  const [shownId, setShownId] = useState(leadId);
  if (leadId && leadId !== shownId) setShownId(leadId);
  return (
    <Drawer opened={leadId !== null} onClose={onClose} position="right" size="lg" title="Lead details" padding="lg" closeButtonProps={{ 'aria-label': 'Close lead details' }}>
      {shownId ? <LeadDetails key={shownId} id={shownId} /> : null}
    </Drawer>
  );
}
