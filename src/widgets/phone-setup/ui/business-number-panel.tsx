import { Alert, Badge, Button, Card, Code, Group, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { apiFieldErrors } from '@/shared/api-errors';
import { useTRPC } from '@/shared/api-react';
import { PhoneInput } from '@/shared/ui/phone-input';
import { SectionPanel } from '@/shared/ui/section-panel';
import { ApiErrorAlert } from './api-error-alert';
import { ConfirmModal } from '@/shared/ui/confirm-modal';
import { formatPhone } from '@/shared/lib/format';
import { type PhoneSettings, usePhoneSaved } from './phone-settings';
import { usePhoneField } from './use-phone-field';

type CurrentNumber = NonNullable<PhoneSettings['number']>;

/** What the person picked, waiting for their confirmation (buying costs money; switching changes the number). */
type Choice = { kind: 'simulator' } | { kind: 'buy'; e164: string } | { kind: 'existing'; e164: string };

const AREA_CODE = /^[2-9]\d{2}$/;

export function BusinessNumberPanel({ settings }: { settings: PhoneSettings }) {
  const { number, twilioConfigured } = settings;
  const [changing, setChanging] = useState(false);
  const isTest = number?.provider === 'simulator';
  // With a test number and no Twilio there is nothing to switch to: say how to connect Twilio instead.
  const canChange = number !== null && (twilioConfigured || !isTest);

  return (
    <SectionPanel
      id="business-number-title"
      title="Business number"
      description="The number LeadLoop texts your customers from, and the one they text back."
    >
      {number ? (
        <Stack gap="sm">
          <Group gap="sm">
            <Text fz="xl" fw={700} data-testid="business-number">
              {formatPhone(number.e164)}
            </Text>
            <Badge variant="light" color={isTest ? 'violet' : 'blue'}>
              {isTest ? 'Test number (simulator)' : 'Twilio'}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {isTest
              ? 'Texts to and from this number stay inside LeadLoop: no real phone gets them. Use the test phone below to play a customer.'
              : 'Customers text this number. LeadLoop sends and receives its texts through your Twilio account.'}
          </Text>
          {canChange && !changing ? (
            <Group>
              <Button variant="default" onClick={() => setChanging(true)}>
                Change number
              </Button>
            </Group>
          ) : null}
          {isTest && !twilioConfigured ? <TwilioSetupNote title="Ready for real customers?" /> : null}
        </Stack>
      ) : null}
      {!number || changing ? (
        <NumberChooser current={number} twilioConfigured={twilioConfigured} onClose={number ? () => setChanging(false) : undefined} />
      ) : null}
    </SectionPanel>
  );
}

function TwilioSetupNote({ title }: { title: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} fz="md" mb={4}>
        {title}
      </Title>
      <Text size="sm">
        Real numbers come from Twilio. To connect your Twilio account, set <Code>TWILIO_ACCOUNT_SID</Code> and{' '}
        <Code>TWILIO_AUTH_TOKEN</Code> (from your Twilio console) in LeadLoop&apos;s server settings and restart it. You
        can then buy a number here or connect one you already have.
      </Text>
    </Card>
  );
}

function SwitchWarning({ current }: { current: CurrentNumber }) {
  return (
    <Text size="sm">
      New texts will use the new number, and texts sent to {formatPhone(current.e164)} will no longer reach LeadLoop. Tell
      customers who have your old number.
      {current.provider === 'twilio' ? ' The old number stays in your Twilio account, and on its bill, until you release it in the Twilio console.' : ''}
    </Text>
  );
}

function NumberChooser({ current, twilioConfigured, onClose }: { current: CurrentNumber | null; twilioConfigured: boolean; onClose?: () => void }) {
  const trpc = useTRPC();
  const phoneSaved = usePhoneSaved();
  const [choice, setChoice] = useState<Choice | null>(null);
  const switching = current !== null;

  const chosen = (saved: { e164: string }) => {
    setChoice(null);
    phoneSaved(`Your business number is now ${formatPhone(saved.e164)}`);
    onClose?.();
  };
  const takeTestNumber = useMutation(trpc.phone.useSimulator.mutationOptions({ onSuccess: chosen, onError: () => setChoice(null) }));
  const connect = useMutation(trpc.phone.connectNumber.mutationOptions({ onSuccess: chosen, onError: () => setChoice(null) }));

  const run = (next: Choice) => {
    if (next.kind === 'simulator') takeTestNumber.mutate();
    else connect.mutate({ e164: next.e164, mode: next.kind });
  };
  // Buying always asks (it is billed); anything else asks only when it replaces the current number.
  const pick = (next: Choice) => {
    if (next.kind === 'buy' || switching) setChoice(next);
    else run(next);
  };

  const existingError = connect.variables?.mode === 'existing' ? apiFieldErrors(connect.error).e164 : undefined;

  return (
    <Stack gap="md" mt={current ? 'md' : 0}>
      {current ? (
        <Alert color="yellow" variant="light" title="Switching numbers" role="note">
          <SwitchWarning current={current} />
        </Alert>
      ) : null}
      <ApiErrorAlert error={takeTestNumber.error} />
      <ApiErrorAlert error={connect.error} shownFields={connect.variables?.mode === 'existing' ? ['e164'] : []} />

      {current?.provider !== 'simulator' ? (
        <Card withBorder radius="md" padding="md">
          <Title order={3} fz="md" mb={4}>
            Use a test number
          </Title>
          <Text size="sm" mb="sm">
            Texts stay inside LeadLoop: perfect to try everything. You play the customer on a built-in test phone and
            watch leads, conversations and replies appear. Free, nothing to set up.
          </Text>
          <Group>
            <Button onClick={() => pick({ kind: 'simulator' })} loading={takeTestNumber.isPending}>
              Use a test number
            </Button>
          </Group>
        </Card>
      ) : null}

      {twilioConfigured ? (
        <>
          <Card withBorder radius="md" padding="md">
            <Title order={3} fz="md" mb={4}>
              Get a real number
            </Title>
            <Text size="sm" mb="sm">
              Search Twilio for a local number by area code. Local numbers get more replies than toll-free ones.
            </Text>
            <NumberSearch onBuy={(e164) => pick({ kind: 'buy', e164 })} />
          </Card>
          <Card withBorder radius="md" padding="md">
            <Title order={3} fz="md" mb={4}>
              Use a number I already have in Twilio
            </Title>
            <ExistingNumberForm
              serverError={existingError}
              pending={connect.isPending && connect.variables?.mode === 'existing'}
              onConnect={(e164) => pick({ kind: 'existing', e164 })}
            />
          </Card>
        </>
      ) : (
        <TwilioSetupNote title="Get a real number" />
      )}

      {onClose ? (
        <Group>
          <Button variant="subtle" onClick={onClose}>
            Keep my current number
          </Button>
        </Group>
      ) : null}

      <ConfirmModal
        opened={choice !== null}
        onCancel={() => setChoice(null)}
        onConfirm={() => choice && run(choice)}
        loading={takeTestNumber.isPending || connect.isPending}
        title={
          choice?.kind === 'buy'
            ? `Buy ${formatPhone(choice.e164)}?`
            : choice?.kind === 'existing'
              ? `Switch to ${formatPhone(choice.e164)}?`
              : 'Switch to a test number?'
        }
        confirmLabel={choice?.kind === 'buy' ? 'Buy number' : choice?.kind === 'existing' ? 'Connect number' : 'Use a test number'}
      >
        {choice?.kind === 'buy' ? (
          <Text size="sm">
            Twilio will bill this number to your Twilio account: a monthly fee, plus each text and call. It becomes your
            business number right away.
          </Text>
        ) : null}
        {choice?.kind === 'simulator' ? (
          <Text size="sm">Texts to and from a test number stay inside LeadLoop: real customers can&apos;t reach it.</Text>
        ) : null}
        {current ? <SwitchWarning current={current} /> : null}
      </ConfirmModal>
    </Stack>
  );
}

function NumberSearch({ onBuy }: { onBuy: (e164: string) => void }) {
  const trpc = useTRPC();
  const [country, setCountry] = useState<'US' | 'CA'>('US');
  const [areaCode, setAreaCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [search, setSearch] = useState<{ country: 'US' | 'CA'; areaCode: string } | null>(null);
  const results = useQuery(trpc.phone.searchNumbers.queryOptions(search ?? skipToken));

  const clientError = submitted && !AREA_CODE.test(areaCode) ? 'Enter a 3-digit area code' : undefined;
  const serverError = apiFieldErrors(results.error).areaCode;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (AREA_CODE.test(areaCode)) setSearch({ country, areaCode });
  };

  return (
    <Stack gap="sm">
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm">
          <SegmentedControl
            aria-label="Country"
            value={country}
            onChange={(value) => setCountry(value as 'US' | 'CA')}
            data={[
              { value: 'US', label: 'US' },
              { value: 'CA', label: 'Canada' },
            ]}
          />
          <TextInput
            label="Area code"
            placeholder="415"
            inputMode="numeric"
            maxLength={3}
            w={120}
            value={areaCode}
            onChange={(event) => setAreaCode(event.currentTarget.value.replace(/\D/g, ''))}
            error={clientError ?? serverError}
          />
          <Button type="submit" variant="light" loading={results.isFetching}>
            Search
          </Button>
        </Group>
      </form>
      {results.error && !serverError ? <ApiErrorAlert error={results.error} /> : null}
      {results.data && search ? (
        results.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No numbers are available in {search.areaCode} right now. Try a nearby area code.
          </Text>
        ) : (
          <Table aria-label="Available numbers" verticalSpacing="xs">
            <Table.Tbody>
              {results.data.map((found) => (
                <Table.Tr key={found.e164}>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {formatPhone(found.e164)}
                    </Text>
                    {found.locality || found.region ? (
                      <Text size="xs" c="dimmed">
                        {[found.locality, found.region].filter(Boolean).join(', ')}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button size="xs" variant="light" onClick={() => onBuy(found.e164)} aria-label={`Buy ${formatPhone(found.e164)}`}>
                      Buy
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )
      ) : null}
    </Stack>
  );
}

function ExistingNumberForm({ onConnect, serverError, pending }: { onConnect: (e164: string) => void; serverError?: string; pending: boolean }) {
  const phone = usePhoneField();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    phone.markSubmitted();
    if (phone.e164) onConnect(phone.e164);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PhoneInput
          label="Your Twilio number"
          description="A number in the Twilio account LeadLoop is connected to. Its incoming texts will come to LeadLoop."
          value={phone.value}
          onChange={phone.setValue}
          error={phone.error ?? serverError}
        />
        <Group>
          <Button type="submit" variant="light" loading={pending}>
            Connect number
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
