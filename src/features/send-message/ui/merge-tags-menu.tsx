import { Button, Menu, Text } from '@mantine/core';
import { MERGE_TAGS } from '@contracts/merge-tags';

/** Inserts a tag such as `{first_name}`; the server fills it in for each client when the text is sent. */
export function MergeTagsMenu({ onInsert, disabled }: { onInsert: (tag: string) => void; disabled?: boolean }) {
  return (
    <Menu position="top-start" withinPortal>
      <Menu.Target>
        <Button variant="default" size="xs" disabled={disabled}>
          Merge tags
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Filled in when the text is sent</Menu.Label>
        {MERGE_TAGS.map(({ tag, description }) => (
          <Menu.Item key={tag} onClick={() => onInsert(`{${tag}}`)}>
            <Text size="sm" ff="monospace">{`{${tag}}`}</Text>
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
