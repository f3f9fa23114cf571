import { Alert, Anchor, Badge, Button, Group, Stack, Switch, Text, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { apiFieldErrors } from '@/shared/api-errors';
import { useVersionedSettingsForm, type VersionedSave } from '@/shared/lib/tab-form';
import { LoadError } from '@/shared/ui/load-error';
import { SectionPanel } from '@/shared/ui/section-panel';
import { ScreenSpinner } from '@/shared/ui/spinner';
import { VersionedSettingsFrame } from '@/shared/ui/versioned-settings-form';
import { type MicrositeView, useMicrosite, useMicrositeMutations, useMicrositePreview } from '@/entities/company';

/**
 * Every microsite tab: loads the site, then shows its public address with Open and the live/offline switch, the
 * tab's own part, and the preview of the page as it is now.
 */
export function WithMicrosite({ children }: { children: (site: MicrositeView) => ReactNode }) {
  const site = useMicrosite();
  if (site.isPending) return <ScreenSpinner />;
  if (site.isError) return <LoadError title="Couldn’t load your microsite" error={site.error} onRetry={site.refetch} />;
  return (
    <Stack gap="lg">
      <SiteBar site={site.data} />
      {children(site.data)}
      <Preview site={site.data} />
    </Stack>
  );
}

/** The public address with Open, and the switch (saved at once: it is not part of any tab's form). */
function SiteBar({ site }: { site: MicrositeView }) {
  const { setPublished } = useMicrositeMutations();
  if (!site.exists) {
    return (
      <Alert color="blue" title="Your page isn’t live yet" data-testid="microsite-address">
        <Text size="sm">
          Save the Basic tab and your page goes live at <strong>{site.urls.public}</strong>. You can take it offline again at any time.
        </Text>
      </Alert>
    );
  }
  const others = [site.urls.custom, site.urls.subdomain, site.urls.path].filter((url): url is string => Boolean(url) && url !== site.urls.public);
  return (
    <SectionPanel id="microsite-address-title" title="Your page">
      <Stack gap="xs" data-testid="microsite-address">
        <Group gap="sm" wrap="wrap">
          <Badge color={site.published ? 'green' : 'gray'} variant="light">
            {site.published ? 'Live' : 'Offline'}
          </Badge>
          <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
            {site.urls.public}
          </Text>
          <Anchor href={site.urls.public} target="_blank" rel="noopener noreferrer" size="sm">
            Open
            <VisuallyHidden> your page (opens in a new tab)</VisuallyHidden>
          </Anchor>
        </Group>
        {others.length ? (
          <Text size="xs" c="dimmed">
            Also at: {others.join(' · ')}
          </Text>
        ) : null}
        <Switch
          label={site.published ? 'Live: anyone with the address can see your page' : 'Offline: the address shows “page not found”'}
          checked={site.published}
          disabled={!site.canEdit || setPublished.isPending}
          onChange={(event) => setPublished.mutate({ published: event.currentTarget.checked })}
        />
        {setPublished.isError ? (
          <Text size="sm" c="red" role="alert">
            {setPublished.error.message}
          </Text>
        ) : null}
      </Stack>
    </SectionPanel>
  );
}

/** The page as the server renders it now, in a frame that runs no script and sends no form. */
function Preview({ site }: { site: MicrositeView }) {
  const preview = useMicrositePreview(site.exists);
  if (!site.exists) return null;
  return (
    <SectionPanel id="microsite-preview-title" title="Preview" description="Your page as it is saved now (the form is switched off here). Save a tab to see its changes.">
      {preview.isError ? (
        <LoadError title="Couldn’t load the preview" error={preview.error} onRetry={preview.refetch} />
      ) : preview.data?.html ? (
        <iframe
          title="Preview of your microsite"
          sandbox=""
          srcDoc={preview.data.html}
          style={{ width: '100%', height: 640, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8, background: '#fff' }}
        />
      ) : (
        <ScreenSpinner />
      )}
    </SectionPanel>
  );
}

/** Before the first Basic save, the other tabs say so instead of a form. */
export function SaveBasicFirst() {
  return (
    <Alert color="gray" title="Start with the basics">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">This part of your page can be set once the page exists: save the Basic tab first.</Text>
        <Button component={Link} to="/microsites/basic" variant="light" size="xs">
          Go to Basic
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * One tab's form-then-Save over the microsite (decision 0018): the form starts from what is saved, Save sends this
 * tab's fields with the version it read; the server's field errors land under their fields, a newer save by
 * someone else is a conflict with "Reload", staff get a read-only form.
 */
export function useMicrositeForm<Form, Fields>({
  site,
  formFrom,
  validate,
  toInput,
  save,
}: {
  site: MicrositeView;
  formFrom: (site: MicrositeView) => Form;
  validate: (form: Form) => Record<string, string>;
  toInput: (form: Form) => Fields;
  save: VersionedSave<Fields & { expectedVersion: number }, MicrositeView>;
}) {
  const { readCurrent, onSaved } = useMicrositeMutations();
  return useVersionedSettingsForm({ settings: site, formFrom, validate, toInput, save, onSaved, readCurrent });
}

export function MicrositeFrame({
  labelledBy,
  unsavedWhat,
  submitLabel,
  children,
  ...state
}: ReturnType<typeof useMicrositeForm>['frame'] & { labelledBy: string; unsavedWhat: string; submitLabel: string; children: ReactNode }) {
  return (
    <VersionedSettingsFrame
      labelledBy={labelledBy}
      unsavedWhat={unsavedWhat}
      submitLabel={submitLabel}
      what="the microsite"
      readOnlyNote="Only the owner or an admin can change the microsite, because it speaks for your business on the web. Ask them if something here should change."
      state={state}
    >
      {children}
    </VersionedSettingsFrame>
  );
}

/** A mutation's refusal in words: the field errors (or the message) of a failed save outside a tab form. */
export function refusalOf(error: unknown): { fields: Record<string, string>; message: string | null } {
  const fields = apiFieldErrors(error);
  if (Object.keys(fields).length) return { fields, message: null };
  return { fields, message: error instanceof Error && error.message ? error.message : 'That did not work. Please try again.' };
}
