import { mergeTagProblem, renderMergeTags } from '@contracts/merge-tags';
import { MISSED_CALL_LIMITS } from '@contracts/call';

export interface PreviewValues {
  businessName: string;
  businessPhone: string | null;
}

/**
 * The text-back as a caller whose name is not known yet would get it (most missed callers are new): the tags filled
 * the way the server fills them ({first_name} reads "there"), so the count below it is the count that gets sent.
 */
export function previewTextBack(template: string, values: PreviewValues): string {
  return renderMergeTags(template, { contact: { firstName: null, lastName: null }, businessName: values.businessName, businessPhone: values.businessPhone, senderFirstName: values.businessName });
}

/** What is wrong with a text-back template before it is sent to the server (the server checks the same). */
export function templateProblem(label: string, template: string): string | undefined {
  const text = template.trim();
  if (!text) return `${label} cannot be empty`;
  if (text.length > MISSED_CALL_LIMITS.templateLength) return `${label} must be at most ${MISSED_CALL_LIMITS.templateLength} characters`;
  const tags = mergeTagProblem(text);
  if (tags) return tags;
  if (!/\{business_name\}/i.test(text)) return `${label} must say who is texting: include {business_name}.`;
  return undefined;
}

/** A whole number of seconds (or hours) within limits, or the sentence saying why not. */
export function wholeNumberProblem(label: string, value: number | string, limits: { min: number; max: number }, unit = 'seconds'): string | undefined {
  if (typeof value !== 'number' || Number.isNaN(value)) return `${label} must be a number of ${unit}`;
  if (!Number.isInteger(value)) return `${label} must be whole ${unit}`;
  if (value < limits.min) return `${label} must be at least ${limits.min} ${unit}`;
  if (value > limits.max) return `${label} must be at most ${limits.max} ${unit}`;
  return undefined;
}
