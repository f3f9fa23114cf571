import { Button, Menu, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/shared/api-react';
import type { MessageTemplate } from '@/entities/conversation';

/** Saved replies: choosing one puts its text in the message box, where it can still be edited. */
export function TemplatesMenu({ onChoose, onManage, disabled }: { onChoose: (template: MessageTemplate) => void; onManage: () => void; disabled?: boolean }) {
  const trpc = useTRPC();
  const templates = useQuery(trpc.conversations.templates.list.queryOptions());
  return (
    <Menu position="top-start" withinPortal>
      <Menu.Target>
        <Button variant="default" size="xs" disabled={disabled}>
          Templates
        </Button>
      </Menu.Target>
      <Menu.Dropdown maw={340}>
        {templates.isPending ? <Menu.Label>Loading templates…</Menu.Label> : null}
        {templates.isError ? <Menu.Label c="red">Couldn’t load templates</Menu.Label> : null}
        {templates.data?.length === 0 ? <Menu.Label>No templates yet</Menu.Label> : null}
        {templates.data?.map((template) => (
          <Menu.Item key={template.id} onClick={() => onChoose(template)}>
            <Text size="sm" fw={500}>
              {template.name}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {template.body}
            </Text>
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={onManage}>Manage templates…</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
