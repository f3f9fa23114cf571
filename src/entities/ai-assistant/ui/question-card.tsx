import { Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { QUESTION_KIND_WORDS, QUESTION_KINDS, type QuestionKind } from '@contracts/ai';
import { KIND_HINTS, QUESTION_LIMITS, type QuestionDraft } from '../lib/qualifier-questions';

/**
 * One intake question in a form (Chat widget → Lead qualifier, AI call answering → Agent): its words, answer type,
 * whether it is required, the choices of a list question, and the answer's name on the lead under "Advanced".
 */
export function QuestionCard({
  question,
  index,
  count,
  readOnly,
  errorFor,
  onChange,
  onText,
  onMove,
  onRemove,
  kindHints = KIND_HINTS,
}: {
  question: QuestionDraft;
  index: number;
  count: number;
  readOnly: boolean;
  errorFor: (field: string) => string | undefined;
  onChange: (patch: Partial<QuestionDraft>) => void;
  onText: (text: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  /** What each answer type means where the card is shown (the ZIP check names the service area's place). */
  kindHints?: Record<QuestionKind, string>;
}) {
  const [advanced, setAdvanced] = useState(false);
  const at = `questions.${index}`;
  const keyError = errorFor(`${at}.key`);
  const number = index + 1;
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={`Question ${number}`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            Question {number}
          </Text>
          {readOnly ? null : (
            <Group gap={6}>
              <Button size="xs" variant="default" onClick={() => onMove(-1)} disabled={index === 0} aria-label={`Move question ${number} up`}>
                ↑ Up
              </Button>
              <Button size="xs" variant="default" onClick={() => onMove(1)} disabled={index === count - 1} aria-label={`Move question ${number} down`}>
                ↓ Down
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={onRemove} aria-label={`Remove question ${number}`}>
                Remove
              </Button>
            </Group>
          )}
        </Group>
        <Textarea
          label="Question"
          autosize
          minRows={1}
          // One row is 36 px: a thumb's 44 px target is kept as for the app's other fields.
          styles={{ input: { minHeight: 44 } }}
          maxLength={QUESTION_LIMITS.text}
          value={question.text}
          onChange={(event) => onText(event.currentTarget.value)}
          error={errorFor(`${at}.text`)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Answer type"
            description={kindHints[question.kind]}
            data={QUESTION_KINDS.map((kind) => ({ value: kind, label: QUESTION_KIND_WORDS[kind] }))}
            value={question.kind}
            onChange={(value) => value && onChange({ kind: value as QuestionKind })}
            allowDeselect={false}
          />
          <Checkbox
            mt={{ sm: 'xl' }}
            label="Required"
            description={question.required ? 'The lead is qualified only once this is answered.' : 'Asked once; the person may skip it.'}
            checked={question.required}
            onChange={(event) => onChange({ required: event.currentTarget.checked })}
          />
        </SimpleGrid>
        {question.kind === 'choice' ? (
          <TagsInput
            label="Choices"
            description="Press Enter or comma after each (at least two). The answer is recorded as the choice the person names."
            value={question.choices}
            onChange={(choices) => onChange({ choices })}
            maxTags={QUESTION_LIMITS.choices}
            splitChars={[',']}
            acceptValueOnBlur
            error={errorFor(`${at}.choices`)}
          />
        ) : null}
        {advanced || keyError ? (
          <TextInput
            label="Answer name on the lead"
            description="The answer is saved on the lead under this name. Lower-case letters, digits and _. Renaming a saved question’s answer leaves answers already on leads under the old name."
            maxLength={QUESTION_LIMITS.key}
            value={question.key}
            onChange={(event) => onChange({ key: event.currentTarget.value.toLowerCase(), keyEdited: true })}
            error={keyError}
            ff="monospace"
          />
        ) : (
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              Saved on the lead as <Text span ff="monospace">{question.key}</Text>
            </Text>
            {readOnly ? null : (
              <Button size="compact-xs" variant="subtle" onClick={() => setAdvanced(true)} aria-label={`Advanced: rename question ${number}’s answer`}>
                Advanced
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
