import { Anchor, Checkbox, Group, Stack, Switch, Table, Text, Textarea } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { MAX_TEXT_LENGTH } from '@contracts/merge-tags';
import { WIDGET_OPTIONAL_FIELDS, type WidgetFormFields, type WidgetOptionalField } from '@contracts/widget';
import { BusinessNumberState, useBusinessNumber, useCompanySettings } from '@/entities/company';
import { CodeSnippet, type WidgetSettingsView } from '@/entities/website-widget';
import { SectionPanel } from '@/shared/ui/section-panel';
import { TemplateField } from '@/shared/ui/template-field';
import { firstTextProblem, formSnippet, previewFirstText, problems, SAMPLE_VISITOR, wordsProblem } from '../lib/widget-form';
import { useWidgetSettingsForm, WidgetSettingsFrame, WithWidgetSettings } from './widget-settings-form';

const FIELD_WORDS: Record<WidgetOptionalField, string> = { message: 'Message', service: 'Service needed', postalCode: 'ZIP or postal code' };

interface FormEmbedForm {
  formFields: WidgetFormFields;
  consentText: string;
  firstTextTemplate: string;
}

const formFrom = (settings: WidgetSettingsView): FormEmbedForm => ({ formFields: settings.formFields, consentText: settings.consentText, firstTextTemplate: settings.firstTextTemplate });

export function validateFormEmbed(form: FormEmbedForm): Record<string, string> {
  return problems({
    consentText: wordsProblem('The consent text', form.consentText, 1000, 20),
    firstTextTemplate: firstTextProblem(form.firstTextTemplate),
  });
}

const toInput = (form: FormEmbedForm) => ({ formFields: form.formFields, consentText: form.consentText.trim(), firstTextTemplate: form.firstTextTemplate.trim() });

function FormEmbedForm({ settings }: { settings: WidgetSettingsView }) {
  const number = useBusinessNumber();
  const company = useCompanySettings();
  const { form, update, errorFor, readOnly, frame } = useWidgetSettingsForm({ settings, formFrom, validate: validateFormEmbed, toInput });
  const setField = (field: WidgetOptionalField, patch: Partial<{ shown: boolean; required: boolean }>) => {
    const next = { ...form.formFields[field], ...patch };
    if (!next.shown) next.required = false;
    update({ formFields: { ...form.formFields, [field]: next } });
  };
  const businessName = company.data?.name ?? 'Your business';

  return (
    <WidgetSettingsFrame {...frame} labelledBy="form-fields" submitLabel="Save form settings" unsavedWhat="the form settings">
      <SectionPanel id="form-fields" title="Form fields" description="The same fields show in the chat widget, the form on your page and the popup.">
        <Table aria-label="Form fields" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Field</Table.Th>
              <Table.Th>Shown</Table.Th>
              <Table.Th>Required</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>Name and mobile number</Table.Td>
              <Table.Td colSpan={2}>
                <Text size="sm" c="dimmed">
                  Always shown and required: the lead is texted at that number.
                </Text>
              </Table.Td>
            </Table.Tr>
            {WIDGET_OPTIONAL_FIELDS.map((field) => (
              <Table.Tr key={field}>
                <Table.Td>{FIELD_WORDS[field]}</Table.Td>
                <Table.Td>
                  <Switch aria-label={`Show ${FIELD_WORDS[field]}`} checked={form.formFields[field].shown} onChange={(event) => setField(field, { shown: event.currentTarget.checked })} />
                </Table.Td>
                <Table.Td>
                  {form.formFields[field].shown ? (
                    <Checkbox label="Required" aria-label={`${FIELD_WORDS[field]} is required`} checked={form.formFields[field].required} onChange={(event) => setField(field, { required: event.currentTarget.checked })} />
                  ) : (
                    <Text size="sm" c="dimmed">
                      Hidden
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {errorFor('formFields') ? (
          <Text size="sm" c="red" mt="xs">
            {errorFor('formFields')}
          </Text>
        ) : null}
      </SectionPanel>

      <SectionPanel id="form-consent" title="Agreeing to texts">
        <Stack gap="md">
          <Textarea
            label="Consent text"
            description="Shown beside a checkbox that always starts unticked, so agreeing is the visitor’s own choice; the form can’t be sent without it. Each lead keeps the exact text they agreed to. {business_name} becomes your business name."
            autosize
            minRows={3}
            maxLength={1000}
            value={form.consentText}
            onChange={(event) => update({ consentText: event.currentTarget.value })}
            error={errorFor('consentText')}
          />
        </Stack>
      </SectionPanel>

      <SectionPanel id="form-first-text" title="The first text" description="Sent from your business number the moment the form is sent, because the visitor just asked for it.">
        <TemplateField
          label="First text to the visitor"
          description="Merge tags are filled for each visitor."
          value={form.firstTextTemplate}
          onChange={(value) => update({ firstTextTemplate: value })}
          error={errorFor('firstTextTemplate')}
          maxLength={MAX_TEXT_LENGTH}
          filled={previewFirstText(form.firstTextTemplate, { businessName, businessPhone: number.data?.e164 ?? null })}
          previewLabel={`A visitor who gives the name ${SAMPLE_VISITOR.firstName} ${SAMPLE_VISITOR.lastName} gets:`}
          readOnly={readOnly}
        />
      </SectionPanel>
    </WidgetSettingsFrame>
  );
}

/** /chat-widget/form-embed: the inline form's code, its fields, the consent text and the first text. */
export function FormEmbedTab() {
  const number = useBusinessNumber();
  return (
    <Stack gap="lg">
      {number.data === null ? (
        <BusinessNumberState icon="✎" feature="The website form" what="Prefer a form to a chat button? Put a short contact form right on a page of your website. Every form sent becomes a lead and gets a text back from your business number." />
      ) : null}
      <WithWidgetSettings what="form settings">
        {(settings) => (
          <>
            <FormEmbedForm settings={settings} />
            <SectionPanel
              id="form-code"
              title="Put the form on a page"
              description="Paste this where the form should appear. The empty div is where the form goes; the script line is the same one the chat widget uses, so a page that already has it only needs the div."
            >
              <Stack gap="sm">
                <CodeSnippet code={formSnippet(settings.scriptUrl, settings.publicKey)} label="Form code" />
                <Group gap="xs">
                  <Text size="sm" c="dimmed">
                    {settings.enabled
                      ? `The form shows on the websites allowed under Styles (${settings.allowedDomains.join(', ')}).`
                      : 'The widget is off (Chat widget → Styles), so the form shows nowhere yet.'}
                  </Text>
                </Group>
                <Anchor size="sm" data-standalone renderRoot={(props) => <Link to="/widget-demo" {...props} />}>
                  Try the form and the chat widget on a sample page
                </Anchor>
              </Stack>
            </SectionPanel>
          </>
        )}
      </WithWidgetSettings>
    </Stack>
  );
}
