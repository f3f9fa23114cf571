import { Alert, Button, Checkbox, Group, Modal, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { apiFieldErrors } from '@/shared/api-errors';
import { useTRPC } from '@/shared/api-react';
import { isEmail } from '@/shared/lib/email';
import { INVALID_US_CA_PHONE_MESSAGE, parseSignupPhone } from '@/shared/lib/phone';
import { PhoneInput } from '@/shared/ui/phone-input';
import { invalidateClients } from '@/entities/contact';
import { invalidateLeads, type LeadDetail, setCachedLead } from '@/entities/lead';

export interface NewLeadForm {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  summary: string;
  consentConfirmed: boolean;
}

const EMPTY: NewLeadForm = { firstName: '', lastName: '', phone: '', email: '', summary: '', consentConfirmed: false };

function validateNewLead(form: NewLeadForm): Partial<Record<keyof NewLeadForm, string>> {
  const errors: Partial<Record<keyof NewLeadForm, string>> = {};
  if (!form.firstName.trim()) errors.firstName = 'First name is required';
  if (!form.phone) errors.phone = 'Enter their mobile number';
  else if (!parseSignupPhone(form.phone)) errors.phone = INVALID_US_CA_PHONE_MESSAGE;
  if (form.email.trim() && !isEmail(form.email.trim())) errors.email = 'Enter a valid email address';
  return errors;
}

function NewLeadFormBody({ onCancel, onCreated }: { onCancel: () => void; onCreated: (lead: LeadDetail) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<NewLeadForm>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useMutation(
    trpc.leads.create.mutationOptions({
      onSuccess: (lead) => {
        setCachedLead(queryClient, lead);
        void invalidateLeads(queryClient);
        void invalidateClients(queryClient);
        notifications.show({
          color: 'teal',
          // Same client, lead still open within the dedupe window (24 h): the server joined it instead of adding a second.
          message: lead.joined ? `${lead.contact.name} already has an open lead from the last 24 hours: opened it instead of adding another` : `Lead added for ${lead.contact.name}`,
        });
        onCreated(lead);
      },
      onError: (error) => {
        const fields = apiFieldErrors(error);
        setServerErrors(fields);
        setFailure(Object.keys(fields).length ? null : error.message || 'Adding the lead failed. Please try again.');
      },
    }),
  );

  const clientErrors = validateNewLead(form);
  const errorFor = (field: keyof NewLeadForm) => serverErrors[field] ?? (submitted ? clientErrors[field] : undefined);
  const set = <K extends keyof NewLeadForm>(field: K, value: NewLeadForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    // A server message is about what was sent; once the field changes it no longer applies.
    if (serverErrors[field]) setServerErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(clientErrors).length > 0) return;
    setServerErrors({});
    setFailure(null);
    create.mutate({
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim() || null,
      phone: form.phone,
      email: form.email.trim() || null,
      summary: form.summary.trim() || null,
      consentConfirmed: form.consentConfirmed,
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="New lead">
      <Stack gap="md">
        {failure ? (
          <Alert color="red" role="alert" title="The lead was not added">
            {failure}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="First name"
            required
            autoComplete="off"
            data-autofocus
            value={form.firstName}
            onChange={(event) => set('firstName', event.currentTarget.value)}
            error={errorFor('firstName')}
            maxLength={100}
          />
          <TextInput
            label="Last name"
            autoComplete="off"
            value={form.lastName}
            onChange={(event) => set('lastName', event.currentTarget.value)}
            error={errorFor('lastName')}
            maxLength={100}
          />
        </SimpleGrid>
        <PhoneInput
          label="Mobile phone"
          required
          description="A US or Canadian number that can get texts."
          value={form.phone}
          onChange={(value) => set('phone', value)}
          error={errorFor('phone')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="off"
          value={form.email}
          onChange={(event) => set('email', event.currentTarget.value)}
          error={errorFor('email')}
        />
        <Textarea
          label="What they need"
          placeholder="e.g. Water heater leaking in the garage, wants someone this week"
          autosize
          minRows={3}
          maxRows={8}
          value={form.summary}
          onChange={(event) => set('summary', event.currentTarget.value)}
          error={errorFor('summary')}
          maxLength={2000}
        />
        <Checkbox
          label="The customer asked us to contact them by text"
          description="Tick only if they did. It’s saved in the client’s consent history with your name."
          checked={form.consentConfirmed}
          onChange={(event) => set('consentConfirmed', event.currentTarget.checked)}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Add lead
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface NewLeadModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (lead: LeadDetail) => void;
}

/** "New lead": someone who called or walked in, typed in by staff. The form starts empty each time it opens. */
export function NewLeadModal({ opened, onClose, onCreated }: NewLeadModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="New lead" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened ? <NewLeadFormBody onCancel={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}
