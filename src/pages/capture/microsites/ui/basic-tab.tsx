import { Button, List, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { SectionPanel } from '@/shared/ui/section-panel';

/** /microsites/basic */
export function BasicTab() {
  return (
    <Stack gap="lg">
      <EmptyState
        icon="⌂"
        title="No microsite yet"
        description="A microsite is a simple page about your business that you can share in ads, on social media or in your email signature. It starts from your company name and details, so check those first."
        action={
          <Button component={Link} to="/settings/company" variant="light">
            Check your company details
          </Button>
        }
      />
      <SectionPanel id="microsite-basic-parts" title="What you’ll set here">
        <List spacing="xs" size="sm">
          <List.Item>Your business name and a short tagline</List.Item>
          <List.Item>Your colours</List.Item>
          <List.Item>The main button, for example “Text us for a quote”</List.Item>
        </List>
      </SectionPanel>
    </Stack>
  );
}
