import { Group, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

/** A card's small grey line of facts, "Text message · 5 min ago · Sam", leaving out the ones that are absent. */
export function MetaLine({ items }: { items: ReadonlyArray<ReactNode> }) {
  const shown = items.filter((item) => item !== null && item !== undefined && item !== false && item !== '');
  return (
    <Group gap="xs" mt={6} c="dimmed" fz="xs" wrap="wrap">
      {shown.map((item, index) => (
        <Fragment key={index}>
          {index > 0 ? (
            <Text span inherit aria-hidden>
              ·
            </Text>
          ) : null}
          {typeof item === 'string' ? (
            <Text span inherit>
              {item}
            </Text>
          ) : (
            item
          )}
        </Fragment>
      ))}
    </Group>
  );
}
