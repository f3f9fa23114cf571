import { Select } from '@mantine/core';
import { isLeadStatus, LEAD_STATUS_WORDS } from '@contracts/lead';
import { LEAD_STATUS_OPTIONS, type LeadDetail, useUpdateLead } from '@/entities/lead';

/** What a status change says once saved, with a word on what to do next when won. */
export function statusSavedMessage(saved: Pick<LeadDetail, 'status' | 'valueCents'>): string {
  return saved.status === 'won' && saved.valueCents === null ? 'Marked as Won. Add the job value below.' : `Status set to ${LEAD_STATUS_WORDS[saved.status]}`;
}

/**
 * A lead's status as a form field: saved as soon as it is chosen (no Save button covers it). `onSaved` receives
 * the sentence to confirm it with, shown by the screen next to the field.
 */
export function LeadStatusSelect({ lead, onSaved }: { lead: LeadDetail; onSaved: (message: string) => void }) {
  const status = useUpdateLead(lead.id, (saved) => onSaved(statusSavedMessage(saved)));
  // While a save is on its way, show the choice just made rather than the old value.
  const shown = status.isPending && status.variables.status ? status.variables.status : lead.status;
  return (
    <Select
      label="Status"
      data={LEAD_STATUS_OPTIONS}
      value={shown}
      allowDeselect={false}
      disabled={status.isPending}
      onChange={(value) => {
        if (value && isLeadStatus(value) && value !== lead.status) status.mutate({ id: lead.id, status: value });
      }}
    />
  );
}
