import { Alert, Anchor, Button, Code, Group, List, Stack, Table, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { customDomainSchema, slugSchema } from '@contracts/microsites';
import { SectionPanel } from '@/shared/ui/section-panel';
import { type MicrositeView, useMicrositeMutations } from '@/entities/company';
import { refusalOf, SaveBasicFirst, WithMicrosite } from './microsite-tab';

/** The page's own hosts, which the chat widget must allow when it is the main button. */
const widgetHosts = (site: MicrositeView) => [site.micrositeDomain ? `${site.slug}.${site.micrositeDomain}` : null, site.customDomain].filter((h): h is string => Boolean(h));

/** The free address: `/m/<slug>` (and `<slug>.<MICROSITE_DOMAIN>`), changed with its own button. */
function FreeAddress({ site }: { site: MicrositeView }) {
  const { setSlug } = useMicrositeMutations();
  const [slug, setValue] = useState(site.slug);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const parsed = slugSchema.safeParse(slug);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the address');
    setError(null);
    setSlug.mutate(
      { slug: parsed.data },
      {
        onSuccess: (next) => {
          setValue(next.slug);
          setSaved(true);
        },
        onError: (failure) => {
          const refusal = refusalOf(failure);
          setError(refusal.fields.slug ?? refusal.message ?? 'That did not work. Please try again.');
        },
      },
    );
  };
  return (
    <SectionPanel id="microsite-free-title" title="Your free address" description="Included with LeadLoop. Changing it stops the old address at once, so update any links you shared.">
      <form onSubmit={submit} noValidate aria-labelledby="microsite-free-title">
        <Stack gap="sm">
          <TextInput
            label="Address name"
            description={site.micrositeDomain ? `Your page is at ${slug || '…'}.${site.micrositeDomain} and ${site.urls.path.replace(/[^/]+$/, '')}${slug || '…'}` : `Your page is at ${site.urls.path.replace(/[^/]+$/, '')}${slug || '…'}`}
            value={slug}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setSaved(false);
            }}
            error={error}
            disabled={!site.canEdit}
          />
          <Group>
            <Button type="submit" loading={setSlug.isPending} disabled={!site.canEdit || slug.trim() === site.slug}>
              Change address
            </Button>
            {saved ? (
              <Text size="sm" role="status">
                ✓ Address changed
              </Text>
            ) : null}
          </Group>
        </Stack>
      </form>
    </SectionPanel>
  );
}

function DomainCheck({ site }: { site: MicrositeView }) {
  const { checkDomain } = useMicrositeMutations();
  const check = site.domainCheck;
  if (!site.customDomain) return null;
  return (
    <Stack gap="sm" data-testid="domain-check">
      {check?.ok ? (
        <Alert color="green" title="Connected">
          <Text size="sm">
            {site.customDomain} points to your page: it is live at{' '}
            <Anchor href={`${new URL(site.urls.path).protocol}//${site.customDomain}`} target="_blank" rel="noopener noreferrer">
              {site.customDomain}
            </Anchor>
            .
          </Text>
        </Alert>
      ) : check ? (
        <Alert color="orange" title="Not connected yet">
          <List size="sm" spacing="xs">
            {check.problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
          <Text size="xs" mt="xs">
            DNS changes can take from a few minutes to a few hours to show. Check again after you change them.
          </Text>
        </Alert>
      ) : (
        <Text size="sm">Not checked yet.</Text>
      )}
      {check ? (
        <Text size="xs" c="dimmed">
          Last checked {new Date(check.checkedAt).toLocaleString()}
        </Text>
      ) : null}
      <Group>
        <Button variant="light" onClick={() => checkDomain.mutate()} loading={checkDomain.isPending} disabled={!site.canEdit}>
          Check again
        </Button>
      </Group>
      {checkDomain.isError ? (
        <Text size="sm" c="red" role="alert">
          {refusalOf(checkDomain.error).message}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A domain of the company's own, the record to create, and the DNS check's findings in words. */
function CustomDomain({ site }: { site: MicrositeView }) {
  const { setCustomDomain } = useMicrositeMutations();
  const [domain, setDomain] = useState(site.customDomain ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = (value: string | null) => {
    const parsed = customDomainSchema.safeParse(value);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the domain');
    setError(null);
    setCustomDomain.mutate(
      { domain: parsed.data },
      {
        onSuccess: (next) => setDomain(next.customDomain ?? ''),
        onError: (failure) => {
          const refusal = refusalOf(failure);
          setError(refusal.fields.domain ?? refusal.message ?? 'That did not work. Please try again.');
        },
      },
    );
  };
  const host = domain.trim() || 'www.yourbusiness.com';
  return (
    <SectionPanel id="microsite-custom-title" title="Your own domain" description="Already own a domain? Point it at your page with one DNS record at the company you bought it from.">
      <Stack gap="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save(domain);
          }}
          noValidate
          aria-labelledby="microsite-custom-title"
        >
          <Stack gap="sm">
            <TextInput label="Domain" placeholder="www.yourbusiness.com" value={domain} onChange={(event) => setDomain(event.currentTarget.value)} error={error} disabled={!site.canEdit} />
            <Group>
              <Button type="submit" loading={setCustomDomain.isPending} disabled={!site.canEdit || !domain.trim()}>
                Save and check
              </Button>
              {site.customDomain ? (
                <Button variant="subtle" color="red" onClick={() => save(null)} disabled={!site.canEdit || setCustomDomain.isPending}>
                  Stop using {site.customDomain}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </form>
        <div>
          <Text size="sm" fw={600} mb={4}>
            The record to create
          </Text>
          <Table withTableBorder fz="sm" aria-label="DNS record to create">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                <Table.Th>Name (host)</Table.Th>
                <Table.Th>Points to</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>CNAME</Table.Td>
                <Table.Td>
                  <Code>{host}</Code>
                </Table.Td>
                <Table.Td>
                  <Code>{site.dnsTarget}</Code>
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed" mt={4}>
            A domain without “www” cannot have a CNAME record: there, add A records with the addresses {site.dnsTarget} has{site.domainCheck?.expected.addresses.length ? ` (${site.domainCheck.expected.addresses.join(', ')})` : ''}.
          </Text>
        </div>
        <DomainCheck site={site} />
        {site.basic.cta === 'widget' && widgetHosts(site).length ? (
          <Text size="sm">
            Your main button is the chat widget: add {widgetHosts(site).join(' and ')} to the websites allowed to show it in{' '}
            <Anchor component={Link} to="/chat-widget/styles" size="sm">
              Chat widget → Styles
            </Anchor>
            .
          </Text>
        ) : null}
      </Stack>
    </SectionPanel>
  );
}

/** /microsites/domain */
export function DomainTab() {
  return (
    <WithMicrosite>
      {(site) =>
        site.exists ? (
          <Stack gap="lg">
            <FreeAddress site={site} />
            <CustomDomain site={site} />
          </Stack>
        ) : (
          <SaveBasicFirst />
        )
      }
    </WithMicrosite>
  );
}
