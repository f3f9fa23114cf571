import { Alert, NumberInput, Radio, SimpleGrid, Stack, Switch, Textarea } from '@mantine/core';
import { POPUP_TRIGGERS, type PopupTrigger } from '@contracts/widget';
import type { WidgetSettingsView } from '@/entities/website-widget';
import { SectionPanel } from '@/shared/ui/section-panel';
import { linesOf, pathsProblem, problems, wholeNumberProblem } from '../lib/widget-form';
import { useWidgetSettingsForm, WidgetSettingsFrame, WithWidgetSettings } from './widget-settings-form';

const TRIGGER_WORDS: Record<PopupTrigger, { label: string; detail: string }> = {
  time: { label: 'After some time on a page', detail: 'Opens once the visitor has been on the page for the seconds below.' },
  scroll: { label: 'After scrolling down', detail: 'Opens once the visitor has scrolled the share of the page below.' },
  exit_intent: { label: 'When they’re about to leave', detail: 'Opens when the visitor looks about to leave the page.' },
};

interface PopupForm {
  enabled: boolean;
  trigger: PopupTrigger;
  delaySeconds: number | string;
  scrollPercent: number | string;
  includePaths: string;
  excludePaths: string;
  frequencyDays: number | string;
}

const formFrom = ({ popup }: WidgetSettingsView): PopupForm => ({
  enabled: popup.enabled,
  trigger: popup.trigger,
  delaySeconds: popup.delaySeconds,
  scrollPercent: popup.scrollPercent,
  includePaths: popup.includePaths.join('\n'),
  excludePaths: popup.excludePaths.join('\n'),
  frequencyDays: popup.frequencyDays,
});

export function validatePopup(form: PopupForm): Record<string, string> {
  return problems({
    'popup.delaySeconds': form.trigger === 'time' ? wholeNumberProblem('The delay', form.delaySeconds, 0, 600, 'seconds') : undefined,
    'popup.scrollPercent': form.trigger === 'scroll' ? wholeNumberProblem('The scroll depth', form.scrollPercent, 1, 100, 'percent') : undefined,
    'popup.includePaths': pathsProblem(form.includePaths),
    'popup.excludePaths': pathsProblem(form.excludePaths),
    'popup.frequencyDays': wholeNumberProblem('How often', form.frequencyDays, 0, 365, 'days'),
  });
}

/** A number field the trigger does not use keeps its saved value (the server wants a whole number in range). */
const whole = (value: number | string, saved: number) => (typeof value === 'number' && Number.isInteger(value) ? value : saved);

function PopupForm({ settings }: { settings: WidgetSettingsView }) {
  const toInput = (form: PopupForm) => ({
    popup: {
      enabled: form.enabled,
      trigger: form.trigger,
      delaySeconds: whole(form.delaySeconds, settings.popup.delaySeconds),
      scrollPercent: whole(form.scrollPercent, settings.popup.scrollPercent),
      includePaths: linesOf(form.includePaths),
      excludePaths: linesOf(form.excludePaths),
      frequencyDays: Number(form.frequencyDays),
    },
  });
  const { form, update, errorFor, frame } = useWidgetSettingsForm({ settings, formFrom, validate: validatePopup, toInput });
  const days = typeof form.frequencyDays === 'number' ? form.frequencyDays : null;

  return (
    <WidgetSettingsFrame {...frame} labelledBy="popup-when" submitLabel="Save popup" unsavedWhat="the popup settings">
      {!settings.enabled ? (
        <Alert role="note" color="gray" title="The chat widget is off">
          The popup is part of the chat widget, so it shows only while the widget is on (Chat widget → Styles). You can set it up now.
        </Alert>
      ) : null}
      <SectionPanel id="popup-when" title="When it opens">
        <Stack gap="md">
          <Switch
            label="Show a popup inviting visitors to text you"
            description={form.enabled ? 'On: the popup opens on the pages and at the moment below.' : 'Off: visitors see only the chat button.'}
            checked={form.enabled}
            onChange={(event) => update({ enabled: event.currentTarget.checked })}
          />
          <Radio.Group label="Open it" value={form.trigger} onChange={(value) => update({ trigger: value as PopupTrigger })}>
            <Stack gap="sm" mt="xs">
              {POPUP_TRIGGERS.map((trigger) => (
                <Radio key={trigger} value={trigger} label={TRIGGER_WORDS[trigger].label} description={TRIGGER_WORDS[trigger].detail} />
              ))}
            </Stack>
          </Radio.Group>
          {form.trigger === 'time' ? (
            <NumberInput label="Seconds on the page" description="0–600" min={0} max={600} allowDecimal={false} value={form.delaySeconds} onChange={(value) => update({ delaySeconds: value })} error={errorFor('popup.delaySeconds')} />
          ) : null}
          {form.trigger === 'scroll' ? (
            <NumberInput label="Share of the page scrolled (%)" description="1–100" min={1} max={100} allowDecimal={false} value={form.scrollPercent} onChange={(value) => update({ scrollPercent: value })} error={errorFor('popup.scrollPercent')} />
          ) : null}
        </Stack>
      </SectionPanel>

      <SectionPanel id="popup-pages" title="On which pages" description="One rule a line, each starting with /: /services is that page and everything under it; * stands for any text (/blog/*).">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Textarea
            label="Only on these pages"
            description="Empty: every page."
            placeholder={'/services\n/pricing'}
            autosize
            minRows={3}
            value={form.includePaths}
            onChange={(event) => update({ includePaths: event.currentTarget.value })}
            error={errorFor('popup.includePaths')}
          />
          <Textarea
            label="Never on these pages"
            description="Wins over the list beside it."
            placeholder={'/careers\n/blog/*'}
            autosize
            minRows={3}
            value={form.excludePaths}
            onChange={(event) => update({ excludePaths: event.currentTarget.value })}
            error={errorFor('popup.excludePaths')}
          />
        </SimpleGrid>
      </SectionPanel>

      <SectionPanel id="popup-frequency" title="How often">
        <NumberInput
          label="Show it to the same visitor at most once every (days)"
          description={days === 0 ? '0: on every visit.' : days === null ? '0–365; 0 shows it on every visit.' : `A visitor who saw it waits ${days} ${days === 1 ? 'day' : 'days'} before it opens again.`}
          min={0}
          max={365}
          allowDecimal={false}
          value={form.frequencyDays}
          onChange={(value) => update({ frequencyDays: value })}
          error={errorFor('popup.frequencyDays')}
        />
      </SectionPanel>
    </WidgetSettingsFrame>
  );
}

/** /chat-widget/popup: when the popup opens, on which pages, how often one visitor sees it. */
export function PopupTab() {
  return <WithWidgetSettings what="popup settings">{(settings) => <PopupForm settings={settings} />}</WithWidgetSettings>;
}
