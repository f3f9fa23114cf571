import { MAX_TEXT_LENGTH, mergeTagProblem, TEXT_TOO_LONG_MESSAGE } from '@contracts/merge-tags';

export interface TemplateDraft {
  name: string;
  body: string;
}

export type TemplateErrors = Partial<Record<keyof TemplateDraft, string>>;

/** The server's rules for templates.save, checked before asking it (same wording). */
export function validateTemplate({ name, body }: TemplateDraft): TemplateErrors {
  const errors: TemplateErrors = {};
  if (!name.trim()) errors.name = 'Name the template';
  else if (name.trim().length > 80) errors.name = 'Names are at most 80 characters';
  const problem = mergeTagProblem(body);
  if (!body.trim()) errors.body = 'Write the template’s text';
  else if (body.trim().length > MAX_TEXT_LENGTH) errors.body = TEXT_TOO_LONG_MESSAGE;
  else if (problem) errors.body = problem;
  return errors;
}
