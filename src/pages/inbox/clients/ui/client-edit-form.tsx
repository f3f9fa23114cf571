import { Button, Group, Paper, SimpleGrid, Stack, TagsInput, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { apiFieldErrors } from '@/shared/api-errors';
import { useCompanySettings } from '@/entities/company';
import { useTRPC } from '@/shared/api-react';
import { isEmail } from '@/shared/lib/email';
import { type ClientDetail, type ClientUpdateInput, invalidateClientList, setCachedClient } from '@/entities/contact';
import { invalidateLeads } from '@/entities/lead';

export interface ClientForm {
  firstName: string;
  lastName: string;
  email: string;
  addressLine1: string;
  city: string;
  region: string;
  postalCode: string;
  notes: string;
  tags: string[];
  /** Only asked for a client without a number (a lead email gave none); a number is never changed here. */
  phone: string;
}

type TextField = Exclude<keyof ClientForm, 'tags' | 'phone'>;

export function clientForm(client: ClientDetail): ClientForm {
  return {
    firstName: client.firstName ?? '',
    lastName: client.lastName ?? '',
    email: client.email ?? '',
    addressLine1: client.addressLine1 ?? '',
    city: client.city ?? '',
    region: client.region ?? '',
    postalCode: client.postalCode ?? '',
    notes: client.notes ?? '',
    tags: client.tags,
    phone: '',
  };
}

/** Address words of the company's country (clients are almost always local); both when it isn't set yet. */
function addressLabels(country: string | null | undefined) {
  if (country === 'US') return { region: 'State', regionExample: 'e.g. TX', postalCode: 'ZIP code' };
  if (country === 'CA') return { region: 'Province', regionExample: 'e.g. ON', postalCode: 'Postal code' };
  return { region: 'State / province', regionExample: 'e.g. TX or ON', postalCode: 'ZIP / postal code' };
}

function validateClient(form: ClientForm): Partial<Record<keyof ClientForm, string>> {
  const errors: Partial<Record<keyof ClientForm, string>> = {};
  if (form.email.trim() && !isEmail(form.email.trim())) errors.email = 'Enter a valid email address';
  if (form.region.trim() && !/^[A-Za-z]{2}$/.test(form.region.trim())) errors.region = 'Use the 2-letter code, e.g. TX or ON';
  if (form.tags.some((tag) => tag.length > 40)) errors.tags = 'Tags can be at most 40 characters';
  return errors;
}

/** Only what changed goes to the server (the audit log then names exactly those fields); blanks become null. */
function clientChanges(before: ClientForm, after: ClientForm): Omit<ClientUpdateInput, 'id'> {
  const changes: Omit<ClientUpdateInput, 'id'> = {};
  const fields: TextField[] = ['firstName', 'lastName', 'email', 'addressLine1', 'city', 'region', 'postalCode', 'notes'];
  for (const field of fields) {
    const value = field === 'region' ? after[field].trim().toUpperCase() : after[field].trim();
    if (value !== before[field].trim()) changes[field] = value || null;
  }
  if (JSON.stringify(after.tags) !== JSON.stringify(before.tags)) changes.tags = after.tags;
  if (after.phone.trim()) changes.phone = after.phone.trim();
  return changes;
}

/** The client's name, contact details, address, notes and tags. Keyed by the saved values, so it shows what the server kept. */
export function ClientEditForm({ client }: { client: ClientDetail }) {
  const trpc = useTRPC();
  const labels = addressLabels(useCompanySettings().data?.country);
  const queryClient = useQueryClient();
  const initial = clientForm(client);
  const [form, setForm] = useState<ClientForm>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const save = useMutation(
    trpc.clients.update.mutationOptions({
      onSuccess: (saved) => {
        setCachedClient(queryClient, saved);
        void invalidateClientList(queryClient);
        void invalidateLeads(queryClient);
        notifications.show({ color: 'teal', message: 'Client saved' });
      },
      onError: (error) => {
        const fields = apiFieldErrors(error);
        setServerErrors(fields);
        if (Object.keys(fields).length === 0) notifications.show({ color: 'red', title: 'Not saved', message: error.message || 'Saving failed. Please try again.' });
      },
    }),
  );

  const clientErrors = validateClient(form);
  const errorFor = (field: keyof ClientForm) => {
    const server = serverErrors[field] ?? Object.entries(serverErrors).find(([key]) => key.startsWith(`${field}.`))?.[1];
    return server ?? (submitted ? clientErrors[field] : undefined);
  };
  const changes = clientChanges(initial, form);
  const dirty = Object.keys(changes).length > 0;
  const set = <K extends keyof ClientForm>(field: K, value: ClientForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (serverErrors[field]) setServerErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const text = (field: TextField) => ({
    value: form[field],
    onChange: (event: { currentTarget: { value: string } }) => set(field, event.currentTarget.value),
    error: errorFor(field),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!dirty || Object.keys(clientErrors).length > 0) return;
    setServerErrors({});
    save.mutate({ id: client.id, ...changes });
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="client-edit-title">
      <form onSubmit={submit} noValidate aria-labelledby="client-edit-title">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="client-edit-title">
            Details
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="First name" autoComplete="off" maxLength={100} {...text('firstName')} />
            <TextInput label="Last name" autoComplete="off" maxLength={100} {...text('lastName')} />
          </SimpleGrid>
          {client.phone === null ? (
            <TextInput
              label="Mobile number"
              description="Their lead came without one. Add it to text them; if they already texted you, merge this client with that one instead."
              type="tel"
              autoComplete="off"
              maxLength={20}
              value={form.phone}
              onChange={(event) => set('phone', event.currentTarget.value)}
              error={errorFor('phone')}
            />
          ) : null}
          <TextInput label="Email" type="email" autoComplete="off" {...text('email')} />
          <TextInput label="Street address" autoComplete="off" maxLength={200} {...text('addressLine1')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="City" autoComplete="off" maxLength={100} {...text('city')} />
            <TextInput
              label={labels.region}
              placeholder={labels.regionExample}
              autoComplete="off"
              maxLength={2}
              {...text('region')}
              onChange={(event) => set('region', event.currentTarget.value.toUpperCase())}
            />
            <TextInput label={labels.postalCode} autoComplete="off" maxLength={10} {...text('postalCode')} />
          </SimpleGrid>
          <TagsInput
            label="Tags"
            description="Press Enter or comma after each tag."
            value={form.tags}
            onChange={(tags) => set('tags', tags)}
            maxTags={30}
            splitChars={[',']}
            acceptValueOnBlur
            clearable
            error={errorFor('tags')}
          />
          <Textarea label="Notes" description="Only your team sees these." autosize minRows={3} maxRows={10} maxLength={5000} {...text('notes')} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" disabled={!dirty || save.isPending} onClick={() => { setForm(initial); setServerErrors({}); setSubmitted(false); }}>
              Discard changes
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!dirty}>
              Save client
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
