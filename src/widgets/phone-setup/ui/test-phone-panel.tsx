import { Alert, Anchor, Button, Checkbox, Group, Paper, Radio, Select, SimpleGrid, Stack, Text, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MISSED_REASON_WORDS, type MissedReason } from '@contracts/call';
import { AI_CALL_OUTCOME_WORDS, type AiCallOutcome } from '@contracts/voice-agent';
import { callDuration, uploadRecording } from '@/entities/call';
import { apiFieldErrors } from '@/shared/api-errors';
import { useTRPC, useTRPCClient } from '@/shared/api-react';
import { PhoneInput } from '@/shared/ui/phone-input';
import { SectionPanel } from '@/shared/ui/section-panel';
import { Spinner } from '@/shared/ui/spinner';
import { ApiErrorAlert } from './api-error-alert';
import { formatPhone } from '@/shared/lib/format';
import { type DeviceBehavior, type TestDevice, type ThreadText, usePhoneSaved, useRefreshPhone } from './phone-settings';
import { type MicRecording, MicrophoneRecorder } from './microphone-recorder';
import { usePhoneField } from './use-phone-field';
import { AssistantCall } from './assistant-call';
import classes from './test-phone.module.css';
import { invalidateTestPhoneCalls, invalidateTestPhoneThread } from '@/entities/company';

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
        void invalidateTestPhoneThread(queryClient, device.id);
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
      {/* Watch for the text-back: the ring, the greeting and a voicemail take a few minutes at most. */}
      <CallTheBusiness deviceId={device.id} phone={device.e164} businessNumber={businessNumber} onPlaced={() => watchUntil(Date.now() + 3 * 60_000)} />
    </Paper>
  );
}

/**
 * The test phone calls the business: the same steps as a Twilio call (ring, Dial result, voicemail, transcript)
 * run on the server's job queue, so the call shows in Missed calls → History and a missed one gets its text-back.
 * The person at the test phone is the caller: while it rings the team sees the incoming-call card in the app and
 * may answer; unanswered by the ring timeout (or declined) the greeting plays here and they leave a voicemail.
 * With "The AI assistant answers" on (and AI call answering switched on), the assistant takes the call — at once, or
 * after the ring — and the tester talks to it here, over the same WebSocket protocol as Twilio's ConversationRelay.
 */
function CallTheBusiness({ deviceId, phone, businessNumber, onPlaced }: { deviceId: string; phone: string; businessNumber: string; onPlaced: () => void }) {
  const trpc = useTRPC();
  const [callSid, setCallSid] = useState<string | null>(null);
  const [aiAnswers, setAiAnswers] = useState(false);
  // The assistant's socket, once per call (its address is single-use), and whether that session is over.
  const [assistant, setAssistant] = useState<{ callSid: string; relayPath: string; over: boolean } | null>(null);
  const agent = useQuery({ ...trpc.voiceAgent.settings.get.queryOptions(), enabled: aiAnswers });
  const place = useMutation(
    trpc.phone.simulator.placeCall.mutationOptions({
      onSuccess: (result) => {
        setCallSid(result.callSid);
        setAssistant(result.relayPath ? { callSid: result.callSid, relayPath: result.relayPath, over: false } : null);
        onPlaced();
      },
    }),
  );
  const progress = useQuery({
    ...trpc.phone.simulator.callProgress.queryOptions({ deviceId, callSid: callSid ?? '' }),
    enabled: callSid !== null,
    // The live `call` event refetches it; a slow poll covers the moment before the call is stored.
    refetchInterval: (query) => (query.state.data?.stage === 'ended' ? false : 2_000),
  });
  const stage = callSid === null ? null : (progress.data?.stage ?? 'connecting');
  // Ring first: the assistant answers once nobody took the ring; the call's progress carries the socket's address.
  const waitingPath = stage === 'assistant' ? (progress.data?.assistant?.relayPath ?? null) : null;
  if (callSid && waitingPath && assistant?.callSid !== callSid) setAssistant({ callSid, relayPath: waitingPath, over: false });
  const onCall = stage !== null && stage !== 'ended';
  const ref = useMemo(() => (callSid ? { deviceId, callSid } : null), [callSid, deviceId]);
  const assistantOver = useCallback(() => setAssistant((current) => (current ? { ...current, over: true } : current)), []);
  // Leaving the test phone mid-call hangs up, as putting a phone down does: otherwise the simulator would wait
  // the whole voicemail time for a caller who is gone, and the text-back with it.
  const client = useTRPCClient();
  const live = useRef<{ ref: CallRef | null; hangUp: boolean }>({ ref: null, hangUp: false });
  const hangUpOnLeave = onCall && stage !== 'leaving_voicemail';
  useEffect(() => {
    live.current = { ref: callSid ? { deviceId, callSid } : null, hangUp: hangUpOnLeave };
  }, [callSid, deviceId, hangUpOnLeave]);
  useEffect(
    () => () => {
      const { ref: call, hangUp } = live.current;
      if (call && hangUp) void client.phone.simulator.hangUp.mutate(call).catch(() => undefined);
    },
    [client],
  );
  const talkingToAssistant = ref !== null && assistant !== null && assistant.callSid === ref.callSid && !assistant.over;
  return (
    <section className={classes.composer} aria-label="Call the business">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Call the business
        </Text>
        <ApiErrorAlert error={place.error ?? progress.error} />
        {talkingToAssistant ? (
          <AssistantCall key={ref.callSid} callRef={ref} relayPath={assistant.relayPath} from={phone} to={businessNumber} onOver={assistantOver} />
        ) : !onCall ? (
          <>
            {stage === 'ended' && progress.data ? <CallOutcome call={progress.data} /> : null}
            <Checkbox
              label="The AI assistant answers"
              description={aiAnswers ? aiAnsweringNow(agent.data ?? null) : 'Try AI call answering: the assistant picks up, as it would for a real caller.'}
              checked={aiAnswers}
              onChange={(event) => setAiAnswers(event.currentTarget.checked)}
            />
            <Group justify="flex-end">
              <Button variant="default" loading={place.isPending} onClick={() => place.mutate({ deviceId, live: true, aiAnswers })}>
                Call
              </Button>
            </Group>
          </>
        ) : stage === 'greeting' && ref && progress.data?.greeting ? (
          <VoicemailStep callRef={ref} greeting={progress.data.greeting} maxSeconds={progress.data.voicemailMaxSeconds ?? 120} />
        ) : ref ? (
          <>
            <Text size="sm" role="status">
              {stage === 'transferring'
                ? `Transferring to ${progress.data?.assistant?.transferTo ? formatPhone(progress.data.assistant.transferTo) : 'your on-call number'}… It rings there until its ring time; a test call cannot reach a real phone.`
                : stage === 'assistant'
                  ? 'The AI assistant is on the call…'
                  : stage === 'answered'
                    ? 'Your team answered: you are on the call. It is not a missed call.'
                    : stage === 'leaving_voicemail'
                      ? 'Leaving your voicemail… The call ends when you finish speaking.'
                      : 'Ringing… Your team sees the call in LeadLoop and can answer it until the ring timeout.'}
            </Text>
            {stage !== 'leaving_voicemail' ? <HangUpButton callRef={ref} /> : null}
          </>
        ) : null}
      </Stack>
    </section>
  );
}

/** Whether the assistant would take a call now, in words (the AI call answering settings' own answer). */
function aiAnsweringNow(settings: { enabled: boolean; now: { answering: boolean; why: string } } | null): string {
  if (!settings) return 'Checking AI call answering…';
  if (settings.now.answering) return 'AI call answering is on: the assistant takes this call.';
  if (!settings.enabled) return 'AI call answering is off, so the call goes the usual way. Switch it on in AI call answering → Basic.';
  return `${settings.now.why}: the call goes the usual way.`;
}

type CallRef = { deviceId: string; callSid: string };

function HangUpButton({ callRef }: { callRef: CallRef }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const hangUp = useMutation(
    trpc.phone.simulator.hangUp.mutationOptions({ onSettled: () => void invalidateTestPhoneCalls(queryClient) }),
  );
  return (
    <Stack gap="xs">
      <ApiErrorAlert error={hangUp.error} />
      <Group justify="flex-end">
        <Button variant="light" color="red" loading={hangUp.isPending} onClick={() => hangUp.mutate(callRef)}>
          Hang up
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Nobody answered: the greeting "plays" as text, then the caller leaves their voicemail — typed words (its
 * transcript), audio recorded with the microphone (the call's recording), or both — or hangs up.
 */
function VoicemailStep({ callRef, greeting, maxSeconds }: { callRef: CallRef; greeting: string; maxSeconds: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [words, setWords] = useState('');
  const [recording, setRecording] = useState<MicRecording | null>(null);
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const leave = useMutation(
    trpc.phone.simulator.leaveVoicemail.mutationOptions({ onSettled: () => void invalidateTestPhoneCalls(queryClient) }),
  );
  const [emptyTried, setEmptyTried] = useState(false);
  const fields = apiFieldErrors(leave.error);
  const empty = !words.trim() && !recording;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setEmptyTried(empty);
    if (empty) return;
    setUploadProblem(null);
    let recordingId: string | undefined;
    if (recording) {
      setUploading(true);
      try {
        recordingId = (await uploadRecording(recording.blob, { purpose: 'voicemail', seconds: recording.seconds })).id;
      } catch (error) {
        setUploadProblem((error as Error).message);
        return;
      } finally {
        setUploading(false);
      }
    }
    leave.mutate({ ...callRef, ...(words.trim() ? { voicemail: words.trim() } : {}), ...(recordingId ? { recordingId } : {}) });
  };
  return (
    <Stack gap="xs">
      <Text size="sm" role="status">
        Nobody answered. The greeting plays:
      </Text>
      <blockquote className={classes.greeting} aria-label="Greeting">
        <Text size="sm">{greeting}</Text>
      </blockquote>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Leave a voicemail">
        <Stack gap="xs">
          <ApiErrorAlert error={leave.error} shownFields={['voicemail']} />
          {uploadProblem ? (
            <Alert color="red" variant="light" p="xs" role="alert">
              <Text size="xs">{uploadProblem}</Text>
            </Alert>
          ) : null}
          <MicrophoneRecorder maxSeconds={maxSeconds} value={recording} onChange={setRecording} />
          <Textarea
            label={recording ? 'What you said (optional)' : 'Your voicemail'}
            description={
              recording
                ? 'Type your words too if you want a transcript: the test phone cannot turn recorded speech into text.'
                : 'What you say after the beep; it becomes the voicemail and its transcript.'
            }
            autosize
            minRows={2}
            maxRows={4}
            value={words}
            onChange={(event) => setWords(event.currentTarget.value)}
            error={fields.voicemail ?? (emptyTried && empty ? 'Say something for the voicemail, or hang up' : undefined)}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={uploading || leave.isPending}>
              Leave voicemail
            </Button>
          </Group>
        </Stack>
      </form>
      <HangUpButton callRef={callRef} />
    </Stack>
  );
}

type CallProgress = {
  missed: boolean;
  missedReason: MissedReason | null;
  talkSeconds: number | null;
  assistant: { outcome: AiCallOutcome | null; followUpStatus: string | null } | null;
};

function CallOutcome({ call }: { call: CallProgress }) {
  const talked = call.talkSeconds !== null ? ` · talked ${callDuration(call.talkSeconds)}` : '';
  if (call.assistant) {
    return (
      <Text size="xs" c="dimmed" role="status">
        {`The AI assistant answered${talked}${call.assistant.outcome ? ` · ${AI_CALL_OUTCOME_WORDS[call.assistant.outcome].label}` : ''}. Not a missed call: its follow-up text arrives here once the call is summed up.`}
      </Text>
    );
  }
  return (
    <Text size="xs" c="dimmed" role="status">
      {call.missed
        ? `Missed (${call.missedReason ? MISSED_REASON_WORDS[call.missedReason] : 'nobody answered'}). Unless a rule skips it, the text-back arrives here after the delay set in Missed calls.`
        : `Your team answered${talked}. Not a missed call: no text-back.`}
    </Text>
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
