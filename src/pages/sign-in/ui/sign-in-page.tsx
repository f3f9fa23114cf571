import { Anchor, Box, Group, Paper, Text } from '@mantine/core';
import classes from './sign-in-page.module.css';
import type { InspectionEvent } from 'xstate';
import {
  type AuthFlowOutput,
  AuthFlowPanel,
  type createAuthFlowActors,
  useAuthFlow,
  type VerificationMode,
} from '@/features/auth-flow';
import { LandingOffer } from './landing-offer/landing-offer';

export interface SignInLinks {
  mainSite: string;
  agencyPortal: string;
  terms: string;
  privacy: string;
  support: string;
  demo: string;
}

export interface SignInPageProps {
  actors: ReturnType<typeof createAuthFlowActors>;
  storage: Storage;
  initialMode: VerificationMode;
  referralCode: string | null;
  referrer: string;
  params: Record<string, string> | undefined;
  links: SignInLinks;
  testimonialsEmbedUrl: string | undefined;
  onSignedIn: (result: AuthFlowOutput) => void;
  inspect?: ((event: InspectionEvent) => void) | undefined;
  now?: () => number;
}

/** `/`: register, login and verify-code beside the landing offer (spec section 2). */
export function SignInPage(props: SignInPageProps) {
  const actorRef = useAuthFlow({
    actors: props.actors,
    storage: props.storage,
    initialMode: props.initialMode,
    onSignedIn: props.onSignedIn,
    inspect: props.inspect,
    ...(props.now ? { now: props.now } : {}),
  });
  const { links } = props;

  return (
    <Box mih="100vh" bg="gray.0" py={{ base: 'md', sm: 'xl' }}>
      <div className={classes.container}>
        <Group justify="space-between" mb="lg">
          <Text fw={800} fz="xl" c="teal.8">
            LeadLoop
          </Text>
        </Group>
        <main className={classes.grid}>
          <Paper p={{ base: 'md', sm: 'xl' }} radius="md" shadow="sm" withBorder>
            <AuthFlowPanel
              actorRef={actorRef}
              referralCode={props.referralCode}
              referrer={props.referrer}
              params={props.params}
              termsUrl={links.terms}
              privacyUrl={links.privacy}
            />
          </Paper>
          <LandingOffer demoUrl={links.demo} testimonialsEmbedUrl={props.testimonialsEmbedUrl} />
        </main>
        <Group component="footer" justify="center" gap="lg" mt="xl" pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Anchor href={links.mainSite} size="sm" c="dimmed">
            Main website
          </Anchor>
          <Anchor href={links.agencyPortal} size="sm" c="dimmed">
            Agency portal
          </Anchor>
          <Anchor href={links.terms} size="sm" c="dimmed">
            Terms
          </Anchor>
          <Anchor href={links.privacy} size="sm" c="dimmed">
            Privacy
          </Anchor>
          <Anchor href={links.support} size="sm" c="dimmed">
            Support
          </Anchor>
        </Group>
      </div>
    </Box>
  );
}
