import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled box of a screen: e.g. under a tab's empty state, the parts this tab will hold. */
export function SectionPanel({ id, title, description, children }: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Title order={2} id={id} fz="lg" mb={description ? 4 : 'sm'}>
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed" mb="sm">
          {description}
        </Text>
      ) : null}
      {children}
    </Paper>
  );
}
