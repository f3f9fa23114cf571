import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPhone } from '@contracts/phone';
import { useTRPC } from '@/shared/api-react';

/**
 * "Replay" before publishing: the saved draft and the live version walked over the last 50 conversations the flow
 * touched (or, never run, the latest leads its trigger would have started on), on what was recorded; nothing is sent.
 * Lists the people who would have been texted differently, before and after.
 */
export function ReplayPanel({ flowId, settled }: { flowId: string; settled: boolean }) {
  const trpc = useTRPC();
  const [asked, setAsked] = useState(false);
  const replay = useQuery({ ...trpc.flows.replay.queryOptions({ id: flowId }), enabled: asked, staleTime: 0 });
  const data = replay.data;
  return (
    <Stack gap={6} component="section" aria-labelledby="flow-replay">
      <Title order={3} fz="sm" id="flow-replay">
        Replay on past conversations
      </Title>
      <Text size="xs" c="dimmed">
        What the saved draft would have texted the last 50 people this flow reached, beside what the live version texted. Nothing is sent.
      </Text>
      <Group>
        <Button size="xs" variant="light" disabled={!settled} loading={replay.isFetching} onClick={() => (asked ? void replay.refetch() : setAsked(true))}>
          {asked ? 'Replay again' : 'Replay'}
        </Button>
      </Group>
      {replay.error ? (
        <Alert color="red" p="xs">
          {replay.error.message}
        </Alert>
      ) : null}
      {data ? (
        <Stack gap={6} aria-live="polite">
          <Text size="sm">
            {data.compared === 0
              ? 'No past conversations to replay yet.'
              : `${data.changed.length} of ${data.compared} ${data.basis === 'runs' ? 'recent runs' : 'recent leads'} would get different texts${data.publishedNumber ? ` than version ${data.publishedNumber}` : ' (nothing is live yet)'}.`}
          </Text>
          {data.changed.map((item) => (
            <Paper key={item.contactId} withBorder p="xs" radius="sm">
              <Text size="xs" fw={600}>
                {item.contactName ?? (item.phone ? formatPhone(item.phone) : 'A client')}
              </Text>
              <Text size="xs" c="dimmed">
                Live version
              </Text>
              <Texts texts={item.before.texts} actions={item.before.actions} />
              <Text size="xs" c="dimmed">
                Draft
              </Text>
              <Texts texts={item.after.texts} actions={item.after.actions} />
            </Paper>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

function Texts({ texts, actions }: { texts: string[]; actions: string[] }) {
  if (texts.length === 0 && actions.length === 0) return <Text size="xs">Nothing</Text>;
  return (
    <List size="xs" spacing={2}>
      {texts.map((text, index) => (
        <List.Item key={`t${index}`}>“{text}”</List.Item>
      ))}
      {actions.map((action, index) => (
        <List.Item key={`a${index}`}>{action}</List.Item>
      ))}
    </List>
  );
}
