import { Badge, Checkbox, Group, NumberInput, Paper, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FLOW_STOP_REASON_WORDS, type FlowStopReason } from '@contracts/flows';
import { MAX_TEXT_LENGTH, mergeTagProblem } from '@contracts/merge-tags';
import { formatPhone } from '@contracts/phone';
import { useTRPC } from '@/shared/api-react';
import { useNow } from '@/shared/lib/format';
import { useVersionedSettingsForm } from '@/shared/lib/tab-form';
import { LoadError } from '@/shared/ui/load-error';
import { RelativeTime } from '@/shared/ui/relative-time';
import { SectionPanel } from '@/shared/ui/section-panel';
import { ScreenSpinner } from '@/shared/ui/spinner';
import { TemplateField } from '@/shared/ui/template-field';
import { VersionedSettingsFrame } from '@/shared/ui/versioned-settings-form';
import { MoveTestTimeForward } from '@/features/move-test-time';
import { useCompanySettings } from '@/entities/company';
import { type FollowUpsView, setCachedFollowUps, useFollowUps } from '@/entities/flow';
import { previewFirstText } from '../lib/widget-form';

const UNITS = [
  { value: 'minutes', label: 'minutes', minutes: 1 },
  { value: 'hours', label: 'hours', minutes: 60 },
  { value: 'days', label: 'days', minutes: 24 * 60 },
] as const;
type Unit = (typeof UNITS)[number]['value'];

interface StepForm {
  amount: number | string;
  unit: Unit;
  body: string;
  enabled: boolean;
}
interface Form {
  enabled: boolean;
  steps: StepForm[];
}

/** 1440 → 1 day, 90 → 90 minutes: the largest unit that divides it. */
function stepFrom(step: { delayMinutes: number; body: string; enabled: boolean }): StepForm {
  const unit = [...UNITS].reverse().find((candidate) => step.delayMinutes % candidate.minutes === 0) ?? UNITS[0];
  return { amount: step.delayMinutes / unit.minutes, unit: unit.value, body: step.body, enabled: step.enabled };
}
const minutesOf = (step: StepForm) => Number(step.amount) * (UNITS.find((unit) => unit.value === step.unit)?.minutes ?? 1);

function validate(form: Form): Record<string, string> {
  const errors: Record<string, string> = {};
  form.steps.forEach((step, index) => {
    const amount = Number(step.amount);
    if (!Number.isInteger(amount) || amount < 1) errors[`steps.${index}.delayMinutes`] = 'Use a whole number, at least 1';
    else if (index > 0 && minutesOf(step) <= minutesOf(form.steps[index - 1]!)) errors[`steps.${index}.delayMinutes`] = 'Each follow-up comes after the one before it';
    if (!step.body.trim()) errors[`steps.${index}.body`] = 'The text cannot be empty';
    else if (step.body.length > MAX_TEXT_LENGTH) errors[`steps.${index}.body`] = `Texts are at most ${MAX_TEXT_LENGTH} characters`;
    else {
      const problem = mergeTagProblem(step.body);
      if (problem) errors[`steps.${index}.body`] = problem;
    }
  });
  return errors;
}

/**
 * /chat-widget/follow-ups (issue 23 item 4): the no-reply follow-ups, on by default. Texts the business sent that
 * go unanswered get these follow-ups at their times (counted from that text), through the same send window,
 * consent check and send-lock as every text; a reply, STOP, a person texting them, or a booked/won/lost lead ends
 * them. The screen shows who is in them now and what went out this week, from the runs themselves.
 */
export function FollowUpsTab() {
  const view = useFollowUps();
  if (view.isPending) return <ScreenSpinner />;
  if (view.isError) return <LoadError title="Couldn’t load your follow-ups" error={view.error} onRetry={view.refetch} />;
  return <FollowUpsForm view={view.data} />;
}

function FollowUpsForm({ view }: { view: FollowUpsView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const company = useCompanySettings();
  const businessName = company.data?.name ?? 'Your business';
  const save = useMutation(trpc.flows.followUps.update.mutationOptions());
  const { form, update, errorFor, readOnly, frame } = useVersionedSettingsForm({
    settings: view,
    formFrom: (saved: FollowUpsView): Form => ({ enabled: saved.enabled, steps: saved.steps.map(stepFrom) }),
    validate,
    toInput: (current: Form) => ({ enabled: current.enabled, steps: current.steps.map((step) => ({ delayMinutes: minutesOf(step), body: step.body, enabled: step.enabled })) }),
    save,
    onSaved: (saved) => setCachedFollowUps(queryClient, saved),
    readCurrent: () => queryClient.fetchQuery({ ...trpc.flows.followUps.get.queryOptions(), staleTime: 0 }),
  });
  const setStep = (index: number, change: Partial<StepForm>) => update({ steps: form.steps.map((step, at) => (at === index ? { ...step, ...change } : step)) });

  return (
    <Stack gap="lg">
      <Group gap="xl" aria-label="Follow-ups now">
        <Text size="sm">
          <Text span fw={700}>
            {view.activeRuns}
          </Text>{' '}
          {view.activeRuns === 1 ? 'lead is' : 'leads are'} in follow-ups now
        </Text>
        <Text size="sm">
          <Text span fw={700}>
            {view.sentThisWeek}
          </Text>{' '}
          follow-up {view.sentThisWeek === 1 ? 'text' : 'texts'} in the last 7 days
        </Text>
      </Group>
      <VersionedSettingsFrame
        labelledBy="follow-ups-title"
        unsavedWhat="your follow-ups"
        submitLabel="Save follow-ups"
        what="the follow-ups"
        readOnlyNote="Only the owner or an admin can change the follow-ups, because they text your leads in your business’s name. Ask them if something here should change."
        state={frame}
      >
        <SectionPanel
          id="follow-ups-title"
          title="Follow-ups after no reply"
          description="When a text from your business gets no answer, these go out at their times, counted from that text. They stop as soon as the lead replies, texts STOP, someone on your team texts them, or the lead is booked, won or lost. They only go out between 9 am and 8 pm in the lead’s own time zone."
        >
          <Switch
            label="Send follow-ups when a lead stops replying"
            checked={form.enabled}
            onChange={(event) => update({ enabled: event.currentTarget.checked })}
          />
        </SectionPanel>
        {form.steps.map((step, index) => (
          <Paper key={index} withBorder p="md" radius="md" component="fieldset" aria-label={`Follow-up ${index + 1}`} style={{ minWidth: 0 }}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap">
                <Title order={3} fz="md">
                  Follow-up {index + 1}
                </Title>
                <Checkbox label="Send this one" checked={step.enabled} onChange={(event) => setStep(index, { enabled: event.currentTarget.checked })} />
              </Group>
              <Group gap="sm" align="flex-start" wrap="wrap">
                <NumberInput
                  label="After"
                  min={1}
                  allowDecimal={false}
                  w={120}
                  value={step.amount}
                  onChange={(value) => setStep(index, { amount: value })}
                  error={errorFor(`steps.${index}.delayMinutes`)}
                />
                <Select
                  label="Unit"
                  w={140}
                  data={UNITS.map(({ value, label }) => ({ value, label }))}
                  value={step.unit}
                  allowDeselect={false}
                  onChange={(value) => value && setStep(index, { unit: value as Unit })}
                />
              </Group>
              <TemplateField
                label={`Text of follow-up ${index + 1}`}
                description="Merge tags fill in the lead’s and your business’s details."
                value={step.body}
                onChange={(body) => setStep(index, { body })}
                error={errorFor(`steps.${index}.body`)}
                maxLength={MAX_TEXT_LENGTH}
                filled={previewFirstText(step.body, { businessName, businessPhone: null })}
                previewLabel="A lead named Sam gets:"
                readOnly={readOnly}
              />
            </Stack>
          </Paper>
        ))}
      </VersionedSettingsFrame>
      <SectionPanel id="follow-ups-try" title="Try it on a test phone" description="When a text from your business to a test phone (Settings → Phone) goes unanswered — the assistant’s answer, a missed-call text-back — move time forward: the follow-up arrives on the test phone without waiting an hour. Real customers’ follow-ups keep their times.">
        <MoveTestTimeForward />
      </SectionPanel>
      <RecentRuns view={view} />
    </Stack>
  );
}

function RecentRuns({ view }: { view: FollowUpsView }) {
  const now = useNow();
  return (
    <SectionPanel id="follow-up-runs" title="Latest follow-ups" description="The leads who got follow-ups most recently, and where each one stands.">
      {view.recent.length === 0 ? (
        <Text size="sm" c="dimmed">
          No lead has needed a follow-up yet. When a text from your business goes unanswered, the lead shows up here.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table aria-labelledby="follow-up-runs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Lead</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Started</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.recent.map((run) => (
                <Table.Tr key={run.runId}>
                  <Table.Td>{run.contactName ?? (run.phone ? formatPhone(run.phone) : 'Unknown')}</Table.Td>
                  <Table.Td>
                    {run.status === 'active' ? (
                      <Badge color="teal" variant="light">
                        In follow-ups
                      </Badge>
                    ) : run.status === 'completed' ? (
                      <Badge color="gray" variant="light">
                        All sent
                      </Badge>
                    ) : (
                      <Text size="sm">{run.stopReason ? FLOW_STOP_REASON_WORDS[run.stopReason as FlowStopReason] : 'Stopped'}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <RelativeTime at={Date.parse(run.startedAt)} now={now} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionPanel>
  );
}
