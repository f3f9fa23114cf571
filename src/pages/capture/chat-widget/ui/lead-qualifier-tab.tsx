import { Alert, Anchor, Button, Group, Menu, Modal, Stack, TagsInput, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { MAX_TEXT_LENGTH } from '@contracts/merge-tags';
import { useBusinessNumber, useCompanySettings } from '@/entities/company';
import { type AiSettingsView, QuestionList } from '@/entities/ai-assistant';
import { AiSettingsFrame, useAiSettingsForm, WithAiSettings } from '@/features/ai-settings-form';
import { SectionPanel } from '@/shared/ui/section-panel';
import { TemplateField } from '@/shared/ui/template-field';
import { draftsFrom, type QualifierForm, questionsToSend, validateQualifier } from '../lib/ai-qualifier';
import { TRADE_TEMPLATES, type TradeTemplate } from '../lib/ai-trade-templates';
import { previewFirstText } from '../lib/widget-form';

const formFrom = (settings: AiSettingsView): QualifierForm => ({
  questions: draftsFrom(settings.questions),
  serviceAreaPrefixes: [...settings.serviceAreaPrefixes],
  servicesNotOffered: [...settings.servicesNotOffered],
  disqualifyMessage: settings.disqualifyMessage,
});

const toInput = (form: QualifierForm) => ({
  questions: questionsToSend(form.questions),
  serviceAreaPrefixes: form.serviceAreaPrefixes.map((area) => area.trim().toUpperCase()),
  servicesNotOffered: form.servicesNotOffered.map((service) => service.trim()).filter(Boolean),
  disqualifyMessage: form.disqualifyMessage.trim(),
});

/** Whether anyone is asked these questions now: the assistant's switch lives in Settings → AI. */
function AssistantState({ settings }: { settings: AiSettingsView }) {
  if (!settings.enabled) {
    return (
      <Alert role="note" color="gray" title="The assistant is off">
        <Text size="sm">
          Nobody is asked these questions until you turn the assistant on in{' '}
          <Anchor component={Link} to="/settings/ai" inherit>
            Settings → AI
          </Anchor>
          . You can set them up now.
        </Text>
      </Alert>
    );
  }
  return (
    <Alert role="note" color="green" title="The assistant is on">
      <Text size="sm">
        It asks these questions by text in new conversations, one at a time, in this order.
        {settings.now.on ? null : ` Right now it isn’t answering: ${settings.now.why}.`} Change how it talks in{' '}
        <Anchor component={Link} to="/settings/ai" inherit>
          Settings → AI
        </Anchor>
        .
      </Text>
    </Alert>
  );
}

/** "Start from a template": the company's own trade first. */
function TemplateMenu({ onChoose }: { onChoose: (template: TradeTemplate) => void }) {
  const trade = useCompanySettings().data?.trade;
  const ordered = [...TRADE_TEMPLATES].sort((a, b) => Number(b.trade === trade) - Number(a.trade === trade));
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button variant="default">Start from a template</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Questions for your trade</Menu.Label>
        {ordered.map((template) => (
          <Menu.Item key={template.trade} onClick={() => onChoose(template)}>
            {template.label}
            {template.trade === trade ? ' (your trade)' : ''}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function LeadQualifierForm({ settings }: { settings: AiSettingsView }) {
  const { form, update, errorFor, readOnly, frame } = useAiSettingsForm({ settings, formFrom, validate: (value: QualifierForm) => validateQualifier(value, settings.enabled), toInput });
  const businessName = useCompanySettings().data?.name ?? '';
  const businessPhone = useBusinessNumber().data?.e164 ?? null;
  const made = useRef(0);
  const [replacing, setReplacing] = useState<TradeTemplate | null>(null);
  const questions = form.questions;
  const nextId = (what: string) => `${what}-${(made.current += 1)}`;

  const applyTemplate = (template: TradeTemplate) => {
    update({ questions: draftsFrom(template.questions, nextId(template.trade)) });
    setReplacing(null);
  };

  return (
    <AiSettingsFrame {...frame} labelledBy="qualifier-questions" submitLabel="Save lead qualifier" unsavedWhat="the lead qualifier">
      <AssistantState settings={settings} />
      <SectionPanel
        id="qualifier-questions"
        title="Questions the assistant asks"
        description="By text, one at a time, in this order, so you know what the job is before you call back. Each answer is saved on the lead."
      >
        <Stack gap="sm">
          {readOnly ? null : (
            <Group gap="xs">
              <TemplateMenu onChoose={(template) => (questions.length > 0 ? setReplacing(template) : applyTemplate(template))} />
            </Group>
          )}
          <Modal opened={replacing !== null} onClose={() => setReplacing(null)} title="Replace your questions?" centered closeButtonProps={{ 'aria-label': 'Close' }}>
            <Stack gap="md">
              <Text size="sm">
                {`Your ${questions.length === 1 ? 'question is' : `${questions.length} questions are`} replaced by the ${replacing?.label ?? ''} questions in this form. Nothing changes for leads until you save, and answers already on leads stay.`}
              </Text>
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => setReplacing(null)}>
                  Keep mine
                </Button>
                <Button onClick={() => replacing && applyTemplate(replacing)}>Replace questions</Button>
              </Group>
            </Stack>
          </Modal>
          {errorFor('questions') ? (
            <Text size="sm" c="red" data-testid="questions-error">
              {errorFor('questions')}
            </Text>
          ) : null}
          {questions.length === 0 ? (
            <Text size="sm" c="dimmed">
              No questions yet: add one, or start from your trade’s template.
            </Text>
          ) : null}
          <QuestionList questions={questions} readOnly={readOnly} errorFor={errorFor} onChange={(next) => update({ questions: next })} newId={() => nextId('new')} />
        </Stack>
      </SectionPanel>

      <SectionPanel
        id="qualifier-disqualify"
        title="Turn leads away politely"
        description="When a lead is outside your area or wants only something you don’t do, the assistant sends your message below and marks the lead lost."
      >
        <Stack gap="md">
          <TagsInput
            label="Service area"
            description="ZIP codes or their first digits, and Canadian postal-code beginnings: 606 covers every ZIP starting with 606, M5V every postal code starting with M5V. Press Enter or comma after each. Empty: anywhere."
            placeholder="606, 60201, M5V"
            value={form.serviceAreaPrefixes}
            onChange={(areas) => update({ serviceAreaPrefixes: areas.map((area) => area.trim().toUpperCase()) })}
            splitChars={[',']}
            acceptValueOnBlur
            error={errorFor('serviceAreaPrefixes')}
          />
          <TagsInput
            label="Services you don’t offer"
            description="A lead asking only for one of these is turned away. Press Enter or comma after each."
            placeholder="Septic tanks, Solar panels"
            value={form.servicesNotOffered}
            onChange={(services) => update({ servicesNotOffered: services })}
            splitChars={[',']}
            acceptValueOnBlur
            error={errorFor('servicesNotOffered')}
          />
          <TemplateField
            label="Message sent when a lead is turned away"
            description="The assistant sends it once it sees the lead is outside your area or wants only something you don’t do."
            value={form.disqualifyMessage}
            onChange={(disqualifyMessage) => update({ disqualifyMessage })}
            error={errorFor('disqualifyMessage')}
            maxLength={MAX_TEXT_LENGTH}
            filled={previewFirstText(form.disqualifyMessage, { businessName, businessPhone })}
            previewLabel="A lead named Sam Lee gets:"
            readOnly={readOnly}
          />
        </Stack>
      </SectionPanel>
    </AiSettingsFrame>
  );
}

/** /chat-widget/lead-qualifier: the assistant's questions, in order, and who it turns away politely. */
export function LeadQualifierTab() {
  return <WithAiSettings what="lead qualifier">{(settings) => <LeadQualifierForm settings={settings} />}</WithAiSettings>;
}
