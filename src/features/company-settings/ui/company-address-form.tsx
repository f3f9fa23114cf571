import { Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type Country, normalizePostalCode, normalizeServiceAreaEntry, regionsOf } from '@contracts/company';
import type { CompanySettings } from '@/entities/company';
import { useTRPC } from '@/shared/api-react';
import { CompanyFormFrame, type CompanyFormProps, useCompanyForm } from './company-form';

interface AddressForm {
  country: Country;
  line1: string;
  line2: string;
  city: string;
  region: string | null;
  postalCode: string;
  serviceArea: string;
}

function formFrom(company: CompanySettings): AddressForm {
  return {
    country: (company.country as Country | null) ?? 'US',
    line1: company.address.line1 ?? '',
    line2: company.address.line2 ?? '',
    city: company.address.city ?? '',
    region: company.address.region,
    postalCode: company.address.postalCode ?? '',
    serviceArea: company.address.serviceArea.join(', '),
  };
}

function splitServiceArea(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** Canadian postal-code prefixes are 3 characters and full codes have a space: rejoin "M5H 2N2" typed with a space. */
function serviceAreaEntries(country: Country, text: string): string[] {
  if (country === 'US') return splitServiceArea(text);
  return text
    .split(/[,;\n]+/)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .flatMap((entry) => (normalizeServiceAreaEntry('CA', entry) ? [entry] : entry.split(/\s+/)));
}

function validateAddress(form: AddressForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.line1.trim()) errors.line1 = 'Street address is required';
  if (!form.city.trim()) errors.city = 'City is required';
  if (!form.region || !regionsOf(form.country)[form.region]) errors.region = form.country === 'CA' ? 'Choose a province or territory' : 'Choose a state';
  if (!normalizePostalCode(form.country, form.postalCode)) {
    errors.postalCode = form.country === 'CA' ? 'Enter a postal code like K1A 0B1' : 'Enter a ZIP code like 94103';
  }
  const bad = serviceAreaEntries(form.country, form.serviceArea).filter((entry) => !normalizeServiceAreaEntry(form.country, entry));
  if (bad.length > 0) errors.serviceArea = `Not recognised: ${bad.slice(0, 5).join(', ')}${bad.length > 5 ? '…' : ''}`;
  return errors;
}

/** Keyed by the record's `updatedAt` by its callers, so the form shows what the server kept after a save. */
export function CompanyAddressForm({ company, requireChanges, submitLabel = 'Save address', onSaved }: CompanyFormProps) {
  const trpc = useTRPC();
  const { form, setForm, errorFor, frame } = useCompanyForm({
    company,
    requireChanges,
    onSaved,
    formFrom,
    validate: validateAddress,
    toInput: (form: AddressForm) =>
      form.region
        ? { ...form, region: form.region, serviceArea: serviceAreaEntries(form.country, form.serviceArea), expectedUpdatedAt: company.updatedAt }
        : null,
    mutationOptions: (callbacks) => trpc.company.updateAddress.mutationOptions(callbacks),
    savedMessage: 'Address saved',
    fieldOfServerError: (key) => (key.startsWith('serviceArea') ? 'serviceArea' : key),
  });
  const regions = Object.entries(regionsOf(form.country)).map(([value, [label]]) => ({ value, label }));

  return (
    <CompanyFormFrame {...frame} labelledBy="company-address-title" submitLabel={submitLabel} unsavedWhat="the address">
      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="lg" id="company-address-title" mb={4}>
          Business address
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Your country decides which texting rules apply (US TCPA or Canada&apos;s CASL).
        </Text>
        <Stack gap="sm">
          <div>
            <Text size="sm" fw={500} mb={4} id="country-label">
              Country
            </Text>
            <SegmentedControl
              aria-labelledby="country-label"
              data={[
                { value: 'US', label: 'United States' },
                { value: 'CA', label: 'Canada' },
              ]}
              value={form.country}
              onChange={(value) => setForm({ ...form, country: value as Country, region: null })}
            />
          </div>
          <TextInput
            label="Street address"
            required
            autoComplete="address-line1"
            value={form.line1}
            onChange={(e) => setForm({ ...form, line1: e.currentTarget.value })}
            error={errorFor('line1')}
          />
          <TextInput
            label="Address line 2"
            autoComplete="address-line2"
            value={form.line2}
            onChange={(e) => setForm({ ...form, line2: e.currentTarget.value })}
            error={errorFor('line2')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="City"
              required
              autoComplete="address-level2"
              value={form.city}
              onChange={(e) => setForm({ ...form, city: e.currentTarget.value })}
              error={errorFor('city')}
            />
            <Select
              label={form.country === 'CA' ? 'Province or territory' : 'State'}
              required
              searchable
              data={regions}
              value={form.region}
              onChange={(value) => setForm({ ...form, region: value })}
              error={errorFor('region')}
            />
            <TextInput
              label={form.country === 'CA' ? 'Postal code' : 'ZIP code'}
              required
              autoComplete="postal-code"
              value={form.postalCode}
              onChange={(e) => setForm({ ...form, postalCode: e.currentTarget.value })}
              error={errorFor('postalCode')}
            />
          </SimpleGrid>
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="lg" mb={4}>
          Service area
        </Title>
        <Textarea
          label={form.country === 'CA' ? 'Postal codes you serve' : 'ZIP codes you serve'}
          description={
            form.country === 'CA'
              ? 'Full postal codes or their first three characters (e.g. M5H), separated by commas.'
              : '5-digit ZIP codes separated by commas or spaces. Leads from elsewhere can be flagged later.'
          }
          autosize
          minRows={3}
          value={form.serviceArea}
          onChange={(e) => setForm({ ...form, serviceArea: e.currentTarget.value })}
          error={errorFor('serviceArea')}
        />
      </Paper>
    </CompanyFormFrame>
  );
}
