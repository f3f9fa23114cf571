import { Badge, Button, Collapse, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { usePhoneLayout } from '@/shared/lib/media';
import { isLeadSource, isLeadStatus } from '@contracts/lead';
import { LEAD_SOURCE_OPTIONS, LEAD_STATUS_OPTIONS } from '@/entities/lead';
import { memberName, type TeamMember } from '@/entities/user';
import { SearchBox } from '@/shared/ui/search-box';
import { hasActiveFilters, isDateRangeReversed, type LeadsFilters as Filters } from '../model/leads-search';

const ANYONE = 'anyone';

export interface LeadsFiltersProps {
  filters: Filters;
  members: TeamMember[] | undefined;
  onChange: (patch: Partial<Omit<Filters, 'page'>>) => void;
  onClear: () => void;
}

function assignedOptions(members: TeamMember[] | undefined, current: string | null) {
  const options = [
    { value: ANYONE, label: 'Anyone' },
    { value: 'me', label: 'Me' },
    { value: 'unassigned', label: 'Unassigned' },
    ...(members ?? []).filter((m) => !m.me).map((m) => ({ value: m.id, label: memberName(m) })),
  ];
  // A member id from a shared link that isn't (or isn't yet) in the list still shows as chosen.
  if (current && !options.some((o) => o.value === current)) options.push({ value: current, label: members ? 'Former team member' : 'Team member' });
  return options;
}

/** Search, status, source, assignee and date range of the leads list. */
export function LeadsFilters({ filters, members, onChange, onClear }: LeadsFiltersProps) {
  const reversed = isDateRangeReversed(filters);
  const phone = usePhoneLayout();
  const [shown, setShown] = useState(false);
  const active = [filters.status.length > 0, filters.source.length > 0, filters.assigned !== null, filters.from !== null, filters.to !== null].filter(Boolean).length;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Filter leads">
      <Stack gap="sm">
        <SearchBox
          label="Search"
          placeholder="Name, phone, email or what they need"
          value={filters.q}
          onSearch={(q) => onChange({ q })}
        />
        {phone ? (
          <Button
            variant="default"
            onClick={() => setShown((open) => !open)}
            aria-expanded={shown}
            aria-controls="lead-filter-fields"
            rightSection={active > 0 ? <Badge size="sm" circle aria-label={`${active} active`}>{active}</Badge> : null}
          >
            {shown ? 'Hide filters' : 'Filters'}
          </Button>
        ) : null}
        <Collapse expanded={!phone || shown} id="lead-filter-fields">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
            <MultiSelect
              label="Status"
              placeholder={filters.status.length ? undefined : 'Any status'}
              data={LEAD_STATUS_OPTIONS}
              value={filters.status}
              onChange={(values) => onChange({ status: values.filter(isLeadStatus) })}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear status filter' }}
            />
            <MultiSelect
              label="Source"
              placeholder={filters.source.length ? undefined : 'Any source'}
              data={LEAD_SOURCE_OPTIONS}
              value={filters.source}
              onChange={(values) => onChange({ source: values.filter(isLeadSource) })}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear source filter' }}
            />
            <Select
              label="Assigned to"
              data={assignedOptions(members, filters.assigned)}
              value={filters.assigned ?? ANYONE}
              onChange={(value) => onChange({ assigned: !value || value === ANYONE ? null : value })}
              allowDeselect={false}
            />
            <TextInput
              type="date"
              label="Created from"
              value={filters.from ?? ''}
              max={filters.to ?? undefined}
              onChange={(event) => onChange({ from: event.currentTarget.value || null })}
            />
            <TextInput
              type="date"
              label="Created to"
              value={filters.to ?? ''}
              min={filters.from ?? undefined}
              onChange={(event) => onChange({ to: event.currentTarget.value || null })}
              error={reversed ? 'Pick a day on or after the start' : undefined}
            />
          </SimpleGrid>
        </Collapse>
        {hasActiveFilters(filters) ? (
          <Group justify="flex-end">
            <Button variant="subtle" size="compact-sm" onClick={onClear}>
              Clear filters
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
