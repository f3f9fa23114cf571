import { Affix, Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callDuration, invalidateCalls } from '@/entities/call';
import { useTRPC } from '@/shared/api-react';
import { formatPhone } from '@/shared/lib/format';
import { PhoneLink } from '@/shared/ui/phone-link';

type RingingCall = { id: string; from: string | null; callerName: string | null; ringsPhone: string | null; answerableHere: boolean };

const callerOf = (call: Pick<RingingCall, 'from' | 'callerName'>) => call.callerName ?? (call.from ? formatPhone(call.from) : 'A hidden number');

/**
 * The app's incoming-call card: while a call rings the team (routing mode a) every signed-in person sees it, from
 * `calls.ringing`, which the live `call` event refetches; it goes when the call stops ringing (answered by
 * someone, declined, the ring timeout — a server job — or the caller hanging up). A test-phone call is answered or
 * declined here; a real call rings the business's phone and is answered there. Answered here, the card becomes the
 * call in progress with End call.
 */
export function IncomingCallCard() {
  const trpc = useTRPC();
  const ringing = useQuery({
    ...trpc.calls.ringing.queryOptions(),
    // The live event is the signal; a slow refetch covers a moment the event stream was reconnecting.
    refetchInterval: (query) => ((query.state.data?.length ?? 0) > 0 ? 5_000 : false),
  });
  const [dismissed, setDismissed] = useState<string[]>([]);
  const [current, setCurrent] = useState<{ id: string; caller: string } | null>(null);
  const calls = (ringing.data ?? []).filter((call) => !dismissed.includes(call.id) && call.id !== current?.id);
  if (!current && calls.length === 0) return null;
  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={300}>
      <Stack gap="xs" w={{ base: 'calc(100vw - 32px)', xs: 340 }} maw={340}>
        {current ? <CallInProgress call={current} onClose={() => setCurrent(null)} /> : null}
        {calls.map((call) => (
          <RingingCallCard
            key={call.id}
            call={call}
            onAnswered={() => setCurrent({ id: call.id, caller: callerOf(call) })}
            onDismiss={() => setDismissed((ids) => [...ids, call.id])}
          />
        ))}
      </Stack>
    </Affix>
  );
}

function RingingCallCard({ call, onAnswered, onDismiss }: { call: RingingCall; onAnswered: () => void; onDismiss: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => void invalidateCalls(queryClient);
  const answer = useMutation(trpc.calls.answer.mutationOptions({ onSuccess: onAnswered, onSettled: refresh }));
  const decline = useMutation(trpc.calls.decline.mutationOptions({ onSuccess: onDismiss, onSettled: refresh }));
  const error = answer.error ?? decline.error;
  const caller = callerOf(call);
  return (
    <Paper withBorder shadow="lg" radius="md" p="md" role="region" aria-label={`Incoming call from ${caller}`}>
      <Stack gap="xs">
        <div aria-live="polite">
          <Text size="xs" c="dimmed" fw={700} tt="uppercase">
            Incoming call
          </Text>
          <Text fw={700}>{caller}</Text>
          {call.callerName && call.from ? (
            <Text size="sm" c="dimmed">
              <PhoneLink phone={call.from} />
            </Text>
          ) : null}
          {!call.answerableHere ? (
            <Text size="sm" c="dimmed">
              Ringing {call.ringsPhone ? formatPhone(call.ringsPhone) : 'your phone'}: answer it there.
            </Text>
          ) : null}
        </div>
        {error ? (
          <Alert color="orange" variant="light" p="xs">
            <Text size="sm">{error.message}</Text>
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          {call.answerableHere && !error ? (
            <>
              <Button variant="default" color="red" onClick={() => decline.mutate({ id: call.id })} loading={decline.isPending} disabled={answer.isPending}>
                Decline
              </Button>
              <Button color="green" onClick={() => answer.mutate({ id: call.id })} loading={answer.isPending} disabled={decline.isPending}>
                Answer
              </Button>
            </>
          ) : (
            <Button variant="default" onClick={onDismiss}>
              Dismiss
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The call answered here: on the line until End call (or the caller hangs up, which the live event shows). */
function CallInProgress({ call, onClose }: { call: { id: string; caller: string }; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const state = useQuery(trpc.calls.get.queryOptions({ id: call.id }));
  const end = useMutation(trpc.calls.end.mutationOptions({ onSettled: () => void invalidateCalls(queryClient) }));
  const ended = state.data?.status === 'ended' || end.isSuccess;
  const talk = end.data?.talkSeconds ?? state.data?.talkSeconds ?? null;
  return (
    <Paper withBorder shadow="lg" radius="md" p="md" role="region" aria-label={`Call with ${call.caller}`}>
      <Stack gap="xs">
        <div aria-live="polite">
          <Text size="xs" c="dimmed" fw={700} tt="uppercase">
            {ended ? 'Call ended' : 'On the call'}
          </Text>
          <Text fw={700}>{call.caller}</Text>
          {ended ? (
            <Text size="sm" c="dimmed">
              {talk !== null ? `Answered · talked ${callDuration(talk)}` : 'Answered'}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              You answered: the call is not missed, so no text-back goes.
            </Text>
          )}
        </div>
        {end.error ? (
          <Alert color="orange" variant="light" p="xs">
            <Text size="sm">{end.error.message}</Text>
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          {ended ? (
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          ) : (
            <Button color="red" onClick={() => end.mutate({ id: call.id })} loading={end.isPending}>
              End call
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
