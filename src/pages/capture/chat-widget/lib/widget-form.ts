import { mergeTagProblem, MAX_TEXT_LENGTH } from '@contracts/merge-tags';
import { normalizeDomain } from '@contracts/widget';

export { previewMergeTags as previewFirstText, SAMPLE_VISITOR } from '@/shared/lib/format';

/** Lines of a textarea as a list: one entry a line, blank lines dropped. */
export const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The first line that is not a website address, in the server's words; undefined when all are. */
export function domainsProblem(text: string, enabled: boolean): string | undefined {
  const lines = linesOf(text);
  const bad = lines.find((line) => normalizeDomain(line) === null);
  if (bad) return `“${bad.slice(0, 100)}” is not a website address: use example.com or *.example.com`;
  if (lines.length > 20) return 'At most 20 domains';
  if (enabled && lines.length === 0) return 'Add the website the widget goes on (e.g. example.com) before turning it on.';
  return undefined;
}

export const COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** Text between `min` and `max` characters once trimmed, or why not. */
export function wordsProblem(label: string, value: string, max: number, min = 1): string | undefined {
  const text = value.trim();
  if (text.length < min) return min === 1 ? `${label} cannot be empty` : `${label} must be at least ${min} characters`;
  if (text.length > max) return `${label} must be at most ${max} characters`;
  return undefined;
}

export function firstTextProblem(template: string): string | undefined {
  return wordsProblem('The first text', template, MAX_TEXT_LENGTH) ?? mergeTagProblem(template.trim()) ?? undefined;
}

export function wholeNumberProblem(label: string, value: number | string, min: number, max: number, unit: string): string | undefined {
  if (typeof value !== 'number' || Number.isNaN(value) || !Number.isInteger(value)) return `${label} must be a whole number of ${unit}`;
  if (value < min || value > max) return `${label} must be between ${min} and ${max} ${unit}`;
  return undefined;
}

export const PATH_RULE = /^\/\S*$/;

export function pathsProblem(text: string): string | undefined {
  const lines = linesOf(text);
  const bad = lines.find((line) => !PATH_RULE.test(line) || line.length > 200);
  if (bad) return `“${bad.slice(0, 100)}”: page rules start with / (e.g. /services or /blog/*)`;
  if (lines.length > 50) return 'At most 50 page rules';
  return undefined;
}

/** Drops undefined entries, so a form's errors are only the problems found. */
export function problems(errors: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** A server error key to the form field it belongs to: `allowedDomains.2` → `allowedDomains`. */
export const fieldOfServerError = (key: string) => key.replace(/\.\d+(\..*)?$/, '').replace(/^avatar\..*$/, 'avatar');

/** The one tag a site pastes (the chat launcher and popup). */
export const scriptTag = (scriptUrl: string, publicKey: string) => `<script src="${scriptUrl}" data-key="${publicKey}" async></script>`;

/** The inline form: a div where the form goes, and the same tag. */
export const formSnippet = (scriptUrl: string, publicKey: string) => `<div data-leadloop-form></div>\n${scriptTag(scriptUrl, publicKey)}`;
