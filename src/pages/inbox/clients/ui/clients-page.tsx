import { Anchor, Button, Group, List, Paper, SegmentedControl, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { useBusinessNumber } from '@/entities/company';
import { useTRPC } from '@/shared/api-react';
import { PagedResults } from '@/shared/ui/paged-results';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/page-header';
import { formatPhone, useNow } from '@/shared/lib/format';
import { usePhoneLayout } from '@/shared/lib/media';
import { MetaLine } from '@/shared/ui/meta-line';
import { RelativeTime } from '@/shared/ui/relative-time';
import { SearchBox } from '@/shared/ui/search-box';
import { CLIENTS_PAGE_SIZE, type ClientsShow, clientsListInput, hasClientFilters } from '../model/clients-search';
import { CLIENT_OPTED_OUT_WORD, type ClientListItem, ClientStatusBadges, phoneText } from '@/entities/contact';
import { useClientsSearch } from '../model/use-clients-search';
import { PhoneLink } from '@/shared/ui/phone-link';

const SHOW_OPTIONS: Array<{ value: ClientsShow; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'subscribed', label: 'Subscribed' },
  { value: 'opted-out', label: CLIENT_OPTED_OUT_WORD },
];

function NoClientsYet() {
  const number = useBusinessNumber();
  return (
    <>
      <EmptyState
        icon="☺"
        title="No clients yet"
        description="When someone texts, calls or fills in a form, they become a client here. If the same person gets in touch again, it’s added to their record instead of creating a duplicate."
        action={
          number.data ? (
            number.data.provider === 'simulator' ? (
              <Button component={Link} to="/settings/phone">
                Text yourself from the test phone
              </Button>
            ) : null
          ) : number.isSuccess ? (
            <Button component={Link} to="/settings/phone">
              Set up your business number
            </Button>
          ) : null
        }
      />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="client-record-title">
        <Title order={2} id="client-record-title" fz="lg" mb={4}>
          What each client record shows
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Open a client to see:
        </Text>
        <List spacing="xs" size="sm">
          <List.Item>Their phone numbers, email and address</List.Item>
          <List.Item>Every lead they’ve sent you</List.Item>
          <List.Item>One timeline of texts, leads and consent changes</List.Item>
          <List.Item>When and how they agreed to get texts, and whether they’ve opted out</List.Item>
        </List>
      </Paper>
    </>
  );
}

function ClientsTable({ items, now }: { items: ClientListItem[]; now: number }) {
  const navigate = useNavigate();
  const open = (event: MouseEvent, id: string) => {
    if (event.target instanceof Element && event.target.closest('a, button, input')) return;
    void navigate({ to: '/clients/$id', params: { id } });
  };
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table highlightOnHover verticalSpacing="sm" aria-label="Clients">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Number</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th ta="right">Leads</Table.Th>
            <Table.Th>Last message</Table.Th>
            <Table.Th>Texting</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((client) => (
            <Table.Tr key={client.id} data-testid="client-row" style={{ cursor: 'pointer' }} onClick={(event) => open(event, client.id)}>
              <Table.Td>
                <Anchor fw={600} size="sm" renderRoot={(props) => <Link {...props} to="/clients/$id" params={{ id: client.id }} />}>
                  {client.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {client.phone ? <PhoneLink phone={client.phone} /> : phoneText(client.phone)}
                </Text>
                {client.otherPhones.length ? (
                  <Text size="xs" c="dimmed">
                    {`+${client.otherPhones.length} more`}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={client.email ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                  {client.email ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{client.leadsCount}</Text>
              </Table.Td>
              <Table.Td>
                {client.lastMessageAt ? (
                  <RelativeTime at={client.lastMessageAt} now={now} dimmed />
                ) : (
                  <Text size="sm" c="dimmed">
                    No texts yet
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {client.optedOut || client.blocked ? (
                  <ClientStatusBadges optedOut={client.optedOut} optedOutAt={client.optedOutAt} blocked={client.blocked} />
                ) : (
                  <Text size="sm" c="dimmed">
                    Subscribed
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The clients list on a phone: one card per client, the whole card opens the client. */
function ClientCards({ items, now }: { items: ClientListItem[]; now: number }) {
  const navigate = useNavigate();
  return (
    <Stack gap="sm" component="ul" aria-label="Clients" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((client) => (
        <li key={client.id}>
          <Paper withBorder radius="md" data-testid="client-card">
            <UnstyledButton p="sm" w="100%" aria-label={`Open ${client.name}`} onClick={() => void navigate({ to: '/clients/$id', params: { id: client.id } })}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate="end">
                    {client.name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end">
                    {[client.phone ? formatPhone(client.phone) : null, client.email].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
                {client.optedOut || client.blocked ? <ClientStatusBadges optedOut={client.optedOut} optedOutAt={client.optedOutAt} blocked={client.blocked} /> : null}
              </Group>
              <MetaLine
                items={[
                  client.leadsCount === 1 ? '1 lead' : `${client.leadsCount} leads`,
                  client.lastMessageAt ? <RelativeTime key="at" at={client.lastMessageAt} now={now} size="xs" dimmed /> : 'No texts yet',
                ]}
              />
            </UnstyledButton>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}

/** /clients: the people behind the leads, one record each however many times they got in touch. */
export function ClientsPage() {
  const trpc = useTRPC();
  const now = useNow();
  const search = useClientsSearch();
  const { filters } = search;
  const clients = useQuery({ ...trpc.clients.list.queryOptions(clientsListInput(filters)), placeholderData: keepPreviousData });
  const filtered = hasClientFilters(filters);
  const data = clients.data;
  const items = data?.items ?? [];
  const phone = usePhoneLayout();
  const noClientsAtAll = data !== undefined && data.total === 0 && !filtered && !clients.isPlaceholderData;
  const body = (
    <PagedResults
      noun="clients"
      query={clients}
      total={data?.total}
      shown={items.length}
      page={filters.page}
      pageSize={CLIENTS_PAGE_SIZE}
      onPage={search.setPage}
      noMatch={{ title: 'No clients match', description: 'Try another name, phone number or email, or show all clients.', onClear: search.clearFilters }}
    >
      {phone ? <ClientCards items={items} now={now} /> : <ClientsTable items={items} now={now} />}
    </PagedResults>
  );

  return (
    <Stack gap="lg">
      <PageHeader title="Clients" description="Everyone who has contacted your business, with their whole history in one place." />
      {noClientsAtAll ? (
        <NoClientsYet />
      ) : !data && !clients.error && !filtered ? (
        body
      ) : (
        <>
          <Paper withBorder radius="md" p="md" component="section" aria-label="Filter clients">
            <Group align="flex-end" gap="md" wrap="wrap">
              <div style={{ flex: '1 1 280px' }}>
                <SearchBox label="Search" placeholder="Name, phone number or email" value={filters.q} onSearch={(q) => search.setFilters({ q })} />
              </div>
              <Stack gap={4}>
                <Text component="span" size="sm" fw={500} id="clients-show-label">
                  Show
                </Text>
                <SegmentedControl
                  fullWidth={phone}
                  aria-labelledby="clients-show-label"
                  data={SHOW_OPTIONS}
                  value={filters.show}
                  onChange={(value) => search.setFilters({ show: value as ClientsShow })}
                />
              </Stack>
            </Group>
          </Paper>
          {body}
        </>
      )}
    </Stack>
  );
}
