import { Alert, Button, Center, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useParams, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useEffectEvent, useState } from 'react';
import type { InspectionEvent } from 'xstate';
import { ROLE_WORDS } from '@contracts/team';
import { storeAuthToken } from '@/entities/session';
import { createApiClient } from '@/shared/api';
import { apiFieldErrors } from '@/shared/api-errors';
import { useDocumentTitle } from '@/shared/lib/document-title';
import { ScreenSpinner } from '@/shared/ui/spinner';
import { closedSentence, isInviteBusy, provideInviteFlow } from '../model/invite-flow.machine';

type InviteApi = Pick<ReturnType<typeof createApiClient>, 'invitations'>;

/** The invite screen calls the API without a credential, like the sign-in screen (spec section 6). */
let anonymous: InviteApi | null = null;
const defaultApi = () => (anonymous ??= createApiClient());

const readError = (error: unknown) => ({ fieldErrors: apiFieldErrors(error), message: error instanceof Error ? error.message : null });

export interface InvitePageProps {
  api?: InviteApi;
  /** XState's inspection hook: the QA inspector (VITE_XSTATE_INSPECT) or Stately's watches the invitation machine. */
  inspect?: ((event: InspectionEvent) => void) | undefined;
  /** Where the resend cooldown's time comes from: the QA inspector's controllable clock in the QA build. */
  clock?: InviteClock | undefined;
}

/** XState's `clock` option: what the machine's delays are scheduled with. */
export interface InviteClock {
  setTimeout(fn: () => void, timeout: number): unknown;
  clearTimeout(id: unknown): void;
}

const realClock: InviteClock = {
  setTimeout: (fn, timeout) => globalThis.setTimeout(fn, timeout),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

/**
 * /invite/<token>: who invites you to which company and as what, your name, then the code emailed to the invited
 * address; the verified code signs you in to that company (not a new one). Public, outside the app shell. The
 * steps are the invitation machine (../model/invite-flow.machine.ts); time is the `clock` given (the real one by default).
 */
export function InvitePage({ api = defaultApi(), inspect, clock = realClock }: InvitePageProps) {
  const { token = '' } = useParams({ strict: false }) as { token?: string };
  const router = useRouter();
  const [logic] = useState(() =>
    provideInviteFlow(
      {
        preview: (input) => api.invitations.preview.query(input),
        sendCode: (input) => api.invitations.accept.mutate(input),
        verify: (input) => api.invitations.verify.mutate(input),
      },
      readError,
    ),
  );
  const actor = useActorRef(logic, { input: { token }, clock, ...(inspect ? { inspect } : {}) });
  const snapshot = useSelector(actor, (state) => state);
  const { preview, fieldErrors: errors, message } = snapshot.context;
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [code, setCode] = useState('');
  const busy = isInviteBusy(snapshot);
  const step = snapshot.matches('code') || snapshot.matches('signedIn') ? 'code' : 'name';
  useDocumentTitle(preview ? `Join ${preview.companyName}` : 'Invitation');

  const signedIn = useEffectEvent(async (authToken: string) => {
    storeAuthToken(authToken);
    await router.navigate({ to: '/dashboard', replace: true });
  });
  useEffect(() => {
    const subscription = actor.on('signedIn', (event) => void signedIn(event.authToken));
    return () => subscription.unsubscribe();
  }, [actor]);

  const sendCode = () => actor.send({ type: 'details.submit', firstName, lastName });
  const resend = () => actor.send({ type: 'code.resend' });
  const verify = () => actor.send({ type: 'code.submit', code });
  const canResend = snapshot.can({ type: 'code.resend' });

  let body;
  if (snapshot.matches('invalid')) body = <Alert color="red">{message?.text}</Alert>;
  else if (!preview) body = <ScreenSpinner />;
  else if (snapshot.matches('closed')) body = <Alert color="orange">{closedSentence(preview)}</Alert>;
  else
    body = (
      <Stack gap="md">
        <Text>
          {preview.invitedByName} invited <b>{preview.email}</b> to join <b>{preview.companyName}</b> on LeadLoop as {preview.role === 'admin' ? 'an' : 'a'} {ROLE_WORDS[preview.role].label.toLowerCase()}.
        </Text>
        {step === 'name' ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void sendCode();
            }}
          >
            <Stack gap="sm">
              <TextInput label="First name" required value={firstName} onChange={(event) => setFirstName(event.currentTarget.value)} error={errors.firstName} autoComplete="given-name" />
              <TextInput label="Last name" required value={lastName} onChange={(event) => setLastName(event.currentTarget.value)} error={errors.lastName} autoComplete="family-name" />
              <Button type="submit" loading={busy}>
                Email me a code
              </Button>
            </Stack>
          </form>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void verify();
            }}
          >
            <Stack gap="sm">
              <TextInput label="Verification code" required value={code} onChange={(event) => setCode(event.currentTarget.value)} error={errors.code} autoComplete="one-time-code" inputMode="numeric" />
              <Button type="submit" loading={busy}>
                Join {preview.companyName}
              </Button>
              <Button variant="subtle" onClick={resend} disabled={busy || !canResend}>
                Resend the code
              </Button>
              {canResend || busy ? null : (
                <Text size="xs" c="dimmed">
                  Another code can be sent 30 seconds after the last one.
                </Text>
              )}
            </Stack>
          </form>
        )}
        {message && !snapshot.matches('invalid') ? (
          <Text size="sm" c={message.ok ? 'teal' : 'red'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </Text>
        ) : null}
      </Stack>
    );

  return (
    <Center component="main" mih="100vh" bg="gray.0" p="md">
      <Container size="xs" w="100%" px={0}>
        <Paper withBorder radius="md" p="xl">
          <Stack gap="md">
            <Title order={1} fz={24}>
              {preview && preview.status === 'pending' ? `Join ${preview.companyName}` : 'Invitation'}
            </Title>
            {body}
          </Stack>
        </Paper>
      </Container>
    </Center>
  );
}
