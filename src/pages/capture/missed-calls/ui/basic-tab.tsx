import { Anchor, Button, List, NumberInput, Radio, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import {
  MISSED_CALL_LIMITS as L,
  ROUTING_MODE_WORDS,
  ROUTING_MODES,
  type RoutingMode,
  TEXT_BACK_SKIP_REASON_WORDS,
  type TextBackSkipReason,
} from '@contracts/call';
import { DEFAULT_HOURS, WEEKDAYS, type WeeklyHours } from '@contracts/company';
import { BusinessNumberState, useBusinessNumber, useCompanySettings } from '@/entities/company';
import { formatPhone } from '@/shared/lib/format';
import { PhoneInput } from '@/shared/ui/phone-input';
import { SectionPanel } from '@/shared/ui/section-panel';
import { TemplateField } from '@/shared/ui/template-field';
import { ForwardingInstructions } from '@/widgets/call-forwarding';
import { previewTextBack, templateProblem, wholeNumberProblem } from '../lib/text-back-preview';
import { type MissedCallSettingsView, SettingsFormFrame, useMissedCallSettingsForm, WithMissedCallSettings } from './settings-form';

interface BasicForm {
  enabled: boolean;
  routingMode: RoutingMode;
  forwardTo: string;
  ringTimeoutSeconds: number | string;
  textBackDelaySeconds: number | string;
  repeatCallerWindowHours: number | string;
  businessHoursTemplate: string;
  afterHoursTemplate: string;
}

function formFrom(settings: MissedCallSettingsView): BasicForm {
  return {
    enabled: settings.enabled,
    routingMode: settings.routingMode,
    forwardTo: settings.forwardTo ?? '',
    ringTimeoutSeconds: settings.ringTimeoutSeconds,
    textBackDelaySeconds: settings.textBackDelaySeconds,
    repeatCallerWindowHours: settings.repeatCallerWindowHours,
    businessHoursTemplate: settings.businessHoursTemplate,
    afterHoursTemplate: settings.afterHoursTemplate,
  };
}

export function validateBasic(form: BasicForm): Record<string, string> {
  const errors: Record<string, string | undefined> = {
    ringTimeoutSeconds: form.routingMode === 'ring_then_voicemail' ? wholeNumberProblem('Ring timeout', form.ringTimeoutSeconds, L.ringTimeoutSeconds) : undefined,
    textBackDelaySeconds: wholeNumberProblem('Text-back delay', form.textBackDelaySeconds, L.textBackDelaySeconds),
    repeatCallerWindowHours: wholeNumberProblem('Repeat-caller window', form.repeatCallerWindowHours, L.repeatCallerWindowHours, 'hours'),
    businessHoursTemplate: templateProblem('The business-hours text', form.businessHoursTemplate),
    afterHoursTemplate: templateProblem('The after-hours text', form.afterHoursTemplate),
    forwardTo:
      form.enabled && form.routingMode === 'ring_then_voicemail' && !form.forwardTo
        ? 'Enter the phone LeadLoop should ring first, or choose “You forward unanswered calls to LeadLoop”.'
        : undefined,
  };
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

function toInput(form: BasicForm) {
  return {
    enabled: form.enabled,
    routingMode: form.routingMode,
    forwardTo: form.forwardTo || null,
    ringTimeoutSeconds: Number(form.ringTimeoutSeconds),
    textBackDelaySeconds: Number(form.textBackDelaySeconds),
    repeatCallerWindowHours: Number(form.repeatCallerWindowHours),
    businessHoursTemplate: form.businessHoursTemplate.trim(),
    afterHoursTemplate: form.afterHoursTemplate.trim(),
  };
}

/** The skip rules an owner can act on (the others explain themselves on the call). */
const SKIP_RULES: TextBackSkipReason[] = ['protected', 'own_number', 'opted_out', 'blocked', 'anonymous', 'landline', 'repeat_caller'];

function skipRuleWords(reason: TextBackSkipReason, repeatHours: number): string {
  if (reason === 'repeat_caller') return repeatHours > 0 ? `A caller you already texted back after a call in the last ${repeatHours} ${repeatHours === 1 ? 'hour' : 'hours'}` : 'Never: every missed call gets its own text';
  return TEXT_BACK_SKIP_REASON_WORDS[reason];
}

function hoursSummary(hours: WeeklyHours | null): string[] {
  const week = hours ?? DEFAULT_HOURS;
  return WEEKDAYS.map((day) => {
    const open = week[day.key];
    return `${day.label}: ${open ? `${open.open}–${open.close}` : 'closed'}`;
  });
}

/** A titled box of the form: SectionPanel with its fields spaced as a stack. */
function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: React.ReactNode }) {
  return (
    <SectionPanel id={id} title={title} description={description}>
      <Stack gap="md">{children}</Stack>
    </SectionPanel>
  );
}

function BasicForm({ settings }: { settings: MissedCallSettingsView }) {
  const number = useBusinessNumber();
  const company = useCompanySettings();
  const { form, update, errorFor, frame } = useMissedCallSettingsForm({ settings, formFrom, validate: validateBasic, toInput });
  const preview = { businessName: company.data?.name ?? 'Your business', businessPhone: number.data?.e164 ?? null };
  const leadLoopNumber = number.data ? formatPhone(number.data.e164) : 'your LeadLoop number';
  const repeatHours = typeof form.repeatCallerWindowHours === 'number' ? form.repeatCallerWindowHours : settings.repeatCallerWindowHours;

  return (
    <SettingsFormFrame {...frame} labelledBy="missed-call-text-back" submitLabel="Save text-back settings" unsavedWhat="the text-back settings">
      <Section id="missed-call-text-back" title="Missed-call text-back">
        <Switch
          label="Text callers back when nobody answers"
          description={
            form.enabled
              ? 'On: a caller nobody answered gets a text from your business number after the delay below.'
              : 'Off: calls still ring through and voicemails are still taken, but nobody is texted back.'
          }
          checked={form.enabled}
          onChange={(event) => update({ enabled: event.currentTarget.checked })}
        />
      </Section>

      <Section id="missed-call-routing" title="How calls reach LeadLoop" description="Choose the way that matches how your customers call you.">
        <Radio.Group value={form.routingMode} onChange={(value) => update({ routingMode: value as RoutingMode })} aria-labelledby="missed-call-routing">
          <Stack gap="sm">
            {ROUTING_MODES.map((mode) => (
              <Radio key={mode} value={mode} label={ROUTING_MODE_WORDS[mode].label} description={ROUTING_MODE_WORDS[mode].detail} />
            ))}
          </Stack>
        </Radio.Group>
        {form.routingMode === 'ring_then_voicemail' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Stack gap={4}>
              <PhoneInput
                label="Forward calls to"
                description={`The phone ${leadLoopNumber} rings first: your cell or office line.`}
                value={form.forwardTo}
                onChange={(value) => update({ forwardTo: value })}
                error={errorFor('forwardTo')}
                required={form.enabled}
              />
              {!form.forwardTo && company.data?.signupPhone ? (
                // The number given at sign-up is most often the owner's cell: offered, not typed twice.
                <Button variant="light" style={{ alignSelf: 'flex-start' }} onClick={() => update({ forwardTo: company.data!.signupPhone! })}>
                  Use your sign-up number, {formatPhone(company.data.signupPhone)}
                </Button>
              ) : null}
            </Stack>
            <NumberInput
              label="Ring timeout (seconds)"
              description={`How long your phone rings before the call counts as missed (${L.ringTimeoutSeconds.min}–${L.ringTimeoutSeconds.max}).`}
              min={L.ringTimeoutSeconds.min}
              max={L.ringTimeoutSeconds.max}
              allowDecimal={false}
              value={form.ringTimeoutSeconds}
              onChange={(value) => update({ ringTimeoutSeconds: value })}
              error={errorFor('ringTimeoutSeconds')}
            />
          </SimpleGrid>
        ) : (
          <Stack gap="xs">
            <Text size="sm">
              Keep publishing your own number, and in your phone carrier’s settings (or your office phone system) forward calls you don’t answer to{' '}
              {leadLoopNumber}: LeadLoop then takes the voicemail and texts the caller back.
            </Text>
            <ForwardingInstructions leadLoopNumber={number.data?.e164 ?? null} />
          </Stack>
        )}
      </Section>

      <Section id="missed-call-timing" title="Timing">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Text back after (seconds)"
            description={`Waits this long after the missed call, and for a voicemail being left to finish (${L.textBackDelaySeconds.min}–${L.textBackDelaySeconds.max}).`}
            min={L.textBackDelaySeconds.min}
            max={L.textBackDelaySeconds.max}
            allowDecimal={false}
            value={form.textBackDelaySeconds}
            onChange={(value) => update({ textBackDelaySeconds: value })}
            error={errorFor('textBackDelaySeconds')}
          />
          <NumberInput
            label="Don’t text the same caller again within (hours)"
            description={`Two quick calls get one text (${L.repeatCallerWindowHours.min}–${L.repeatCallerWindowHours.max}; 0 texts every call).`}
            min={L.repeatCallerWindowHours.min}
            max={L.repeatCallerWindowHours.max}
            allowDecimal={false}
            value={form.repeatCallerWindowHours}
            onChange={(value) => update({ repeatCallerWindowHours: value })}
            error={errorFor('repeatCallerWindowHours')}
          />
        </SimpleGrid>
      </Section>

      <Section
        id="missed-call-templates"
        title="Your text-back messages"
        description="The caller gets the first one during your business hours and the second one outside them. Each must include {business_name}, so the caller knows who is texting."
      >
        <TemplateField
          label="During business hours"
          description="Sent when the call comes in while you are open."
          value={form.businessHoursTemplate}
          onChange={(value) => update({ businessHoursTemplate: value })}
          error={errorFor('businessHoursTemplate')}
          maxLength={L.templateLength}
          filled={previewTextBack(form.businessHoursTemplate, preview)}
          previewLabel="A new caller gets (their name isn’t known yet):"
        />
        <TemplateField
          label="After hours"
          description="Sent when the call comes in while you are closed."
          value={form.afterHoursTemplate}
          onChange={(value) => update({ afterHoursTemplate: value })}
          error={errorFor('afterHoursTemplate')}
          maxLength={L.templateLength}
          filled={previewTextBack(form.afterHoursTemplate, preview)}
          previewLabel="A new caller gets (their name isn’t known yet):"
        />
        <div>
          <Text size="sm" fw={600}>
            Your business hours{settings.timezone ? ` (${settings.timezone})` : ''}
            {settings.businessHours ? '' : ' — not set yet, so LeadLoop uses these'}
          </Text>
          <List size="sm" spacing={2} aria-label="Your business hours">
            {hoursSummary(settings.businessHours as WeeklyHours | null).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
          <Anchor size="sm" data-standalone renderRoot={(props) => <Link to="/settings/company" {...props} />}>
            Change your business hours
          </Anchor>
        </div>
      </Section>

      <Section id="missed-call-skip-rules" title="Who is never texted back" description="Each skipped call shows its reason in History.">
        <List size="sm" spacing={4}>
          {SKIP_RULES.map((reason) => (
            <List.Item key={reason}>{skipRuleWords(reason, repeatHours)}</List.Item>
          ))}
        </List>
        <Anchor size="sm" data-standalone renderRoot={(props) => <Link to="/settings/phone" {...props} />}>
          Manage protected numbers
        </Anchor>
      </Section>
    </SettingsFormFrame>
  );
}

/** /missed-calls/basic: whether callers are texted back, how calls arrive, when and what the text says. */
export function BasicTab() {
  const number = useBusinessNumber();
  return (
    <Stack gap="lg">
      {number.data === null ? (
        <BusinessNumberState icon="☎" feature="Missed-call text-back" what="When a call to your business goes unanswered, LeadLoop texts the caller so they wait for you instead of calling someone else." />
      ) : null}
      <WithMissedCallSettings what="text-back settings">{(settings) => <BasicForm settings={settings} />}</WithMissedCallSettings>
    </Stack>
  );
}
