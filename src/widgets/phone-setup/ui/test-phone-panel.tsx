import { Alert, Anchor, Button, Group, Paper, Radio, Select, SimpleGrid, Stack, Text, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { apiFieldErrors } from '@/shared/api-errors';
import { useTRPC } from '@/shared/api-react';
import { PhoneInput } from '@/shared/ui/phone-input';
import { SectionPanel } from '@/shared/ui/section-panel';
import { Spinner } from '@/shared/ui/spinner';
import { ApiErrorAlert } from './api-error-alert';
import { formatPhone } from '@/shared/lib/format';
import { type DeviceBehavior, type TestDevice, type ThreadText, usePhoneSaved, useRefreshPhone } from './phone-settings';
import { usePhoneField } from './use-phone-field';
import classes from './test-phone.module.css';

export const BEHAVIORS: { value: DeviceBehavior; label: string }[] = [
  { value: 'deliver', label: 'Delivers normally' },
  { value: 'unreachable', label: 'Phone off (unreachable)' },
  { value: 'landline', label: 'Landline' },
  { value: 'carrier_filtered', label: 'Filtered by carrier' },
];

const behaviorLabel = (behavior: DeviceBehavior) => BEHAVIORS.find((b) => b.value === behavior)?.label ?? behavior;

/**
 * Test phones and the test business number are all made-up 555 numbers, so each says whose it is: a test phone
 * is a customer's ("Test customer 1"), never to be mistaken for the business number it texts.
 */
export const testCustomerName = (index: number) => `Test customer ${index + 1}`;

/**
 * The built-in simulator's customer side: handsets that text the business's test number. Their threads refresh
 * live (the app invalidates `phone.simulator.*` on every message event), so replies from the assistant show up here.
 */
export function TestPhonePanel({ businessNumber }: { businessNumber: string }) {
  const trpc = useTRPC();
  const devices = useQuery(trpc.phone.simulator.devices.queryOptions());
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const list = devices.data ?? [];
  const active = list.find((device) => device.id === selectedId) ?? list[0] ?? null;

  return (
    <SectionPanel
      id="test-phone-title"
      title="Test phone"
      description="Pretend to be a customer: text your business number and see the lead, the conversation and replies appear."
    >
      {devices.isPending ? (
        <Spinner size="sm" />
      ) : devices.isError ? (
        <ApiErrorAlert error={devices.error} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="md">
            {active ? (
              <>
                <Radio.Group label="Your test phones" value={active.id} onChange={setSelectedId}>
                  <Stack gap="xs" mt="xs">
                    {list.map((device, index) => (
                      <Radio
                        key={device.id}
                        value={device.id}
                        label={`${testCustomerName(index)} · ${formatPhone(device.e164)}`}
                        description={device.behavior === 'deliver' ? undefined : behaviorLabel(device.behavior)}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
                <HandsetSettings key={active.id} device={active} />
              </>
            ) : (
              <Text size="sm" c="dimmed">
                Add a test phone to start. It gets a made-up number, so no real person is ever texted.
              </Text>
            )}
            <AddHandsetForm onAdded={setSelectedId} />
          </Stack>
          {active ? <PhoneScreen key={active.id} device={active} customerName={testCustomerName(list.indexOf(active))} businessNumber={businessNumber} /> : null}
        </SimpleGrid>
      )}
    </SectionPanel>
  );
}

function HandsetSettings({ device }: { device: TestDevice }) {
  const trpc = useTRPC();
  const refresh = useRefreshPhone();
  const phoneSaved = usePhoneSaved();
  const setBehavior = useMutation(trpc.phone.simulator.setBehavior.mutationOptions({ onSettled: () => void refresh() }));
  const remove = useMutation(
    trpc.phone.simulator.removeDevice.mutationOptions({
      onSuccess: () => phoneSaved(`Test phone ${formatPhone(device.e164)} removed`),
    }),
  );
  return (
    <Stack gap="sm">
      <ApiErrorAlert error={setBehavior.error ?? remove.error} />
      <Select
        label="Carrier behavior"
        description="What happens to the texts your business sends to this phone: try a failed delivery."
        data={BEHAVIORS}
        value={setBehavior.isPending ? setBehavior.variables.behavior : device.behavior}
        allowDeselect={false}
        onChange={(value) => value && setBehavior.mutate({ id: device.id, behavior: value as DeviceBehavior })}
      />
      <Group>
        <Button variant="subtle" color="red" size="xs" onClick={() => remove.mutate({ id: device.id })} loading={remove.isPending}>
          Remove this test phone
        </Button>
      </Group>
    </Stack>
  );
}

function AddHandsetForm({ onAdded }: { onAdded: (id: string) => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshPhone();
  const phone = usePhoneField('', { optional: true });
  const add = useMutation(
    trpc.phone.simulator.addDevice.mutationOptions({
      onSuccess: (device) => {
        phone.clear();
        onAdded(device.id);
        void refresh();
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    phone.markSubmitted();
    if (!phone.invalid) add.mutate({ phone: phone.e164 });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Add a test phone">
      <Stack gap="xs">
        <ApiErrorAlert error={add.error} shownFields={['phone']} />
        <PhoneInput
          label="Test phone number (optional)"
          description="Leave it empty for a made-up 555 number."
          value={phone.value}
          onChange={phone.setValue}
          error={phone.error ?? apiFieldErrors(add.error).phone}
        />
        <Group>
          <Button type="submit" variant="light" loading={add.isPending}>
            Add a test phone
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const timeOf = (at: number) => new Date(at).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });

function PhoneScreen({ device, customerName, businessNumber }: { device: TestDevice; customerName: string; businessNumber: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const threadQuery = trpc.phone.simulator.thread.queryOptions({ deviceId: device.id });
  // After a call, the text-back arrives on its own schedule: look for it every 2 s until a minute after the call ends.
  const [watching, setWatching] = useState(false);
  const stopWatching = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(stopWatching.current ?? undefined), []);
  const watchUntil = (endsAt: number) => {
    setWatching(true);
    clearTimeout(stopWatching.current ?? undefined);
    stopWatching.current = setTimeout(() => setWatching(false), Math.max(0, endsAt + 60_000 - Date.now()));
  };
  const thread = useQuery({ ...threadQuery, refetchInterval: watching ? 2_000 : false });
  const [body, setBody] = useState('');
  const [photo, setPhoto] = useState('');
  const [emptyTried, setEmptyTried] = useState(false);
  const send = useMutation(
    trpc.phone.simulator.send.mutationOptions({
      onSuccess: () => {
        setBody('');
        setPhoto('');
        void queryClient.invalidateQueries({ queryKey: threadQuery.queryKey });
      },
    }),
  );

  // Keep the newest text in view, like a phone does.
  const logRef = useRef<HTMLOListElement>(null);
  const count = thread.data?.length ?? 0;
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [count]);

  const fields = apiFieldErrors(send.error);
  const empty = !body.trim() && !photo.trim();
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setEmptyTried(empty);
    if (empty) return;
    send.mutate({ deviceId: device.id, body: body.trim(), mediaUrls: photo.trim() ? [photo.trim()] : [] });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit();
  };

  return (
    <Paper className={classes.phone} withBorder radius="xl" p="sm" component="section" aria-label={`Test phone ${formatPhone(device.e164)}`}>
      <Stack gap={2} className={classes.header}>
        <Text size="xs" c="dimmed">
          {customerName}’s phone (made up): {formatPhone(device.e164)}
        </Text>
        <Text fw={700} size="sm">
          Texting your business number · {formatPhone(businessNumber)}
        </Text>
      </Stack>

      <ol ref={logRef} className={classes.thread} aria-label="Texts on this phone">
        {thread.isPending ? (
          <li className={classes.note}>
            <Spinner size="xs" />
          </li>
        ) : thread.isError ? (
          <li className={classes.note}>
            <ApiErrorAlert error={thread.error} />
          </li>
        ) : count === 0 ? (
          <li className={classes.note}>
            <Text size="sm" c="dimmed" ta="center">
              No texts yet. Write to your business below, as a customer would.
            </Text>
          </li>
        ) : (
          thread.data.map((text) => <Bubble key={text.id} text={text} />)
        )}
      </ol>

      <form onSubmit={submit} noValidate className={classes.composer}>
        <Stack gap="xs">
          <ApiErrorAlert error={send.error} shownFields={['body', 'mediaUrls', 'mediaUrls.0']} />
          <Textarea
            label="Text the business"
            placeholder="Hi, my AC stopped blowing cold air. Can someone come today?"
            autosize
            minRows={2}
            maxRows={6}
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            error={fields.body ?? (emptyTried && empty ? 'Write a message or attach a photo link' : undefined)}
          />
          <TextInput
            label="Photo link (optional)"
            placeholder="https://example.com/photo.jpg"
            type="url"
            value={photo}
            onChange={(event) => setPhoto(event.currentTarget.value)}
            error={fields['mediaUrls.0'] ?? fields.mediaUrls}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending}>
              Send text
            </Button>
          </Group>
        </Stack>
      </form>
      <CallTheBusiness deviceId={device.id} onPlaced={watchUntil} />
    </Paper>
  );
}

/**
 * The test phone calls the business: the same steps as a Twilio call (ring, Dial result, voicemail, transcript)
 * run on the server's job queue, so the call shows in Missed calls → History and a missed one gets its text-back.
 */
function CallTheBusiness({ deviceId, onPlaced }: { deviceId: string; onPlaced: (endsAt: number) => void }) {
  const trpc = useTRPC();
  const [answered, setAnswered] = useState<'no' | 'yes'>('no');
  const [voicemail, setVoicemail] = useState('');
  const [placed, setPlaced] = useState<{ answered: boolean; endsAt: number } | null>(null);
  const call = useMutation(
    trpc.phone.simulator.placeCall.mutationOptions({
      onSuccess: (result) => {
        setPlaced({ answered: result.answered, endsAt: result.endsAt });
        setVoicemail('');
        onPlaced(result.endsAt);
      },
    }),
  );
  const fields = apiFieldErrors(call.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    call.mutate({ deviceId, answered: answered === 'yes', ...(answered === 'no' && voicemail.trim() ? { voicemail: voicemail.trim() } : {}) });
  };
  return (
    <form onSubmit={submit} noValidate className={classes.composer} aria-label="Call the business">
      <Stack gap="xs">
        <ApiErrorAlert error={call.error} shownFields={['voicemail']} />
        <Radio.Group label="Call the business" value={answered} onChange={(value) => setAnswered(value === 'yes' ? 'yes' : 'no')}>
          <Stack gap={4} mt={4}>
            <Radio value="no" label="Nobody answers" />
            <Radio value="yes" label="Your team answers (when calls ring your phone first)" />
          </Stack>
        </Radio.Group>
        {answered === 'no' ? (
          <Textarea
            label="Voicemail (optional)"
            description="What the caller says after the greeting; it becomes the voicemail and its transcript."
            autosize
            minRows={2}
            maxRows={4}
            value={voicemail}
            onChange={(event) => setVoicemail(event.currentTarget.value)}
            error={fields.voicemail}
          />
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" variant="default" loading={call.isPending}>
            Call
          </Button>
        </Group>
        {placed ? (
          <Text size="xs" c="dimmed" role="status">
            {placed.answered
              ? `Answered: the call ends at ${timeOf(placed.endsAt)} and is not a missed call.`
              : `Missed: the call ends at ${timeOf(placed.endsAt)}. Unless a rule skips it, the text-back arrives here after the delay set in Missed calls.`}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

function Bubble({ text }: { text: ThreadText }) {
  const failed = text.status === 'failed';
  return (
    <li className={classes.row} data-from={text.fromPhone ? 'phone' : 'business'}>
      <div className={classes.bubble} data-failed={failed || undefined}>
        <VisuallyHidden>{text.fromPhone ? 'You (customer): ' : 'Business: '}</VisuallyHidden>
        {text.body ? (
          <Text size="sm" className={classes.body}>
            {text.body}
          </Text>
        ) : null}
        {text.media.map((url, index) => (
          <Anchor key={url} href={url} target="_blank" rel="noopener noreferrer" size="sm" c="inherit" className={classes.media}>
            Photo {text.media.length > 1 ? index + 1 : ''}
          </Anchor>
        ))}
      </div>
      <Text size="xs" c="dimmed" className={classes.meta}>
        {timeOf(text.at)}
        {text.fromPhone ? '' : failed ? ' · Not delivered' : text.status === 'delivered' ? ' · Delivered' : ''}
      </Text>
      {failed ? (
        <Alert color="red" variant="light" p="xs" className={classes.problem} role="note">
          <Text size="xs">{text.problem ?? 'This text was not delivered.'}</Text>
        </Alert>
      ) : null}
    </li>
  );
}
