import { Alert, Anchor, Badge, Button, Code, CopyButton, Group, List, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQuery} from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import {
  EMAIL_PARSER_WORDS,
  EXTRACTED_FIELD_WORDS,
  EXTRACTED_FIELDS,
  type EmailParser,
  type ExtractedLead,
  INBOUND_EMAIL_STATUS_WORDS,
  type InboundEmailStatus,
} from '@contracts/email-gateway';
import { useBusinessNumber } from '@/entities/company';
import { useTRPC } from '@/shared/api-react';
import { formatPhone, fullDateTime } from '@/shared/lib/format';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadError } from '@/shared/ui/load-error';
import { PageHeader } from '@/shared/ui/page-header';
import { SectionPanel } from '@/shared/ui/section-panel';

const PAGE_SIZE = 25;

const STATUS_COLORS: Record<InboundEmailStatus, string> = { received: 'gray', lead_created: 'teal', lead_joined: 'blue', no_phone: 'yellow', failed: 'red' };

function AddressPanel() {
  const trpc = useTRPC();
  const gateway = useQuery(trpc.emailGateway.get.queryOptions());
  const [confirming, setConfirming] = useState(false);
  const rotate = useMutation(
    trpc.emailGateway.rotate.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        await gateway.refetch();
      },
    }),
  );
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="gateway-address-title">
      <Title order={2} id="gateway-address-title" fz="lg" mb={4}>
        Your forwarding address
      </Title>
      {gateway.isPending ? <Skeleton height={36} aria-label="Loading your forwarding address" /> : null}
      {gateway.isError ? <LoadError title="Couldn’t load your forwarding address" error={gateway.error} onRetry={gateway.refetch} /> : null}
      {gateway.data ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Lead emails sent to this address become leads. It is private to your business: anyone who has it can create leads.
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code fz="sm" style={{ wordBreak: 'break-all' }} data-testid="gateway-address">
              {gateway.data.address}
            </Code>
            <CopyButton value={gateway.data.address} timeout={2000}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant={copied ? 'light' : 'default'} color={copied ? 'teal' : undefined} onClick={copy} aria-label="Copy the forwarding address">
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          {!gateway.data.smtpListening && !gateway.data.webhookEnabled ? (
            <Alert color="yellow" title="This server is not receiving email yet">
              Emails to this address can’t arrive until the server’s administrator turns on a way in: the SMTP listener
              (EMAIL_GATEWAY_SMTP_PORT, with the domain’s MX record pointing at the server) or an inbound-parse webhook
              (EMAIL_GATEWAY_WEBHOOK_SECRET).
            </Alert>
          ) : null}
          {confirming ? (
            <Group gap="xs">
              <Text size="sm">Mail to the current address will be refused. Replace it?</Text>
              <Button size="compact-sm" color="red" loading={rotate.isPending} onClick={() => rotate.mutate()}>
                Replace address
              </Button>
              <Button size="compact-sm" variant="subtle" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </Group>
          ) : (
            <Group>
              <Button size="compact-sm" variant="subtle" onClick={() => setConfirming(true)}>
                Get a new address
              </Button>
            </Group>
          )}
          {rotate.isError ? <Text size="sm" c="red">{rotate.error.message}</Text> : null}
        </Stack>
      ) : null}
    </Paper>
  );
}

/** The fields a parser found, each with where it found it. */
function Extracted({ extracted }: { extracted: ExtractedLead | null }) {
  if (!extracted) return <Text size="sm" c="dimmed">Not read yet</Text>;
  const found = EXTRACTED_FIELDS.filter((field) => extracted[field]);
  if (found.length === 0) return <Text size="sm" c="dimmed">Nothing found</Text>;
  return (
    <Stack gap={2}>
      {found.map((field) => {
        const value = extracted[field] ?? '';
        return (
          <Text size="sm" key={field} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <Text span fw={600} size="sm">
              {EXTRACTED_FIELD_WORDS[field]}:
            </Text>{' '}
            {field === 'phone' ? formatPhone(value) : value.length > 160 ? `${value.slice(0, 160)}…` : value}
            {extracted.how[field] ? (
              <Text span size="xs" c="dimmed">
                {' '}
                (from {extracted.how[field]})
              </Text>
            ) : null}
          </Text>
        );
      })}
    </Stack>
  );
}

function EmailText({ id }: { id: string }) {
  const trpc = useTRPC();
  const email = useQuery(trpc.emailGateway.emails.get.queryOptions({ id }));
  if (email.isPending) return <Skeleton height={40} />;
  if (email.isError) return <LoadError title="Couldn’t load the email" error={email.error} onRetry={email.refetch} />;
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="email-text">
      {email.data.text ?? 'No text.'}
    </Text>
  );
}

function ReceivedEmails() {
  const trpc = useTRPC();
  const emails = useInfiniteQuery(trpc.emailGateway.emails.list.infiniteQueryOptions({ limit: PAGE_SIZE }, { getNextPageParam: (last) => last.nextCursor ?? undefined }));
  const [open, setOpen] = useState<string | null>(null);
  if (emails.isPending) return <Skeleton height={120} aria-label="Loading received emails" />;
  if (emails.isError) return <LoadError title="Couldn’t load received emails" error={emails.error} onRetry={emails.refetch} />;
  const rows = emails.data.pages.flatMap((page) => page.items);
  if (rows.length === 0) {
    return <EmptyState icon="✉" order={3} title="No lead emails yet" description="Emails that reach your forwarding address appear here with what was read from them." />;
  }
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={860}>
        <Table aria-label="Received emails" verticalSpacing="sm" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Received</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Read as</Table.Th>
              <Table.Th>What was found</Table.Th>
              <Table.Th>Outcome</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((email) => (
              <Table.Tr key={email.id} data-testid="email-row" style={{ verticalAlign: 'top' }}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{fullDateTime(email.receivedAt)}</Table.Td>
                <Table.Td style={{ maxWidth: 240, overflowWrap: 'anywhere' }}>
                  <Text size="sm" fw={600}>
                    {email.subject || '(no subject)'}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {email.from} · {email.channel === 'smtp' ? 'by SMTP' : 'by webhook'}
                    {email.spf ? ` · SPF ${email.spf}` : ''}
                    {email.dkim ? ` · DKIM ${email.dkim}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>{email.parser ? EMAIL_PARSER_WORDS[email.parser as EmailParser] : '—'}</Table.Td>
                <Table.Td style={{ maxWidth: 320 }}>
                  <Extracted extracted={email.extracted} />
                </Table.Td>
                <Table.Td style={{ maxWidth: 280 }}>
                  <Stack gap={4} align="flex-start">
                    <Badge color={STATUS_COLORS[email.status]} variant="light">
                      {INBOUND_EMAIL_STATUS_WORDS[email.status]}
                    </Badge>
                    {email.note ? (
                      <Text size="xs" c="dimmed">
                        {email.note}
                      </Text>
                    ) : null}
                    {email.lead ? (
                      <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/leads" search={{ lead: email.lead!.id }} />}>
                        Open lead{email.contact ? `: ${email.contact.name}` : ''}
                      </Anchor>
                    ) : null}
                    <Button size="compact-xs" variant="subtle" onClick={() => setOpen(open === email.id ? null : email.id)} aria-expanded={open === email.id}>
                      {open === email.id ? 'Hide the email’s text' : 'Show the email’s text'}
                    </Button>
                    {open === email.id ? <EmailText id={email.id} /> : null}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {emails.hasNextPage ? (
        <Group>
          <Button variant="default" loading={emails.isFetchingNextPage} onClick={() => void emails.fetchNextPage()}>
            Show older emails
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** /email-gateway: a forwarding address that turns lead emails into leads with a text-back, and what it received. */
export function EmailGatewayPage() {
  const number = useBusinessNumber();
  return (
    <Stack gap="lg">
      <PageHeader title="Email gateway" description="Turn lead emails into leads that get a text back within seconds." />

      <AddressPanel />

      {number.data === null ? (
        <Alert color="yellow" title="No business number yet">
          Lead emails still become leads, but nobody can be texted back until you{' '}
          <Anchor component={Link} to="/settings/phone" size="sm">
            set up your business number
          </Anchor>
          .
        </Alert>
      ) : null}

      <SectionPanel id="gateway-how-title" title="How to forward lead emails">
        <List type="ordered" spacing="xs" size="sm">
          <List.Item>Copy your forwarding address above.</List.Item>
          <List.Item>
            In Thumbtack, Angi / HomeAdvisor, Yelp, Google Local Services or Facebook lead ads, add it as an extra email for
            new-lead notifications; in a website form tool, add it as a notification recipient.
          </List.Item>
          <List.Item>
            Or, in your inbox (Gmail, Outlook), add a rule that forwards lead emails to it automatically. Forwarded copies
            are read as the original.
          </List.Item>
          <List.Item>
            Each email with a US or Canadian phone number becomes a lead in{' '}
            <Anchor component={Link} to="/leads" size="sm">
              Leads
            </Anchor>{' '}
            and, when it is new, the person gets a text from your business number. Emails without a number are listed below
            for your team to read.
          </List.Item>
        </List>
      </SectionPanel>

      <SectionPanel id="gateway-received-title" title="Received emails">
        <ReceivedEmails />
      </SectionPanel>
    </Stack>
  );
}
