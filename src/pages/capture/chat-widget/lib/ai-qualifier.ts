import { AI_LIMITS, SERVICE_AREA_PATTERN, SERVICE_AREA_RULE } from '@contracts/ai';
import { MAX_TEXT_LENGTH, mergeTagProblem } from '@contracts/merge-tags';
import { type QuestionDraft, QUESTION_LIMITS, questionProblems } from '@/entities/ai-assistant';
import { problems, wordsProblem } from './widget-form';

// The question helpers live with the assistant (AI call answering edits questions too).
export { draftsFrom, keyFromText, moved, type QuestionDraft, questionsToSend, withText } from '@/entities/ai-assistant';

/** The lead qualifier's limits, as the server checks them (contracts/ai.ts), so mistakes show before Save. */
export const QUALIFIER_LIMITS = {
  ...QUESTION_LIMITS,
  areas: AI_LIMITS.areas,
  services: AI_LIMITS.services,
  service: AI_LIMITS.service,
} as const;

/** The server's refusal for one area (ai.schema.ts), or undefined when it is a ZIP or postal-code beginning. */
export function areaProblem(area: string): string | undefined {
  return SERVICE_AREA_PATTERN.test(area.trim().toUpperCase()) ? undefined : `“${area.trim()}”: ${SERVICE_AREA_RULE.charAt(0).toLowerCase()}${SERVICE_AREA_RULE.slice(1)}`;
}

export interface QualifierForm {
  questions: QuestionDraft[];
  serviceAreaPrefixes: string[];
  servicesNotOffered: string[];
  disqualifyMessage: string;
}

/**
 * The server's checks on this tab (ai.schema.ts, ai-settings.service.ts), in its words: the list, each question,
 * the disqualify rules and the message. `assistantOn`: the server refuses an empty list while the assistant is on.
 */
export function validateQualifier(form: QualifierForm, assistantOn: boolean): Record<string, string> {
  const errors: Record<string, string | undefined> = {};
  const { questions } = form;
  if (questions.length > QUALIFIER_LIMITS.questions) errors.questions = `At most ${QUALIFIER_LIMITS.questions} questions`;
  else if (questions.length === 0 && assistantOn) errors.questions = 'Add at least one question before turning the assistant on.';
  Object.assign(errors, questionProblems(questions));
  const badArea = form.serviceAreaPrefixes.map(areaProblem).find(Boolean);
  errors.serviceAreaPrefixes = badArea ?? (form.serviceAreaPrefixes.length > QUALIFIER_LIMITS.areas ? `At most ${QUALIFIER_LIMITS.areas} areas` : undefined);
  const longService = form.servicesNotOffered.find((service) => service.trim().length > QUALIFIER_LIMITS.service);
  errors.servicesNotOffered = longService
    ? `A service must be at most ${QUALIFIER_LIMITS.service} characters`
    : form.servicesNotOffered.length > QUALIFIER_LIMITS.services
      ? `At most ${QUALIFIER_LIMITS.services}`
      : undefined;
  errors.disqualifyMessage = wordsProblem('The message', form.disqualifyMessage, MAX_TEXT_LENGTH) ?? mergeTagProblem(form.disqualifyMessage.trim()) ?? undefined;
  return problems(errors);
}
