import { Anchor, Badge, Button, Collapse, Group, MultiSelect, Pagination, Paper, Select, Skeleton, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { useBusinessNumber } from '@/entities/company';
import { useTRPC, useTRPCClient } from '@/shared/api-react';
import { CsvButton } from '@/shared/ui/csv-button';
import { EmptyState } from '@/shared/ui/empty-state';
import { MESSAGE_AUTHOR_WORDS, MESSAGE_CHANNEL_WORDS, type MessageStatus } from '@contracts/message';
import { isTroubled, MESSAGE_STATUS_OPTIONS, MessageStatusBadge } from '@/entities/message';
import { formatPhone } from '@/shared/lib/format';
import { usePhoneLayout } from '@/shared/lib/media';
import {
  type Direction,
  filtersToSearch,
  hasFilters,
  type MessageFilters,
  type MessageLogRow,
  NO_FILTERS,
  PAGE_SIZE,
  parseFilters,
  toApiInput,
} from '../model/message-filters';
import classes from './message-log.module.css';
import { LoadError } from '@/shared/ui/load-error';

const DIRECTIONS = [
  { value: 'all', label: 'In and out' },
  { value: 'inbound', label: 'Incoming' },
  { value: 'outbound', label: 'Outgoing' },
];

/** Long texts start folded to two lines. */
const LONG_TEXT = 120;

/**
 * Logs → Messages: every text of the company with its status and, when it failed or was held back, why in plain
 * words. The filters live in the address bar so a filtered view can be shared or reloaded. The list refreshes
 * live (the app invalidates `logs.*` on every message event).
 */
export function MessageLog() {
  const number = useBusinessNumber();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const filters = parseFilters(searchStr);
  const [searchDraft, setSearchDraft] = useState(filters.search);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const phone = usePhoneLayout();
  const [filtersShown, setFiltersShown] = useState(false);

  const client = useTRPCClient();
  const log = useQuery({ ...trpc.logs.messages.queryOptions(toApiInput(filters)), placeholderData: keepPreviousData });

  const apply = (changes: Partial<MessageFilters>) => {
    // Any change of filter goes back to the first page.
    const next = { ...filters, page: 1, ...changes };
    void navigate({ href: `${pathname}${filtersToSearch(next)}`, replace: true });
  };
  const applySearch = useDebouncedCallback((search: string) => apply({ search }), 350);
  const clear = () => {
    setSearchDraft('');
    apply(NO_FILTERS);
  };
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const filtered = hasFilters(filters);
  const total = log.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const searchField = (
    <TextInput
      label="Search"
      placeholder="Name, number, words"
      value={searchDraft}
      onChange={(event) => {
        setSearchDraft(event.currentTarget.value);
        applySearch(event.currentTarget.value);
      }}
      maxLength={100}
      w={{ base: '100%', sm: 180 }}
    />
  );
  const statusField = (
    <MultiSelect
      label="Status"
      placeholder={filters.status.length ? undefined : 'Any status'}
      data={MESSAGE_STATUS_OPTIONS}
      value={filters.status}
      onChange={(value) => apply({ status: value as MessageStatus[] })}
      clearable
      w={{ base: '100%', sm: 220 }}
    />
  );
  const directionField = (
    <Select
      label="Direction"
      data={DIRECTIONS}
      value={filters.direction ?? 'all'}
      onChange={(value) => apply({ direction: value === 'inbound' || value === 'outbound' ? (value as Direction) : null })}
      allowDeselect={false}
      w={{ base: '100%', sm: 140 }}
    />
  );
  const fromField = <TextInput label="From" type="date" value={filters.from} max={filters.to || undefined} onChange={(event) => apply({ from: event.currentTarget.value })} w={{ base: '47%', sm: 140 }} />;
  const toField = <TextInput label="To" type="date" value={filters.to} min={filters.from || undefined} onChange={(event) => apply({ to: event.currentTarget.value })} w={{ base: '47%', sm: 140 }} />;
  const clearButton = filtered ? (
    <Button variant="subtle" onClick={clear}>
      Clear filters
    </Button>
  ) : null;
  const { page: _page, pageSize: _pageSize, ...exportFilters } = toApiInput(filters);
  const csvButton = <CsvButton what="messages" load={() => client.logs.exportCsv.messages.query(exportFilters)} />;
  const activeFilters = [filters.status.length > 0, filters.direction !== null, filters.from !== '', filters.to !== ''].filter(Boolean).length;

  if (log.isSuccess && total === 0 && !filtered && filters.page === 1) {
    return (
      <EmptyState
        icon="✉"
        title="No messages yet"
        description={`Every text sent or received is listed here with its status: waiting to send, sent, delivered or failed. When a text fails, you’ll see why in plain words.${number.data ? '' : ' Texts go out from your business number, so set that up first.'}`}
        action={
          number.isSuccess && !number.data ? (
            <Button component={Link} to="/settings/phone" variant="light">
              Set up your business number
            </Button>
          ) : null
        }
      />
    );
  }

  return (
    <Stack gap="md">
      {phone ? (
        // On a phone the search stays in sight and the other filters fold behind one button with the number active.
        <Stack gap="sm" role="search" aria-label="Filter messages">
          {searchField}
          <Button
            variant="default"
            onClick={() => setFiltersShown((open) => !open)}
            aria-expanded={filtersShown}
            aria-controls="message-filter-fields"
            rightSection={
              activeFilters > 0 ? (
                <Badge size="sm" circle aria-label={`${activeFilters} active`}>
                  {activeFilters}
                </Badge>
              ) : null
            }
          >
            {filtersShown ? 'Hide filters' : 'Filters'}
          </Button>
          <Collapse expanded={filtersShown} id="message-filter-fields">
            <Group align="flex-end" gap="sm" wrap="wrap">
              {statusField}
              {directionField}
              {fromField}
              {toField}
            </Group>
          </Collapse>
          {clearButton}
          {csvButton}
        </Stack>
      ) : (
        <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="Filter messages">
          {searchField}
          {statusField}
          {directionField}
          {fromField}
          {toField}
          {clearButton}
          {csvButton}
        </Group>
      )}

      {log.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading messages">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={44} radius="sm" />
          ))}
        </Stack>
      ) : log.isError ? (
        <LoadError title="The message log could not be loaded" error={log.error} onRetry={log.refetch} />
      ) : log.data.items.length === 0 ? (
        <EmptyState
          order={3}
          icon="⌕"
          title="No texts match these filters"
          description="Try another status, a wider date range or fewer words in the search."
          action={
            <Button variant="light" onClick={clear}>
              Clear filters
            </Button>
          }
        />
      ) : (
        <>
          {phone ? (
            // On a phone: one card per text with the same facts as a row, nothing to scroll sideways.
            <Stack gap="sm" component="ul" aria-label="Messages" p={0} m={0} className={classes.table} data-stale={log.isPlaceholderData || undefined} style={{ listStyle: 'none' }}>
              {log.data.items.map((row) => (
                <MessageCard key={row.id} row={row} expanded={expanded.has(row.id)} onToggle={() => toggle(row.id)} />
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={880}>
              <Table aria-label="Messages" verticalSpacing="sm" highlightOnHover className={classes.table} data-stale={log.isPlaceholderData || undefined}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Time</Table.Th>
                    <Table.Th>Direction</Table.Th>
                    <Table.Th>Client</Table.Th>
                    <Table.Th>From → To</Table.Th>
                    <Table.Th>Text</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {log.data.items.map((row) => (
                    <MessageRow key={row.id} row={row} expanded={expanded.has(row.id)} onToggle={() => toggle(row.id)} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {(filters.page - 1) * PAGE_SIZE + 1}–{Math.min(filters.page * PAGE_SIZE, total)} of {total} {total === 1 ? 'text' : 'texts'}
            </Text>
            {pages > 1 ? (
              <Pagination
                total={pages}
                value={Math.min(filters.page, pages)}
                onChange={(page) => apply({ page })}
                getControlProps={(control) => ({ 'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control })}
                getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
              />
            ) : null}
          </Group>
        </>
      )}
    </Stack>
  );
}

interface RowProps {
  row: MessageLogRow;
  expanded: boolean;
  onToggle: () => void;
}

function MessageTime({ row }: { row: MessageLogRow }) {
  const at = new Date(row.createdAt);
  return (
    <Text size="sm" component="time" dateTime={at.toISOString()}>
      {at.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}
    </Text>
  );
}

function DirectionBadge({ row }: { row: MessageLogRow }) {
  return (
    <Badge variant="light" color={row.direction === 'inbound' ? 'grape' : 'blue'} title={row.direction === 'inbound' ? 'Incoming' : 'Outgoing'}>
      {row.direction === 'inbound' ? 'In' : 'Out'}
    </Badge>
  );
}

/** The text itself, folded to two lines when long, with who sent it, its segments and the fold toggle. */
function MessageBody({ row, expanded, onToggle }: RowProps) {
  const long = row.body.length > LONG_TEXT || row.body.includes('\n');
  return (
    <>
      <Text size="sm" lineClamp={expanded ? undefined : 2} className={classes.body}>
        {row.body || (
          <Text span c="dimmed" size="sm">
            (no text)
          </Text>
        )}
      </Text>
      <Group gap="xs">
        {row.direction === 'outbound' && row.author !== 'contact' ? (
          <Text size="xs" c="dimmed">
            {MESSAGE_AUTHOR_WORDS[row.author]}
          </Text>
        ) : null}
        {row.provider === 'web_chat' ? (
          <Text size="xs" c="dimmed">
            {MESSAGE_CHANNEL_WORDS.web_chat} · not a text
          </Text>
        ) : null}
        {row.segments > 0 ? (
          <Text size="xs" c="dimmed">
            {row.segments === 1 ? '1 segment' : `${row.segments} segments`}
          </Text>
        ) : null}
        {long ? (
          <UnstyledButton onClick={onToggle} aria-expanded={expanded} className={classes.more}>
            {expanded ? 'Show less' : 'Show all'}
          </UnstyledButton>
        ) : null}
      </Group>
    </>
  );
}

/** Why a text failed or was held back, in plain words. */
function MessageProblem({ row }: { row: MessageLogRow }) {
  return row.problem ? (
    <Text size="xs" c={isTroubled(row.status) ? 'red' : 'dimmed'} mt={4} data-testid="problem">
      {row.problem}
    </Text>
  ) : null;
}

/** A text on a phone: time and direction, who (a link to the thread), the numbers, the text, the status and why. */
function MessageCard(props: RowProps) {
  const { row } = props;
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-status={row.status} data-testid="message-card">
      <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <DirectionBadge row={row} />
          <MessageTime row={row} />
        </Group>
        <MessageStatusBadge status={row.status} />
      </Group>
      <Anchor fw={600} className={classes.cardLink} renderRoot={(linkProps) => <Link to="/conversations" search={{ c: row.conversationId }} {...linkProps} />}>
        {row.contact.name}
      </Anchor>
      <Text size="xs" c="dimmed">
        {formatPhone(row.from)} → {formatPhone(row.to)}
      </Text>
      <Stack gap={2} mt={6}>
        <MessageBody {...props} />
      </Stack>
      <MessageProblem row={row} />
    </Paper>
  );
}

function MessageRow({ row, expanded, onToggle }: RowProps) {
  return (
    <Table.Tr data-status={row.status}>
      <Table.Td className={classes.nowrap}>
        <MessageTime row={row} />
      </Table.Td>
      <Table.Td>
        <DirectionBadge row={row} />
      </Table.Td>
      <Table.Td className={classes.nowrap}>
        <Anchor size="sm" fw={600} renderRoot={(props) => <Link to="/conversations" search={{ c: row.conversationId }} {...props} />}>
          {row.contact.name}
        </Anchor>
      </Table.Td>
      <Table.Td className={classes.nowrap}>
        <Text size="sm">{formatPhone(row.from)} →</Text>
        <Text size="sm">{formatPhone(row.to)}</Text>
      </Table.Td>
      <Table.Td className={classes.text}>
        <MessageBody row={row} expanded={expanded} onToggle={onToggle} />
      </Table.Td>
      <Table.Td className={classes.status}>
        <MessageStatusBadge status={row.status} />
        <MessageProblem row={row} />
      </Table.Td>
    </Table.Tr>
  );
}
