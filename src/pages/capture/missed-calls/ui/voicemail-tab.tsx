import { List, Stack } from '@mantine/core';
import { BusinessNumberState } from '@/entities/company';
import { SectionPanel } from '@/shared/ui/section-panel';

/** /missed-calls/voicemail */
export function VoicemailTab() {
  return (
    <Stack gap="lg">
      <BusinessNumberState icon="☎" feature="Voicemail" what="Callers who don’t reach you can leave a message. LeadLoop writes it out for you, and the text-back can mention what they asked about." />
      <SectionPanel id="voicemail-parts" title="What you’ll set here">
        <List spacing="xs" size="sm">
          <List.Item>The greeting callers hear</List.Item>
          <List.Item>How long a message can be</List.Item>
          <List.Item>A written copy of every message, so you can read it between jobs</List.Item>
          <List.Item>A text-back that mentions what the caller said</List.Item>
        </List>
      </SectionPanel>
    </Stack>
  );
}
