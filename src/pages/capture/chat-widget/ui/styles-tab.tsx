import { Anchor, Avatar, Button, ColorInput, FileButton, Group, Radio, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, type AvatarType, WIDGET_LAUNCHER_ICONS, WIDGET_POSITIONS, type WidgetLauncherIcon, type WidgetPosition } from '@contracts/widget';
import { BusinessNumberState, useBusinessNumber, useCompanySettings } from '@/entities/company';
import { CodeSnippet, WidgetFrame, type WidgetSettingsView } from '@/entities/website-widget';
import { SectionPanel } from '@/shared/ui/section-panel';
import { COLOUR_PATTERN, domainsProblem, linesOf, problems, scriptTag, wordsProblem } from '../lib/widget-form';
import { useWidgetSettingsForm, WidgetSettingsFrame, WithWidgetSettings } from './widget-settings-form';

const POSITION_WORDS: Record<WidgetPosition, string> = { bottom_right: 'Bottom right', bottom_left: 'Bottom left' };
const ICON_WORDS: Record<WidgetLauncherIcon, string> = { chat: 'Chat bubble', message: 'Envelope', phone: 'Phone', none: 'No icon (text only)' };

interface StylesForm {
  enabled: boolean;
  allowedDomains: string;
  greeting: string;
  primaryColor: string;
  textColor: string;
  position: WidgetPosition;
  launcherIcon: WidgetLauncherIcon;
  launcherText: string;
  /** The avatar picture: as saved, to be removed, or a new one chosen (sent with Save). */
  avatar: { kind: 'keep' } | { kind: 'remove' } | { kind: 'new'; contentType: AvatarType; data: string; name: string };
}

function formFrom(settings: WidgetSettingsView): StylesForm {
  return {
    enabled: settings.enabled,
    allowedDomains: settings.allowedDomains.join('\n'),
    greeting: settings.greeting,
    primaryColor: settings.appearance.primaryColor,
    textColor: settings.appearance.textColor,
    position: settings.appearance.position,
    launcherIcon: settings.appearance.launcherIcon,
    launcherText: settings.appearance.launcherText,
    avatar: { kind: 'keep' },
  };
}

export function validateStyles(form: StylesForm): Record<string, string> {
  return problems({
    allowedDomains: domainsProblem(form.allowedDomains, form.enabled),
    greeting: wordsProblem('The greeting', form.greeting, 300),
    'appearance.primaryColor': COLOUR_PATTERN.test(form.primaryColor) ? undefined : 'Use a colour like #1c7ed6',
    'appearance.textColor': COLOUR_PATTERN.test(form.textColor) ? undefined : 'Use a colour like #ffffff',
    'appearance.launcherText':
      form.launcherText.trim().length > 40 ? 'The launcher text must be at most 40 characters' : form.launcherIcon === 'none' && !form.launcherText.trim() ? 'With no icon, the button needs a text' : undefined,
  });
}

function toInput(form: StylesForm) {
  const avatar = form.avatar.kind === 'keep' ? {} : { avatar: form.avatar.kind === 'remove' ? null : { contentType: form.avatar.contentType, data: form.avatar.data } };
  return {
    ...avatar,
    enabled: form.enabled,
    allowedDomains: linesOf(form.allowedDomains),
    greeting: form.greeting.trim(),
    appearance: { primaryColor: form.primaryColor, textColor: form.textColor, position: form.position, launcherIcon: form.launcherIcon, launcherText: form.launcherText.trim() },
  };
}

function StylesForm({ settings }: { settings: WidgetSettingsView }) {
  const { form, update, errorFor, frame } = useWidgetSettingsForm({ settings, formFrom, validate: validateStyles, toInput });
  const companyName = useCompanySettings().data?.name ?? '';
  return (
    <WidgetSettingsFrame {...frame} labelledBy="widget-on-website" submitLabel="Save chat widget" unsavedWhat="the chat widget settings">
      <SectionPanel id="widget-on-website" title="On your website">
        <Stack gap="md">
          <Switch
            label="Show the chat widget on my website"
            description={form.enabled ? 'On: the websites below show the chat button once the code is on their pages.' : 'Off: the code shows nothing and no website can send you leads through it.'}
            checked={form.enabled}
            onChange={(event) => update({ enabled: event.currentTarget.checked })}
          />
          <Textarea
            label="Websites allowed to show the widget"
            description="One a line: example.com is that site only; *.example.com is example.com and all its subdomains. Other websites can’t use your code."
            placeholder={'example.com\n*.example.com'}
            autosize
            minRows={2}
            value={form.allowedDomains}
            onChange={(event) => update({ allowedDomains: event.currentTarget.value })}
            error={errorFor('allowedDomains')}
          />
        </Stack>
      </SectionPanel>

      <SectionPanel id="widget-look" title="How it looks">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ColorInput label="Button and header colour" format="hex" withEyeDropper={false} value={form.primaryColor} onChange={(value) => update({ primaryColor: value })} error={errorFor('appearance.primaryColor')} />
            <ColorInput label="Text colour on it" format="hex" withEyeDropper={false} value={form.textColor} onChange={(value) => update({ textColor: value })} error={errorFor('appearance.textColor')} />
          </SimpleGrid>
          <Radio.Group label="Corner of the page" value={form.position} onChange={(value) => update({ position: value as WidgetPosition })}>
            <Stack gap="xs" mt="xs">
              {WIDGET_POSITIONS.map((position) => (
                <Radio key={position} value={position} label={POSITION_WORDS[position]} />
              ))}
            </Stack>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Button icon"
              data={WIDGET_LAUNCHER_ICONS.map((icon) => ({ value: icon, label: ICON_WORDS[icon] }))}
              value={form.launcherIcon}
              onChange={(value) => value && update({ launcherIcon: value as WidgetLauncherIcon })}
              allowDeselect={false}
            />
            <TextInput
              label="Button text"
              description="Up to 40 characters; empty shows the icon only."
              maxLength={40}
              value={form.launcherText}
              onChange={(event) => update({ launcherText: event.currentTarget.value })}
              error={errorFor('appearance.launcherText')}
            />
          </SimpleGrid>
          <Textarea
            label="Greeting"
            description="The first words a visitor reads when they open the widget (up to 300 characters)."
            autosize
            minRows={2}
            maxLength={300}
            value={form.greeting}
            onChange={(event) => update({ greeting: event.currentTarget.value })}
            error={errorFor('greeting')}
          />
          <AvatarField
            savedUrl={settings.avatarUrl}
            value={form.avatar}
            businessName={companyName}
            onChange={(avatar) => update({ avatar })}
            error={errorFor('avatar')}
          />
        </Stack>
      </SectionPanel>
    </WidgetSettingsFrame>
  );
}

function InstallAndPreview({ settings }: { settings: WidgetSettingsView }) {
  return (
    <>
      <SectionPanel
        id="widget-code"
        title="Put it on your website"
        description="Paste this line into every page that should show the widget, just before </body> (or in your site builder’s “custom code” box)."
      >
        <CodeSnippet code={scriptTag(settings.scriptUrl, settings.publicKey)} label="Widget code" />
      </SectionPanel>
      <SectionPanel id="widget-preview" title="Live preview" description="Your saved settings, in the real widget, on a sample page. A save shows here within 15 seconds.">
        <Stack gap="xs">
          <WidgetFrame settings={settings} title="Live preview of your chat widget" height={520} />
          <Anchor size="sm" data-standalone renderRoot={(props) => <Link to="/widget-demo" {...props} />}>
            Open the full demo page
          </Anchor>
        </Stack>
      </SectionPanel>
    </>
  );
}

/** /chat-widget/styles: whether and where the widget shows, how it looks, its code and a live preview. */
export function StylesTab() {
  const number = useBusinessNumber();
  return (
    <Stack gap="lg">
      {number.data === null ? (
        <BusinessNumberState icon="✉" feature="The chat widget" what="The chat widget is a small button on your website. A visitor leaves their name, mobile number and question, and gets a text from you within seconds, even after they leave your site." />
      ) : null}
      <WithWidgetSettings what="chat widget settings">
        {(settings) => (
          <>
            <StylesForm settings={settings} />
            <InstallAndPreview settings={settings} />
          </>
        )}
      </WithWidgetSettings>
    </Stack>
  );
}

/** Reads a chosen file as base64 (what the save sends), or says why it can't be used. */
async function readPicture(file: File): Promise<{ contentType: AvatarType; data: string } | { error: string }> {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return { error: 'Use a PNG, JPEG or WebP picture.' };
  if (file.size > AVATAR_MAX_BYTES) return { error: `This picture is ${Math.ceil(file.size / 1024)} kB; at most ${AVATAR_MAX_BYTES / 1024} kB. A 256 × 256 picture is plenty.` };
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { contentType: file.type as AvatarType, data: btoa(binary) };
}

/** The picture in the widget's header: the saved one, a new one waiting for Save, or the business's initials. */
function AvatarField({
  savedUrl,
  value,
  businessName,
  onChange,
  error,
}: {
  savedUrl: string | null;
  value: StylesForm['avatar'];
  businessName: string;
  onChange: (avatar: StylesForm['avatar']) => void;
  error: string | undefined;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const shown = value.kind === 'new' ? `data:${value.contentType};base64,${value.data}` : value.kind === 'remove' ? null : savedUrl;
  const choose = async (file: File | null) => {
    if (!file) return;
    const read = await readPicture(file);
    if ('error' in read) {
      setProblem(read.error);
      return;
    }
    setProblem(null);
    onChange({ kind: 'new', ...read, name: file.name });
  };
  const initials = businessName
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word))
    .slice(0, 2)
    .map((word) => Array.from(word)[0]!.toUpperCase())
    .join('');
  return (
    <Stack gap={6} role="group" aria-labelledby="widget-avatar-label">
      <Text size="sm" fw={500} id="widget-avatar-label">
        Picture in the widget’s header
      </Text>
      <Group gap="sm" wrap="nowrap">
        <Avatar src={shown} alt={shown ? 'Widget picture' : undefined} radius="xl" size={48} color="blue">
          {initials || null}
        </Avatar>
        <Stack gap={4}>
          <Group gap="xs">
            <FileButton onChange={(file) => void choose(file)} accept={AVATAR_TYPES.join(',')}>
              {(props) => (
                <Button {...props} size="xs" variant="default">
                  {shown ? 'Choose another picture' : 'Choose a picture'}
                </Button>
              )}
            </FileButton>
            {shown ? (
              <Button size="xs" variant="subtle" color="red" onClick={() => onChange(savedUrl ? { kind: 'remove' } : { kind: 'keep' })}>
                Remove picture
              </Button>
            ) : value.kind === 'remove' ? (
              <Button size="xs" variant="subtle" onClick={() => onChange({ kind: 'keep' })}>
                Keep the saved picture
              </Button>
            ) : null}
          </Group>
          <Text size="xs" c={problem || error ? 'red' : 'dimmed'} role={problem || error ? 'alert' : undefined}>
            {problem ??
              error ??
              (value.kind === 'new'
                ? `${value.name}: shown after you save.`
                : value.kind === 'remove'
                  ? 'Removed after you save: the widget shows your initials.'
                  : 'A logo or a friendly face; PNG, JPEG or WebP up to 256 kB. Without one, the widget shows your initials.')}
          </Text>
        </Stack>
      </Group>
    </Stack>
  );
}
