import { Alert, Anchor, Badge, Group, List, NumberInput, Stack, Switch, Text, Textarea } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { AI_LIMITS, HANDOFF_REASON_WORDS, type HandoffReason, type HandoffTriggers } from '@contracts/ai';
import { BusinessNumberState, useBusinessNumber } from '@/entities/company';
import type { AiSettingsView } from '@/entities/ai-assistant';
import { AiSettingsFrame, useAiSettingsForm, WithAiSettings } from '@/features/ai-settings-form';
import { SectionPanel } from '@/shared/ui/section-panel';
import { useMissedCallSettings } from './settings-form';

const FIRST_QUESTION_MAX = AI_LIMITS.missedCallFirstQuestion;
const CAP = AI_LIMITS.dailyCap;

interface AgentForm {
  continueThread: boolean;
  firstQuestion: string;
  dailyCap: number | string;
}

const formFrom = (settings: AiSettingsView): AgentForm => ({
  continueThread: settings.missedCall.continueThread,
  firstQuestion: settings.missedCall.firstQuestion,
  dailyCap: settings.dailyCap,
});

export function validateAgent(form: AgentForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (form.firstQuestion.trim().length > FIRST_QUESTION_MAX) errors['missedCall.firstQuestion'] = `At most ${FIRST_QUESTION_MAX} characters`;
  const cap = form.dailyCap;
  if (typeof cap !== 'number' || !Number.isInteger(cap)) errors.dailyCap = 'Enter a whole number of texts';
  else if (cap < CAP.min) errors.dailyCap = `At least ${CAP.min}`;
  else if (cap > CAP.max) errors.dailyCap = `At most ${CAP.max}`;
  return errors;
}

const toInput = (form: AgentForm) => ({
  missedCall: { continueThread: form.continueThread, firstQuestion: form.firstQuestion.trim() },
  dailyCap: Number(form.dailyCap),
});

/** The owner's switches in Settings → AI, by the reason the thread goes to a person. */
const TRIGGERS: Array<[keyof HandoffTriggers, HandoffReason]> = [
  ['askedForPerson', 'asked_for_person'],
  ['anger', 'anger'],
  ['emergency', 'emergency'],
  ['outsidePolicy', 'outside_policy'],
  ['confusion', 'confusion'],
];

/** What stands between a missed call and the assistant: the assistant itself, and the text-back it continues. */
function Prerequisites({ settings }: { settings: AiSettingsView }) {
  const textBack = useMissedCallSettings();
  return (
    <>
      {settings.enabled ? null : (
        <Alert role="note" color="gray" title="The assistant is off">
          <Text size="sm">
            It answers nobody until you turn it on in{' '}
            <Anchor component={Link} to="/settings/ai" inherit>
              Settings → AI
            </Anchor>
            . You can set up how it treats callers now.
          </Text>
        </Alert>
      )}
      {textBack.data && !textBack.data.enabled ? (
        <Alert role="note" color="orange" title="Missed-call text-back is off">
          <Text size="sm">
            Callers you miss get no text to answer, so the assistant has no conversation to take up. Turn text-back on in{' '}
            <Anchor component={Link} to="/missed-calls/basic" inherit>
              Missed calls → Basic
            </Anchor>
            .
          </Text>
        </Alert>
      ) : null}
    </>
  );
}

function AgentForm({ settings }: { settings: AiSettingsView }) {
  const { form, update, errorFor, frame } = useAiSettingsForm({ settings, formFrom, validate: validateAgent, toInput });
  return (
    <AiSettingsFrame {...frame} labelledBy="missed-call-agent" submitLabel="Save AI agent" unsavedWhat="the missed-call agent">
      <Prerequisites settings={settings} />
      <SectionPanel id="missed-call-agent" title="After the text-back">
        <Stack gap="md">
          <Switch
            label="When a caller answers the text-back, the assistant takes the thread"
            description={
              form.continueThread
                ? 'On: it asks your qualifying questions and hands the conversation to your team when a person is needed.'
                : 'Off: your team answers callers who reply. The assistant still answers leads from your other channels.'
            }
            checked={form.continueThread}
            onChange={(event) => update({ continueThread: event.currentTarget.checked })}
          />
          <Textarea
            label="What it asks first (optional)"
            description="Asked when the caller first answers, e.g. “Sorry we missed you! What’s going on?” The answer is saved on the lead as call_reason. Empty: it starts with your first qualifying question."
            autosize
            minRows={2}
            maxLength={FIRST_QUESTION_MAX}
            value={form.firstQuestion}
            onChange={(event) => update({ firstQuestion: event.currentTarget.value })}
            error={errorFor('missedCall.firstQuestion')}
          />
          <NumberInput
            label="Most assistant texts to one person a day"
            description={`${CAP.min}–${CAP.max}. When a conversation reaches it, the assistant stops and your team is told. It is one limit for every conversation the assistant has, the same as in Settings → AI.`}
            min={CAP.min}
            max={CAP.max}
            allowDecimal={false}
            value={form.dailyCap}
            onChange={(dailyCap) => update({ dailyCap })}
            error={errorFor('dailyCap')}
          />
        </Stack>
      </SectionPanel>
    </AiSettingsFrame>
  );
}

/** What the assistant asks and when it stops: set elsewhere, shown here so the tab tells the whole story. */
function QuestionsAndHandoffs({ settings }: { settings: AiSettingsView }) {
  return (
    <>
      <SectionPanel id="missed-call-questions" title="The questions it asks" description="The same questions as for every new lead, from your lead qualifier.">
        <Stack gap="xs">
          {settings.questions.length === 0 ? (
            <Text size="sm" c="dimmed">
              No qualifying questions yet.
            </Text>
          ) : (
            <List type="ordered" size="sm" spacing={4} aria-label="Qualifying questions">
              {settings.questions.map((question) => (
                <List.Item key={question.key}>
                  {question.text}
                  {question.required ? '' : ' (optional)'}
                </List.Item>
              ))}
            </List>
          )}
          <Anchor component={Link} to="/chat-widget/lead-qualifier" size="sm" data-standalone>
            Change the questions in Chat widget → Lead qualifier
          </Anchor>
        </Stack>
      </SectionPanel>
      <SectionPanel id="missed-call-handoffs" title="When it hands the conversation to your team" description="Your team is told, and the conversation waits for a person.">
        <Stack gap="xs">
          <List size="sm" spacing={6} aria-label="Handoff rules" listStyleType="none" ml={0} pl={0}>
            {TRIGGERS.map(([field, reason]) => (
              <List.Item key={field}>
                <Group gap="xs" wrap="nowrap">
                  <Badge size="sm" variant="light" color={settings.handoff[field] ? 'green' : 'gray'} miw={48} style={{ flexShrink: 0 }}>
                    {settings.handoff[field] ? 'On' : 'Off'}
                  </Badge>
                  <Text size="sm">{HANDOFF_REASON_WORDS[reason]}</Text>
                </Group>
              </List.Item>
            ))}
            <List.Item>
              <Group gap="xs" wrap="nowrap">
                <Badge size="sm" variant="light" color="green" miw={48} style={{ flexShrink: 0 }}>
                  Always
                </Badge>
                <Text size="sm">{`${HANDOFF_REASON_WORDS.daily_cap} (${settings.dailyCap} texts)`}</Text>
              </Group>
            </List.Item>
          </List>
          <Anchor component={Link} to="/settings/ai" size="sm" data-standalone>
            Change these in Settings → AI
          </Anchor>
        </Stack>
      </SectionPanel>
    </>
  );
}

/** /missed-calls/agent: whether the assistant takes up a missed caller's reply, what it asks first, its daily cap. */
export function AgentTab() {
  const number = useBusinessNumber();
  return (
    <Stack gap="lg">
      {number.data === null ? (
        <BusinessNumberState
          icon="✦"
          feature="The missed-call assistant"
          what="When a caller answers your text-back, the assistant can carry on the conversation: it asks your qualifying questions and hands it to your team when a person is needed."
        />
      ) : null}
      <WithAiSettings what="missed-call agent settings">
        {(settings) => (
          <>
            <AgentForm settings={settings} />
            <QuestionsAndHandoffs settings={settings} />
          </>
        )}
      </WithAiSettings>
    </Stack>
  );
}
