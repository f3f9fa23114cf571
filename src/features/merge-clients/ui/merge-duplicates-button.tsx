import { Alert, Button, Group, List, Modal, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type ClientDetail, ClientStatusBadges, type DuplicateCandidate, invalidateClients, phoneText, setCachedClient } from '@/entities/contact';
import { invalidateConversations } from '@/entities/conversation';
import { invalidateLeads } from '@/entities/lead';
import { useTRPC } from '@/shared/api-react';
import { formatPhone } from '@/shared/lib/format';
import { Spinner } from '@/shared/ui/spinner';

function MergeConfirm({ keep, merge, onBack, onMerged }: { keep: ClientDetail; merge: DuplicateCandidate; onBack: () => void; onMerged: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const run = useMutation(
    trpc.clients.merge.mutationOptions({
      onSuccess: (merged) => {
        setCachedClient(queryClient, merged);
        void invalidateClients(queryClient);
        void invalidateLeads(queryClient);
        void invalidateConversations(queryClient);
        notifications.show({ color: 'teal', message: `${merge.name} was merged into ${keep.name}` });
        onMerged();
      },
    }),
  );
  const mergeLabel = `${merge.name} (${phoneText(merge.phone)})`;
  const keepLabel = `${keep.name} (${phoneText(keep.phone)})`;
  return (
    <Stack gap="md">
      <Text size="sm" fw={600}>
        Merge {mergeLabel} into {keepLabel}?
      </Text>
      <List size="sm" spacing={6}>
        <List.Item>Their texts and conversations, leads and consent history move to this client.</List.Item>
        <List.Item>
          {merge.otherPhones.length
            ? `${phoneText(merge.phone)} and their other numbers become extra numbers of this client.`
            : `${phoneText(merge.phone)} becomes an extra number of this client.`}
        </List.Item>
        <List.Item>Details this client is missing (name, email, address) are filled in from the other record; notes and tags are combined.</List.Item>
        <List.Item>If either of them opted out or was blocked, that stays in place, so no one gets texts they said no to.</List.Item>
        <List.Item>The other record goes away. This can’t be undone.</List.Item>
      </List>
      {run.error ? (
        <Alert color="red" role="alert" title="Nothing was merged">
          {run.error.message}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onBack} disabled={run.isPending}>
          Back
        </Button>
        <Button color="red" loading={run.isPending} onClick={() => run.mutate({ keepId: keep.id, mergeId: merge.id })}>
          Merge
        </Button>
      </Group>
    </Stack>
  );
}

function DuplicateList({ client, onPick }: { client: ClientDetail; onPick: (candidate: DuplicateCandidate) => void }) {
  const trpc = useTRPC();
  const duplicates = useQuery(trpc.clients.duplicates.queryOptions({ id: client.id }));
  if (duplicates.error) {
    return (
      <Alert color="red" role="alert" title="Couldn’t look for duplicates">
        {duplicates.error.message}
      </Alert>
    );
  }
  if (!duplicates.data) return <Spinner label="Looking for duplicates…" />;
  if (duplicates.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No likely duplicates found. We look for other clients with the same email address, or the same first and last name.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        These clients have the same email address or the same name as {client.name}. Pick the one that is the same person.
      </Text>
      {duplicates.data.map((candidate) => (
        <Paper key={candidate.id} withBorder radius="md" p="sm" data-testid="duplicate-candidate">
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {candidate.name}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {[candidate.phone ? formatPhone(candidate.phone) : null, candidate.email].filter(Boolean).join(' · ')}
              </Text>
              <ClientStatusBadges optedOut={candidate.optedOut} optedOutAt={candidate.optedOutAt} blocked={candidate.blocked} />
            </Stack>
            <Button size="xs" variant="light" onClick={() => onPick(candidate)} aria-label={`Merge ${candidate.name} (${phoneText(candidate.phone)}) into this client`}>
              Merge…
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** "Merge duplicates": the likely duplicates of this client, and merging one of them into it after a confirmation. */
export function MergeDuplicatesButton({ client }: { client: ClientDetail }) {
  const [opened, setOpened] = useState(false);
  const [picked, setPicked] = useState<DuplicateCandidate | null>(null);
  const close = () => {
    setOpened(false);
    setPicked(null);
  };
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Merge duplicates
      </Button>
      <Modal opened={opened} onClose={close} title="Merge duplicates" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
        {opened ? (
          picked ? (
            <MergeConfirm keep={client} merge={picked} onBack={() => setPicked(null)} onMerged={close} />
          ) : (
            <DuplicateList client={client} onPick={setPicked} />
          )
        ) : null}
      </Modal>
    </>
  );
}
