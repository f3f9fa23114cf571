import { Alert, Anchor, Badge, Button, Checkbox, Code, CopyButton, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { API_KEY_SCOPE_WORDS, API_KEY_SCOPES, type ApiKeyScope } from '@contracts/api-keys';
import { useTRPC } from '@/shared/api-react';
import { fullDateTime } from '@/shared/lib/format';
import { ConfirmModal } from '@/shared/ui/confirm-modal';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadError } from '@/shared/ui/load-error';
import { ScreenSpinner } from '@/shared/ui/spinner';

const isForbidden = (error: unknown) => (error as { data?: { code?: string } } | null)?.data?.code === 'FORBIDDEN';

/**
 * Settings → API keys: the owner makes keys for other tools (name and what each may do), sees each key once,
 * then only its prefix, when and from where it was last used; and revokes one, which stops it at once.
 */
export function ApiKeysTab() {
  const trpc = useTRPC();
  const keys = useQuery(trpc.publicApi.keys.list.queryOptions());
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['leads:read', 'leads:write']);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const create = useMutation(
    trpc.publicApi.keys.create.mutationOptions({
      onSuccess: () => {
        setName('');
        void keys.refetch();
      },
    }),
  );
  const revoke = useMutation(
    trpc.publicApi.keys.revoke.mutationOptions({
      onSuccess: () => {
        setRevoking(null);
        void keys.refetch();
      },
    }),
  );

  if (keys.isPending) return <ScreenSpinner />;
  if (keys.isError) {
    if (isForbidden(keys.error)) {
      return <EmptyState order={2} icon="⚿" title="API keys are the owner’s" description={`${keys.error.message} Ask your company’s owner for a key.`} />;
    }
    return <LoadError title="Couldn’t load your API keys" error={keys.error} onRetry={keys.refetch} />;
  }
  const fieldErrors = (create.error?.data as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors;

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="lg" component="form" onSubmit={(event) => {
        event.preventDefault();
        create.mutate({ name, scopes });
      }}>
        <Title order={2} fz="lg" mb={4}>
          Create an API key
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          A key lets another tool (Zapier, your CRM, your website) send leads into LeadLoop and read them back through the{' '}
          <Anchor href="/api/docs" target="_blank" rel="noopener">
            API reference
          </Anchor>
          . You see the key once, when you create it.
        </Text>
        <Stack gap="sm">
          <TextInput label="Name" description="The tool it is for, so you know which key to revoke" value={name} onChange={(event) => setName(event.currentTarget.value)} maxLength={80} error={fieldErrors?.name?.[0]} />
          <Checkbox.Group label="What it may do" value={scopes} onChange={(value) => setScopes(value as ApiKeyScope[])} error={fieldErrors?.scopes?.[0]}>
            <Stack gap={6} mt={6}>
              {API_KEY_SCOPES.map((scope) => (
                <Checkbox key={scope} value={scope} label={API_KEY_SCOPE_WORDS[scope]} description={scope} />
              ))}
            </Stack>
          </Checkbox.Group>
          {create.error && !fieldErrors ? (
            <Alert color="red" p="xs">
              {create.error.message}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={create.isPending}>
              Create key
            </Button>
          </Group>
        </Stack>
        {create.data ? (
          <Alert color="blue" mt="md" title="Copy this key now: it is not shown again">
            <Group gap="xs" wrap="nowrap">
              <Code style={{ wordBreak: 'break-all' }} data-testid="new-api-key">
                {create.data.key}
              </Code>
              <CopyButton value={create.data.key} timeout={2000}>
                {({ copied, copy }) => (
                  <Button size="compact-xs" variant="subtle" onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="xs" mt={6}>
              Send it as <Code>Authorization: Bearer …</Code>. LeadLoop keeps only a fingerprint of it: if you lose it, revoke it and create another.
            </Text>
          </Alert>
        ) : null}
      </Paper>

      {keys.data.length === 0 ? (
        <EmptyState order={2} icon="⚿" title="No API keys" description="Keys you create are listed here with when they were last used, and you can revoke any of them at any time." />
      ) : (
        <Paper withBorder radius="md" p="lg">
          <Title order={2} fz="lg" mb="sm">
            Your keys
          </Title>
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label="API keys" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Key</Table.Th>
                  <Table.Th>May</Table.Th>
                  <Table.Th>Last used</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keys.data.map((key) => (
                  <Table.Tr key={key.id} data-testid="api-key-row">
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {key.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        Created {fullDateTime(key.createdAt)}
                        {key.createdBy ? ` by ${key.createdBy}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Code>{key.prefix}…</Code>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{key.scopes.map((scope) => API_KEY_SCOPE_WORDS[scope]).join(' · ')}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{key.lastUsedAt ? fullDateTime(key.lastUsedAt) : 'Never'}</Text>
                      {key.lastUsedIp ? (
                        <Text size="xs" c="dimmed">
                          from {key.lastUsedIp}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {key.revokedAt ? (
                        <Badge color="gray" variant="light">
                          Revoked {fullDateTime(key.revokedAt)}
                        </Badge>
                      ) : (
                        <Button size="xs" variant="light" color="red" onClick={() => setRevoking({ id: key.id, name: key.name })}>
                          Revoke
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <ConfirmModal
        opened={revoking !== null}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        confirmLabel="Revoke key"
        danger
        loading={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
        onCancel={() => setRevoking(null)}
      >
        <Text size="sm">The tool using this key stops working at once: its next request is refused. This cannot be undone.</Text>
        {revoke.error ? (
          <Text size="sm" c="red">
            {revoke.error.message}
          </Text>
        ) : null}
      </ConfirmModal>
    </Stack>
  );
}
