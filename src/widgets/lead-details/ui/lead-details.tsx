import { Anchor, Button, Divider, Group, List, NumberInput, SimpleGrid, Skeleton, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useState } from 'react';
import { LEAD_SOURCE_WORDS, TRACKING_WORDS } from '@contracts/lead';
import { useAiSettings } from '@/entities/ai-assistant';
import { ContactPhoneLine, OptedOutBadge } from '@/entities/contact';
import { type LeadDetail, useUpdateLead } from '@/entities/lead';
import { assigneeLabel, useTeamMembers } from '@/entities/user';
import { AssignOwnerSelect } from '@/features/assign-owner';
import { BookAppointmentButton } from '@/features/book-appointment';
import { LeadStatusSelect } from '@/features/change-lead-status';
import { TextClientButton } from '@/features/text-client';
import { RequestReviewButton } from '@/features/request-review';
import { apiErrorCode, apiFieldErrors } from '@/shared/api-errors';
import { useTRPC } from '@/shared/api-react';
import { clockTime, formatDateTime, formatMoney } from '@/shared/lib/format';
import { UnsavedChangesGuard } from '@/shared/ui/unsaved-changes';
import { isUuid } from '@/shared/lib/search-params';
import { LoadError } from '@/shared/ui/load-error';
import { answerRows, quoteSentence } from '../lib/ai-answers';

function dollars(cents: number | null): number | '' {
  return cents === null ? '' : cents / 100;
}

function centsFrom(value: number | string): number | null {
  if (value === '' || value === null) return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? Math.round(number * 100) : null;
}

/** The sentence confirming what was saved last, and when: one place in the drawer for every save. */
export interface SavedNote {
  message: string;
  at: number;
}

/** Summary and won value: typed, then saved together with their button (choices above save on their own). */
function LeadDetailsForm({ lead, onSaved }: { lead: LeadDetail; onSaved: (message: string) => void }) {
  const [summary, setSummary] = useState(lead.summary ?? '');
  const [value, setValue] = useState<number | string>(dollars(lead.valueCents));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const save = useUpdateLead(
    lead.id,
    (_saved, changes) => onSaved(changes.valueCents === undefined ? 'Notes saved' : changes.summary === undefined ? 'Job value saved' : 'Notes and job value saved'),
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
    <form onSubmit={submit} noValidate aria-label="Lead notes">
      <UnsavedChangesGuard when={(summaryChanged || valueChanged) && !save.isPending} what="this lead’s notes" />
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
            {showValue ? 'Save notes and value' : 'Save notes'}
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

/**
 * Under the choices: how they save, then what was saved last and when. Status and owner save the moment they are
 * chosen; "Save notes" covers only the typed fields (decision 0018).
 */
function SaveStatus({ saved }: { saved: SavedNote | null }) {
  return (
    <Text size="xs" c={saved ? 'teal.8' : 'dimmed'} role="status" aria-live="polite" data-testid="lead-save-status">
      {saved ? `✓ ${saved.message} · saved ${clockTime(saved.at)}` : 'Status and owner are saved as soon as you choose them.'}
    </Text>
  );
}

function LeadContent({ lead }: { lead: LeadDetail }) {
  const members = useTeamMembers();
  const [saved, setSaved] = useState<SavedNote | null>(null);
  const confirm = (message: string) => setSaved({ message, at: Date.now() });
  const assignee = useUpdateLead(lead.id, (next) => confirm(next.assignedUserId ? `Assigned to ${assigneeLabel(next.assignedUserId, members.data)}` : 'Lead unassigned'));
  // While a save is on its way, show the choice just made rather than the old value.
  const shownAssignee = assignee.isPending && assignee.variables.assignedUserId !== undefined ? assignee.variables.assignedUserId : lead.assignedUserId;
  const tracking = Object.entries(lead.tracking).filter(([, text]) => text !== '');

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="xs">
          <Title order={3} fz="xl">
            {lead.contact.name}
          </Title>
          {lead.contact.optedOut ? <OptedOutBadge size="sm" variant="outline" /> : null}
        </Group>
        <Text size="sm" c="dimmed">
          <ContactPhoneLine contact={lead.contact} />
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
          ) : (
            <TextClientButton contactId={lead.contact.id} size="xs" />
          )}
          <Button size="xs" variant="default" renderRoot={(props) => <Link {...props} to="/clients/$id" params={{ id: lead.contact.id }} />}>
            Open client
          </Button>
          <BookAppointmentButton client={{ id: lead.contact.id, name: lead.contact.name }} leadId={lead.id} />
          <RequestReviewButton target={{ leadId: lead.id }} size="xs" />
        </Group>
      </Stack>

      <Stack gap={6}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <LeadStatusSelect lead={lead} onSaved={confirm} />
          <AssignOwnerSelect
            value={shownAssignee}
            disabled={assignee.isPending}
            onAssign={(next) => {
              if (next !== lead.assignedUserId) assignee.mutate({ id: lead.id, assignedUserId: next });
            }}
          />
        </SimpleGrid>
        <SaveStatus saved={saved} />
      </Stack>

      <Section title="Notes">
        <LeadDetailsForm key={`${lead.id}|${lead.summary}|${lead.valueCents}`} lead={lead} onSaved={confirm} />
      </Section>

      <AssistantFindings lead={lead} />

      <Divider />

      <Section title="Where it came from">
        <KeyValueTable
          label="Lead source"
          rows={[
            ['Source', LEAD_SOURCE_WORDS[lead.source]],
            ['Created', formatDateTime(lead.createdAt)],
            ['Last activity', formatDateTime(lead.lastActivityAt)],
            ...(lead.valueCents !== null ? ([['Value', formatMoney(lead.valueCents)]] as Array<[string, string]>) : []),
          ]}
        />
      </Section>

      <CallerWords lead={lead} />

      {tracking.length ? (
        <Section title="Tracking">
          <KeyValueTable label="Tracking data" rows={tracking.map(([key, text]) => [TRACKING_WORDS[key] ?? key, text])} />
        </Section>
      ) : null}

    </Stack>
  );
}

/**
 * What a caller said that filled this lead (a voicemail, an AI-answered call), each with where it came from; a value
 * kept out because one was already on file says so. Nothing shows when no caller's words were read.
 */
function CallerWords({ lead }: { lead: LeadDetail }) {
  const heard = lead.fromCallers;
  if (heard.length === 0) return null;
  return (
    <Section title="From what the caller said">
      <List size="sm" spacing={4} aria-label="Details from what the caller said">
        {heard.map((fact, index) => (
          <List.Item key={`${fact.at}:${index}`}>
            <Text span size="sm" c={fact.applied ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
              {fact.sentence}
            </Text>{' '}
            <Text span size="xs" c="dimmed">
              · {formatDateTime(fact.at)}
            </Text>
          </List.Item>
        ))}
      </List>
    </Section>
  );
}

/**
 * What the assistant learned while it qualified the lead: the answers to the qualifier's questions (labelled with the
 * questions' words from Settings → AI), its summary, and each price it quoted with the price-book item it came from.
 * The transcript is the conversation itself. Nothing shows before the assistant has recorded anything.
 */
function AssistantFindings({ lead }: { lead: LeadDetail }) {
  const settings = useAiSettings();
  const labels = settings.data ? { questions: settings.data.questions, missedCallQuestion: settings.data.missedCall.firstQuestion } : undefined;
  const answers = answerRows(lead.answers, labels);
  if (answers.length === 0 && !lead.aiSummary && lead.aiQuotes.length === 0) return null;
  return (
    <Section title="From the AI assistant">
      {lead.aiSummary ? (
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            Its summary
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="ai-summary">
            {lead.aiSummary}
          </Text>
        </Stack>
      ) : null}
      {answers.length ? <KeyValueTable label="Qualifier answers" rows={answers} /> : null}
      {lead.aiQuotes.length ? (
        <List size="sm" spacing={4} aria-label="Prices the assistant quoted">
          {lead.aiQuotes.map((quote, index) => (
            <List.Item key={`${quote.itemId}:${quote.at}:${index}`}>
              {quoteSentence(quote)}{' '}
              <Text span size="xs" c="dimmed">
                · {formatDateTime(quote.at)}
              </Text>
            </List.Item>
          ))}
        </List>
      ) : null}
      {lead.conversationId ? (
        <Text size="sm">
          Everything it said is in{' '}
          <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/conversations" search={{ c: lead.conversationId ?? '' }} />}>
            the conversation
          </Anchor>
          .
        </Text>
      ) : null}
    </Section>
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

/** One lead in full: status and assignee save at once; summary and value with "Save notes"; one line confirms each save. */
export function LeadDetails({ id }: { id: string }) {
  const trpc = useTRPC();
  const valid = isUuid(id);
  const lead = useQuery({ ...trpc.leads.get.queryOptions({ id }), enabled: valid });
  if (!valid) return <LeadNotFound />;
  if (lead.error) {
    const code = apiErrorCode(lead.error);
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') return <LeadNotFound />;
    return <LoadError title="Couldn’t load this lead" error={lead.error} onRetry={lead.refetch} />;
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
  return <LeadContent lead={lead.data} />;
}
