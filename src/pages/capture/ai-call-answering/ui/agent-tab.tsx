import { Anchor, Button, Group, List, NumberInput, Radio, Stack, TagsInput, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { PRICING_POLICY_WORDS, QUESTION_KIND_WORDS } from '@contracts/ai';
import { SPOKEN_CONFIRM_LINE, TRANSFER_FALLBACK_WORDS, TRANSFER_FALLBACKS, type TransferFallback, VOICE_AGENT_LIMITS as L } from '@contracts/voice-agent';
import { KIND_HINTS, QuestionList } from '@/entities/ai-assistant';
import { PhoneInput } from '@/shared/ui/phone-input';
import { SectionPanel } from '@/shared/ui/section-panel';
import { useVoiceAgentMutations, type VoiceAgentSettingsView } from '../api/voice-agent.queries';
import { agentFormFrom, agentToInput, minutesWords, validateAgent } from '../lib/settings-forms';
import { useVoiceAgentForm, VoiceAgentFrame, WithVoiceAgentSettings } from './voice-agent-form';

/** On a call, a ZIP answer is checked against the service area the assistant keeps for texts too. */
const CALL_KIND_HINTS = { ...KIND_HINTS, zip: 'A US ZIP code or a Canadian postal code; checked against your service area (Chat widget → Lead qualifier).' };

/** The server names one word's problem `emergencyWords.3`: it shows under the words' field. */
const emergencyField = (key: string) => (key.startsWith('emergencyWords.') ? 'emergencyWords' : key);

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What the assistant knows on a call: the same facts, services, FAQ and approved price book as for texts (Settings →
 * AI), summed up here and changed there. When Settings → AI holds nothing, it says so plainly.
 */
function Knowledge({ knowledge }: { knowledge: VoiceAgentSettingsView['knowledge'] }) {
  const facts = knowledge.facts.trim();
  const parts = [
    knowledge.services.length ? `${count(knowledge.services.length, 'service', 'services')}: ${knowledge.services.join(', ')}` : null,
    knowledge.faqCount ? count(knowledge.faqCount, 'FAQ answer', 'FAQ answers') : null,
    knowledge.approvedPriceItems ? `${count(knowledge.approvedPriceItems, 'approved price', 'approved prices')} in the price book` : null,
  ].filter((part): part is string => part !== null);
  const empty = !facts && parts.length === 0;
  return (
    <SectionPanel
      id="call-agent-knowledge"
      title="What the assistant knows"
      description={`The assistant that answers your texts, ${knowledge.assistantName}, answers calls with the same knowledge. Change it in Settings → AI; it applies to texts and calls alike.`}
    >
      <Stack gap="sm" data-testid="call-agent-knowledge">
        {empty ? (
          <Text size="sm">Settings → AI holds nothing about your business yet: no facts, services, FAQ or prices. The assistant can still take a caller’s details, but it can’t answer their questions.</Text>
        ) : (
          <>
            {facts ? (
              <div>
                <Text size="sm" fw={600}>
                  Your business facts
                </Text>
                <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {facts}
                </Text>
              </div>
            ) : (
              <Text size="sm">No business facts yet (hours, service area, guarantees…).</Text>
            )}
            {parts.length ? (
              <List size="sm" spacing={4}>
                {parts.map((part) => (
                  <List.Item key={part}>{part}</List.Item>
                ))}
              </List>
            ) : null}
          </>
        )}
        <Text size="sm">Prices: {PRICING_POLICY_WORDS[knowledge.pricingPolicy]}.</Text>
        <Group>
          <Button component={Link} to="/settings/ai" variant="light" size="xs">
            {empty ? 'Tell the assistant about your business' : 'Change in Settings → AI'}
          </Button>
        </Group>
      </Stack>
    </SectionPanel>
  );
}

function Guardrails({ maxCallSeconds, pricingPolicy }: { maxCallSeconds: number; pricingPolicy: VoiceAgentSettingsView['knowledge']['pricingPolicy'] }) {
  return (
    <SectionPanel id="call-agent-guardrails" title="Always on" description="These rules are applied to every word the assistant says on a call, whatever it was about to say. They can’t be switched off.">
      <List spacing="xs" size="sm">
        <List.Item>
          No firm prices or arrival times: a sentence with a single price (“$150”), a clock time (“3 pm”) or “within 30 minutes” is left out, and the assistant says instead: “
          {SPOKEN_CONFIRM_LINE}”{pricingPolicy === 'never' ? '' : ' Price ranges from your approved price book may be said.'} Free times from your booking calendar (Scheduling) that the assistant offers, and the time it books, are said.
        </List.Item>
        <List.Item>Short turns made for speaking: at most three sentences at a time, no links, no emoji.</List.Item>
        <List.Item>Your emergency words are checked before the assistant replies, so an emergency is put through at once.</List.Item>
        <List.Item>A call that reaches the maximum length below ({minutesWords(maxCallSeconds)}) is ended politely.</List.Item>
      </List>
    </SectionPanel>
  );
}

function AgentForm({ settings }: { settings: VoiceAgentSettingsView }) {
  const { saveAgent } = useVoiceAgentMutations();
  const { form, update, errorFor, readOnly, frame } = useVoiceAgentForm({ settings, formFrom: agentFormFrom, validate: validateAgent, toInput: agentToInput, save: saveAgent, fieldOf: emergencyField });
  const made = useRef(0);
  const questions = form.questions;
  const savedMax = typeof form.maxCallSeconds === 'number' && Number.isInteger(form.maxCallSeconds) ? form.maxCallSeconds : settings.maxCallSeconds;

  return (
    <VoiceAgentFrame {...frame} labelledBy="call-agent-questions" submitLabel="Save agent settings" unsavedWhat="the agent settings">
      <Knowledge knowledge={settings.knowledge} />

      <SectionPanel id="call-agent-questions" title="Questions for callers" description="Asked one at a time, in this order. Each answer is saved on the caller’s lead; a lead with every required answer is qualified.">
        <Stack gap="md">
          <Radio.Group value={form.ownQuestions ? 'own' : 'assistant'} onChange={(value) => update({ ownQuestions: value === 'own' })} aria-label="Which questions callers are asked">
            <Stack gap="sm">
              <Radio value="assistant" label="The assistant’s questions" description="The same questions it asks by text (Chat widget → Lead qualifier)." />
              <Radio value="own" label="Questions just for calls" description="Your own list for the phone; texts keep the assistant’s questions." />
            </Stack>
          </Radio.Group>
          {errorFor('questions') ? (
            <Text size="sm" c="red" role="alert">
              {errorFor('questions')}
            </Text>
          ) : null}
          {form.ownQuestions ? (
            <Stack gap="sm">
              <QuestionList questions={questions} readOnly={readOnly} errorFor={errorFor} kindHints={CALL_KIND_HINTS} onChange={(next) => update({ questions: next })} newId={() => `new-${(made.current += 1)}`} />
            </Stack>
          ) : settings.knowledge.assistantQuestions.length ? (
            <List type="ordered" size="sm" spacing={4} data-testid="assistant-questions">
              {settings.knowledge.assistantQuestions.map((q) => (
                <List.Item key={q.key}>
                  {q.text}{' '}
                  <Text span size="xs" c="dimmed">
                    ({QUESTION_KIND_WORDS[q.kind]}
                    {q.required ? ', required' : ', optional'})
                  </Text>
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm">
              The assistant has no questions yet: add some in{' '}
              <Anchor component={Link} to="/chat-widget/lead-qualifier" inherit>
                Chat widget → Lead qualifier
              </Anchor>
              , or ask questions just for calls.
            </Text>
          )}
        </Stack>
      </SectionPanel>

      <SectionPanel
        id="call-agent-transfers"
        title="Emergencies and transfers"
        description="A caller who names an emergency, asks for a person or presses 0 is put through to your on-call number. Without one, the assistant promises a call back and the lead is marked as needing a person."
      >
        <Stack gap="md">
          <TagsInput
            label="Emergency words"
            description="Press Enter or comma after each. A word matches with its usual endings (“flood” matches “flooding”); “no heat + freez” needs both parts in what the caller says."
            value={form.emergencyWords}
            onChange={(emergencyWords) => update({ emergencyWords })}
            maxTags={L.emergencyWords}
            splitChars={[',']}
            acceptValueOnBlur
            error={errorFor('emergencyWords')}
          />
          <PhoneInput
            label="On-call number"
            description="The phone emergencies are put through to: a person’s cell or an answering line, not your LeadLoop number. Leave empty for no transfers."
            value={form.onCallNumber}
            onChange={(onCallNumber) => update({ onCallNumber })}
            error={errorFor('onCallNumber')}
          />
          <NumberInput
            label="Ring the on-call number for"
            suffix=" seconds"
            min={L.transferRingSeconds.min}
            max={L.transferRingSeconds.max}
            allowDecimal={false}
            value={form.transferRingSeconds}
            onChange={(value) => update({ transferRingSeconds: value })}
            error={errorFor('transferRingSeconds')}
            w={{ base: '100%', sm: 260 }}
          />
          <Radio.Group
            label="If nobody picks up"
            value={form.transferFallback}
            onChange={(value) => update({ transferFallback: value as TransferFallback })}
            error={errorFor('transferFallback')}
          >
            <Stack gap="sm" mt="xs">
              {TRANSFER_FALLBACKS.map((fallback) => (
                <Radio key={fallback} value={fallback} label={TRANSFER_FALLBACK_WORDS[fallback]} />
              ))}
            </Stack>
          </Radio.Group>
        </Stack>
      </SectionPanel>

      <SectionPanel id="call-agent-length" title="Call length">
        <NumberInput
          label="Maximum call length"
          description={`In seconds (${minutesWords(savedMax)}). The assistant wraps up politely when it is reached.`}
          suffix=" seconds"
          min={L.maxCallSeconds.min}
          max={L.maxCallSeconds.max}
          step={30}
          allowDecimal={false}
          value={form.maxCallSeconds}
          onChange={(value) => update({ maxCallSeconds: value })}
          error={errorFor('maxCallSeconds')}
          w={{ base: '100%', sm: 260 }}
        />
      </SectionPanel>

      <Guardrails maxCallSeconds={savedMax} pricingPolicy={settings.knowledge.pricingPolicy} />
    </VoiceAgentFrame>
  );
}

/** /ai-call-answering/agent: what the assistant knows, the questions, emergencies and transfers, the guardrails, call length. */
export function AgentTab() {
  return <WithVoiceAgentSettings>{(settings) => <AgentForm settings={settings} />}</WithVoiceAgentSettings>;
}
