import { Alert, Button, List, Stack, Switch, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { AI_CALL_OUTCOME_WORDS, AI_CALL_OUTCOMES, VOICE_AGENT_LIMITS as L } from '@contracts/voice-agent';
import { previewMergeTags, SAMPLE_VISITOR } from '@/shared/lib/format';
import { SectionPanel } from '@/shared/ui/section-panel';
import { TemplateField } from '@/shared/ui/template-field';
import { useVoiceAgentMutations, type VoiceAgentSettingsView } from '../api/voice-agent.queries';
import { followUpFormFrom, followUpsToInput, validateFollowUps } from '../lib/settings-forms';
import { useVoiceAgentForm, VoiceAgentFrame, WithVoiceAgentSettings } from './voice-agent-form';

const SAMPLE_NAME = `${SAMPLE_VISITOR.firstName} ${SAMPLE_VISITOR.lastName}`;

function FollowUpForm({ settings }: { settings: VoiceAgentSettingsView }) {
  const { saveFollowUps } = useVoiceAgentMutations();
  const { form, update, errorFor, readOnly, frame } = useVoiceAgentForm({ settings, formFrom: followUpFormFrom, validate: validateFollowUps, toInput: followUpsToInput, save: saveFollowUps });
  const values = { businessName: settings.businessName, businessPhone: settings.businessNumber };

  return (
    <VoiceAgentFrame {...frame} labelledBy="call-sms-switch" submitLabel="Save follow-up texts" unsavedWhat="the follow-up texts">
      <SectionPanel id="call-sms-switch" title="A text after each call">
        <Stack gap="sm">
          <Switch
            label="Text the caller after the call"
            description={form.enabled ? 'On: right after a call the assistant answered, the caller gets the text below for how the call ended.' : 'Off: callers the assistant answered get no text.'}
            checked={form.enabled}
            onChange={(event) => update({ enabled: event.currentTarget.checked })}
            error={errorFor('enabled')}
          />
          <List size="sm" spacing={4} data-testid="follow-up-rules">
            <List.Item>Exactly one text goes per call: the one for how it ended.</List.Item>
            <List.Item>A call the assistant answered never also gets the missed-call text-back.</List.Item>
            <List.Item>It goes from your business number right after the call, at any hour (it answers the caller’s own call), and lands in the caller’s conversation.</List.Item>
            <List.Item>Nothing is sent to a hidden number or to someone who opted out; History says why a call got no text.</List.Item>
          </List>
          {settings.businessNumber ? null : (
            <Alert color="orange" title="No business number yet">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">Texts go from your business number, so none can be sent until you have one. You can write them now.</Text>
                <Button component={Link} to="/settings/phone" variant="light" size="xs">
                  Set up your business number
                </Button>
              </Stack>
            </Alert>
          )}
        </Stack>
      </SectionPanel>

      <SectionPanel id="call-sms-texts" title="The text for each outcome" description="Each must say who is texting ({business_name}). Leave one empty to send nothing after such a call.">
        <Stack gap="lg">
          {AI_CALL_OUTCOMES.map((outcome) => (
            <TemplateField
              key={outcome}
              label={`${AI_CALL_OUTCOME_WORDS[outcome].label} call`}
              description={AI_CALL_OUTCOME_WORDS[outcome].detail}
              value={form.templates[outcome]}
              onChange={(text) => update({ templates: { ...form.templates, [outcome]: text } })}
              error={errorFor(`templates.${outcome}`)}
              maxLength={L.template}
              filled={form.templates[outcome].trim() ? previewMergeTags(form.templates[outcome], values) : ''}
              previewLabel={form.templates[outcome].trim() ? `A caller named ${SAMPLE_NAME} gets:` : 'No text is sent after such a call.'}
              readOnly={readOnly}
            />
          ))}
        </Stack>
      </SectionPanel>
    </VoiceAgentFrame>
  );
}

/** /ai-call-answering/sms-followup: the switch and one text per outcome (booked, qualified, transferred, ended early). */
export function SmsFollowupTab() {
  return <WithVoiceAgentSettings>{(settings) => <FollowUpForm settings={settings} />}</WithVoiceAgentSettings>;
}
