import { Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { SectionPanel } from '@/shared/ui/section-panel';

const OUTCOMES = [
  { label: 'Texted', color: 'blue', meaning: 'the caller got a text back' },
  { label: 'Replied', color: 'teal', meaning: 'the caller answered the text' },
  { label: 'Qualified', color: 'green', meaning: 'the caller turned out to be a real job' },
  { label: 'Skipped', color: 'gray', meaning: 'no text was sent, with the reason, like a protected number or a repeat caller' },
];

/** /missed-calls/history */
export function HistoryTab() {
  return (
    <Stack gap="lg">
      <EmptyState
        icon="☎"
        title="No missed calls yet"
        description="Every missed call is listed here with what happened next. You can play voicemails and open the conversation with the caller."
        action={
          <Group gap="xs" justify="center">
            <Button component={Link} to="/missed-calls/basic" variant="light">
              Turn on missed-call text-back
            </Button>
            <Button component={Link} to="/settings/phone" variant="default">
              Set up your business number
            </Button>
          </Group>
        }
      />
      <SectionPanel id="missed-call-outcomes" title="What each call will show">
        <List spacing="xs" size="sm" listStyleType="none" withPadding={false}>
          {OUTCOMES.map((outcome) => (
            <List.Item key={outcome.label}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Badge color={outcome.color} variant="light" style={{ flexShrink: 0 }}>
                  {outcome.label}
                </Badge>
                <Text size="sm">{outcome.meaning}</Text>
              </Group>
            </List.Item>
          ))}
        </List>
      </SectionPanel>
    </Stack>
  );
}
