import { Alert, Anchor, Button, Code, Grid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { apiErrorCode } from '@/shared/api-errors';
import { useTRPC } from '@/shared/api-react';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/page-header';
import { ScreenSpinner } from '@/shared/ui/spinner';
import { formatDateTime, useNow } from '@/shared/lib/format';
import { isUuid } from '@/shared/lib/search-params';
import { type ClientDetail, ClientStatusBadges, ContactPhoneLine } from '@/entities/contact';
import { MergeDuplicatesButton } from '@/features/merge-clients';
import { TextClientButton } from '@/features/text-client';
import { RequestReviewButton } from '@/features/request-review';
import { BlockClientButton } from './client-actions';
import { ClientEditForm, clientForm } from './client-edit-form';
import { ClientHistory } from './client-history';
import { LoadError } from '@/shared/ui/load-error';
import { PhoneLink } from '@/shared/ui/phone-link';

// The id comes from the address bar; a pasted junk URL shouldn't stretch the layout.
const MAX_SHOWN_ID = 40;

const PAGE_DESCRIPTION = 'A client’s leads, conversations and texting consent.';

/** Missing, malformed and another company's ids all look the same: the server answers NOT_FOUND for both. */
function ClientNotFound({ id }: { id: string | undefined }) {
  const shownId = id && id.length > MAX_SHOWN_ID ? `${id.slice(0, MAX_SHOWN_ID)}…` : id;
  return (
    <Stack gap="lg">
      <PageHeader title="Client details" description={PAGE_DESCRIPTION} />
      <EmptyState
        icon="?"
        title="Client not found"
        description={
          <>
            {shownId ? (
              <>
                There’s no client with the ID <Code>{shownId}</Code> in your account.{' '}
              </>
            ) : null}
            The link may be old or mistyped, or the client was merged into another one.
          </>
        }
        action={
          <Button component={Link} to="/clients" variant="light">
            Back to clients
          </Button>
        }
      />
    </Stack>
  );
}

function ClientDetails({ client }: { client: ClientDetail }) {
  const now = useNow();
  return (
    <Stack gap="lg">
      <Anchor size="sm" data-standalone renderRoot={(props) => <Link {...props} to="/clients" />}>
        ← All clients
      </Anchor>
      <PageHeader
        title={client.name}
        description={
          <>
            <ContactPhoneLine contact={client} />
            {client.otherPhones.map((phone) => (
              <span key={phone}>
                {' · '}
                <PhoneLink phone={phone} />
              </span>
            ))}
            {client.email ? ` · ${client.email}` : null}
          </>
        }
        actions={
          <>
            <TextClientButton contactId={client.id} />
            <RequestReviewButton target={{ contactId: client.id }} />
            <MergeDuplicatesButton client={client} />
            <BlockClientButton client={client} />
          </>
        }
      />
      <ClientStatusBadges optedOut={client.optedOut} optedOutAt={client.optedOutAt} blocked={client.blocked} withDate />
      {client.optedOut ? (
        <Alert color="red" variant="light" title="Opted out of texts">
          {client.name} opted out
          {client.optedOutAt ? ` on ${formatDateTime(client.optedOutAt)}` : ''}. LeadLoop
          won’t send them any texts (from your team, the AI or automations) unless they text START. See the Consent tab for the record.
        </Alert>
      ) : null}
      {client.blocked ? (
        <Alert color="gray" variant="light" title="Blocked">
          You blocked {client.name}, so LeadLoop doesn’t send them texts.
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <ClientEditForm key={`${client.id}:${JSON.stringify(clientForm(client))}`} client={client} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <ClientHistory key={client.id} client={client} now={now} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** /clients/:id: one client with everything we know about them. */
export function ClientDetailsPage() {
  const { id } = useParams({ strict: false });
  const trpc = useTRPC();
  const valid = id !== undefined && isUuid(id);
  const client = useQuery({ ...trpc.clients.get.queryOptions({ id: id ?? '' }), enabled: valid });

  if (!valid) return <ClientNotFound id={id} />;
  if (client.error && !client.data) {
    const code = apiErrorCode(client.error);
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') return <ClientNotFound id={id} />;
    return (
      <Stack gap="lg">
        <PageHeader title="Client details" description={PAGE_DESCRIPTION} />
        <LoadError title="Couldn’t load this client" error={client.error} onRetry={client.refetch} />
      </Stack>
    );
  }
  if (!client.data) {
    return (
      <Stack gap="lg">
        <PageHeader title="Client details" description={PAGE_DESCRIPTION} />
        <ScreenSpinner />
      </Stack>
    );
  }
  return <ClientDetails client={client.data} />;
}
