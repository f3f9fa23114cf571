import { Anchor, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { LEAD_SOURCE_WORDS } from '@contracts/lead';
import { ContactPhoneLine, OptedOutBadge } from '@/entities/contact';
import { type LeadListItem, LeadStatusBadge } from '@/entities/lead';
import { assigneeLabel, type TeamMember } from '@/entities/user';
import { formatMoney } from '@/shared/lib/format';
import { RelativeTime } from '@/shared/ui/relative-time';

export interface LeadsTableProps {
  items: LeadListItem[];
  members: TeamMember[] | undefined;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], selected: boolean) => void;
  /** Search params that open a lead's drawer (so the name is a real link: new tab, copy link). */
  linkSearch: (leadId: string) => Record<string, string>;
  onOpen: (leadId: string) => void;
  now: number;
}

/** A click on the row opens the lead, unless it was on something of its own (checkbox, link). */
function isOwnControl(event: MouseEvent) {
  return event.target instanceof Element && event.target.closest('a, button, input, label') !== null;
}

export function LeadsTable({ items, members, selected, onSelect, linkSearch, onOpen, now }: LeadsTableProps) {
  const ids = items.map((item) => item.id);
  const selectedHere = ids.filter((id) => selected.has(id)).length;
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table highlightOnHover verticalSpacing="sm" aria-label="Leads">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select all leads on this page"
                checked={selectedHere > 0 && selectedHere === ids.length}
                indeterminate={selectedHere > 0 && selectedHere < ids.length}
                onChange={(event) => onSelect(ids, event.currentTarget.checked)}
              />
            </Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>What they need</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Value</Table.Th>
            <Table.Th>Assigned to</Table.Th>
            <Table.Th>Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((lead) => (
            <Table.Tr
              key={lead.id}
              data-testid="lead-row"
              bg={selected.has(lead.id) ? 'var(--mantine-primary-color-light)' : undefined}
              style={{ cursor: 'pointer' }}
              onClick={(event) => {
                if (!isOwnControl(event)) onOpen(lead.id);
              }}
            >
              <Table.Td>
                <Checkbox
                  aria-label={`Select lead from ${lead.contact.name}`}
                  checked={selected.has(lead.id)}
                  onChange={(event) => onSelect([lead.id], event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Anchor renderRoot={(props) => <Link {...props} to="/leads" search={linkSearch(lead.id)} />} fw={600} size="sm">
                    {lead.contact.name}
                  </Anchor>
                  <Group gap={6} wrap="nowrap">
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      <ContactPhoneLine contact={lead.contact} />
                    </Text>
                    {lead.contact.optedOut ? <OptedOutBadge size="sm" variant="outline" /> : null}
                  </Group>
                </Stack>
              </Table.Td>
              <Table.Td maw={320}>
                {lead.summary ? (
                  <Text size="sm" lineClamp={2} title={lead.summary}>
                    {lead.summary}
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{LEAD_SOURCE_WORDS[lead.source]}</Text>
              </Table.Td>
              <Table.Td>
                <LeadStatusBadge status={lead.status} />
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" c={lead.valueCents === null ? 'dimmed' : undefined}>
                  {lead.valueCents === null ? '—' : formatMoney(lead.valueCents)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={lead.assignedUserId ? undefined : 'dimmed'}>
                  {assigneeLabel(lead.assignedUserId, members)}
                </Text>
              </Table.Td>
              <Table.Td>
                <RelativeTime at={lead.createdAt} now={now} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
