import { List, Stack } from '@mantine/core';
import { BusinessNumberState } from '@/entities/company';
import { SectionPanel } from '@/shared/ui/section-panel';

/** /ai-call-answering/basic */
export function BasicTab() {
  return (
    <Stack gap="lg">
      <BusinessNumberState icon="☎" feature="AI call answering" what="The assistant can pick up calls your team can’t, talk with the caller, note what they need and send you a summary." />
      <SectionPanel id="call-answering-parts" title="What you’ll set here">
        <List spacing="xs" size="sm">
          <List.Item>Whether the assistant answers first, or only after your team’s phones ring for a few seconds</List.Item>
          <List.Item>The hours it answers</List.Item>
          <List.Item>The greeting callers hear</List.Item>
          <List.Item>Whether calls are recorded. Callers are always told when they are.</List.Item>
        </List>
      </SectionPanel>
    </Stack>
  );
}
