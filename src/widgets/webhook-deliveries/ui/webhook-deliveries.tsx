import { Badge, Button, Code, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { WEBHOOK_DELIVERY_STATUS_WORDS, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, WEBHOOK_EVENT_WORDS, WEBHOOK_TEST_EVENT, type WebhookDeliveryStatus } from '@contracts/webhooks';
import { invalidateWebhooks } from '@/entities/webhook';
import type { AppRouter } from '@/shared/api';
import { useTRPC, useTRPCClient } from '@/shared/api-react';
import { fullDateTime } from '@/shared/lib/format';
import { CsvButton } from '@/shared/ui/csv-button';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadError } from '@/shared/ui/load-error';
import { ScreenSpinner } from '@/shared/ui/spinner';

type Delivery = inferRouterOutputs<AppRouter>['webhooks']['deliveries']['list']['items'][number];

const PAGE_SIZE = 30;
const STATUS_COLOURS: Record<WebhookDeliveryStatus, string> = { pending: 'blue', retrying: 'orange', succeeded: 'teal', failed: 'red' };

function eventWords(type: string): string {
  if (type === WEBHOOK_TEST_EVENT) return 'Test';
  return (WEBHOOK_EVENT_WORDS as Record<string, { label: string }>)[type]?.label ?? type;
}

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : url;
}

/**
 * The webhook delivery log (Logs → Webhook deliveries, and one endpoint's log on /integrations): each delivery
 * newest first with its status, attempts, the receiver's answer and how long it took, filterable and exportable as
 * CSV; "Details" shows every attempt and the body sent; "Resend" (owner and admins) sends it again now.
 */
export function WebhookDeliveries({ endpointId, canResend }: { endpointId?: string; canResend: boolean }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [status, setStatus] = useState<WebhookDeliveryStatus | null>(null);
  const [eventType, setEventType] = useState<string | null>(null);
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const endpoints = useQuery({ ...trpc.webhooks.endpoints.list.queryOptions(), enabled: !endpointId });
  const filters = {
    ...(endpointId || endpoint ? { endpointId: endpointId ?? endpoint! } : {}),
    ...(status ? { status } : {}),
    ...(eventType ? { eventType } : {}),
  };
  const deliveries = useInfiniteQuery(
    trpc.webhooks.deliveries.list.infiniteQueryOptions(
      { limit: PAGE_SIZE, ...filters },
      {
        getNextPageParam: (last) => last.nextCursor,
        placeholderData: keepPreviousData,
        // While a delivery is on its way, its result shows without a reload.
        refetchInterval: (query) => (query.state.data?.pages.some((page) => page.items.some((d) => d.status === 'pending')) ? 3_000 : false),
      },
    ),
  );
  const filtered = Boolean(status || eventType || endpoint);
  const bar = (
    <Group gap="sm" align="flex-end" wrap="wrap" justify="space-between">
      <Group gap="sm" align="flex-end" wrap="wrap">
        {endpointId ? null : (
          <Select
            label="Endpoint"
            placeholder="Any"
            clearable
            w={240}
            data={(endpoints.data ?? []).map((e) => ({ value: e.id, label: hostOf(e.url) + (e.description ? ` · ${e.description}` : '') }))}
            value={endpoint}
            onChange={setEndpoint}
          />
        )}
        <Select
          label="Event"
          placeholder="Any"
          clearable
          w={200}
          data={[...WEBHOOK_EVENT_TYPES.map((value) => ({ value, label: WEBHOOK_EVENT_WORDS[value].label })), { value: WEBHOOK_TEST_EVENT, label: 'Test' }]}
          value={eventType}
          onChange={setEventType}
        />
        <Select
          label="Status"
          placeholder="Any"
          clearable
          w={160}
          data={WEBHOOK_DELIVERY_STATUSES.map((value) => ({ value, label: WEBHOOK_DELIVERY_STATUS_WORDS[value] }))}
          value={status}
          onChange={(value) => setStatus(value as WebhookDeliveryStatus | null)}
        />
      </Group>
      <CsvButton what="deliveries" load={() => client.webhooks.deliveries.exportCsv.query(filters)} />
    </Group>
  );
  if (deliveries.isPending) return <Stack gap="md">{bar}<ScreenSpinner /></Stack>;
  if (deliveries.isError) return <Stack gap="md">{bar}<LoadError title="Couldn’t load the webhook deliveries" error={deliveries.error} onRetry={deliveries.refetch} /></Stack>;
  const rows = deliveries.data.pages.flatMap((page) => page.items);
  return (
    <Stack gap="md">
      {bar}
      {rows.length === 0 ? (
        <EmptyState
          icon="⇄"
          title={filtered ? 'No deliveries match' : 'No webhook deliveries yet'}
          description={
            filtered
              ? 'Try any endpoint, event or status.'
              : 'Each event sent to a webhook endpoint is listed here with whether it worked, how long it took, the answer and every retry, and can be sent again.'
          }
          action={
            filtered || endpointId ? null : (
              <Button component={Link} to="/integrations" variant="light">
                Add a webhook endpoint
              </Button>
            )
          }
        />
      ) : (
        <Stack gap="sm" component="ul" aria-label="Webhook deliveries" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} canResend={canResend} showEndpoint={!endpointId} />
          ))}
        </Stack>
      )}
      {deliveries.hasNextPage ? (
        <Button variant="light" onClick={() => void deliveries.fetchNextPage()} loading={deliveries.isFetchingNextPage}>
          Show older deliveries
        </Button>
      ) : null}
    </Stack>
  );
}

function DeliveryRow({ delivery, canResend, showEndpoint }: { delivery: Delivery; canResend: boolean; showEndpoint: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const resend = useMutation(
    trpc.webhooks.deliveries.resend.mutationOptions({
      onSuccess: () => invalidateWebhooks(queryClient),
    }),
  );
  const label = `${eventWords(delivery.eventType)} to ${hostOf(delivery.endpointUrl)}`;
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="webhook-delivery">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {eventWords(delivery.eventType)}
            {showEndpoint ? ` → ${hostOf(delivery.endpointUrl)}` : ''}
          </Text>
          <Text size="xs" c="dimmed">
            {fullDateTime(delivery.createdAt)} · {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
            {delivery.responseStatus !== null ? ` · answered ${delivery.responseStatus}` : ''}
            {delivery.latencyMs !== null ? ` in ${delivery.latencyMs} ms` : ''}
            {delivery.status === 'retrying' && delivery.nextAttemptAt ? ` · next try ${fullDateTime(delivery.nextAttemptAt)}` : ''}
          </Text>
          {delivery.error ? (
            <Text size="xs" c="red">
              {delivery.error}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs">
          <Badge color={STATUS_COLOURS[delivery.status]} variant="light">
            {WEBHOOK_DELIVERY_STATUS_WORDS[delivery.status]}
          </Badge>
          {canResend ? (
            <Button size="xs" variant="light" loading={resend.isPending} onClick={() => resend.mutate({ id: delivery.id })} aria-label={`Resend ${label}`}>
              Resend
            </Button>
          ) : null}
          <Button size="xs" variant="subtle" onClick={() => setOpen(!open)} aria-expanded={open} aria-label={`Details of ${label}`}>
            {open ? 'Hide' : 'Details'}
          </Button>
        </Group>
      </Group>
      {resend.isSuccess ? (
        <Text size="xs" c="teal" mt={4}>
          Queued to send again now.
        </Text>
      ) : null}
      {resend.error ? (
        <Text size="xs" c="red" mt={4}>
          {resend.error.message}
        </Text>
      ) : null}
      {open ? <DeliveryDetails id={delivery.id} /> : null}
    </Paper>
  );
}

function DeliveryDetails({ id }: { id: string }) {
  const trpc = useTRPC();
  const detail = useQuery(trpc.webhooks.deliveries.get.queryOptions({ id }));
  if (detail.isPending) return <ScreenSpinner />;
  if (detail.isError) return <LoadError title="Couldn’t load the delivery" error={detail.error} onRetry={detail.refetch} />;
  return (
    <Stack gap="xs" mt="sm">
      <Text size="xs" c="dimmed">
        webhook-id {detail.data.messageId}
      </Text>
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing={4} aria-label="Attempts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Why</Table.Th>
              <Table.Th>Result</Table.Th>
              <Table.Th>Time</Table.Th>
              <Table.Th>Answer</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.data.attemptLog.map((attempt) => (
              <Table.Tr key={attempt.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{fullDateTime(attempt.at)}</Table.Td>
                <Table.Td>{attempt.trigger === 'resend' ? 'Resent' : attempt.trigger === 'test' ? 'Test' : 'Scheduled'}</Table.Td>
                <Table.Td>{attempt.ok ? `OK ${attempt.responseStatus ?? ''}` : (attempt.error ?? 'Failed')}</Table.Td>
                <Table.Td>{attempt.latencyMs} ms</Table.Td>
                <Table.Td>
                  <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                    {attempt.responseExcerpt ?? ''}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        Body sent
      </Text>
      <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {detail.data.payload}
      </Code>
    </Stack>
  );
}
