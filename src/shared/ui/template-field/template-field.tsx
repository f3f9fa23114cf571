import { Box, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useId, useRef } from 'react';
import { MERGE_TAGS } from '@contracts/merge-tags';
import { smsLength } from '@contracts/sms-segments';

export interface TemplateFieldProps {
  label: string;
  description: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  maxLength: number;
  /** The text as the recipient gets it (the tags filled the way the server fills them): previewed and counted. */
  filled: string;
  /** Who the preview is for, e.g. "A new caller gets (their name isn’t known yet):". */
  previewLabel: string;
  readOnly?: boolean;
}

/**
 * A text template: the text with its merge tags, buttons that insert a tag where the cursor is, and below it the
 * text as the recipient gets it, with its length and SMS segments counted on that filled-in text.
 */
export function TemplateField({ label, description, value, onChange, error, maxLength, filled, previewLabel, readOnly = false }: TemplateFieldProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const previewId = useId();
  const { characters, segments, encoding } = smsLength(filled);

  const insert = (tag: string) => {
    const area = ref.current;
    const start = area?.selectionStart ?? value.length;
    const end = area?.selectionEnd ?? value.length;
    onChange(`${value.slice(0, start)}${tag}${value.slice(end)}`);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + tag.length, start + tag.length);
    });
  };

  return (
    <Stack gap={6}>
      <Textarea
        ref={ref}
        label={label}
        description={description}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        autosize
        minRows={3}
        maxLength={maxLength}
        readOnly={readOnly}
        aria-describedby={previewId}
      />
      {readOnly ? null : (
        <Group gap={6} aria-label={`Insert a merge tag into ${label.toLowerCase()}`} role="group">
          <Text size="xs" c="dimmed">
            Insert:
          </Text>
          {MERGE_TAGS.map(({ tag, description: meaning }) => (
            <Button key={tag} size="compact-xs" variant="default" ff="monospace" title={meaning} onClick={() => insert(`{${tag}}`)}>
              {`{${tag}}`}
            </Button>
          ))}
        </Group>
      )}
      <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)" id={previewId} aria-label={`Preview of ${label.toLowerCase()}`}>
        <Text size="xs" c="dimmed" mb={4}>
          {previewLabel}
        </Text>
        <Box component="p" m={0} fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="template-preview">
          {filled || '—'}
        </Box>
        <Text size="xs" c="dimmed" mt={4} data-testid="template-count">
          {characters} {characters === 1 ? 'character' : 'characters'} · {segments} {segments === 1 ? 'text segment' : 'text segments'}
          {encoding === 'UCS-2' ? ` · emoji or special characters: ${segments > 1 ? 67 : 70} per segment` : ''}
        </Text>
      </Paper>
    </Stack>
  );
}
