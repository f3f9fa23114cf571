import { Stack, Table, Text, Title } from '@mantine/core';
import { BusinessNumberState } from '@/entities/company';
import { SectionPanel } from '@/shared/ui/section-panel';

// Product brief §4 and §6: the settings text-back starts with.
const DEFAULTS = [
  { setting: 'Ring time before a call counts as missed', value: '20 seconds' },
  { setting: 'Wait before texting the caller', value: '15 seconds' },
  { setting: 'Don’t text the same caller again within', value: '12 hours' },
  { setting: 'Numbers you protect, like family or suppliers', value: 'Never texted' },
];

/** /missed-calls/basic */
export function BasicTab() {
  return (
    <Stack gap="lg">
      <BusinessNumberState icon="☎" feature="Missed-call text-back" what="When a call to your business goes unanswered, LeadLoop texts the caller so they wait for you instead of calling someone else." />
      <SectionPanel id="missed-call-defaults" title="Default settings" description="Text-back starts with these settings:">
        <Table aria-labelledby="missed-call-defaults" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Setting</Table.Th>
              <Table.Th>Default</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {DEFAULTS.map((row) => (
              <Table.Tr key={row.setting}>
                <Table.Td>{row.setting}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Title order={3} fz="md" mt="md" mb={4}>
          Your text-back messages
        </Title>
        <Text size="sm" c="dimmed">
          You write one text for business hours and one for after hours. Details like the caller’s name and your company name
          are filled in for each caller.
        </Text>
      </SectionPanel>
    </Stack>
  );
}
