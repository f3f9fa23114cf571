import { Button, SimpleGrid, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { primaryLink } from '@contracts/reviews';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadError } from '@/shared/ui/load-error';
import { PageHeader } from '@/shared/ui/page-header';
import { ScreenSpinner } from '@/shared/ui/spinner';
import { useReviewRequests, useReviewSettings } from '@/entities/review-request';
import { MoveTestTimeForward } from '@/features/move-test-time';
import { ReviewRequestsTable } from './review-requests-table';
import { ReviewSettingsPanel } from './review-settings-panel';
import { ReviewStatsPanel } from './review-stats-panel';
import { SendToListPanel } from './send-to-list-panel';

/** What happens after a won job, as the settings say (nothing is promised that is switched off). */
function automaticWords(settings: { automatic: boolean; delayMinutes: number; reminder: boolean; reminderAfterDays: number } | undefined): string {
  if (!settings) return '';
  if (!settings.automatic) return 'Automatic requests after a won job are off (settings below).';
  const delay = settings.delayMinutes % 60 === 0 ? `${settings.delayMinutes / 60} ${settings.delayMinutes === 60 ? 'hour' : 'hours'}` : `${settings.delayMinutes} minutes`;
  const reminder = settings.reminder ? `, with one reminder ${settings.reminderAfterDays} ${settings.reminderAfterDays === 1 ? 'day' : 'days'} after` : '';
  return `When a lead is marked won, LeadLoop texts the customer a link to review you (${delay} later${reminder}).`;
}

/**
 * /review-requests (issue 24 item 4): results per period against the period before and per link, the latest
 * requests, "Send to a list", and the settings (links, text, automatic request after a won job, the reminder).
 */
export function ReviewRequestsPage() {
  const settings = useReviewSettings();
  const requests = useReviewRequests();
  const noLink = settings.data && !primaryLink(settings.data) ? 'Add a review link in the settings below first.' : null;
  return (
    <Stack gap="lg">
      <PageHeader title="Review requests" description="Ask customers for a review after each job, without chasing them." />
      <ReviewStatsPanel />
      {requests.isPending ? (
        <ScreenSpinner />
      ) : requests.isError ? (
        <LoadError title="Couldn’t load your review requests" error={requests.error} onRetry={requests.refetch} />
      ) : requests.data.length === 0 ? (
        <EmptyState
          icon="★"
          title="No review requests sent yet"
          description={`${automaticWords(settings.data)} You can also ask from a lead or a client, or paste a list below.`}
          action={
            <Button component={Link} to="/leads" variant="light">
              Go to your leads
            </Button>
          }
        />
      ) : (
        <ReviewRequestsTable rows={requests.data} />
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        {settings.isPending ? (
          <ScreenSpinner />
        ) : settings.isError ? (
          <LoadError title="Couldn’t load your review settings" error={settings.error} onRetry={settings.refetch} />
        ) : (
          <ReviewSettingsPanel settings={settings.data} />
        )}
        <SendToListPanel disabledReason={noLink} />
      </SimpleGrid>
      <MoveTestTimeForward />
    </Stack>
  );
}
