import { Button, List, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useCompanySettings } from '@/entities/company';
import { EmptyState } from '@/shared/ui/empty-state';
import { SectionPanel } from '@/shared/ui/section-panel';

/** /microsites/content: what the page will show, from what the company has already told LeadLoop. */
export function ContentTab() {
  const company = useCompanySettings();
  const area = company.data?.address.serviceArea ?? [];
  return (
    <Stack gap="lg">
      <EmptyState
        icon="✎"
        title="Microsites aren’t built yet"
        description={
          area.length > 0
            ? 'When they are, your page will tell customers what you do and where you work, from what you already set: nothing to type twice.'
            : 'When they are, your page will tell customers what you do and where you work. The area you serve comes from your address settings: set it there.'
        }
        action={
          area.length > 0 ? undefined : (
            <Button component={Link} to="/settings/address" variant="light">
              Set your service area
            </Button>
          )
        }
      />
      {area.length > 0 ? (
        <Text size="sm" data-testid="microsite-service-area">
          Your service area (from{' '}
          <Link to="/settings/address" style={{ color: 'inherit' }}>
            Settings → Address
          </Link>
          ): {area.join(', ')}
        </Text>
      ) : null}
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
