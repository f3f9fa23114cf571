import { ActionIcon, Button, Group, NumberInput, Radio, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { MAX_REVIEW_LINKS, MAX_REVIEW_TEMPLATE_LENGTH, REVIEW_SITE_WORDS, REVIEW_SITES, type ReviewLink, type ReviewSite, reviewTemplateProblem, reviewUrlProblem, withLink } from '@contracts/reviews';
import { useCompanySettings } from '@/entities/company';
import { apiFieldErrors } from '@/shared/api-errors';
import { useTRPC } from '@/shared/api-react';
import { previewMergeTags } from '@/shared/lib/format';
import { SectionPanel } from '@/shared/ui/section-panel';
import { TemplateField } from '@/shared/ui/template-field';
import { UnsavedChangesGuard } from '@/shared/ui/unsaved-changes';
import { type ReviewSettingsView, setCachedReviewSettings } from '@/entities/review-request';

interface Form {
  links: ReviewLink[];
  primaryLinkId: string | null;
  template: string;
  automatic: boolean;
  delayHours: number | string;
  reminder: boolean;
  reminderAfterDays: number | string;
}

const formFrom = (saved: ReviewSettingsView): Form => ({ ...saved, delayHours: saved.delayMinutes / 60 });
const newLinkId = () => `link-${Math.random().toString(36).substring(2, 10)}`;

function validate(form: Form): Record<string, string> {
  const errors: Record<string, string> = {};
  form.links.forEach((link, index) => {
    const problem = reviewUrlProblem(link.url);
    if (problem) errors[`links.${index}.url`] = problem;
  });
  const template = reviewTemplateProblem(form.template);
  if (template) errors.template = template;
  const hours = Number(form.delayHours);
  if (!Number.isFinite(hours) || hours < 0 || hours > 168 || !Number.isInteger(hours * 60)) errors.delayMinutes = 'Between 0 and 168 hours';
  const days = Number(form.reminderAfterDays);
  if (!Number.isInteger(days) || days < 1 || days > 14) errors.reminderAfterDays = 'A whole number of days, 1 to 14';
  return errors;
}

/**
 * The review settings: the company's review links (https only, one chosen to send), the text with its {link} and a
 * preview, the automatic request after a won job and its delay, the one reminder.
 */
export function ReviewSettingsPanel({ settings }: { settings: ReviewSettingsView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const company = useCompanySettings();
  const [form, setForm] = useState<Form>(() => formFrom(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [shown, setShown] = useState(false);
  const save = useMutation(
    trpc.reviews.settings.set.mutationOptions({
      onSuccess: (saved) => {
        setCachedReviewSettings(queryClient, saved);
        setForm(formFrom(saved));
        notifications.show({ color: 'green', message: 'Review settings saved' });
      },
      onError: (error) => setErrors({ ...apiFieldErrors(error), ...(Object.keys(apiFieldErrors(error)).length ? {} : { form: error.message }) }),
    }),
  );
  const dirty = JSON.stringify(form) !== JSON.stringify(formFrom(settings));
  const update = (change: Partial<Form>) => setForm((current) => ({ ...current, ...change }));
  const setLink = (index: number, change: Partial<ReviewLink>) => update({ links: form.links.map((link, at) => (at === index ? { ...link, ...change } : link)) });
  const visible = shown ? errors : {};
  const primaryId = form.links.some((link) => link.id === form.primaryLinkId) ? form.primaryLinkId : (form.links[0]?.id ?? null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(form);
    setErrors(found);
    setShown(true);
    if (Object.keys(found).length > 0) return;
    save.mutate({
      links: form.links.map((link) => ({ ...link, url: link.url.trim() })),
      primaryLinkId: primaryId,
      template: form.template,
      automatic: form.automatic,
      delayMinutes: Math.round(Number(form.delayHours) * 60),
      reminder: form.reminder,
      reminderAfterDays: Number(form.reminderAfterDays),
    });
  };

  const businessName = company.data?.name ?? 'Your business';
  const preview = withLink(previewMergeTags(form.template, { businessName, businessPhone: null }), 'https://…/r/Xy12Ab34Cd56');

  return (
    <form onSubmit={submit} noValidate aria-labelledby="review-settings-title">
      <UnsavedChangesGuard when={dirty && !save.isPending} what="your review settings" />
      <SectionPanel id="review-settings-title" title="Settings" description="Every customer gets the same public link: LeadLoop never screens out unhappy customers first (review sites forbid it).">
        <Stack gap="md">
          <Stack gap="xs" role="group" aria-label="Your review links">
            <Text fw={600} size="sm">
              Your review links
            </Text>
            {form.links.length === 0 ? (
              <Text size="sm" c="dimmed">
                No link yet: add the address of your Google, Facebook or Yelp review page. Requests need one to go out.
              </Text>
            ) : null}
            <Radio.Group value={primaryId} onChange={(value) => update({ primaryLinkId: value })} aria-label="The link customers get">
              <Stack gap="xs">
                {form.links.map((link, index) => (
                  <Group key={link.id} gap="xs" align="flex-start" wrap="wrap">
                    <Select
                      aria-label={`Site of link ${index + 1}`}
                      w={130}
                      data={REVIEW_SITES.map((site) => ({ value: site, label: REVIEW_SITE_WORDS[site] }))}
                      value={link.site}
                      allowDeselect={false}
                      onChange={(value) => value && setLink(index, { site: value as ReviewSite })}
                    />
                    <TextInput
                      aria-label={`Address of link ${index + 1}`}
                      placeholder="https://g.page/r/…/review"
                      style={{ flex: 1, minWidth: 220 }}
                      value={link.url}
                      onChange={(event) => setLink(index, { url: event.currentTarget.value })}
                      error={visible[`links.${index}.url`]}
                    />
                    <Radio value={link.id} label="Send this one" mt={8} />
                    <ActionIcon variant="subtle" color="gray" mt={4} aria-label={`Remove link ${index + 1}`} onClick={() => update({ links: form.links.filter((_, at) => at !== index) })}>
                      ✕
                    </ActionIcon>
                  </Group>
                ))}
              </Stack>
            </Radio.Group>
            {form.links.length < MAX_REVIEW_LINKS ? (
              <Group>
                <Button variant="light" size="xs" onClick={() => update({ links: [...form.links, { id: newLinkId(), site: form.links.length === 0 ? 'google' : 'other', url: '' }] })}>
                  Add a review link
                </Button>
              </Group>
            ) : null}
          </Stack>

          <TemplateField
            label="Text customers get"
            description="{link} becomes the customer’s own short link to the review page you chose."
            value={form.template}
            onChange={(template) => update({ template })}
            error={visible.template}
            maxLength={MAX_REVIEW_TEMPLATE_LENGTH}
            filled={preview}
            previewLabel="A customer named Sam gets:"
          />

          <Switch label="Ask automatically when a lead is marked won" checked={form.automatic} onChange={(event) => update({ automatic: event.currentTarget.checked })} />
          <NumberInput
            label="Hours after the job is won"
            description="Texts wait for 9 am – 8 pm in the customer’s time zone."
            w={260}
            min={0}
            max={168}
            step={0.5}
            decimalScale={2}
            value={form.delayHours}
            onChange={(value) => update({ delayHours: value })}
            error={visible.delayMinutes}
            disabled={!form.automatic}
          />
          <Switch label="Send one reminder if they haven’t opened the link" checked={form.reminder} onChange={(event) => update({ reminder: event.currentTarget.checked })} />
          <NumberInput
            label="Days before the reminder"
            description="Not sent if they opened the link, opted out, or replied unhappy."
            w={260}
            min={1}
            max={14}
            allowDecimal={false}
            value={form.reminderAfterDays}
            onChange={(value) => update({ reminderAfterDays: value })}
            error={visible.reminderAfterDays}
            disabled={!form.reminder}
          />
          {visible.form ? (
            <Text size="sm" c="red" role="alert">
              {visible.form}
            </Text>
          ) : null}
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!dirty}>
              Save review settings
            </Button>
          </Group>
        </Stack>
      </SectionPanel>
    </form>
  );
}
