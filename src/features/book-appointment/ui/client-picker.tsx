import { Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '@/shared/api-react';
import { formatPhone } from '@/shared/lib/format';

export interface PickedClient {
  id: string;
  name: string;
}

/** Finds an existing client by name, phone or email (the clients list's own search, on the server). */
export function ClientPicker({ value, onChange, error }: { value: PickedClient | null; onChange: (client: PickedClient | null) => void; error?: string | undefined }) {
  const trpc = useTRPC();
  const [search, setSearch] = useState(value?.name ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const typed = debounced && debounced !== value?.name ? debounced : undefined;
  const clients = useQuery({ ...trpc.clients.list.queryOptions({ ...(typed ? { search: typed } : {}), page: 1, pageSize: 10 }), placeholderData: keepPreviousData });
  const items = clients.data?.items ?? [];
  const data = items.map((client) => ({ value: client.id, label: client.name, phone: client.phone }));
  if (value && !data.some((option) => option.value === value.id)) data.unshift({ value: value.id, label: value.name, phone: null });
  return (
    <Select
      label="Client"
      required
      searchable
      placeholder="Search by name, phone or email"
      data={data.map(({ value: id, label }) => ({ value: id, label }))}
      renderOption={({ option }) => {
        const phone = data.find((candidate) => candidate.value === option.value)?.phone;
        return (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            {phone && formatPhone(phone) !== option.label ? (
              <Text size="xs" c="dimmed">
                {formatPhone(phone)}
              </Text>
            ) : null}
          </Stack>
        );
      }}
      // The server already searched: show what it found.
      filter={({ options }) => options}
      value={value?.id ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => {
        const picked = items.find((client) => client.id === id);
        onChange(picked ? { id: picked.id, name: picked.name } : id && value?.id === id ? value : null);
      }}
      nothingFoundMessage={clients.isFetching ? 'Searching…' : 'No client matches. Add them as a new lead first.'}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
