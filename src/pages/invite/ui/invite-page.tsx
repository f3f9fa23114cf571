import { Alert, Button, Center, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useParams, useRouter } from '@tanstack/react-router';
import type { inferRouterOutputs } from '@trpc/server';
import { useEffect, useState } from 'react';
import { ROLE_WORDS } from '@contracts/team';
import { storeAuthToken } from '@/entities/session';
import { type AppRouter, createApiClient } from '@/shared/api';
import { apiFieldErrors } from '@/shared/api-errors';
import { useDocumentTitle } from '@/shared/lib/document-title';
import { ScreenSpinner } from '@/shared/ui/spinner';

type Preview = inferRouterOutputs<AppRouter>['invitations']['preview'];
type InviteApi = Pick<ReturnType<typeof createApiClient>, 'invitations'>;

/** The invite screen calls the API without a credential, like the sign-in screen (spec section 6). */
let anonymous: InviteApi | null = null;
const defaultApi = () => (anonymous ??= createApiClient());

const STATUS_SENTENCE = {
  expired: 'This invitation has expired. Ask whoever invited you to send it again.',
  accepted: 'This invitation was already used. Sign in with your email instead.',
  revoked: 'This invitation was withdrawn. Ask whoever invited you for a new one.',
} as const;

/**
 * /invite/<token>: who invites you to which company and as what, your name, then the code emailed to the invited
 * address; the verified code signs you in to that company (not a new one). Public, outside the app shell.
 */
export function InvitePage({ api = defaultApi() }: { api?: InviteApi }) {
  const { token } = useParams({ strict: false }) as { token?: string };
  const router = useRouter();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [step, setStep] = useState<'name' | 'code'>('name');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(preview ? `Join ${preview.companyName}` : 'Invitation');

  useEffect(() => {
    if (!token) return;
    // The token is a credential: keep it out of what the page sends elsewhere (history stays, as with any link).
    api.invitations.preview
      .query({ token })
      .then(setPreview)
      .catch((error: unknown) => setLoadError(error instanceof Error && /not found/i.test(error.message) ? 'This invitation link is not valid. Ask whoever invited you for a new one.' : error instanceof Error ? error.message : 'An unexpected error occurred. Please try again.'));
  }, [api, token]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setErrors({});
    setMessage(null);
    try {
      await work();
    } catch (error) {
      const fields = apiFieldErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setMessage({ text: error instanceof Error ? error.message : 'An unexpected error occurred. Please try again.', ok: false });
    } finally {
      setBusy(false);
    }
  };
  const sendCode = () =>
    run(async () => {
      const sent = await api.invitations.accept.mutate({ token: token ?? '', firstName, lastName });
      setStep('code');
      setMessage({ text: sent.message, ok: true });
    });
  const verify = () =>
    run(async () => {
      const result = await api.invitations.verify.mutate({ token: token ?? '', code });
      if (!result.authToken) {
        setMessage({ text: result.message, ok: false });
        return;
      }
      storeAuthToken(result.authToken);
      await router.navigate({ to: '/dashboard', replace: true });
    });

  let body;
  if (loadError) body = <Alert color="red">{loadError}</Alert>;
  else if (!preview) body = <ScreenSpinner />;
  else if (preview.status !== 'pending') body = <Alert color="orange">{STATUS_SENTENCE[preview.status]}</Alert>;
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
              <Button variant="subtle" onClick={() => void sendCode()} disabled={busy}>
                Resend the code
              </Button>
            </Stack>
          </form>
        )}
        {message ? (
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
