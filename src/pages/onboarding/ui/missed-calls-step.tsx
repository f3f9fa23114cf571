import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { ROUTING_MODE_WORDS } from '@contracts/call';
import { formatPhone } from '@/shared/lib/format';
import { ForwardingInstructions } from '@/widgets/call-forwarding';
import { usePhoneSettings } from '@/entities/company';

/**
 * Onboarding step 4: the two ways calls reach LeadLoop, and for the owner who keeps their number the codes to
 * forward the calls they miss (the same instructions as Missed calls → Basic). The choice itself is saved there.
 */
export function MissedCallsStep({ onBack }: { onBack: () => void }) {
  const navigate = useNavigate();
  const phone = usePhoneSettings();
  const number = phone.data?.number ?? null;
  const pretty = number ? formatPhone(number.e164) : 'your LeadLoop number';

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="lg">
          Missed calls: text back every caller you miss
        </Title>
        <Text size="sm" c="dimmed">
          When a call to your business goes unanswered, LeadLoop takes a voicemail and texts the caller, so they wait for you instead of calling the next
          company. Calls reach LeadLoop in one of two ways.
        </Text>
      </div>
      {phone.isPending ? (
        <Skeleton height={160} radius="md" />
      ) : phone.isError ? (
        <Alert color="red" role="alert">
          {phone.error.message}
        </Alert>
      ) : (
        <>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="mode-a-title">
            <Title order={3} fz="md" id="mode-a-title" mb={4}>
              1. {ROUTING_MODE_WORDS.ring_then_voicemail.label}
            </Title>
            <Text size="sm">{ROUTING_MODE_WORDS.ring_then_voicemail.detail}</Text>
            <Text size="sm" mt="xs">
              Publish {pretty} on your website, your Google profile and your van. Then, in{' '}
              <Anchor size="sm" renderRoot={(props) => <Link to="/missed-calls/basic" {...props} />}>
                Missed calls → Basic
              </Anchor>
              , enter the phone it should ring first (this is the way LeadLoop starts with).
            </Text>
          </Paper>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="mode-b-title">
            <Title order={3} fz="md" id="mode-b-title" mb={4}>
              2. {ROUTING_MODE_WORDS.forwarded_missed.label}
            </Title>
            <Text size="sm" mb="sm">
              {ROUTING_MODE_WORDS.forwarded_missed.detail} Choose this way in Missed calls → Basic, and set up the forwarding here:
            </Text>
            <ForwardingInstructions leadLoopNumber={number?.e164 ?? null} />
          </Paper>
        </>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button onClick={() => void navigate({ to: '/dashboard' })}>Go to my dashboard</Button>
      </Group>
    </Stack>
  );
}
