import { AI_LIMITS, type QualifierQuestion, QUESTION_KEY_PATTERN, QUESTION_KEY_RULE, type QuestionKind } from '@contracts/ai';

/** A question list's limits, as the server checks them (contracts/ai.ts), so mistakes show before Save. */
export const QUESTION_LIMITS = {
  questions: AI_LIMITS.questions,
  text: AI_LIMITS.questionText,
  choices: AI_LIMITS.choices,
  choice: AI_LIMITS.choice,
  key: AI_LIMITS.key,
} as const;

/**
 * One question as the form holds it. `id` keeps React's rows apart while questions move; `keyEdited` is true once
 * the key must stay as it is (a saved question's key names answers already on leads; a key typed under "Advanced").
 */
export interface QuestionDraft extends QualifierQuestion {
  id: string;
  keyEdited: boolean;
}

/** Words that say nothing about the answer: left out of a key made from a question ("What’s your ZIP?" → `zip`). */
const FILLER = new Set(
  'a an and any are as at be by can could did do does for from have how i if in is it its just let me my of on or our please s so tell that the there this to us was we what whats when where which who will with would you your youre'.split(' '),
);

/** A key from a question's words: lower_snake, the meaningful words first, at most 40 characters, never taken. */
export function keyFromText(text: string, taken: ReadonlySet<string>): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’']/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const meaningful = words.filter((word) => !FILLER.has(word));
  let base = '';
  for (const word of (meaningful.length ? meaningful : words).slice(0, 4)) {
    const next = base ? `${base}_${word}` : word;
    if (next.length > 32) break;
    base = next;
  }
  if (!base) base = 'question';
  if (!/^[a-z]/.test(base)) base = `q_${base}`.slice(0, 32);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

/** The saved questions as drafts: their keys are fixed (past leads' answers carry them). */
export const draftsFrom = (questions: readonly QualifierQuestion[], prefix = 'saved'): QuestionDraft[] =>
  questions.map((question, index) => ({ ...question, choices: [...question.choices], id: `${prefix}-${index}`, keyEdited: true }));

/** What Save sends for the questions: trimmed, choices only for a list question. */
export const questionsToSend = (drafts: readonly QuestionDraft[]): QualifierQuestion[] =>
  drafts.map(({ key, text, kind, choices, required }) => ({
    key: key.trim(),
    text: text.trim(),
    kind,
    choices: kind === 'choice' ? choices.map((choice) => choice.trim()).filter(Boolean) : [],
    required,
  }));

/** A new question's text changed: its key follows the text until someone sets the key by hand. */
export function withText(drafts: readonly QuestionDraft[], id: string, text: string): QuestionDraft[] {
  return drafts.map((draft) => {
    if (draft.id !== id) return draft;
    if (draft.keyEdited) return { ...draft, text };
    const taken = new Set(drafts.filter((other) => other.id !== id).map((other) => other.key));
    return { ...draft, text, key: keyFromText(text, taken) };
  });
}

/** A new, empty question (required, free text) whose key is not taken yet. */
export function newQuestion(drafts: readonly QuestionDraft[], id: string): QuestionDraft {
  const taken = new Set(drafts.map((question) => question.key));
  return { id, key: keyFromText('', taken), keyEdited: false, text: '', kind: 'text', choices: [], required: true };
}

/** Moves one question up (-1) or down (+1); the ends stay where they are. */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

export const KIND_HINTS: Record<QuestionKind, string> = {
  text: 'Any answer, kept as written.',
  choice: 'The person names one of the choices below (matched by its words, any case).',
  yes_no: 'Yes or no, in the person’s own words (“yep”, “not really”).',
  zip: 'A US ZIP code or a Canadian postal code; checked against your service area below.',
  date: 'A day, read in your time zone (“tomorrow”, “next Friday”, “12/3”).',
};

/**
 * Each question's problems in the server's words (ai.schema.ts), keyed `<prefix>.<index>.text|key|choices` like the
 * server's field errors: an empty or long question, a bad or repeated answer name, a list with too few choices.
 */
export function questionProblems(questions: readonly QuestionDraft[], prefix = 'questions'): Record<string, string> {
  const errors: Record<string, string> = {};
  const seen = new Map<string, number>();
  questions.forEach((question, index) => {
    const at = `${prefix}.${index}`;
    const text = question.text.trim();
    if (!text) errors[`${at}.text`] = 'The question cannot be empty';
    else if (text.length > QUESTION_LIMITS.text) errors[`${at}.text`] = `The question must be at most ${QUESTION_LIMITS.text} characters`;
    const key = question.key.trim();
    if (!QUESTION_KEY_PATTERN.test(key)) errors[`${at}.key`] = QUESTION_KEY_RULE;
    else if (seen.has(key)) errors[`${at}.key`] = `Question ${seen.get(key)! + 1} already uses the name “${key}”: each answer needs its own name`;
    else seen.set(key, index);
    if (question.kind === 'choice') {
      const choices = question.choices.map((choice) => choice.trim()).filter(Boolean);
      if (choices.length < 2) errors[`${at}.choices`] = 'A question with a list needs at least two choices';
      else if (choices.length > QUESTION_LIMITS.choices) errors[`${at}.choices`] = `At most ${QUESTION_LIMITS.choices} choices`;
      else if (choices.some((choice) => choice.length > QUESTION_LIMITS.choice)) errors[`${at}.choices`] = `A choice must be at most ${QUESTION_LIMITS.choice} characters`;
    }
  });
  return errors;
}
