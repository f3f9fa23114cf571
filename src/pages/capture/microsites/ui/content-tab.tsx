import { Button, List, Stack, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { SectionPanel } from '@/shared/ui/section-panel';

/** /microsites/content */
export function ContentTab() {
  return (
    <Stack gap="lg">
      <EmptyState
        icon="✎"
        title="No content yet"
        description="Your page tells customers what you do and where you work. The service area comes from your address settings, so set it there first."
        action={
          <Button component={Link} to="/settings/address" variant="light">
            Set your service area
          </Button>
        }
      />
      <SectionPanel id="microsite-sections" title="Page sections">
        <List spacing="xs" size="sm">
          <List.Item>The top of the page: a headline and a photo</List.Item>
          <List.Item>Your services</List.Item>
          <List.Item>The area you serve</List.Item>
          <List.Item>Common questions</List.Item>
          <List.Item>Reviews from your customers</List.Item>
        </List>
        <Title order={3} fz="md" mt="md" mb="xs">
          Added for you
        </Title>
        <List spacing="xs" size="sm">
          <List.Item>A privacy policy</List.Item>
          <List.Item>Texting terms</List.Item>
          <List.Item>A contact form that asks permission to text the right way</List.Item>
        </List>
      </SectionPanel>
    </Stack>
  );
}
