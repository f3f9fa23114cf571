import { Anchor, ColorInput, Image, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { colourProblem, MICROSITE_CTA_WORDS, MICROSITE_CTAS, MICROSITE_LIMITS, type MicrositeCta, micrositeBasicSchema } from '@contracts/microsites';
import { formatPhone } from '@contracts/phone';
import { ImageUpload } from '@/features/upload-image';
import { SectionPanel } from '@/shared/ui/section-panel';
import { type MicrositeView, useMicrositeMutations } from '@/entities/company';
import { issuesByField } from '../lib/schema-errors';
import { MicrositeFrame, useMicrositeForm, WithMicrosite } from './microsite-tab';

interface BasicForm {
  name: string;
  tagline: string;
  primaryColor: string;
  accentColor: string;
  logoFileId: string | null;
  cta: MicrositeCta;
}

const formFrom = (site: MicrositeView): BasicForm => ({ ...site.basic });
const toInput = (form: BasicForm) => ({ ...form, name: form.name.trim(), tagline: form.tagline.trim() });
const validate = (form: BasicForm) => issuesByField(micrositeBasicSchema.safeParse(toInput(form)));

/** What the upload control receives, when the uploads feature plugs it into the Basic tab. */
export interface LogoSlotProps {
  fileId: string | null;
  onChange: (fileId: string | null) => void;
  disabled: boolean;
}

const CTA_HINTS: Record<MicrositeCta, string> = {
  call: 'Visitors on a phone call your business number.',
  text: 'Visitors on a phone start a text to your business number.',
  widget: 'Visitors chat with you through your website widget (and can always use the form).',
};

/**
 * Basic: name, tagline, colours (readable with white text), logo and the main button. The first save publishes
 * the page. `logoSlot` is where the uploads feature puts its control; without it the tab shows the saved logo.
 */
export function BasicForm({ site, logoSlot }: { site: MicrositeView; logoSlot?: (props: LogoSlotProps) => ReactNode }) {
  const { saveBasic } = useMicrositeMutations();
  const { form, update, errorFor, frame } = useMicrositeForm({ site, formFrom, validate, toInput, save: saveBasic });
  const phone = site.facts.businessPhone;
  const contrast = (label: string, value: string) => (value ? colourProblem(label, value) : null);
  return (
    <MicrositeFrame {...frame} labelledBy="microsite-basic-title" submitLabel={site.exists ? 'Save basics' : 'Save and publish'} unsavedWhat="the microsite basics">
      <SectionPanel id="microsite-basic-title" title="About your business" description="What visitors read first. Your company name comes from Settings → Company; change it here if your page should say it differently.">
        <Stack gap="md">
          <TextInput label="Business name" required maxLength={MICROSITE_LIMITS.name} value={form.name} onChange={(event) => update({ name: event.currentTarget.value })} error={errorFor('name')} />
          <TextInput
            label="Tagline"
            description={`One short line under your name (up to ${MICROSITE_LIMITS.tagline} characters).`}
            maxLength={MICROSITE_LIMITS.tagline}
            value={form.tagline}
            onChange={(event) => update({ tagline: event.currentTarget.value })}
            error={errorFor('tagline')}
          />
          <div>
            {/* The upload control labels itself. */}
            {logoSlot ? null : (
              <Text size="sm" fw={500}>
                Logo
              </Text>
            )}
            {logoSlot ? (
              logoSlot({ fileId: form.logoFileId, onChange: (logoFileId) => update({ logoFileId }), disabled: frame.readOnly })
            ) : site.logo && form.logoFileId === site.basic.logoFileId ? (
              <Image src={site.logo.src} w={Math.min(site.logo.width, 200)} h="auto" alt="Your logo" mt="xs" />
            ) : (
              <Text size="sm" c="dimmed">
                No logo: your page shows your business name.
              </Text>
            )}
            {errorFor('logoFileId') ? (
              <Text size="sm" c="red">
                {errorFor('logoFileId')}
              </Text>
            ) : null}
          </div>
        </Stack>
      </SectionPanel>

      <SectionPanel id="microsite-colours-title" title="Colours" description="Buttons use the main colour and the top of the page the accent, both with white text: each must be dark enough to read.">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ColorInput
            label="Main colour (buttons, links)"
            format="hex"
            withEyeDropper={false}
            value={form.primaryColor}
            onChange={(value) => update({ primaryColor: value })}
            error={errorFor('primaryColor') ?? contrast('The main colour', form.primaryColor) ?? undefined}
          />
          <ColorInput
            label="Accent colour (top of the page)"
            format="hex"
            withEyeDropper={false}
            value={form.accentColor}
            onChange={(value) => update({ accentColor: value })}
            error={errorFor('accentColor') ?? contrast('The accent colour', form.accentColor) ?? undefined}
          />
        </SimpleGrid>
      </SectionPanel>

      <SectionPanel id="microsite-cta-title" title="Main button" description="The big button at the top of your page.">
        <Radio.Group value={form.cta} onChange={(value) => update({ cta: value as MicrositeCta })} aria-labelledby="microsite-cta-title" error={errorFor('cta')}>
          <Stack gap="sm">
            {MICROSITE_CTAS.map((cta) => (
              <Radio key={cta} value={cta} label={MICROSITE_CTA_WORDS[cta]} description={CTA_HINTS[cta]} />
            ))}
          </Stack>
        </Radio.Group>
        {(form.cta === 'call' || form.cta === 'text') && !phone ? (
          <Text size="sm" mt="sm">
            You have no business number yet, so the button takes visitors to the form on your page.{' '}
            <Anchor component={Link} to="/settings/phone" size="sm">
              Set up your number
            </Anchor>
          </Text>
        ) : null}
        {form.cta === 'widget' && !site.facts.widgetEnabled ? (
          <Text size="sm" mt="sm">
            Your website widget is off, so the button takes visitors to the form on your page.{' '}
            <Anchor component={Link} to="/chat-widget/styles" size="sm">
              Turn the widget on
            </Anchor>
          </Text>
        ) : null}
        {phone && form.cta !== 'widget' ? (
          <Text size="sm" c="dimmed" mt="sm">
            Your business number: {formatPhone(phone)}
          </Text>
        ) : null}
      </SectionPanel>
    </MicrositeFrame>
  );
}

/** /microsites/basic */
export function BasicTab() {
  return (
    <WithMicrosite>
      {(site) => (
        <BasicForm
          site={site}
          logoSlot={({ fileId, onChange, disabled }) =>
            disabled ? (
              site.logo ? <Image src={site.logo.src} w={Math.min(site.logo.width, 200)} h="auto" alt="Your logo" mt="xs" /> : <Text size="sm" c="dimmed">No logo: your page shows your business name.</Text>
            ) : (
              <ImageUpload label="Logo" value={fileId} onChange={(id) => onChange(id)} alt={`Logo of ${site.basic.name}`} emptyText="No logo: your page shows your business name." />
            )
          }
        />
      )}
    </WithMicrosite>
  );
}
