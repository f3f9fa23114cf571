import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { LEAD_SOURCE_WORDS } from '@contracts/lead';
import { contactPhoneLine, OptedOutBadge } from '@/entities/contact';
import { type LeadListItem, LeadStatusBadge } from '@/entities/lead';
import { assigneeLabel, type TeamMember } from '@/entities/user';
import { formatMoney } from '@/shared/lib/format';
import { MetaLine } from '@/shared/ui/meta-line';
import { RelativeTime } from '@/shared/ui/relative-time';

export interface LeadCardsProps {
  items: LeadListItem[];
  members: TeamMember[] | undefined;
  onOpen: (leadId: string) => void;
  now: number;
}

/**
 * The leads list on a phone: one card per lead, the whole card a target that opens the lead, its status visible
 * without scrolling sideways. Selecting many leads for a bulk change is a desktop action (the table).
 */
export function LeadCards({ items, members, onOpen, now }: LeadCardsProps) {
  return (
    <Stack gap="sm" component="ul" aria-label="Leads" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((lead) => (
        <li key={lead.id}>
          <Paper withBorder radius="md" data-testid="lead-card">
            <UnstyledButton onClick={() => onOpen(lead.id)} p="sm" w="100%" aria-label={`Open lead from ${lead.contact.name}`}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate="end">
                    {lead.contact.name}
                  </Text>
                  <Group gap={6} wrap="nowrap">
                    <Text size="xs" c="dimmed" truncate="end">
                      {contactPhoneLine(lead.contact)}
                    </Text>
                    {lead.contact.optedOut ? <OptedOutBadge size="sm" variant="outline" /> : null}
                  </Group>
                </Stack>
                <LeadStatusBadge status={lead.status} />
              </Group>
              {lead.summary ? (
                <Text size="sm" lineClamp={2} mt={6}>
                  {lead.summary}
                </Text>
              ) : null}
              <MetaLine
                items={[
                  LEAD_SOURCE_WORDS[lead.source],
                  <RelativeTime key="at" at={lead.createdAt} now={now} size="xs" dimmed />,
                  assigneeLabel(lead.assignedUserId, members),
                  lead.valueCents !== null ? formatMoney(lead.valueCents) : null,
                ]}
              />
            </UnstyledButton>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
