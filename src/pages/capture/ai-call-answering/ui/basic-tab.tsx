import { Alert, Anchor, Button, Group, List, NumberInput, Paper, Radio, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { AiOffWindow } from '@contracts/ai';
import { DEFAULT_HOURS, WEEKDAYS } from '@contracts/company';
import { AI_ANSWER_HOURS, AI_ANSWER_HOURS_WORDS, AI_VOICES, ANSWER_MODE_WORDS, ANSWER_MODES, type AiAnswerHours, type AiVoiceId, type AnswerMode, VOICE_AGENT_LIMITS as L } from '@contracts/voice-agent';
import { formatPhone } from '@/shared/lib/format';
import { SectionPanel } from '@/shared/ui/section-panel';
import type { VoiceAgentSettingsView } from '../api/voice-agent.queries';
import { basicFormFrom, basicToInput, DAY_NAMES, spokenOpening, validateBasic, windowWords } from '../lib/settings-forms';
import { useVoiceAgentMutations } from '../api/voice-agent.queries';
import { useVoiceAgentForm, VoiceAgentFrame, WithVoiceAgentSettings } from './voice-agent-form';

const DAY_OPTIONS = DAY_NAMES.map((name, day) => ({ value: String(day), label: name }));
const NUMBER_PROBLEM = /^Get a business number/;

/**
 * Whether the assistant answers a call now, by the server's own reckoning of what is saved, and what stands in the
 * way in its words. Without a business number the tab says so and stays usable: everything can be set up first.
 */
function Readiness({ settings, dirty }: { settings: VoiceAgentSettingsView; dirty: boolean }) {
  const others = settings.problems.filter((problem) => !NUMBER_PROBLEM.test(problem));
  return (
    <Stack gap="sm">
      {settings.businessNumber ? null : (
        <Alert color="orange" title="No business number yet" data-testid="no-business-number">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              The assistant answers calls to your business number, and you don’t have one yet. You can set everything up here now; it starts answering once
              calls reach your number.
            </Text>
            <Button component={Link} to="/settings/phone" variant="light" size="xs">
              Set up your business number
            </Button>
          </Stack>
        </Alert>
      )}
      <Alert color={settings.now.answering ? 'green' : 'gray'} data-testid="answering-now">
        <Text size="sm">
          <Text span fw={600} inherit>
            {settings.now.answering ? 'The assistant answers calls now' : settings.now.why}
          </Text>
          {settings.businessNumber ? ` — calls to ${formatPhone(settings.businessNumber)}` : ''}
          {` (${settings.timezone} time).`}
          {dirty ? ' This is what is saved; save to apply your changes.' : ''}
        </Text>
        {others.length ? (
          <List size="sm" mt="xs" spacing={4}>
            {others.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        ) : null}
      </Alert>
    </Stack>
  );
}

function BusinessHours({ settings }: { settings: VoiceAgentSettingsView }) {
  const week = settings.businessHours ?? DEFAULT_HOURS;
  return (
    <Text size="sm" c="dimmed" data-testid="business-hours">
      Your business hours (Settings → Company):{' '}
      {WEEKDAYS.map((day) => {
        const open = week[day.key];
        return `${day.label} ${open ? `${open.open}–${open.close}` : 'closed'}`;
      }).join(' · ')}
      .{' '}
      <Anchor component={Link} to="/settings/company" inherit>
        Change them
      </Anchor>
    </Text>
  );
}

function WindowRow({
  window: w,
  index,
  errorFor,
  readOnly,
  onChange,
  onRemove,
}: {
  window: AiOffWindow;
  index: number;
  errorFor: (field: string) => string | undefined;
  readOnly: boolean;
  onChange: (next: AiOffWindow) => void;
  onRemove: () => void;
}) {
  const at = `windows.${index}`;
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={`Time window ${index + 1}`}>
      <Stack gap={6}>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Select label="Day" data={DAY_OPTIONS} value={String(w.day)} onChange={(value) => value !== null && onChange({ ...w, day: Number(value) })} allowDeselect={false} error={errorFor(`${at}.day`)} />
          <TextInput type="time" label="From" value={w.start} onChange={(event) => onChange({ ...w, start: event.currentTarget.value })} error={errorFor(`${at}.start`)} />
          <TextInput type="time" label="Until" value={w.end} onChange={(event) => onChange({ ...w, end: event.currentTarget.value })} error={errorFor(`${at}.end`)} />
        </SimpleGrid>
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {windowWords(w) ?? 'Set a start and a different end.'}
          </Text>
          {readOnly ? null : (
            <Button size="xs" variant="subtle" color="red" onClick={onRemove} aria-label={`Remove time window ${index + 1}`}>
              Remove
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function BasicForm({ settings }: { settings: VoiceAgentSettingsView }) {
  const { saveBasic } = useVoiceAgentMutations();
  const { form, update, errorFor, readOnly, frame } = useVoiceAgentForm({ settings, formFrom: basicFormFrom, validate: validateBasic, toInput: basicToInput, save: saveBasic });
  const firstQuestion = (settings.questions ?? settings.knowledge.assistantQuestions)[0]?.text ?? null;
  const opening = spokenOpening(form, { businessName: settings.businessName, businessPhone: settings.businessNumber, assistantName: settings.knowledge.assistantName, firstQuestion });
  const addWindow = () => {
    const last = form.windows.at(-1);
    update({ windows: [...form.windows, last ? { ...last, day: (last.day + 1) % 7 } : { day: 1, start: '18:00', end: '08:00' }] });
  };

  return (
    <VoiceAgentFrame {...frame} labelledBy="call-answering-switch" submitLabel="Save call answering" unsavedWhat="the call answering settings">
      <Readiness settings={settings} dirty={frame.dirty} />

      <SectionPanel id="call-answering-switch" title="AI call answering">
        <Switch
          label="Answer calls with the AI assistant"
          description={
            form.enabled
              ? 'On: in the hours below, the assistant picks up, takes the caller’s details, puts emergencies through to your on-call number and texts the caller once afterwards.'
              : 'Off: calls ring and go to voicemail as set in Missed calls; the assistant answers none.'
          }
          checked={form.enabled}
          onChange={(event) => update({ enabled: event.currentTarget.checked })}
          error={errorFor('enabled')}
        />
      </SectionPanel>

      <SectionPanel id="call-answering-mode" title="Who answers first">
        <Stack gap="md">
          <Radio.Group value={form.answerMode} onChange={(value) => update({ answerMode: value as AnswerMode })} aria-labelledby="call-answering-mode" error={errorFor('answerMode')}>
            <Stack gap="sm">
              {ANSWER_MODES.map((mode) => (
                <Radio key={mode} value={mode} label={ANSWER_MODE_WORDS[mode].label} description={ANSWER_MODE_WORDS[mode].detail} />
              ))}
            </Stack>
          </Radio.Group>
          {form.answerMode === 'ring_first' ? (
            <Stack gap={4}>
              <NumberInput
                label="Ring my phone for"
                suffix=" seconds"
                min={L.ringSeconds.min}
                max={L.ringSeconds.max}
                allowDecimal={false}
                value={form.ringSeconds}
                onChange={(value) => update({ ringSeconds: value })}
                error={errorFor('ringSeconds')}
                w={{ base: '100%', sm: 220 }}
              />
              {settings.forwardTo ? (
                <Text size="sm" c="dimmed">
                  Rings {formatPhone(settings.forwardTo)} (Missed calls → Basic, Forward calls to).
                </Text>
              ) : (
                <Text size="sm" data-testid="no-forward-to">
                  There is no phone to ring yet, so the assistant answers at once until you set one in{' '}
                  <Anchor component={Link} to="/missed-calls/basic" inherit>
                    Missed calls → Basic
                  </Anchor>{' '}
                  (Forward calls to).
                </Text>
              )}
            </Stack>
          ) : null}
        </Stack>
      </SectionPanel>

      <SectionPanel id="call-answering-hours" title="When the assistant answers" description={`In your time zone (${settings.timezone}). Outside these hours calls go on as set in Missed calls.`}>
        <Stack gap="md">
          <Radio.Group value={form.hours} onChange={(value) => update({ hours: value as AiAnswerHours })} aria-labelledby="call-answering-hours" error={errorFor('hours')}>
            <Stack gap="sm">
              {AI_ANSWER_HOURS.map((hours) => (
                <Radio key={hours} value={hours} label={AI_ANSWER_HOURS_WORDS[hours]} />
              ))}
            </Stack>
          </Radio.Group>
          {form.hours === 'business_hours' || form.hours === 'outside_business_hours' ? <BusinessHours settings={settings} /> : null}
          {form.hours === 'custom' ? (
            <Stack gap="sm">
              {errorFor('windows') ? (
                <Text size="sm" c="red" role="alert">
                  {errorFor('windows')}
                </Text>
              ) : null}
              {form.windows.map((w, index) => (
                <WindowRow
                  // Rows have no id of their own; their place is what the server's errors name too (windows.2.end).
                  key={index}
                  window={w}
                  index={index}
                  errorFor={errorFor}
                  readOnly={readOnly}
                  onChange={(next) => update({ windows: form.windows.map((other, i) => (i === index ? next : other)) })}
                  onRemove={() => update({ windows: form.windows.filter((_, i) => i !== index) })}
                />
              ))}
              {readOnly ? null : form.windows.length < L.windows ? (
                <Group>
                  <Button variant="light" onClick={addWindow}>
                    Add a time window
                  </Button>
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  {L.windows} windows is the most.
                </Text>
              )}
            </Stack>
          ) : null}
        </Stack>
      </SectionPanel>

      <SectionPanel id="call-answering-greeting" title="What callers hear">
        <Stack gap="md">
          <Textarea
            label="Greeting"
            description="Said when the assistant picks up. Merge tags: {business_name}, {business_phone}, {my_first_name} (the assistant’s name)."
            autosize
            minRows={2}
            maxLength={L.greeting}
            value={form.greeting}
            onChange={(event) => update({ greeting: event.currentTarget.value })}
            error={errorFor('greeting')}
          />
          <Switch
            label="Record calls"
            description={form.recordCalls ? 'On: each call is recorded and kept with its transcript in History. Callers are told, in the words below.' : 'Off: calls are not recorded; History keeps the transcript.'}
            checked={form.recordCalls}
            onChange={(event) => update({ recordCalls: event.currentTarget.checked })}
            error={errorFor('recordCalls')}
          />
          {form.recordCalls ? (
            <Textarea
              label="Recording notice"
              description="Said right after the greeting, and only while calls are recorded."
              autosize
              minRows={1}
              maxLength={L.disclosure}
              value={form.recordingDisclosure}
              onChange={(event) => update({ recordingDisclosure: event.currentTarget.value })}
              error={errorFor('recordingDisclosure')}
            />
          ) : null}
          <Select
            label="Voice"
            data={AI_VOICES.map((v) => ({ value: v.id, label: v.label }))}
            value={form.voice}
            onChange={(value) => value && update({ voice: value as AiVoiceId })}
            allowDeselect={false}
            error={errorFor('voice')}
            w={{ base: '100%', sm: 320 }}
          />
          <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)" aria-label="What a caller hears first">
            <Text size="xs" c="dimmed" mb={4}>
              A caller hears first:
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="spoken-opening">
              {opening}
            </Text>
          </Paper>
        </Stack>
      </SectionPanel>
    </VoiceAgentFrame>
  );
}

/** /ai-call-answering/basic: on/off, who answers first, the hours, the greeting, recording and its notice, the voice. */
export function BasicTab() {
  return <WithVoiceAgentSettings>{(settings) => <BasicForm settings={settings} />}</WithVoiceAgentSettings>;
}
