import { Button, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';

/** /ai-call-answering/history */
export function HistoryTab() {
  return (
    <Stack gap="lg">
      <EmptyState
        icon="☎"
        title="No answered calls yet"
        description="Every call the assistant answers is listed here with how it ended, a short summary, the full transcript and the recording."
        action={
          <Button component={Link} to="/ai-call-answering/basic" variant="light">
            Set up AI call answering
          </Button>
        }
      />
    </Stack>
  );
}
