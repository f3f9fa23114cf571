import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, type LinkProps } from '@tanstack/react-router';
import { truncate } from '@contracts/text';
import { listTime } from '@/shared/lib/format';
import { ATTENTION_WORDS, attentionLink, type DashboardSummary } from '../model/summary';

interface Count {
  label: string;
  count: number;
  to: NonNullable<LinkProps['to']>;
  search: Record<string, string>;
}

/** What needs a person now, whatever the period: each count opens the list it counts; each item opens itself. */
export function NeedsAttention({ attention, now }: { attention: DashboardSummary['needsAttention']; now: number }) {
  const counts: Count[] = [
    { label: 'New leads with no reply', count: attention.unanswered, to: '/leads', search: { status: 'new' } },
    { label: 'Leads that need a person', count: attention.needsHuman, to: '/leads', search: { status: 'needs_human' } },
    { label: 'Unread conversations', count: attention.unread, to: '/conversations', search: { filter: 'unread' } },
    { label: 'Failed texts (last 7 days)', count: attention.failed, to: '/logs', search: { status: 'failed' } },
  ];
  const nothing = counts.every((c) => c.count === 0);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%" component="section" aria-labelledby="attention-title">
      <Title order={2} id="attention-title" fz="lg" mb={4}>
        Needs your attention
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Leads waiting for a first reply, unread texts and texts that failed, so nothing slips through.
      </Text>
      <SimpleGrid component="ul" cols={2} spacing="xs" p={0} m={0} mb="md" style={{ listStyle: 'none' }}>
        {counts.map((c) => (
          <li key={c.label}>
            <Anchor size="sm" mih={44} style={{ display: 'flex', alignItems: 'center' }} aria-label={`${c.label}: ${c.count}`} c={c.count > 0 ? undefined : 'dimmed'} renderRoot={(props) => <Link to={c.to} search={c.search} {...props} />}>
              <Text span fw={700} fz="lg" mr={6} c={c.count > 0 ? 'red.7' : undefined}>
                {c.count}
              </Text>
              {c.label}
            </Anchor>
          </li>
        ))}
      </SimpleGrid>
      {nothing ? (
        <Text size="sm">Nothing needs you right now.</Text>
      ) : (
        <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Waiting for you">
          {attention.items.map((item) => {
            const link = attentionLink(item);
            return (
              <Group component="li" key={item.id} gap="xs" wrap="nowrap" justify="space-between">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Badge size="sm" variant="light" color={item.kind === 'failed' || item.kind === 'unanswered' ? 'red' : 'blue'} style={{ flexShrink: 0 }}>
                    {ATTENTION_WORDS[item.kind]}
                  </Badge>
                  <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
                    {link ? (
                      <Anchor fw={600} renderRoot={(props) => <Link to={link.to} search={link.search} {...props} />}>
                        {item.name}
                      </Anchor>
                    ) : (
                      <Text span fw={600}>
                        {item.name}
                      </Text>
                    )}
                    {item.detail ? ` · ${truncate(item.detail, 80)}` : ''}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {listTime(item.at, now)}
                </Text>
              </Group>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
