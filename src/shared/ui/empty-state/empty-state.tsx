import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  /** A short glyph or icon shown in a circle (decorative). */
  icon?: ReactNode;
  title: string;
  description: ReactNode;
  /** What to do next: one or two buttons or links. */
  action?: ReactNode;
  /** A heading level that fits where the state is shown (2 on a page, 3 inside a tab). */
  order?: 2 | 3 | 4;
}

/** What a screen shows when it has nothing yet: what will appear here and how to get there. */
export function EmptyState({ icon, title, description, action, order = 2 }: EmptyStateProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} data-testid="empty-state">
      <Stack align="center" gap="sm" maw={520} mx="auto" ta="center">
        {icon ? (
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            {icon}
          </ThemeIcon>
        ) : null}
        <Title order={order} fz="lg">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {description}
        </Text>
        {action ? <Stack gap="xs" align="center">{action}</Stack> : null}
      </Stack>
    </Paper>
  );
}
