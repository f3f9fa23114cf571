import { List, Stack } from '@mantine/core';
import { BusinessNumberState } from '@/entities/company';
import { SectionPanel } from '@/shared/ui/section-panel';

/** /chat-widget/styles */
export function StylesTab() {
  return (
    <Stack gap="lg">
      <BusinessNumberState icon="✉" feature="The chat widget" what="The chat widget is a small button on your website. A visitor leaves their name, mobile number and question, and gets a text from you within seconds, even after they leave your site." />
      <SectionPanel id="styles-parts" title="What you’ll set here">
        <List spacing="xs" size="sm">
          <List.Item>Colours, and which corner of the page the button sits in</List.Item>
          <List.Item>The button’s label and the greeting visitors see</List.Item>
          <List.Item>A live preview that updates as you make changes</List.Item>
          <List.Item>One line of code to paste into your website, and the websites allowed to show the widget</List.Item>
        </List>
      </SectionPanel>
    </Stack>
  );
}
