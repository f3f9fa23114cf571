import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { AiOffWindow } from '@contracts/ai';
import { MAX_TEXT_LENGTH } from '@contracts/merge-tags';
import { useBusinessNumber, useCompanySettings } from '@/entities/company';
import type { AiSettingsView } from '@/entities/ai-assistant';
import { AiSettingsFrame, useAiSettingsForm, WithAiSettings } from '@/features/ai-settings-form';
import { SectionPanel } from '@/shared/ui/section-panel';
import { TemplateField } from '@/shared/ui/template-field';
import { DAY_NAMES, SCHEDULE_LIMITS, type ScheduleForm, validateSchedule, windowWords } from '../lib/ai-schedule';
import { previewFirstText } from '../lib/widget-form';

const formFrom = ({ schedule }: AiSettingsView): ScheduleForm => ({
  windows: schedule.windows.map((window) => ({ ...window })),
  overrides: schedule.overrides.map((override) => ({ ...override })),
  offMessage: schedule.offMessage,
});

const toInput = (form: ScheduleForm) => ({ schedule: { windows: form.windows, overrides: form.overrides, offMessage: form.offMessage.trim() } });

const DAY_OPTIONS = DAY_NAMES.map((name, day) => ({ value: String(day), label: name }));
const OVERRIDE_OPTIONS = [
  { value: 'off', label: 'Off all day' },
  { value: 'on', label: 'On all day' },
];

/** "The assistant is on/off now — why (zone time)", from the server's own reckoning of the saved schedule. */
function NowLine({ settings, dirty }: { settings: AiSettingsView; dirty: boolean }) {
  const { now, timezone } = settings;
  return (
    <Alert color={now.on ? 'green' : 'gray'} data-testid="ai-now">
      <Text size="sm">
        <Text span fw={600} inherit>{`The assistant is ${now.on ? 'on' : 'off'} now`}</Text>
        {` — ${now.why} (${timezone} time).`}
        {dirty ? ' This is your saved schedule; save to see your changes here.' : ''}
        {settings.enabled ? null : (
          <>
            {' '}
            Turn the assistant on in{' '}
            <Anchor component={Link} to="/settings/ai" inherit>
              Settings → AI
            </Anchor>
            ; until then these times change nothing.
          </>
        )}
      </Text>
    </Alert>
  );
}

function WindowRow({
  offWindow,
  index,
  errorFor,
  readOnly,
  onChange,
  onRemove,
}: {
  offWindow: AiOffWindow;
  index: number;
  errorFor: (field: string) => string | undefined;
  readOnly: boolean;
  onChange: (next: AiOffWindow) => void;
  onRemove: () => void;
}) {
  const at = `schedule.windows.${index}`;
  const words = windowWords(offWindow);
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={`Off window ${index + 1}`}>
      <Stack gap={6}>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Select label="Day" data={DAY_OPTIONS} value={String(offWindow.day)} onChange={(value) => value !== null && onChange({ ...offWindow, day: Number(value) })} allowDeselect={false} />
          <TextInput type="time" label="From" value={offWindow.start} onChange={(event) => onChange({ ...offWindow, start: event.currentTarget.value })} error={errorFor(`${at}.start`)} />
          <TextInput type="time" label="Until" value={offWindow.end} onChange={(event) => onChange({ ...offWindow, end: event.currentTarget.value })} error={errorFor(`${at}.end`)} />
        </SimpleGrid>
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {words ?? 'Set a start and a different end.'}
          </Text>
          {readOnly ? null : (
            <Button size="xs" variant="subtle" color="red" onClick={onRemove} aria-label={`Remove off window ${index + 1}`}>
              Remove
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function AiScheduleForm({ settings }: { settings: AiSettingsView }) {
  const { form, update, errorFor, readOnly, frame } = useAiSettingsForm({ settings, formFrom, validate: validateSchedule, toInput });
  const businessName = useCompanySettings().data?.name ?? '';
  const businessPhone = useBusinessNumber().data?.e164 ?? null;
  const { windows, overrides } = form;

  const addWindow = () => {
    const last = windows.at(-1);
    // The next day at the same times: adding weeknights one after another takes a click each.
    update({ windows: [...windows, last ? { ...last, day: (last.day + 1) % 7 } : { day: 1, start: '18:00', end: '08:00' }] });
  };

  return (
    <AiSettingsFrame {...frame} labelledBy="ai-schedule-weekly" submitLabel="Save AI schedule" unsavedWhat="the AI schedule">
      <NowLine settings={settings} dirty={frame.dirty} />
      <SectionPanel
        id="ai-schedule-weekly"
        title="Weekly off times"
        description={`The assistant doesn’t answer during these times (${settings.timezone} time), for example while your office answers texts itself. When the end is before the start, the window runs past midnight: Friday 18:00 until 08:00 is off from Friday evening to 8 on Saturday morning.`}
      >
        <Stack gap="sm">
          {errorFor('schedule.windows') ? (
            <Text size="sm" c="red">
              {errorFor('schedule.windows')}
            </Text>
          ) : null}
          {windows.length === 0 ? (
            <Text size="sm" c="dimmed">
              No off times: the assistant answers around the clock.
            </Text>
          ) : null}
          {windows.map((offWindow, index) => (
            <WindowRow
              key={index}
              offWindow={offWindow}
              index={index}
              errorFor={errorFor}
              readOnly={readOnly}
              onChange={(next) => update({ windows: windows.map((other, i) => (i === index ? next : other)) })}
              onRemove={() => update({ windows: windows.filter((_, i) => i !== index) })}
            />
          ))}
          {readOnly ? null : windows.length < SCHEDULE_LIMITS.windows ? (
            <Group>
              <Button variant="light" onClick={addWindow}>
                Add an off window
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {SCHEDULE_LIMITS.windows} windows is the most.
            </Text>
          )}
        </Stack>
      </SectionPanel>

      <SectionPanel
        id="ai-schedule-dates"
        title="Dates that are different"
        description="A date here decides its whole day, whatever the weekly times say: off for a holiday, on for a day you want the assistant to answer throughout."
      >
        <Stack gap="sm">
          {errorFor('schedule.overrides') ? (
            <Text size="sm" c="red">
              {errorFor('schedule.overrides')}
            </Text>
          ) : null}
          {overrides.map((override, index) => (
            <Paper key={index} withBorder radius="md" p="sm" role="group" aria-label={`Date ${index + 1}`}>
              <Group align="flex-end" gap="sm">
                <TextInput
                  type="date"
                  label="Date"
                  value={override.date}
                  onChange={(event) => update({ overrides: overrides.map((other, i) => (i === index ? { ...other, date: event.currentTarget.value } : other)) })}
                  error={errorFor(`schedule.overrides.${index}.date`)}
                  w={{ base: '100%', xs: 180 }}
                />
                <Select
                  label="The assistant is"
                  data={OVERRIDE_OPTIONS}
                  value={override.off ? 'off' : 'on'}
                  onChange={(value) => value && update({ overrides: overrides.map((other, i) => (i === index ? { ...other, off: value === 'off' } : other)) })}
                  allowDeselect={false}
                  w={{ base: '100%', xs: 180 }}
                />
                {readOnly ? null : (
                  <Button variant="subtle" color="red" onClick={() => update({ overrides: overrides.filter((_, i) => i !== index) })} aria-label={`Remove date ${index + 1}`}>
                    Remove
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
          {readOnly ? null : overrides.length < SCHEDULE_LIMITS.overrides ? (
            <Group>
              <Button variant="light" onClick={() => update({ overrides: [...overrides, { date: '', off: true }] })}>
                Add a date
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {SCHEDULE_LIMITS.overrides} dates is the most: remove past ones to add more.
            </Text>
          )}
        </Stack>
      </SectionPanel>

      <SectionPanel id="ai-schedule-message" title="While the assistant is off">
        <TemplateField
          label="Message sent instead"
          description="Sent once per off period to someone who texts while the assistant is off; your team is told about the text either way. Empty: nothing is sent."
          value={form.offMessage}
          onChange={(offMessage) => update({ offMessage })}
          error={errorFor('schedule.offMessage')}
          maxLength={MAX_TEXT_LENGTH}
          filled={previewFirstText(form.offMessage, { businessName, businessPhone })}
          previewLabel="A lead named Sam Lee gets:"
          readOnly={readOnly}
        />
      </SectionPanel>
    </AiSettingsFrame>
  );
}

/** /chat-widget/ai-schedule: when the assistant is off, dates that differ, and what is sent instead. */
export function AiScheduleTab() {
  return <WithAiSettings what="AI schedule">{(settings) => <AiScheduleForm settings={settings} />}</WithAiSettings>;
}
