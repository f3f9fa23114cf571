import { Badge, List, Stack } from '@mantine/core';
import { BusinessNumberState } from '@/entities/company';
import { SectionPanel } from '@/shared/ui/section-panel';

/** /chat-widget/form-embed */
export function FormEmbedTab() {
  return (
    <Stack gap="lg">
      <BusinessNumberState icon="✎" feature="The website form" what="Prefer a form to a chat button? Put a short contact form right on a page of your website. Every form sent becomes a lead and gets a text back from your business number." />
      <SectionPanel id="form-fields" title="Form fields">
        <List spacing="xs" size="sm">
          <List.Item>Name</List.Item>
          <List.Item>Mobile number</List.Item>
          <List.Item>Message</List.Item>
          <List.Item>
            Service{' '}
            <Badge size="sm" variant="light" color="gray">
              Optional
            </Badge>
          </List.Item>
          <List.Item>
            ZIP code{' '}
            <Badge size="sm" variant="light" color="gray">
              Optional
            </Badge>
          </List.Item>
          <List.Item>A checkbox to agree to texts. It always starts unticked, so agreeing is the visitor’s own choice.</List.Item>
        </List>
      </SectionPanel>
    </Stack>
  );
}
