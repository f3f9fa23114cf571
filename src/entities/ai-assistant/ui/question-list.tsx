import { Button, Group, Text } from '@mantine/core';
import type { QuestionKind } from '@contracts/ai';
import { moved, newQuestion, QUESTION_LIMITS, type QuestionDraft, withText } from '../lib/qualifier-questions';
import { QuestionCard } from './question-card';

/**
 * The intake questions of a form, in order (Chat widget → Lead qualifier, AI call answering → Agent): a card per
 * question, "Add a question" up to the limit, then the limit in words. `newId` names each added draft.
 */
export function QuestionList({
  questions,
  readOnly,
  errorFor,
  onChange,
  newId,
  kindHints,
}: {
  questions: readonly QuestionDraft[];
  readOnly: boolean;
  errorFor: (field: string) => string | undefined;
  onChange: (questions: QuestionDraft[]) => void;
  newId: () => string;
  kindHints?: Record<QuestionKind, string>;
}) {
  return (
    <>
      {questions.map((question, index) => (
        <QuestionCard
          key={question.id}
          question={question}
          index={index}
          count={questions.length}
          readOnly={readOnly}
          errorFor={errorFor}
          {...(kindHints ? { kindHints } : {})}
          onChange={(patch) => onChange(questions.map((other) => (other.id === question.id ? { ...other, ...patch } : other)))}
          onText={(text) => onChange(withText(questions, question.id, text))}
          onMove={(by) => onChange(moved(questions, index, by))}
          onRemove={() => onChange(questions.filter((other) => other.id !== question.id))}
        />
      ))}
      {readOnly ? null : questions.length < QUESTION_LIMITS.questions ? (
        <Group>
          <Button variant="light" onClick={() => onChange([...questions, newQuestion(questions, newId())])}>
            Add a question
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {QUESTION_LIMITS.questions} questions is the most: remove one to add another.
        </Text>
      )}
    </>
  );
}
