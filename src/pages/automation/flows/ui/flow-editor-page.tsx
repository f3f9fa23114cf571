import { Button, Code, Loader, Stack } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useFlow } from '@/entities/flow';
import { useCompanySettings } from '@/entities/company';
import { apiErrorCode } from '@/shared/api-errors';
import { isUuid } from '@/shared/lib/search-params';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadError } from '@/shared/ui/load-error';
import { PageHeader } from '@/shared/ui/page-header';

// The canvas (@xyflow/react, dagre) loads only here, not with the flows list.
const FlowEditor = lazy(() => import('./flow-editor').then((module) => ({ default: module.FlowEditor })));

// The id comes from the address bar; a pasted junk URL shouldn't stretch the layout.
const MAX_SHOWN_ID = 40;

/** /flows/:flowId: the flow's editor, or "not found" for an id that is not one of this company's flows. */
export function FlowEditorPage() {
  const { flowId } = useParams({ strict: false });
  const valid = flowId !== undefined && isUuid(flowId);
  const flow = useFlow(valid ? flowId : null);
  const company = useCompanySettings();

  if (!valid || (flow.error && ['NOT_FOUND', 'BAD_REQUEST'].includes(apiErrorCode(flow.error) ?? ''))) return <FlowNotFound flowId={flowId} />;
  if (flow.error) {
    return (
      <Stack gap="lg">
        <PageHeader title="Flow editor" />
        <LoadError title="Couldn’t load this flow" error={flow.error} onRetry={flow.refetch} />
      </Stack>
    );
  }
  if (!flow.data) return <Loader aria-label="Loading the flow" />;
  return (
    <Stack gap="md">
      <PageHeader
        title={flow.data.name || 'Flow editor'}
        description="Draw what happens, step by step. Changes save as you go; Publish turns them on."
        actions={
          <Button component={Link} to="/flows" variant="default">
            Back to flows
          </Button>
        }
      />
      <Suspense fallback={<Loader aria-label="Loading the editor" />}>
        <FlowEditor key={flow.data.id} view={flow.data} businessName={company.data?.name ?? 'Your business'} canEdit={flow.data.canEdit} />
      </Suspense>
    </Stack>
  );
}

function FlowNotFound({ flowId }: { flowId: string | undefined }) {
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
