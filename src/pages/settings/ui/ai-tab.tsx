import { Alert, Anchor, Button, Grid, Group, NumberInput, Paper, Radio, Stack, Switch, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useMemo } from 'react';
import { AI_LIMITS, AI_TONES, type AiTone, PRICING_POLICIES, PRICING_POLICY_WORDS, type PricingPolicy } from '@contracts/ai';
import type { AiSettingsView } from '@/entities/ai-assistant';
import { useBusinessNumber, useCompanySettings } from '@/entities/company';
import { AiSettingsFrame, useAiSettingsForm, WithAiSettings } from '@/features/ai-settings-form';
import { useTRPC } from '@/shared/api-react';
import { SectionPanel } from '@/shared/ui/section-panel';
import { aiFormFrom, aiFormInput, type AiForm, cleanTags, MAX_FACTS, MAX_FAQ, validateAiForm } from '../lib/ai-form';
import { HANDOFF_TRIGGER_KEYS, HANDOFF_TRIGGER_WORDS, PRICING_POLICY_DETAILS, TONE_WORDS } from '../lib/ai-words';
import { PriceBook } from './ai-price-book';
import { TestChat } from './ai-test-chat';

/**
 * A switch's description with its error under it: Mantine's Switch does not point `aria-describedby` at its
 * error, so the error goes inside the description, where a screen reader reads it with the switch.
 */
function withError(description: string, error: string | undefined): ReactNode {
  if (!error) return description;
  return (
    <>
      {description}
      <Text component="span" display="block" size="xs" c="red" mt={4}>
        {error}
      </Text>
    </>
  );
}

/** The line at the top: whether the assistant answers right now (saved settings, off hours, date overrides), and why. */
function StatusLine({ settings }: { settings: AiSettingsView }) {
  const number = useBusinessNumber();
  return (
    <Stack gap="xs">
      <Alert color={settings.now.on ? 'green' : 'gray'} variant="light" role="status" title={settings.now.on ? 'The assistant is on now' : 'The assistant is off now'}>
        <Text size="sm">
          {settings.now.why} · times in {settings.timezone}
        </Text>
      </Alert>
      {number.data === null ? (
        <Alert color="yellow" variant="light" role="note" title="No business number yet">
          <Text size="sm">
            The assistant texts through your business number, so it can’t answer anyone until you{' '}
            <Anchor component={Link} to="/settings/phone" inherit>
              set one up
            </Anchor>
            . The test chat works without one.
          </Text>
        </Alert>
      ) : null}
    </Stack>
  );
}

/** The business's questions and answers: the assistant answers these by text when a customer asks something like them. */
function FaqEditor({ faq, onChange, errorFor, readOnly }: { faq: AiForm['faq']; onChange: (faq: AiForm['faq']) => void; errorFor: (field: string) => string | undefined; readOnly: boolean }) {
  const edit = (index: number, patch: Partial<AiForm['faq'][number]>) => onChange(faq.map((entry, i) => (i === index ? { ...entry, ...patch } : entry)));
  return (
    <Stack gap="xs" role="group" aria-labelledby="ai-faq-label">
      <Text size="sm" fw={500} id="ai-faq-label">
        Questions customers often ask
      </Text>
      <Text size="xs" c="dimmed">
        The assistant answers with your words when a customer asks something like one of these (up to {MAX_FAQ}).
      </Text>
      {faq.length === 0 ? (
        <Text size="sm" c="dimmed">
          None yet.
        </Text>
      ) : null}
      {faq.map((entry, index) => (
        // Entries have no id of their own: the position is their name (“Question 2”) and the inputs are controlled.
        <Paper key={index} withBorder radius="sm" p="sm">
          <Stack gap="xs">
            <TextInput label={`Question ${index + 1}`} maxLength={AI_LIMITS.faqQuestion} value={entry.question} onChange={(event) => edit(index, { question: event.currentTarget.value })} error={errorFor(`faq.${index}.question`)} placeholder="Do you work on weekends?" />
            <Textarea label={`Answer ${index + 1}`} autosize minRows={2} maxLength={AI_LIMITS.faqAnswer} value={entry.answer} onChange={(event) => edit(index, { answer: event.currentTarget.value })} error={errorFor(`faq.${index}.answer`)} placeholder="Yes, Saturdays 9–2, at no extra charge." />
            {readOnly ? null : (
              <Group justify="flex-end">
                <Button size="xs" variant="subtle" color="red" onClick={() => onChange(faq.filter((_, i) => i !== index))}>
                  {`Remove question ${index + 1}`}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      ))}
      {errorFor('faq') ? (
        <Text size="xs" c="red" role="alert">
          {errorFor('faq')}
        </Text>
      ) : null}
      {readOnly ? null : faq.length < MAX_FAQ ? (
        <Group>
          <Button size="xs" variant="light" onClick={() => onChange([...faq, { question: '', answer: '' }])}>
            Add a question
          </Button>
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          {MAX_FAQ} is the most: remove one to add another.
        </Text>
      )}
    </Stack>
  );
}

function AiSettingsScreen({ settings }: { settings: AiSettingsView }) {
  const trpc = useTRPC();
  const { form, update, errorFor, readOnly, frame } = useAiSettingsForm({
    settings,
    formFrom: aiFormFrom,
    validate: (current: AiForm) => validateAiForm(current, settings.questions.length),
    toInput: aiFormInput,
  });
  const business = useCompanySettings().data?.name || 'your business';
  // The test chat names quoted items; the price book below reads the same query.
  const priceBook = useQuery(trpc.ai.priceBook.list.queryOptions());
  const itemNames = useMemo(() => new Map((priceBook.data ?? []).map((item) => [item.id, item.name])), [priceBook.data]);
  const questionCount = settings.questions.length;
  const delay = typeof form.replyDelaySeconds === 'number' ? form.replyDelaySeconds : null;

  return (
    <>
      <StatusLine settings={settings} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <AiSettingsFrame {...frame} labelledBy="ai-assistant" submitLabel="Save AI settings" unsavedWhat="the AI settings">
            <SectionPanel id="ai-assistant" title="The assistant">
              <Stack gap="md">
                <Switch
                  label="Answer new conversations with the assistant"
                  description={withError(
                    form.enabled
                      ? 'On: it texts new leads back, asks your questions, answers from your facts and hands the conversation to your team when it should.'
                      : 'Off: your team answers every conversation.',
                    errorFor('questions') ?? errorFor('enabled'),
                  )}
                  checked={form.enabled}
                  onChange={(event) => update({ enabled: event.currentTarget.checked })}
                />
                <Text size="sm">
                  {questionCount === 0 ? 'It has no questions to ask yet: add them in ' : `It asks your ${questionCount === 1 ? 'question' : `${questionCount} questions`} from `}
                  <Anchor component={Link} to="/chat-widget/lead-qualifier" inherit>
                    Chat widget → Lead qualifier
                  </Anchor>
                  , and stays quiet in the off hours set in{' '}
                  <Anchor component={Link} to="/chat-widget/ai-schedule" inherit>
                    Chat widget → AI schedule
                  </Anchor>
                  .
                </Text>
                <TextInput
                  label="Assistant’s name"
                  description="How it introduces itself. Asked whether it is a person, it always says it is an automated assistant for your business."
                  maxLength={AI_LIMITS.assistantName}
                  value={form.assistantName}
                  onChange={(event) => update({ assistantName: event.currentTarget.value })}
                  error={errorFor('assistantName')}
                />
                <Radio.Group label="Tone" value={form.tone} onChange={(value) => update({ tone: value as AiTone })} error={errorFor('tone')}>
                  <Stack gap="sm" mt="xs">
                    {AI_TONES.map((tone) => (
                      <Radio key={tone} value={tone} label={TONE_WORDS[tone].label} description={TONE_WORDS[tone].example(business)} />
                    ))}
                  </Stack>
                </Radio.Group>
              </Stack>
            </SectionPanel>

            <SectionPanel id="ai-knowledge" title="What it knows" description="The assistant answers only from what you write here, your questions and your approved prices. It never makes up prices or arrival times.">
              <Stack gap="md">
                <Textarea
                  label="Business facts"
                  description={`Hours, where you work, what you do and don’t do, guarantees, how booking works. ${form.facts.trim().length.toLocaleString('en-US')} / ${MAX_FACTS.toLocaleString('en-US')} characters.`}
                  autosize
                  minRows={4}
                  maxRows={14}
                  maxLength={MAX_FACTS}
                  value={form.facts}
                  onChange={(event) => update({ facts: event.currentTarget.value })}
                  error={errorFor('facts')}
                  placeholder="Family-owned plumber in Chicago since 1998. Open Mon–Fri 7–6, Sat 9–2. Licensed and insured. We don’t do septic systems."
                />
                <FaqEditor faq={form.faq} onChange={(faq) => update({ faq })} errorFor={errorFor} readOnly={readOnly} />
                <TagsInput
                  label="Services you offer"
                  description="Type one and press Enter (or a comma). The assistant recognises these when a customer names what they need."
                  value={form.services}
                  onChange={(services) => update({ services: cleanTags(services) })}
                  error={errorFor('services')}
                  disabled={readOnly}
                  maxTags={AI_LIMITS.services}
                  splitChars={[',', ';']}
                />
                <TagsInput
                  label="Services you don’t offer"
                  description="A customer asking for one of these gets your polite “not for us” message (Lead qualifier) and the lead is closed."
                  value={form.servicesNotOffered}
                  onChange={(services) => update({ servicesNotOffered: cleanTags(services) })}
                  error={errorFor('servicesNotOffered')}
                  disabled={readOnly}
                  maxTags={AI_LIMITS.services}
                  splitChars={[',', ';']}
                />
                <TagsInput
                  label="Service area (ZIP or postal-code beginnings)"
                  description="“606” covers every ZIP starting with 606 (60601, 60614…); a whole ZIP like 60614 is that ZIP only; “M5V” is a Canadian postal area. Empty: anywhere. A customer outside it gets your “not for us” message."
                  value={form.serviceAreaPrefixes}
                  onChange={(areas) => update({ serviceAreaPrefixes: cleanTags(areas, { upperCase: true }) })}
                  error={errorFor('serviceAreaPrefixes')}
                  disabled={readOnly}
                  maxTags={AI_LIMITS.areas}
                  splitChars={[',', ';']}
                />
                {!readOnly && form.serviceAreaPrefixes.length === 0 && settings.addressServiceArea.length > 0 ? (
                  <Button variant="light" style={{ alignSelf: 'flex-start' }} onClick={() => update({ serviceAreaPrefixes: settings.addressServiceArea })}>
                    Use your service area from Settings → Address: {settings.addressServiceArea.join(', ')}
                  </Button>
                ) : null}
              </Stack>
            </SectionPanel>

            <SectionPanel id="ai-pricing" title="Prices" description="What the assistant says when a customer asks how much. It only ever uses approved items in the Price book below.">
              <Radio.Group label="Pricing policy" value={form.pricingPolicy} onChange={(value) => update({ pricingPolicy: value as PricingPolicy })} error={errorFor('pricingPolicy')}>
                <Stack gap="sm" mt="xs">
                  {PRICING_POLICIES.map((policy) => (
                    <Radio key={policy} value={policy} label={PRICING_POLICY_WORDS[policy]} description={PRICING_POLICY_DETAILS[policy]} />
                  ))}
                </Stack>
              </Radio.Group>
            </SectionPanel>

            <SectionPanel id="ai-pace" title="Timing and limits">
              <Stack gap="md">
                <NumberInput
                  label="Reply delay (seconds)"
                  description={`${AI_LIMITS.replyDelaySeconds.min}–${AI_LIMITS.replyDelaySeconds.max}; ${settings.defaults.replyDelaySeconds} by default. ${delay === 0 ? 'It answers at once.' : `It waits ${delay ?? 'this many'} ${delay === 1 ? 'second' : 'seconds'} so texts sent in a row are answered together; if your team replies first, it stays quiet.`}`}
                  min={AI_LIMITS.replyDelaySeconds.min}
                  max={AI_LIMITS.replyDelaySeconds.max}
                  allowDecimal={false}
                  value={form.replyDelaySeconds}
                  onChange={(value) => update({ replyDelaySeconds: value })}
                  error={errorFor('replyDelaySeconds')}
                />
                <NumberInput
                  label="Most replies per conversation per day"
                  description={`${AI_LIMITS.dailyCap.min}–${AI_LIMITS.dailyCap.max}; ${settings.defaults.dailyCap} by default. At the limit it hands the conversation to your team.`}
                  min={AI_LIMITS.dailyCap.min}
                  max={AI_LIMITS.dailyCap.max}
                  allowDecimal={false}
                  value={form.dailyCap}
                  onChange={(value) => update({ dailyCap: value })}
                  error={errorFor('dailyCap')}
                />
              </Stack>
            </SectionPanel>

            <SectionPanel id="ai-approval" title="Approval and handoff">
              <Stack gap="md">
                <Switch
                  label="Approval mode"
                  description={withError(
                    'Replies that quote a price, promise a time or go outside your facts wait for your approval in the thread (approve, edit or reject; the alert text also lets you approve by replying YES and its code). Everything else goes out on its own.',
                    errorFor('approvalMode'),
                  )}
                  checked={form.approvalMode}
                  onChange={(event) => update({ approvalMode: event.currentTarget.checked })}
                />
                <Stack gap="xs" role="group" aria-labelledby="ai-handoff-label">
                  <Text size="sm" fw={500} id="ai-handoff-label">
                    Hand the conversation to your team when…
                  </Text>
                  <Text size="xs" c="dimmed">
                    The assistant stops, your team is alerted and the lead shows “Needs human”. The daily limit always hands off.
                  </Text>
                  {HANDOFF_TRIGGER_KEYS.map((key) => (
                    <Switch
                      key={key}
                      label={HANDOFF_TRIGGER_WORDS[key].label}
                      description={withError(HANDOFF_TRIGGER_WORDS[key].detail, errorFor(`handoff.${key}`))}
                      checked={form.handoff[key]}
                      onChange={(event) => update({ handoff: { ...form.handoff, [key]: event.currentTarget.checked } })}
                    />
                  ))}
                </Stack>
              </Stack>
            </SectionPanel>
          </AiSettingsFrame>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <TestChat assistantName={settings.assistantName} questions={settings.questions} itemNames={itemNames} unsaved={frame.dirty && !readOnly} />
        </Grid.Col>
      </Grid>
      <PriceBook canEdit={settings.canEdit} policy={settings.pricingPolicy} />
    </>
  );
}

/**
 * /settings/ai: whether the assistant answers now, its settings (one form, one Save with the version it read), a
 * test chat on the saved settings, and the price book with the PDF importer.
 */
export function AiTab() {
  return <WithAiSettings what="AI assistant settings">{(settings) => <AiSettingsScreen settings={settings} />}</WithAiSettings>;
}
