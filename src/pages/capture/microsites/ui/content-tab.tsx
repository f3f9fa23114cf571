import { Anchor, Button, Checkbox, Group, Paper, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { MICROSITE_LIMITS, type MicrositeReview, micrositeContentSchema } from '@contracts/microsites';
import { SectionPanel } from '@/shared/ui/section-panel';
import { type MicrositeView, useMicrositeMutations } from '@/entities/company';
import { issuesByField } from '../lib/schema-errors';
import { MicrositeFrame, SaveBasicFirst, useMicrositeForm, WithMicrosite } from './microsite-tab';

interface ContentForm {
  heroHeadline: string;
  heroText: string;
  /** The company's services (Settings → AI) shown on the page. */
  shown: string[];
  showServiceArea: boolean;
  showFaq: boolean;
  reviews: MicrositeReview[];
}

const STARS = ['5', '4', '3', '2', '1'].map((n) => ({ value: n, label: `${n} star${n === '1' ? '' : 's'}` }));

function ContentForm({ site }: { site: MicrositeView }) {
  const { saveContent } = useMicrositeMutations();
  const services = site.facts.services;
  const formFrom = (s: MicrositeView): ContentForm => {
    const hidden = new Set(s.content.hiddenServices.map((name) => name.toLowerCase()));
    return {
      heroHeadline: s.content.heroHeadline,
      heroText: s.content.heroText,
      shown: s.facts.services.filter((name) => !hidden.has(name.toLowerCase())),
      showServiceArea: s.content.showServiceArea,
      showFaq: s.content.showFaq,
      reviews: s.content.reviews,
    };
  };
  const toInput = (form: ContentForm) => ({
    heroHeadline: form.heroHeadline.trim(),
    heroText: form.heroText.trim(),
    hiddenServices: services.filter((name) => !form.shown.includes(name)),
    showServiceArea: form.showServiceArea,
    showFaq: form.showFaq,
    reviews: form.reviews.map((r) => ({ quote: r.quote.trim(), name: r.name.trim(), stars: r.stars })),
  });
  const validate = (form: ContentForm) => issuesByField(micrositeContentSchema.safeParse(toInput(form)));
  const { form, update, errorFor, frame } = useMicrositeForm({ site, formFrom, validate, toInput, save: saveContent });
  const setReview = (index: number, patch: Partial<MicrositeReview>) => update({ reviews: form.reviews.map((r, i) => (i === index ? { ...r, ...patch } : r)) });
  const area = site.facts.serviceArea;
  const faq = site.facts.faq;

  return (
    <MicrositeFrame {...frame} labelledBy="microsite-hero-title" submitLabel="Save content" unsavedWhat="the microsite content">
      <SectionPanel id="microsite-hero-title" title="Top of the page">
        <Stack gap="md">
          <TextInput
            label="Headline"
            required
            description="The biggest words on your page, e.g. “Leaks fixed today, anywhere in Austin”."
            maxLength={MICROSITE_LIMITS.heroHeadline}
            value={form.heroHeadline}
            onChange={(event) => update({ heroHeadline: event.currentTarget.value })}
            error={errorFor('heroHeadline')}
          />
          <Textarea
            label="Text under the headline"
            autosize
            minRows={2}
            maxLength={MICROSITE_LIMITS.heroText}
            value={form.heroText}
            onChange={(event) => update({ heroText: event.currentTarget.value })}
            error={errorFor('heroText')}
          />
        </Stack>
      </SectionPanel>

      <SectionPanel id="microsite-services-title" title="Services" description="From the services your assistant knows (Settings → AI). Untick the ones your page should not list.">
        {services.length ? (
          <Checkbox.Group value={form.shown} onChange={(shown) => update({ shown })} aria-labelledby="microsite-services-title" error={errorFor('hiddenServices')}>
            <Stack gap="xs">
              {services.map((name) => (
                <Checkbox key={name} value={name} label={name} />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : (
          <Text size="sm">
            You haven’t listed any services yet, so your page shows none.{' '}
            <Anchor component={Link} to="/settings/ai" size="sm">
              Add your services
            </Anchor>
          </Text>
        )}
      </SectionPanel>

      <SectionPanel id="microsite-area-title" title="Where you work">
        <Stack gap="sm">
          {area.length ? (
            <Text size="sm" data-testid="microsite-service-area">
              Your service area (from{' '}
              <Anchor component={Link} to="/settings/address" size="sm">
                Settings → Address
              </Anchor>
              ): {area.join(', ')}
            </Text>
          ) : (
            <Text size="sm">
              No service area is set, so your page shows only your city.{' '}
              <Anchor component={Link} to="/settings/address" size="sm">
                Set your service area
              </Anchor>
            </Text>
          )}
          <Switch label="Show where you work on the page" checked={form.showServiceArea} onChange={(event) => update({ showServiceArea: event.currentTarget.checked })} />
        </Stack>
      </SectionPanel>

      <SectionPanel id="microsite-faq-title" title="Common questions" description="The same questions and answers your assistant uses (Settings → AI): edit them there, and both change.">
        <Stack gap="sm">
          <Text size="sm">
            {faq.length ? `${faq.length} question${faq.length === 1 ? '' : 's'} in your FAQ.` : 'Your FAQ is empty, so the page shows no questions.'}{' '}
            <Anchor component={Link} to="/settings/ai" size="sm">
              Edit the FAQ
            </Anchor>
          </Text>
          <Switch label="Show the questions on the page" checked={form.showFaq} onChange={(event) => update({ showFaq: event.currentTarget.checked })} />
        </Stack>
      </SectionPanel>

      <SectionPanel id="microsite-reviews-title" title="Reviews" description={`What customers said, in their words, with their name and stars (up to ${MICROSITE_LIMITS.reviews}). None is fine too.`}>
        <Stack gap="md">
          {form.reviews.map((review, index) => (
            <Paper key={index} withBorder p="sm" radius="md" role="group" aria-label={`Review ${index + 1}`}>
              <Stack gap="xs">
                <Textarea
                  label="What they said"
                  autosize
                  minRows={2}
                  maxLength={MICROSITE_LIMITS.reviewQuote}
                  value={review.quote}
                  onChange={(event) => setReview(index, { quote: event.currentTarget.value })}
                  error={errorFor(`reviews.${index}.quote`)}
                />
                <Group align="flex-end" grow>
                  <TextInput
                    label="Their name"
                    maxLength={MICROSITE_LIMITS.reviewName}
                    value={review.name}
                    onChange={(event) => setReview(index, { name: event.currentTarget.value })}
                    error={errorFor(`reviews.${index}.name`)}
                  />
                  <Select label="Stars" data={STARS} value={String(review.stars)} allowDeselect={false} onChange={(value) => value && setReview(index, { stars: Number(value) })} />
                </Group>
                <Group justify="flex-end">
                  <Button variant="subtle" color="red" size="xs" onClick={() => update({ reviews: form.reviews.filter((_, i) => i !== index) })}>
                    Remove review {index + 1}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ))}
          {errorFor('reviews') ? (
            <Text size="sm" c="red">
              {errorFor('reviews')}
            </Text>
          ) : null}
          {form.reviews.length < MICROSITE_LIMITS.reviews ? (
            <Button variant="light" onClick={() => update({ reviews: [...form.reviews, { quote: '', name: '', stars: 5 }] })} style={{ alignSelf: 'flex-start' }}>
              Add a review
            </Button>
          ) : null}
        </Stack>
      </SectionPanel>

      <SectionPanel id="microsite-added-title" title="Added for you">
        <Text size="sm">
          Every page has a privacy policy, SMS terms and a contact form that asks permission to text the way carriers require. They name your business and need no
          editing.
        </Text>
      </SectionPanel>
    </MicrositeFrame>
  );
}

/** /microsites/content */
export function ContentTab() {
  return <WithMicrosite>{(site) => (site.exists ? <ContentForm site={site} /> : <SaveBasicFirst />)}</WithMicrosite>;
}
