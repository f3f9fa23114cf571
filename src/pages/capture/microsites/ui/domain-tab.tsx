import { Button, List, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { SectionPanel } from '@/shared/ui/section-panel';

/** /microsites/domain */
export function DomainTab() {
  return (
    <Stack gap="lg">
      <EmptyState
        icon="⇗"
        title="No web address yet"
        description="Your microsite gets a free web address once it’s set up. Set up the basics of your page first."
        action={
          <Button component={Link} to="/microsites/basic" variant="light">
            Start with the basics
          </Button>
        }
      />
      <SectionPanel id="microsite-domain-parts" title="What you’ll set here">
        <List spacing="xs" size="sm">
          <List.Item>Your free web address</List.Item>
          <List.Item>A domain you already own, if you’d rather use it</List.Item>
          <List.Item>Whether your own domain is set up correctly, checked for you</List.Item>
        </List>
      </SectionPanel>
    </Stack>
  );
}
