import { Button, Center, Container, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { useEffect, useRef, useState } from 'react';
import { clearAuthToken, isSignedIn, readAuthToken } from '@/entities/session';
import { createApiClient } from '@/shared/api';
import { useDocumentTitle } from '@/shared/lib/document-title';
import { type CallbackOutcome, providerFromPath, providerOfCallbackPath, readCallback } from '../model/oauth-callback';

type Finish =
  | { kind: 'working' }
  | { kind: 'connected'; account: string | null }
  | { kind: 'failed'; message: string }
  | { kind: 'signed-out' };

/**
 * /jobber-oauth, /thumbtack-oauth, /google-oauth-cal: where a provider sends the browser after its sign-in. Public and
 * outside the app shell (its own small centred layout). With a code, it is posted once with its state to
 * `integrations.complete` under the stored session; success goes on to External integrations, which says so.
 * Signed out (or the session ended), nothing is sent: the page says to sign in and connect again. The code and
 * state never reach the screen and leave the address bar at once.
 */
export function OAuthCallbackPage() {
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const provider = providerFromPath(pathname);
  const providerId = providerOfCallbackPath(pathname);
  // Read once: the query is removed from the address below, and the outcome must survive that.
  const [outcome] = useState<CallbackOutcome>(() => readCallback(window.location.search));
  const [finish, setFinish] = useState<Finish>(() => (outcome.kind === 'code' ? (isSignedIn() ? { kind: 'working' } : { kind: 'signed-out' }) : { kind: 'working' }));
  const sent = useRef(false);

  useEffect(() => {
    // The code and state are secrets: keep them out of the address bar, history and anything that logs URLs.
    if (router.state.location.searchStr) router.history.replace(router.state.location.pathname);
  }, [router]);

  useEffect(() => {
    if (outcome.kind !== 'code' || !providerId || sent.current || !isSignedIn()) return;
    sent.current = true;
    const api = createApiClient({ getAuthToken: readAuthToken });
    api.integrations.complete
      .mutate({ provider: providerId, code: outcome.code, state: outcome.state })
      .then((done) => {
        setFinish({ kind: 'connected', account: done.account });
        void router.navigate({ href: `/external-integrations?connected=${providerId}`, replace: true });
      })
      .catch((error: unknown) => {
        if (error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'UNAUTHORIZED') {
          // The session ended: the credential goes (spec), and the page says what to do.
          clearAuthToken();
          setFinish({ kind: 'signed-out' });
          return;
        }
        setFinish({ kind: 'failed', message: error instanceof Error ? error.message : 'The connection couldn’t be finished.' });
      });
  }, [outcome, providerId, router]);

  const title =
    outcome.kind === 'error'
      ? `${provider} wasn’t connected`
      : outcome.kind === 'code'
        ? finish.kind === 'connected'
          ? `${provider} connected`
          : finish.kind === 'failed' || finish.kind === 'signed-out'
            ? `${provider} wasn’t connected`
            : `Connecting ${provider}…`
        : `Connect ${provider}`;
  useDocumentTitle(title);
  const failed = outcome.kind === 'error' || (outcome.kind === 'code' && (finish.kind === 'failed' || finish.kind === 'signed-out'));

  return (
    <Center component="main" mih="100vh" bg="gray.0" p="md">
      <Container size="xs" w="100%" px={0}>
        <Text fw={800} fz="xl" c="teal.8" ta="center" mb="md">
          LeadLoop
        </Text>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="md" align="center" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light" color={failed ? 'red' : 'teal'} aria-hidden>
              {failed ? '!' : outcome.kind === 'code' ? '✓' : '⇄'}
            </ThemeIcon>
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              {title}
            </Title>

            {outcome.kind === 'error' ? (
              <Stack gap="xs" role="alert">
                <Text>{outcome.explanation}</Text>
                <Text size="sm" c="dimmed">
                  Nothing was saved. You can try connecting {provider} again from External integrations.
                </Text>
                {outcome.errorCode ? (
                  <Text size="xs" c="dimmed">
                    Error code from {provider}:{' '}
                    <Text span inherit ff="monospace">
                      {outcome.errorCode}
                    </Text>
                  </Text>
                ) : null}
              </Stack>
            ) : outcome.kind === 'code' ? (
              finish.kind === 'working' ? (
                <Stack gap="xs" align="center" role="status">
                  <Loader size="sm" aria-hidden />
                  <Text>{provider} sent back your permission. Finishing the connection…</Text>
                </Stack>
              ) : finish.kind === 'connected' ? (
                <Text role="status">
                  {provider} is connected{finish.account ? ` (${finish.account})` : ''}.
                </Text>
              ) : finish.kind === 'signed-out' ? (
                <Stack gap="xs" role="alert">
                  <Text>You’re not signed in to LeadLoop in this browser, so the connection couldn’t be saved.</Text>
                  <Text size="sm" c="dimmed">
                    Sign in, then open External integrations and connect {provider} again. Nothing was saved.
                  </Text>
                </Stack>
              ) : (
                <Stack gap="xs" role="alert">
                  <Text>{finish.message}</Text>
                  <Text size="sm" c="dimmed">
                    Nothing was saved. You can try connecting {provider} again from External integrations.
                  </Text>
                </Stack>
              )
            ) : (
              <Text>This page finishes connecting {provider}; open it from External integrations.</Text>
            )}

            {outcome.kind === 'code' && finish.kind === 'signed-out' ? (
              <Button component="a" href="/">
                Sign in
              </Button>
            ) : (
              <Button component={Link} to="/external-integrations">
                Go to External integrations
              </Button>
            )}
          </Stack>
        </Paper>
      </Container>
    </Center>
  );
}
