import { Anchor, Button, Divider, Drawer, Group, NumberInput, Select, SimpleGrid, Skeleton, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useState } from 'react';
import { apiErrorCode, apiFieldErrors } from '../../../shared/api';
import { useTRPC } from '../../../shared/api/react';
import { isLeadStatus, LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS } from '../../../entities/lead';
import { formatDateTime, formatMoney, formatPhone } from '../../../shared/lib/format';
import { assigneeLabel, memberLabel, STATUS_OPTIONS, TRACKING_LABELS } from '../model/lead-labels';
import { isUuid } from '../../../shared/lib/search-params';
import type { LeadDetail, TeamMember } from '../model/types';
import { OptedOutBadge } from './lead-bits';
import { LoadError } from '../../../shared/ui/load-error';

const UNASSIGNED = 'unassigned';

type LeadChanges = { status?: LeadDetail['status']; assignedUserId?: string | null; summary?: string | null; valueCents?: number | null };

/** Saves part of a lead; the drawer, the list and the client's page all show the result. */
function useUpdateLead(id: string, onSaved?: (lead: LeadDetail, changes: LeadChanges) => void, onFailed?: (error: unknown) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.leads.update.mutationOptions({
      onSuccess: (lead, input) => {
        queryClient.setQueryData(trpc.leads.get.queryKey({ id }), lead);
        void queryClient.invalidateQueries({ queryKey: trpc.leads.list.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.clients.pathKey() });
        const { id: _id, ...changes } = input;
        onSaved?.(lead, changes);
      },
      onError: (error) => {
        if (onFailed) onFailed(error);
        else notifications.show({ color: 'red', title: 'Not saved', message: error.message || 'Saving the lead failed. Please try again.' });
      },
    }),
  );
}

function dollars(cents: number | null): number | '' {
  return cents === null ? '' : cents / 100;
}

function centsFrom(value: number | string): number | null {
  if (value === '' || value === null) return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? Math.round(number * 100) : null;
}

/** Summary and won value: typed, then saved together. */
function LeadDetailsForm({ lead }: { lead: LeadDetail }) {
  const [summary, setSummary] = useState(lead.summary ?? '');
  const [value, setValue] = useState<number | string>(dollars(lead.valueCents));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const save = useUpdateLead(
    lead.id,
    () => notifications.show({ color: 'teal', message: 'Lead details saved' }),
    (error) => {
      const fields = apiFieldErrors(error);
      setServerErrors(fields);
      if (Object.keys(fields).length === 0) {
        notifications.show({ color: 'red', title: 'Not saved', message: error instanceof Error ? error.message : 'Saving failed. Please try again.' });
      }
    },
  );
  const showValue = lead.status === 'won' || lead.valueCents !== null;
  const cents = centsFrom(value);
  const negative = cents !== null && cents < 0;
  const summaryChanged = summary.trim() !== (lead.summary ?? '');
  const valueChanged = showValue && cents !== lead.valueCents;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (negative || (!summaryChanged && !valueChanged)) return;
    setServerErrors({});
    save.mutate({
      id: lead.id,
      ...(summaryChanged ? { summary: summary.trim() || null } : {}),
      ...(valueChanged ? { valueCents: cents } : {}),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Lead details">
      <Stack gap="sm">
        {showValue ? (
          <NumberInput
            label="Job value"
            description={lead.status === 'won' ? 'What the won job is worth; used in your reports.' : 'Value recorded when this lead was won.'}
            prefix="$"
            decimalScale={2}
            thousandSeparator=","
            allowNegative={false}
            min={0}
            max={100_000_000}
            hideControls
            value={value}
            onChange={setValue}
            error={serverErrors.valueCents ?? (negative ? 'Value cannot be negative' : undefined)}
            maw={240}
          />
        ) : null}
        <Textarea
          label="What they need"
          autosize
          minRows={3}
          maxRows={10}
          maxLength={2000}
          value={summary}
          onChange={(event) => setSummary(event.currentTarget.value)}
          error={serverErrors.summary}
        />
        <Group justify="flex-end">
          <Button type="submit" size="sm" loading={save.isPending} disabled={!summaryChanged && !valueChanged}>
            Save details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function KeyValueTable({ label, rows }: { label: string; rows: Array<[string, string]> }) {
  return (
    <Table aria-label={label} verticalSpacing={6} withRowBorders={false} layout="fixed">
      <Table.Tbody>
        {rows.map(([key, text]) => (
          <Table.Tr key={key}>
            <Table.Th w="40%" fw={500} c="dimmed" style={{ verticalAlign: 'top' }}>
              {key}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{text}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section">
      <Title order={3} fz="sm" tt="uppercase" c="dimmed">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function LeadContent({ lead, members }: { lead: LeadDetail; members: TeamMember[] | undefined }) {
  const status = useUpdateLead(lead.id, (saved) =>
    notifications.show({
      color: 'teal',
      message: saved.status === 'won' && saved.valueCents === null ? 'Marked as Won. Add the job value below.' : `Status set to ${LEAD_STATUS_LABELS[saved.status]}`,
    }),
  );
  const assignee = useUpdateLead(lead.id, (saved) =>
    notifications.show({ color: 'teal', message: saved.assignedUserId ? `Assigned to ${assigneeLabel(saved.assignedUserId, members)}` : 'Lead unassigned' }),
  );
  // While a save is on its way, show the choice just made rather than the old value.
  const shownStatus = status.isPending && status.variables.status ? status.variables.status : lead.status;
  const shownAssignee = assignee.isPending && assignee.variables.assignedUserId !== undefined ? assignee.variables.assignedUserId : lead.assignedUserId;
  const assigneeOptions = [
    { value: UNASSIGNED, label: 'Unassigned' },
    ...(members ?? []).map((m) => ({ value: m.id, label: memberLabel(m) })),
  ];
  if (lead.assignedUserId && !assigneeOptions.some((o) => o.value === lead.assignedUserId)) {
    assigneeOptions.push({ value: lead.assignedUserId, label: assigneeLabel(lead.assignedUserId, members) });
  }
  const tracking = Object.entries(lead.tracking).filter(([, text]) => text !== '');
  const answers = Object.entries(lead.answers).filter(([, text]) => text !== '');

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="xs">
          <Title order={3} fz="xl">
            {lead.contact.name}
          </Title>
          {lead.contact.optedOut ? <OptedOutBadge /> : null}
        </Group>
        <Text size="sm" c="dimmed">
          {formatPhone(lead.contact.phone)}
        </Text>
        {lead.contact.optedOut ? (
          <Text size="sm" c="red">
            They opted out of texts. LeadLoop won’t text them unless they reply START.
          </Text>
        ) : null}
        <Group gap="xs" mt="xs">
          {lead.conversationId ? (
            <Button size="xs" renderRoot={(props) => <Link {...props} to="/conversations" search={{ c: lead.conversationId ?? '' }} />}>
              Open conversation
            </Button>
          ) : null}
          <Button size="xs" variant="default" renderRoot={(props) => <Link {...props} to="/clients/$id" params={{ id: lead.contact.id }} />}>
            Open client
          </Button>
        </Group>
      </Stack>

      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={shownStatus}
          allowDeselect={false}
          disabled={status.isPending}
          onChange={(value) => {
            if (value && isLeadStatus(value) && value !== lead.status) status.mutate({ id: lead.id, status: value });
          }}
        />
        <Select
          label="Assigned to"
          data={assigneeOptions}
          value={shownAssignee ?? UNASSIGNED}
          allowDeselect={false}
          disabled={assignee.isPending}
          onChange={(value) => {
            const next = !value || value === UNASSIGNED ? null : value;
            if (next !== lead.assignedUserId) assignee.mutate({ id: lead.id, assignedUserId: next });
          }}
        />
      </SimpleGrid>

      <LeadDetailsForm key={`${lead.id}|${lead.summary}|${lead.valueCents}`} lead={lead} />

      <Divider />

      <Section title="Where it came from">
        <KeyValueTable
          label="Lead source"
          rows={[
            ['Source', LEAD_SOURCE_LABELS[lead.source]],
            ['Created', formatDateTime(lead.createdAt)],
            ['Last activity', formatDateTime(lead.lastActivityAt)],
            ...(lead.valueCents !== null ? ([['Value', formatMoney(lead.valueCents)]] as Array<[string, string]>) : []),
          ]}
        />
      </Section>

      {tracking.length ? (
        <Section title="Tracking">
          <KeyValueTable label="Tracking data" rows={tracking.map(([key, text]) => [TRACKING_LABELS[key] ?? key, text])} />
        </Section>
      ) : null}

      {answers.length ? (
        <Section title="Answers to your questions">
          <KeyValueTable label="Qualifier answers" rows={answers} />
        </Section>
      ) : null}
    </Stack>
  );
}

function LeadNotFound() {
  return (
    <Stack gap="xs" py="md">
      <Title order={3} fz="lg">
        Lead not found
      </Title>
      <Text size="sm" c="dimmed">
        The link may be old or mistyped, or the lead was removed. <Anchor renderRoot={(props) => <Link {...props} to="/leads" />}>See all leads</Anchor>
      </Text>
    </Stack>
  );
}

function LeadDrawerBody({ id, members }: { id: string; members: TeamMember[] | undefined }) {
  const trpc = useTRPC();
  const valid = isUuid(id);
  const lead = useQuery({ ...trpc.leads.get.queryOptions({ id }), enabled: valid });
  if (!valid) return <LeadNotFound />;
  if (lead.error) {
    const code = apiErrorCode(lead.error);
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') return <LeadNotFound />;
    return (
      <LoadError title="Couldn’t load this lead" error={lead.error} onRetry={lead.refetch} />
    );
  }
  if (!lead.data) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading lead">
        <Skeleton height={28} width="60%" />
        <Skeleton height={16} width="40%" />
        <Skeleton height={36} mt="md" />
        <Skeleton height={96} />
      </Stack>
    );
  }
  return <LeadContent lead={lead.data} members={members} />;
}

export interface LeadDrawerProps {
  /** The lead in the address (`?lead=<id>`), or null when the drawer is closed. */
  leadId: string | null;
  members: TeamMember[] | undefined;
  onClose: () => void;
}

/** One lead beside the list: status and assignee save at once; summary and value with "Save details". */
export function LeadDrawer({ leadId, members, onClose }: LeadDrawerProps) {
  // Keep showing the last lead while the drawer slides closed.
  const [shownId, setShownId] = useState(leadId);
  if (leadId && leadId !== shownId) setShownId(leadId);
  return (
    <Drawer opened={leadId !== null} onClose={onClose} position="right" size="lg" title="Lead details" padding="lg" closeButtonProps={{ 'aria-label': 'Close lead details' }}>
      {shownId ? <LeadDrawerBody key={shownId} id={shownId} members={members} /> : null}
    </Drawer>
  );
}
