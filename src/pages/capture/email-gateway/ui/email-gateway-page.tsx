import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { BusinessNumberState } from '@/entities/company';
import { PageHeader } from '@/shared/ui/page-header';
import { SectionPanel } from '@/shared/ui/section-panel';

/** /email-gateway: a forwarding address that turns lead emails into leads with a text-back. */
export function EmailGatewayPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Email gateway" description="Turn lead emails into leads that get a text back within seconds." />

      <BusinessNumberState icon="✉" feature="The email gateway" what="Leads from marketplaces and website forms often arrive by email and wait in your inbox. Forward them to LeadLoop and each one gets a text back right away." />

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="gateway-address-title">
        <Title order={2} id="gateway-address-title" fz="lg" mb={4}>
          Your forwarding address
        </Title>
        <Text size="sm" c="dimmed">
          Your business gets its own email address for this. It can’t be shown in your account yet; once it can, it appears here
          with a button to copy it.
        </Text>
      </Paper>

      <SectionPanel id="gateway-how-title" title="How it works">
        <List type="ordered" spacing="xs" size="sm">
          <List.Item>Copy your forwarding address from this page.</List.Item>
          <List.Item>
            Have lead emails sent to it: add a forwarding rule in your inbox, or enter it as the notification email in a
            marketplace or form tool.
          </List.Item>
          <List.Item>
            Each email becomes a lead in{' '}
            <Anchor component={Link} to="/leads" size="sm">
              Leads
            </Anchor>{' '}
            and the person gets a text within seconds.
          </List.Item>
        </List>
      </SectionPanel>
    </Stack>
  );
}
