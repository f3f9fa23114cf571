import { Button, List, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { SectionPanel } from '@/shared/ui/section-panel';

/** /microsites/advanced */
export function AdvancedTab() {
  return (
    <Stack gap="lg">
      <EmptyState
        icon="⚙"
        title="Nothing to adjust yet"
        description="These settings change how search engines and ad tools see your microsite. Most businesses can leave them alone. Set up the basics of your page first."
        action={
          <Button component={Link} to="/microsites/basic" variant="light">
            Start with the basics
          </Button>
        }
      />
      <SectionPanel id="microsite-advanced-parts" title="What you’ll set here">
        <List spacing="xs" size="sm">
          <List.Item>The title and description people see in Google results</List.Item>
          <List.Item>Tracking codes from tools like Google Analytics or Google Ads</List.Item>
          <List.Item>Whether to hide the page from search engines</List.Item>
        </List>
      </SectionPanel>
    </Stack>
  );
}
