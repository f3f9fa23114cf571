import { Button, Code, Stack } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';

// The id comes from the address bar; a pasted junk URL shouldn't stretch the layout.
const MAX_SHOWN_ID = 40;

/** /clients/:id. There are no clients yet, so every id is one we can't find; say so and lead back to the list. */
export function ClientDetailsPage() {
  const { id } = useParams({ strict: false });
  const shownId = id && id.length > MAX_SHOWN_ID ? `${id.slice(0, MAX_SHOWN_ID)}…` : id;

  return (
    <Stack gap="lg">
      <PageHeader title="Client details" description="A client’s leads, conversations, calls and texting consent." />
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
            The link may be old or mistyped, or the client was removed.
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
