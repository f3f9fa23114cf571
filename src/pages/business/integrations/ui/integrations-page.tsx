import { Alert, Anchor, Badge, Button, Checkbox, CopyButton, Group, Modal, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENT_WORDS, type WebhookEventType } from '@contracts/webhooks';
import { useTeamMembers } from '@/entities/user';
import { WebhookDeliveries } from '@/widgets/webhook-deliveries';
import { invalidateWebhooks } from '@/entities/webhook';
import type { AppRouter } from '@/shared/api';
import { apiFieldErrors } from '@/shared/api-errors';
import { useTRPC } from '@/shared/api-react';
import { fullDateTime } from '@/shared/lib/format';
import { ConfirmModal } from '@/shared/ui/confirm-modal';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadError } from '@/shared/ui/load-error';
import { PageHeader } from '@/shared/ui/page-header';
import { SectionPanel } from '@/shared/ui/section-panel';
import { ScreenSpinner } from '@/shared/ui/spinner';

type Endpoint = inferRouterOutputs<AppRouter>['webhooks']['endpoints']['list'][number];

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : url;
}

/** The endpoint a link opens (`/integrations?endpoint=<id>`, as the "turned off" notification links). */
function openEndpointFrom(searchStr: string): string | null {
  return new URLSearchParams(searchStr).get('endpoint');
}

/**
 * /integrations: outgoing webhooks (issue 25 item 4). The company's endpoints, each with its events, on/off, a test
 * send, a new secret and its delivery log; adding one shows its signing secret once. Owners and admins change
 * them; everyone else sees them and is told why they can't.
 */
export function IntegrationsPage() {
  const trpc = useTRPC();
  const members = useTeamMembers();
  const me = members.data?.find((member) => member.me);
  const manager = me?.role === 'owner' || me?.role === 'admin';
  const endpoints = useQuery(trpc.webhooks.endpoints.list.queryOptions());
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Endpoint | null>(null);
  const [secret, setSecret] = useState<{ secret: string; url: string } | null>(null);
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const navigate = useNavigate();
  const openId = openEndpointFrom(searchStr);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Webhooks"
        description="Send lead events to your own systems, like a CRM or Zapier, the moment they happen: each one signed, retried for about a day if your system is down."
        actions={
          manager ? (
            <Button onClick={() => setAdding(true)} disabled={!endpoints.data}>
              Add an endpoint
            </Button>
          ) : null
        }
      />
      {!manager && me ? (
        <Text size="sm" c="dimmed">
          Only the owner or an admin can add or change endpoints, because they send your leads’ details to another system.
        </Text>
      ) : null}

      {endpoints.isPending ? (
        <ScreenSpinner />
      ) : endpoints.isError ? (
        <LoadError title="Couldn’t load the webhook endpoints" error={endpoints.error} onRetry={endpoints.refetch} />
      ) : endpoints.data.length === 0 ? (
        <EmptyState
          icon="⇄"
          title="No webhook endpoints yet"
          description="An endpoint is a web address on your own system. LeadLoop sends it a signed message each time one of the events you pick happens."
          action={manager ? <Button onClick={() => setAdding(true)}>Add an endpoint</Button> : null}
        />
      ) : (
        <Stack gap="md" component="ul" aria-label="Webhook endpoints" p={0} m={0} style={{ listStyle: 'none' }}>
          {endpoints.data.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              manager={manager}
              open={openId === endpoint.id}
              onToggleOpen={() => void navigate({ to: '/integrations', search: openId === endpoint.id ? {} : { endpoint: endpoint.id }, replace: true } as never)}
              onEdit={() => setEditing(endpoint)}
              onSecret={(value) => setSecret({ secret: value, url: endpoint.url })}
            />
          ))}
        </Stack>
      )}

      <SectionPanel id="verify-title" title="Checking a message came from LeadLoop">
        <Text size="sm">
          Every message is signed per{' '}
          <Anchor href="https://www.standardwebhooks.com/" target="_blank" rel="noreferrer" size="sm">
            Standard Webhooks
          </Anchor>
          : the headers <Text span ff="monospace">webhook-id</Text>, <Text span ff="monospace">webhook-timestamp</Text> and{' '}
          <Text span ff="monospace">webhook-signature</Text> verify with your endpoint’s <Text span ff="monospace">whsec_</Text> secret and any Standard Webhooks library. The body is{' '}
          <Text span ff="monospace">{'{ "type", "timestamp", "data" }'}</Text>, where data holds the lead, the client and the message. Every delivery is in the{' '}
          <Anchor component={Link} to="/logs" search={{ tab: 'webhooks' } as never} size="sm">
            logs
          </Anchor>
          .
        </Text>
      </SectionPanel>

      {adding || editing ? (
        <EndpointForm
          endpoint={editing}
          onClose={() => {
            setAdding(false);
            setEditing(null);
          }}
          onCreated={(value, url) => setSecret({ secret: value, url })}
        />
      ) : null}
      <SecretModal shown={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}

function EndpointCard({
  endpoint,
  manager,
  open,
  onToggleOpen,
  onEdit,
  onSecret,
}: {
  endpoint: Endpoint;
  manager: boolean;
  open: boolean;
  onToggleOpen: () => void;
  onEdit: () => void;
  onSecret: (secret: string) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => invalidateWebhooks(queryClient);
  const [deleting, setDeleting] = useState(false);
  const [rolling, setRolling] = useState(false);
  const update = useMutation(trpc.webhooks.endpoints.update.mutationOptions({ onSuccess: refresh }));
  const test = useMutation(trpc.webhooks.endpoints.sendTest.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.webhooks.endpoints.delete.mutationOptions({ onSuccess: refresh }));
  const roll = useMutation(
    trpc.webhooks.endpoints.rollSecret.mutationOptions({
      onSuccess: (result) => {
        setRolling(false);
        onSecret(result.secret);
        refresh();
      },
    }),
  );
  const host = hostOf(endpoint.url);
  const error = update.error ?? test.error ?? remove.error ?? roll.error;
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid="webhook-endpoint" aria-label={`Endpoint ${host}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {endpoint.url}
            </Text>
            {endpoint.description ? (
              <Text size="sm" c="dimmed">
                {endpoint.description}
              </Text>
            ) : null}
          </Stack>
          {endpoint.enabled ? (
            <Badge color="teal" variant="light">
              On
            </Badge>
          ) : (
            <Badge color={endpoint.disabledReason === 'failing' ? 'red' : 'gray'} variant="light">
              {endpoint.disabledReason === 'failing' ? 'Paused after failures' : 'Off'}
            </Badge>
          )}
        </Group>
        {endpoint.disabledReason === 'failing' && endpoint.disabledAt ? (
          <Alert color="red" variant="light" title="LeadLoop paused this endpoint">
            Every delivery failed for a day, so it was turned off on {fullDateTime(endpoint.disabledAt)}. Fix the receiving system, send a test, then turn it back on and resend what it missed.
          </Alert>
        ) : null}
        <Group gap={6} aria-label="Events">
          {endpoint.events.map((event) => (
            <Badge key={event} variant="outline" color="gray" tt="none">
              {(WEBHOOK_EVENT_WORDS as Record<string, { label: string }>)[event]?.label ?? event}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          Signing secret {endpoint.secretHint} · added {fullDateTime(endpoint.createdAt)}
        </Text>
        <Group gap="xs" wrap="wrap">
          {manager ? (
            <>
              <Switch
                label={endpoint.enabled ? 'On' : 'Off'}
                checked={endpoint.enabled}
                onChange={(event) => update.mutate({ id: endpoint.id, enabled: event.currentTarget.checked })}
                aria-label={`Send events to ${host}`}
              />
              <Button size="xs" variant="light" loading={test.isPending} onClick={() => test.mutate({ id: endpoint.id })}>
                Send a test
              </Button>
              <Button size="xs" variant="default" onClick={onEdit}>
                Edit
              </Button>
              <Button size="xs" variant="default" onClick={() => setRolling(true)}>
                New secret
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(true)}>
                Delete
              </Button>
            </>
          ) : null}
          <Button size="xs" variant="subtle" onClick={onToggleOpen} aria-expanded={open}>
            {open ? 'Hide deliveries' : 'Deliveries'}
          </Button>
        </Group>
        {test.isSuccess ? (
          <Text size="xs" c="teal">
            Test queued: its result shows in the deliveries below.
          </Text>
        ) : null}
        {error ? (
          <Text size="xs" c="red" role="alert">
            {error.message}
          </Text>
        ) : null}
        {open || test.isSuccess ? <WebhookDeliveries endpointId={endpoint.id} canResend={manager} /> : null}
      </Stack>
      <ConfirmModal opened={deleting} title="Delete this endpoint?" confirmLabel="Delete" danger loading={remove.isPending} onConfirm={() => remove.mutate({ id: endpoint.id })} onCancel={() => setDeleting(false)}>
        <Text size="sm">LeadLoop stops sending to {host} and its delivery log is deleted.</Text>
      </ConfirmModal>
      <ConfirmModal opened={rolling} title="Make a new signing secret?" confirmLabel="Make a new secret" loading={roll.isPending} onConfirm={() => roll.mutate({ id: endpoint.id })} onCancel={() => setRolling(false)}>
        <Text size="sm">Messages are signed with the new secret at once: update your system with it, or it will refuse them.</Text>
      </ConfirmModal>
    </Paper>
  );
}

function EndpointForm({ endpoint, onClose, onCreated }: { endpoint: Endpoint | null; onClose: () => void; onCreated: (secret: string, url: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<string[]>(endpoint?.events ?? ['lead.created', 'message.received']);
  const done = () => {
    invalidateWebhooks(queryClient);
    onClose();
  };
  const create = useMutation(
    trpc.webhooks.endpoints.create.mutationOptions({
      onSuccess: (result) => {
        onCreated(result.secret, result.endpoint.url);
        done();
      },
    }),
  );
  const update = useMutation(trpc.webhooks.endpoints.update.mutationOptions({ onSuccess: done }));
  const saving = create.isPending || update.isPending;
  const error = create.error ?? update.error;
  const fieldErrors = apiFieldErrors(error);
  const urlError = fieldErrors.url;
  const eventsError = fieldErrors.events;
  const otherError = error && !urlError && !eventsError ? error.message : null;
  const submit = () => {
    const input = { url: url.trim(), description: description.trim() || null, events: events as WebhookEventType[] };
    if (endpoint) update.mutate({ id: endpoint.id, ...input });
    else create.mutate(input);
  };
  return (
    <Modal opened onClose={onClose} title={endpoint ? 'Edit the endpoint' : 'Add an endpoint'} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <TextInput label="Address" description="The https:// address of your system that receives the events." placeholder="https://crm.example.com/leadloop" value={url} onChange={(e) => setUrl(e.currentTarget.value)} error={urlError} required />
          <TextInput label="Description" description="Optional: what it is, for your team." value={description} onChange={(e) => setDescription(e.currentTarget.value)} maxLength={200} />
          <Checkbox.Group label="Events" description="What LeadLoop sends it." value={events} onChange={setEvents} error={eventsError}>
            <Stack gap={6} mt="xs">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={WEBHOOK_EVENT_WORDS[type].label} description={WEBHOOK_EVENT_WORDS[type].when} />
              ))}
            </Stack>
          </Checkbox.Group>
          {otherError ? (
            <Text size="sm" c="red" role="alert">
              {otherError}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={events.length === 0}>
              {endpoint ? 'Save' : 'Add the endpoint'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function SecretModal({ shown, onClose }: { shown: { secret: string; url: string } | null; onClose: () => void }) {
  return (
    <Modal opened={shown !== null} onClose={onClose} title="Your signing secret" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {shown ? (
        <Stack gap="md">
          <Text size="sm">
            Give this secret to the system at {hostOf(shown.url)} so it can check each message came from LeadLoop. It is shown only now: LeadLoop keeps it sealed and can’t show it again (you can make a new one).
          </Text>
          <TextInput label="Secret" value={shown.secret} readOnly ff="monospace" onFocus={(e) => e.currentTarget.select()} />
          <Group justify="flex-end">
            <CopyButton value={shown.secret}>{({ copied, copy }) => <Button variant="light" onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}</CopyButton>
            <Button onClick={onClose}>I’ve saved it</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
