import { SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { MICROSITE_LIMITS, micrositeAdvancedSchema, TRACKING_PROVIDERS, type TrackingProvider } from '@contracts/microsites';
import { ImageUpload } from '@/features/upload-image';
import { SectionPanel } from '@/shared/ui/section-panel';
import { type MicrositeView, useMicrositeMutations } from '@/entities/company';
import { issuesByField } from '../lib/schema-errors';
import { MicrositeFrame, SaveBasicFirst, useMicrositeForm, WithMicrosite } from './microsite-tab';

interface AdvancedForm {
  seoTitle: string;
  seoDescription: string;
  ogImageFileId: string | null;
  ogText: string;
  tracking: Record<TrackingProvider, string>;
  noindex: boolean;
}

const PROVIDERS = Object.keys(TRACKING_PROVIDERS) as TrackingProvider[];

const formFrom = (site: MicrositeView): AdvancedForm => ({
  seoTitle: site.advanced.seoTitle,
  seoDescription: site.advanced.seoDescription,
  ogImageFileId: site.advanced.ogImageFileId,
  ogText: site.advanced.ogText,
  tracking: { ga4: site.advanced.tracking.ga4 ?? '', gtm: site.advanced.tracking.gtm ?? '', metaPixel: site.advanced.tracking.metaPixel ?? '' },
  noindex: site.advanced.noindex,
});

const toInput = (form: AdvancedForm) => ({
  seoTitle: form.seoTitle.trim(),
  seoDescription: form.seoDescription.trim(),
  ogImageFileId: form.ogImageFileId,
  ogText: form.ogText.trim(),
  tracking: { ga4: form.tracking.ga4.trim() || null, gtm: form.tracking.gtm.trim() || null, metaPixel: form.tracking.metaPixel.trim() || null },
  noindex: form.noindex,
});
const validate = (form: AdvancedForm) => issuesByField(micrositeAdvancedSchema.safeParse(toInput(form)));

function AdvancedForm({ site }: { site: MicrositeView }) {
  const { saveAdvanced } = useMicrositeMutations();
  const { form, update, errorFor, frame } = useMicrositeForm({ site, formFrom, validate, toInput, save: saveAdvanced });
  return (
    <MicrositeFrame {...frame} labelledBy="microsite-seo-title" submitLabel="Save advanced settings" unsavedWhat="the microsite’s advanced settings">
      <SectionPanel id="microsite-seo-title" title="In search results" description="Empty fields use your name, tagline and headline.">
        <Stack gap="md">
          <TextInput
            label="Search title"
            description={`Up to ${MICROSITE_LIMITS.seoTitle} characters.`}
            maxLength={MICROSITE_LIMITS.seoTitle}
            value={form.seoTitle}
            onChange={(event) => update({ seoTitle: event.currentTarget.value })}
            error={errorFor('seoTitle')}
          />
          <Textarea
            label="Search description"
            description={`Up to ${MICROSITE_LIMITS.seoDescription} characters.`}
            autosize
            minRows={2}
            maxLength={MICROSITE_LIMITS.seoDescription}
            value={form.seoDescription}
            onChange={(event) => update({ seoDescription: event.currentTarget.value })}
            error={errorFor('seoDescription')}
          />
          <Switch
            label="Hide my page from search engines"
            description="Search engines are asked not to list it (noindex). People with the address still see it."
            checked={form.noindex}
            onChange={(event) => update({ noindex: event.currentTarget.checked })}
          />
        </Stack>
      </SectionPanel>

      <SectionPanel id="microsite-og-title" title="When the link is shared" description="What Facebook, iMessage or Slack show with a link to your page. Without a picture of its own, the link shows your logo, if you have one.">
        {frame.readOnly ? null : (
          <ImageUpload
            label="Link preview picture"
            description="A wide picture (about 1200 × 630) of your work or your team. PNG, JPEG, WebP or GIF up to 5 MB; photo data such as the location is removed."
            value={form.ogImageFileId}
            onChange={(id) => update({ ogImageFileId: id })}
            alt="The picture shown with a link to your page"
            emptyText="No picture of its own: the link shows your logo."
            error={errorFor('ogImageFileId')}
          />
        )}
        <Textarea
          label="Link preview text"
          autosize
          minRows={2}
          maxLength={MICROSITE_LIMITS.ogText}
          value={form.ogText}
          onChange={(event) => update({ ogText: event.currentTarget.value })}
          error={errorFor('ogText')}
        />
      </SectionPanel>

      <SectionPanel
        id="microsite-tracking-title"
        title="Tracking"
        description="Paste only the id from your analytics or ads account, not a code snippet: your page loads the provider’s own code for it. The privacy policy then mentions these tools."
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {PROVIDERS.map((provider) => (
            <TextInput
              key={provider}
              label={TRACKING_PROVIDERS[provider].label}
              placeholder={TRACKING_PROVIDERS[provider].example}
              value={form.tracking[provider]}
              onChange={(event) => update({ tracking: { ...form.tracking, [provider]: event.currentTarget.value } })}
              error={errorFor(`tracking.${provider}`)}
            />
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="sm">
          Only these three are supported, so nothing else can run on your page.
        </Text>
      </SectionPanel>
    </MicrositeFrame>
  );
}

/** /microsites/advanced */
export function AdvancedTab() {
  return <WithMicrosite>{(site) => (site.exists ? <AdvancedForm site={site} /> : <SaveBasicFirst />)}</WithMicrosite>;
}
