import { Button, Code, Stack } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/page-header';

// The id comes from the address bar; a pasted junk URL shouldn't stretch the layout.
const MAX_SHOWN_ID = 40;

/** /flows/:flowId. There are no flows yet, so any id is one we can't find; say so and lead back to the list. */
export function FlowEditorPage() {
  const { flowId } = useParams({ strict: false });
  const shownId = flowId && flowId.length > MAX_SHOWN_ID ? `${flowId.slice(0, MAX_SHOWN_ID)}…` : flowId;

  return (
    <Stack gap="lg">
      <PageHeader title="Flow editor" description="Build a flow step by step, test it, then turn it on." />
      <EmptyState
        icon="?"
        title="Flow not found"
        description={
          <>
            {shownId ? (
              <>
                There’s no flow with the ID <Code>{shownId}</Code> in your account.{' '}
              </>
            ) : null}
            It may have been deleted, or the link is mistyped.
          </>
        }
        action={
          <Button component={Link} to="/flows" variant="light">
            Back to flows
          </Button>
        }
      />
    </Stack>
  );
}
