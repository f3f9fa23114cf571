import { Alert, Anchor, Button, Group, Loader, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTRPC } from '@/shared/api-react';
import { formatPhone } from '@/shared/lib/format';
import { BusinessNumberPanel, type PhoneSettings, TestPhonePanel } from '@/widgets/phone-setup';
import { usePhoneSettings } from '@/entities/company';
import { testLeadWatchStart } from '../model/test-lead-watch';

const WATCH_EVERY_MS = 2_000;

/**
 * Watches for the first lead created since this step first opened in the tab: the test lead the person sends themselves, from the
 * test phone above or from their own mobile to the Twilio number. Polls while waiting (the onboarding screen is
 * outside the app shell and its live connection); stops once the lead is there.
 */
function TestLeadWatcher({ since, settings }: { since: number; settings: PhoneSettings }) {
  const trpc = useTRPC();
  const leads = useQuery({
    ...trpc.leads.list.queryOptions({ from: since, pageSize: 10 }),
    refetchInterval: (query) => ((query.state.data?.items.length ?? 0) > 0 ? false : WATCH_EVERY_MS),
  });
  const lead = leads.data?.items[0] ?? null;
  const number = settings.number;
  const isTest = number?.provider === 'simulator';

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="test-lead-title" aria-live="polite">
      <Title order={3} fz="md" id="test-lead-title" mb={4}>
        Send yourself a test lead
      </Title>
      {lead ? (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon color="teal" radius="xl" size="md" aria-hidden>
            ✓
          </ThemeIcon>
          <div>
            <Text fw={600}>Your test lead arrived: {lead.contact.name}</Text>
            {lead.summary ? (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {lead.summary}
              </Text>
            ) : null}
            <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/leads" search={{ lead: lead.id }} />}>
              Open it in Leads
            </Anchor>
          </div>
        </Group>
      ) : (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Loader size="sm" aria-hidden />
          <Text size="sm">
            {isTest
              ? 'Waiting for a text from one of your test phones: write to your business number above and watch the lead arrive here.'
              : `Waiting for a text: from your own mobile, text ${number ? formatPhone(number.e164) : 'your business number'} and watch the lead arrive here.`}
          </Text>
        </Group>
      )}
      {leads.isError ? (
        <Alert color="red" mt="sm">
          {leads.error.message}
        </Alert>
      ) : null}
    </Paper>
  );
}

/** Onboarding does the setup here: a business number (test or Twilio), then a test lead to watch arrive; missed calls next. */
export function GoLiveStep({ onNext }: { onNext: () => void }) {
  const navigate = useNavigate();
  const phone = usePhoneSettings();
  // (Kept for the tab: back from the missed-calls step, the test lead that arrived is still shown.)
  const [since] = useState(() => testLeadWatchStart());
  const number = phone.data?.number ?? null;

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="lg">
          Go live: your number and a first lead
        </Title>
        <Text size="sm" c="dimmed">
          Choose the number your customers text (a test number lets you try everything with no real phone), then send
          yourself a lead and see what your customers will get.
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
          <BusinessNumberPanel settings={phone.data} />
          {number?.provider === 'simulator' ? <TestPhonePanel businessNumber={number.e164} /> : null}
          {number ? <TestLeadWatcher since={since} settings={phone.data} /> : null}
        </>
      )}
      <Text size="sm" c="dimmed">
        Next: text back the callers you miss. The website chat widget comes later; your dashboard lists what is left to set up.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void navigate({ to: '/dashboard' })}>
          Go to my dashboard
        </Button>
        <Button onClick={onNext}>
          Next: missed calls
        </Button>
      </Group>
    </Stack>
  );
}
