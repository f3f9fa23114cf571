import { Alert, Button, Code, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/shared/api-react';
import { fullDateTime } from '@/shared/lib/format';

function CopyValue({ value }: { value: string }) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Button size="compact-xs" variant="subtle" onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
      )}
    </CopyButton>
  );
}

const EXAMPLE_BODY = '{ "phone": "+14155550123", "firstName": "Sam", "note": "Water heater quote" }';

/**
 * A webhook-triggered flow's address and signing secret: another tool (Zapier, a CRM, the business's own site)
 * posts a person to it, signed per Standard Webhooks. The secret is shown once when made; making a new one
 * replaces it at once.
 */
export function WebhookPanel({ flowId }: { flowId: string }) {
  const trpc = useTRPC();
  const hook = useQuery(trpc.flows.webhook.get.queryOptions({ id: flowId }));
  const make = useMutation(trpc.flows.webhook.makeSecret.mutationOptions({ onSuccess: () => void hook.refetch() }));
  const data = hook.data;
  return (
    <Stack gap={6} component="section" aria-labelledby="flow-webhook">
      <Title order={3} fz="sm" id="flow-webhook">
        Webhook
      </Title>
      {data ? (
        <>
          <Text size="xs">Another tool starts this flow by posting a person to:</Text>
          <Group gap="xs" wrap="nowrap">
            <Code style={{ wordBreak: 'break-all' }}>{data.url}</Code>
            <CopyValue value={data.url} />
          </Group>
          <Text size="xs" c="dimmed">
            JSON such as <Code>{EXAMPLE_BODY}</Code> (phone required; firstName, lastName, email, note and consent optional), signed per Standard Webhooks with the
            headers webhook-id, webhook-timestamp and webhook-signature. A new number becomes a lead from the API; the same webhook-id never starts two runs.
          </Text>
          {data.noKeyMessage ? (
            <Alert color="yellow" p="xs">
              {data.noKeyMessage}
            </Alert>
          ) : (
            <>
              <Text size="xs">{data.secretCreatedAt ? `Signing secret made ${fullDateTime(data.secretCreatedAt)}.` : 'No signing secret yet: the address answers nothing until you make one.'}</Text>
              <Group>
                <Button size="xs" variant="light" loading={make.isPending} onClick={() => make.mutate({ id: flowId })}>
                  {data.secretCreatedAt ? 'Replace the signing secret' : 'Make a signing secret'}
                </Button>
              </Group>
              {data.secretCreatedAt ? (
                <Text size="xs" c="dimmed">
                  Replacing it stops the old one at once.
                </Text>
              ) : null}
            </>
          )}
          {make.data ? (
            <Alert color="blue" p="xs" title="Copy it now: it is not shown again">
              <Group gap="xs" wrap="nowrap">
                <Code style={{ wordBreak: 'break-all' }} data-testid="webhook-secret">
                  {make.data.secret}
                </Code>
                <CopyValue value={make.data.secret} />
              </Group>
            </Alert>
          ) : null}
          {make.error ? (
            <Alert color="red" p="xs">
              {make.error.message}
            </Alert>
          ) : null}
        </>
      ) : hook.error ? (
        <Alert color="red" p="xs">
          {hook.error.message}
        </Alert>
      ) : null}
    </Stack>
  );
}
