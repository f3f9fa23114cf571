import type { AiTone, FaqEntry, HandoffTriggers, PricingPolicy } from '@contracts/ai';
import type { AiSettingsView } from '@/entities/ai-assistant';
import type { AiSettingsUpdate } from '@/features/ai-settings-form';

/** Settings → AI's part of the AI settings, as the form holds it (numbers stay text while someone types). */
export interface AiForm {
  enabled: boolean;
  assistantName: string;
  tone: AiTone;
  facts: string;
  faq: FaqEntry[];
  services: string[];
  servicesNotOffered: string[];
  serviceAreaPrefixes: string[];
  pricingPolicy: PricingPolicy;
  replyDelaySeconds: number | string;
  dailyCap: number | string;
  approvalMode: boolean;
  handoff: HandoffTriggers;
}

export const MAX_FACTS = 5000;
export const MAX_FAQ = 50;

/** The server's pattern (server/modules/ai/ai.schema.ts): a ZIP, its first 3–4 digits, or a Canadian postal-code start. */
const AREA_PREFIX = /^(\d{3,5}|[A-Z]\d[A-Z]( ?\d([A-Z]\d?)?)?)$/;
const AREA_MESSAGE = 'Use ZIP codes or their first 3 digits (606), or postal-code beginnings (M5V)';

export function aiFormFrom(settings: AiSettingsView): AiForm {
  return {
    enabled: settings.enabled,
    assistantName: settings.assistantName,
    tone: settings.tone,
    facts: settings.facts,
    faq: settings.faq.map((entry) => ({ question: entry.question, answer: entry.answer })),
    services: settings.services,
    servicesNotOffered: settings.servicesNotOffered,
    serviceAreaPrefixes: settings.serviceAreaPrefixes,
    pricingPolicy: settings.pricingPolicy,
    replyDelaySeconds: settings.replyDelaySeconds,
    dailyCap: settings.dailyCap,
    approvalMode: settings.approvalMode,
    handoff: { ...settings.handoff },
  };
}

/** Tags as the server stores them: trimmed, no blanks, no repeats (ZIP / postal prefixes also upper-case). */
export function cleanTags(tags: string[], { upperCase = false } = {}): string[] {
  return [...new Set(tags.map((tag) => (upperCase ? tag.trim().toUpperCase() : tag.trim())).filter(Boolean))];
}

function wordsProblem(label: string, value: string, max: number): string | undefined {
  const text = value.trim();
  if (!text) return `${label} cannot be empty`;
  if (text.length > max) return `${label} must be at most ${max} characters`;
  return undefined;
}

function wholeNumberProblem(label: string, value: number | string, min: number, max: number, unit: string): string | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value)) return `${label} must be a whole number${unit ? ` of ${unit}` : ''}`;
  if (value < min) return `At least ${min}${unit ? ` ${unit}` : ''}`;
  if (value > max) return `At most ${max}${unit ? ` ${unit}` : ''}`;
  return undefined;
}

function servicesProblem(services: string[]): string | undefined {
  if (services.length > 100) return 'At most 100';
  const long = services.find((service) => service.length > 100);
  return long === undefined ? undefined : 'A service must be at most 100 characters';
}

/**
 * The server's checks, in its words, before anything is sent. `questionCount` is the saved qualifier's: the server
 * refuses to turn the assistant on without a question to ask.
 */
export function validateAiForm(form: AiForm, questionCount: number): Record<string, string> {
  const errors: Record<string, string | undefined> = {
    assistantName: wordsProblem('The assistant’s name', form.assistantName, 40),
    facts: form.facts.trim().length > MAX_FACTS ? 'The business facts must be at most 5,000 characters' : undefined,
    faq: form.faq.length > MAX_FAQ ? `At most ${MAX_FAQ} questions` : undefined,
    services: servicesProblem(form.services),
    servicesNotOffered: servicesProblem(form.servicesNotOffered),
    serviceAreaPrefixes: form.serviceAreaPrefixes.length > 500 ? 'At most 500 areas' : form.serviceAreaPrefixes.some((prefix) => !AREA_PREFIX.test(prefix)) ? AREA_MESSAGE : undefined,
    replyDelaySeconds: wholeNumberProblem('The reply delay', form.replyDelaySeconds, 0, 300, 'seconds'),
    dailyCap: wholeNumberProblem('The daily limit', form.dailyCap, 1, 100, ''),
    questions: form.enabled && questionCount === 0 ? 'Add at least one question before turning the assistant on.' : undefined,
  };
  form.faq.forEach((entry, index) => {
    errors[`faq.${index}.question`] = wordsProblem('The question', entry.question, 300);
    errors[`faq.${index}.answer`] = wordsProblem('The answer', entry.answer, 600);
  });
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** What Save sends: this tab's fields only (the update is partial), trimmed as the server would. */
export function aiFormInput(form: AiForm): AiSettingsUpdate {
  return {
    enabled: form.enabled,
    assistantName: form.assistantName.trim(),
    tone: form.tone,
    facts: form.facts.trim(),
    faq: form.faq.map((entry) => ({ question: entry.question.trim(), answer: entry.answer.trim() })),
    services: cleanTags(form.services),
    servicesNotOffered: cleanTags(form.servicesNotOffered),
    serviceAreaPrefixes: cleanTags(form.serviceAreaPrefixes, { upperCase: true }),
    pricingPolicy: form.pricingPolicy,
    replyDelaySeconds: Number(form.replyDelaySeconds),
    dailyCap: Number(form.dailyCap),
    approvalMode: form.approvalMode,
    handoff: { ...form.handoff },
  };
}
