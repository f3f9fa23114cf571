import { NumberInput, Paper, Radio, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { type GreetingSource, MISSED_CALL_LIMITS as L } from '@contracts/call';
import { BusinessNumberState, useBusinessNumber } from '@/entities/company';
import { wholeNumberProblem } from '../lib/text-back-preview';
import { GreetingRecording, useGreetingRecording } from './greeting-recording';
import { type MissedCallSettingsView, SettingsFormFrame, useMissedCallSettingsForm, WithMissedCallSettings } from './settings-form';

interface VoicemailForm {
  greetingSource: GreetingSource;
  voicemailGreeting: string;
  voicemailMaxSeconds: number | string;
  transcribeVoicemail: boolean;
  tailorToVoicemail: boolean;
}

function formFrom(settings: MissedCallSettingsView): VoicemailForm {
  return {
    greetingSource: settings.greetingSource,
    voicemailGreeting: settings.voicemailGreeting,
    voicemailMaxSeconds: settings.voicemailMaxSeconds,
    transcribeVoicemail: settings.transcribeVoicemail,
    tailorToVoicemail: settings.tailorToVoicemail,
  };
}

export function validateVoicemail(form: VoicemailForm, hasRecording = true): Record<string, string> {
  const errors: Record<string, string> = {};
  if (form.greetingSource === 'recording' && !hasRecording) errors.greetingSource = 'Upload a greeting recording first, or have your text read out.';
  const greeting = form.voicemailGreeting.trim();
  if (!greeting) errors.voicemailGreeting = 'The greeting cannot be empty';
  else if (greeting.length > L.greetingLength) errors.voicemailGreeting = `The greeting must be at most ${L.greetingLength} characters`;
  const length = wholeNumberProblem('Voicemail length', form.voicemailMaxSeconds, L.voicemailMaxSeconds);
  if (length) errors.voicemailMaxSeconds = length;
  return errors;
}

function toInput(form: VoicemailForm) {
  return {
    greetingSource: form.greetingSource,
    voicemailGreeting: form.voicemailGreeting.trim(),
    voicemailMaxSeconds: Number(form.voicemailMaxSeconds),
    transcribeVoicemail: form.transcribeVoicemail,
    tailorToVoicemail: form.tailorToVoicemail,
  };
}

function VoicemailSettingsForm({ settings }: { settings: MissedCallSettingsView }) {
  const recording = useGreetingRecording();
  const hasRecording = Boolean(recording.data);
  const { form, update, errorFor, frame } = useMissedCallSettingsForm({ settings, formFrom, validate: (f: VoicemailForm) => validateVoicemail(f, hasRecording), toInput });
  return (
    <SettingsFormFrame {...frame} labelledBy="voicemail-settings" submitLabel="Save voicemail settings" unsavedWhat="the voicemail settings">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="voicemail-settings">
        <Title order={2} id="voicemail-settings" fz="lg" mb={4}>
          Voicemail
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          When nobody answers, the caller hears your greeting and can leave a message. You get it with the call in History.
        </Text>
        <Stack gap="md">
          <Radio.Group
            label="What callers hear before the tone"
            value={form.greetingSource}
            onChange={(value) => update({ greetingSource: value === 'recording' ? 'recording' : 'say' })}
            error={errorFor('greetingSource')}
          >
            <Stack gap={6} mt={6}>
              <Radio value="say" label="Your greeting text, read out in a computer voice" />
              <Radio value="recording" label="A recording you upload (your own voice)" />
            </Stack>
          </Radio.Group>
          {form.greetingSource === 'recording' ? (
            <GreetingRecording onUploaded={() => update({ greetingSource: 'recording' })} onRemoved={() => update({ greetingSource: 'say' })} />
          ) : null}
          <Textarea
            label="Greeting"
            description={`${
              form.greetingSource === 'recording'
                ? 'Read out instead if the recording is removed, and shown as text on the test phone.'
                : 'Read out to the caller before the tone, in a computer voice.'
            } ${form.voicemailGreeting.trim().length}/${L.greetingLength} characters.`}
            value={form.voicemailGreeting}
            onChange={(event) => update({ voicemailGreeting: event.currentTarget.value })}
            error={errorFor('voicemailGreeting')}
            autosize
            minRows={3}
            maxLength={L.greetingLength}
          />
          <NumberInput
            label="Longest message (seconds)"
            description={`The recording stops after this long (${L.voicemailMaxSeconds.min}–${L.voicemailMaxSeconds.max}).`}
            min={L.voicemailMaxSeconds.min}
            max={L.voicemailMaxSeconds.max}
            allowDecimal={false}
            maw={320}
            value={form.voicemailMaxSeconds}
            onChange={(value) => update({ voicemailMaxSeconds: value })}
            error={errorFor('voicemailMaxSeconds')}
          />
          <Switch
            label="Write out every voicemail"
            description="A written copy of each message appears with the call, so you can read it between jobs."
            checked={form.transcribeVoicemail}
            onChange={(event) => update({ transcribeVoicemail: event.currentTarget.checked })}
          />
          <Switch
            label="Mention what the caller said in the text-back"
            description={
              form.transcribeVoicemail
                ? 'The text-back adds the first sentence of the voicemail, e.g. We got your voicemail: “My water heater is leaking”.'
                : 'Works only with written-out voicemails: while that is off, the text-back is sent as you wrote it.'
            }
            checked={form.tailorToVoicemail}
            onChange={(event) => update({ tailorToVoicemail: event.currentTarget.checked })}
          />
        </Stack>
      </Paper>
    </SettingsFormFrame>
  );
}

/** /missed-calls/voicemail: the greeting, the longest message, transcription and the tailored text-back. */
export function VoicemailTab() {
  const number = useBusinessNumber();
  return (
    <Stack gap="lg">
      {number.data === null ? (
        <BusinessNumberState icon="☎" feature="Voicemail" what="Callers who don’t reach you can leave a message. LeadLoop writes it out for you, and the text-back can mention what they asked about." />
      ) : null}
      <WithMissedCallSettings what="voicemail settings">{(settings) => <VoicemailSettingsForm settings={settings} />}</WithMissedCallSettings>
    </Stack>
  );
}
