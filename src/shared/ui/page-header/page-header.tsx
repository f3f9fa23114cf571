import { Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/shared/lib/document-title';

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons on the right (primary action first). */
  actions?: ReactNode;
  /** The title for screen readers and the tab only: a screen that gives the space to its content (a phone's open thread). */
  visuallyHidden?: boolean;
}

/** A screen's title (the page's h1, also the browser tab title), a one-line description and its actions. */
export function PageHeader({ title, description, actions, visuallyHidden = false }: PageHeaderProps) {
  useDocumentTitle(title);
  if (visuallyHidden) {
    return (
      <VisuallyHidden>
        <h1>{title}</h1>
      </VisuallyHidden>
    );
  }
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="lg">
      <Stack gap={4} style={{ flex: '1 1 320px', minWidth: 0 }}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="xs">{actions}</Group> : null}
    </Group>
  );
}
