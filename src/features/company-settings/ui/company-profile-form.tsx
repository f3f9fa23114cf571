import { Checkbox, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DEFAULT_HOURS, TIME_OF_DAY, TIME_ZONES, type TimeZone, type Trade, TRADES, WEEKDAYS, type WeeklyHours } from '@contracts/company';
import type { CompanySettings } from '@/entities/company';
import { useTRPC } from '@/shared/api-react';
import { usePhoneLayout } from '@/shared/lib/media';
import { CompanyFormFrame, type CompanyFormProps, useCompanyForm } from './company-form';

interface ProfileForm {
  name: string;
  legalName: string;
  trade: Trade | null;
  website: string;
  timezone: TimeZone | null;
  hours: WeeklyHours;
  /** The logo's file id (an upload), null for none. */
  logoFileId: string | null;
}

/** What a page's logo control gets (the page brings the uploader: this form only keeps the id). */
export interface LogoFieldProps {
  value: string | null;
  onChange: (fileId: string | null) => void;
  error: string | undefined;
}

function formFrom(company: CompanySettings): ProfileForm {
  return {
    name: company.name,
    legalName: company.legalName ?? '',
    trade: (company.trade as Trade | null) ?? null,
    website: company.website ?? '',
    timezone: (company.timezone as TimeZone | null) ?? null,
    hours: (company.hours as WeeklyHours | null) ?? DEFAULT_HOURS,
    logoFileId: company.logoFileId,
  };
}

export function validateProfile(form: ProfileForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.name.trim()) errors.name = 'Business name is required';
  if (!form.timezone) errors.timezone = 'Choose your time zone';
  for (const day of WEEKDAYS) {
    const hours = form.hours[day.key];
    if (!hours) continue;
    if (!TIME_OF_DAY.test(hours.open)) errors[`hours.${day.key}.open`] = 'Use HH:MM';
    else if (!TIME_OF_DAY.test(hours.close)) errors[`hours.${day.key}.close`] = 'Use HH:MM';
    else if (hours.open >= hours.close) errors[`hours.${day.key}.close`] = 'Closing time must be after opening time';
  }
  return errors;
}

/**
 * Keyed by the record's `updatedAt` by its callers, so the form shows what the server kept after a save. `logoField`
 * renders the logo's control (the pages pass the image uploader); without it the logo is kept as it is.
 */
export function CompanyProfileForm({
  company,
  requireChanges,
  submitLabel = 'Save changes',
  onSaved,
  logoField,
}: CompanyFormProps & { logoField?: (field: LogoFieldProps) => ReactNode }) {
  const trpc = useTRPC();
  const { form, setForm, errorFor, frame } = useCompanyForm({
    company,
    requireChanges,
    onSaved,
    formFrom,
    validate: validateProfile,
    toInput: (form: ProfileForm) => (form.timezone ? { ...form, timezone: form.timezone, expectedUpdatedAt: company.updatedAt } : null),
    mutationOptions: (callbacks) => trpc.company.update.mutationOptions(callbacks),
    savedMessage: 'Company settings saved',
  });

  const phone = usePhoneLayout();
  const setDay = (day: keyof WeeklyHours, value: WeeklyHours[keyof WeeklyHours]) =>
    setForm((current) => ({ ...current, hours: { ...current.hours, [day]: value } }));

  return (
    <CompanyFormFrame {...frame} labelledBy="company-profile-title" submitLabel={submitLabel} unsavedWhat="the company profile">
      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="lg" id="company-profile-title" mb="md">
          Business details
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Business name"
            description="The name customers know; used in your texts."
            required
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
            error={errorFor('name')}
          />
          <TextInput
            label="Legal business name"
            description="As registered; needed for texting registration."
            value={form.legalName}
            onChange={(e) => setForm({ ...form, legalName: e.currentTarget.value })}
            error={errorFor('legalName')}
          />
          <Select
            label="Trade"
            placeholder="Choose your trade"
            data={TRADES.map((t) => ({ value: t.value, label: t.label }))}
            value={form.trade}
            onChange={(value) => setForm({ ...form, trade: value as Trade | null })}
            error={errorFor('trade')}
            clearable
          />
          <TextInput
            label="Website"
            placeholder="yourbusiness.com"
            value={form.website}
            onChange={(e) => setForm({ ...form, website: e.currentTarget.value })}
            error={errorFor('website')}
          />
          <Select
            label="Time zone"
            description="Business hours, quiet hours and reports use it."
            placeholder="Choose your time zone"
            required
            data={TIME_ZONES.map((z) => ({ value: z.value, label: z.label }))}
            value={form.timezone}
            onChange={(value) => setForm({ ...form, timezone: value as TimeZone | null })}
            error={errorFor('timezone')}
            searchable
          />
        </SimpleGrid>
        {logoField ? (
          <Stack mt="md">{logoField({ value: form.logoFileId, onChange: (logoFileId) => setForm((current) => ({ ...current, logoFileId })), error: errorFor('logoFileId') })}</Stack>
        ) : null}
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="lg" mb={4}>
          Business hours
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Missed-call texts and the AI assistant use different wording inside and outside these hours.
        </Text>
        {phone ? (
          // On a phone: one block per day, its open/closed box above its two times (no table to scroll sideways).
          <Stack gap="sm" role="group" aria-label="Business hours">
            {WEEKDAYS.map((day) => {
              const hours = form.hours[day.key];
              return (
                <Stack key={day.key} gap={4} data-testid="hours-day">
                  <Group justify="space-between" wrap="nowrap">
                    <Checkbox
                      label={day.label}
                      checked={hours !== null}
                      onChange={(e) => setDay(day.key, e.currentTarget.checked ? (DEFAULT_HOURS.mon ?? { open: '08:00', close: '17:00' }) : null)}
                    />
                    {hours ? null : (
                      <Text size="sm" c="dimmed">
                        Closed
                      </Text>
                    )}
                  </Group>
                  {hours ? (
                    <SimpleGrid cols={2} spacing="sm">
                      <TextInput
                        type="time"
                        label="Opens"
                        aria-label={`${day.label} opens`}
                        value={hours.open}
                        onChange={(e) => setDay(day.key, { ...hours, open: e.currentTarget.value })}
                        error={errorFor(`hours.${day.key}.open`)}
                      />
                      <TextInput
                        type="time"
                        label="Closes"
                        aria-label={`${day.label} closes`}
                        value={hours.close}
                        onChange={(e) => setDay(day.key, { ...hours, close: e.currentTarget.value })}
                        error={errorFor(`hours.${day.key}.close`)}
                      />
                    </SimpleGrid>
                  ) : null}
                </Stack>
              );
            })}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs" aria-label="Business hours">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Day</Table.Th>
                  <Table.Th>Opens</Table.Th>
                  <Table.Th>Closes</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {WEEKDAYS.map((day) => {
                  const hours = form.hours[day.key];
                  return (
                    <Table.Tr key={day.key}>
                      <Table.Td>
                        <Checkbox
                          label={day.label}
                          checked={hours !== null}
                          onChange={(e) => setDay(day.key, e.currentTarget.checked ? (DEFAULT_HOURS.mon ?? { open: '08:00', close: '17:00' }) : null)}
                        />
                      </Table.Td>
                      <Table.Td>
                        {hours ? (
                          <TextInput
                            type="time"
                            aria-label={`${day.label} opens`}
                            value={hours.open}
                            onChange={(e) => setDay(day.key, { ...hours, open: e.currentTarget.value })}
                            error={errorFor(`hours.${day.key}.open`)}
                          />
                        ) : (
                          <Text size="sm" c="dimmed">
                            Closed
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {hours ? (
                          <TextInput
                            type="time"
                            aria-label={`${day.label} closes`}
                            value={hours.close}
                            onChange={(e) => setDay(day.key, { ...hours, close: e.currentTarget.value })}
                            error={errorFor(`hours.${day.key}.close`)}
                          />
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </CompanyFormFrame>
  );
}
