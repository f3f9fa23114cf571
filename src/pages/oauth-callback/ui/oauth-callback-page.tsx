import { Button, Center, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useDocumentTitle } from '@/shared/lib/document-title';
import { providerFromPath, readCallback } from '../model/oauth-callback';

/**
 * /jobber-oauth, /thumbtack-oauth, /google-oauth-cal: where a provider sends the browser after its sign-in. Public and
 * outside the app shell, so it has its own small centred layout and uses only the first-load Mantine styles.
 * Exchanging the code isn't built yet: the page says what came back and that nothing was saved.
 */
export function OAuthCallbackPage() {
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const provider = providerFromPath(pathname);
  // Read once: the query is removed from the address below, and the outcome must survive that.
  const [outcome] = useState(() => readCallback(window.location.search));

  useEffect(() => {
    // The code and state are secrets: keep them out of the address bar, history and anything that logs URLs.
    if (router.state.location.searchStr) router.history.replace(router.state.location.pathname);
  }, [router]);

  const title =
    outcome.kind === 'error' ? `${provider} wasn’t connected` : outcome.kind === 'code' ? `${provider} sign-in received` : `Connect ${provider}`;
  useDocumentTitle(title);

  return (
    <Center component="main" mih="100vh" bg="gray.0" p="md">
      <Container size="xs" w="100%" px={0}>
        <Text fw={800} fz="xl" c="teal.8" ta="center" mb="md">
          LeadLoop
        </Text>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="md" align="center" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light" color={outcome.kind === 'error' ? 'red' : 'teal'} aria-hidden>
              {outcome.kind === 'error' ? '!' : outcome.kind === 'code' ? '✓' : '⇄'}
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
              <Stack gap="xs">
                <Text>{provider} sent back your permission to connect.</Text>
                <Text size="sm" c="dimmed">
                  Connecting {provider} to LeadLoop isn’t available yet, so nothing was saved and LeadLoop has no access to your{' '}
                  {provider} account.
                </Text>
              </Stack>
            ) : (
              <Text>This page finishes connecting {provider}; open it from External integrations.</Text>
            )}

            <Button component={Link} to="/external-integrations">
              Go to External integrations
            </Button>
          </Stack>
        </Paper>
      </Container>
    </Center>
  );
}
