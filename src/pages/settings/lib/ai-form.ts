import { AI_LIMITS as L, type AiSettingsValues, SERVICE_AREA_PATTERN, SERVICE_AREA_RULE } from '@contracts/ai';
import type { AiSettingsView } from '@/entities/ai-assistant';
import type { AiSettingsUpdate } from '@/features/ai-settings-form';

type AiTabFields = 'enabled' | 'assistantName' | 'tone' | 'facts' | 'faq' | 'services' | 'servicesNotOffered' | 'serviceAreaPrefixes' | 'pricingPolicy' | 'approvalMode' | 'handoff';

/** Settings → AI's part of the AI settings, as the form holds it (numbers stay text while someone types). */
export type AiForm = Pick<AiSettingsValues, AiTabFields> & {
  replyDelaySeconds: number | string;
  dailyCap: number | string;
};

export const MAX_FACTS = L.facts;
export const MAX_FAQ = L.faq;

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
  if (services.length > L.services) return `At most ${L.services}`;
  const long = services.find((service) => service.length > L.service);
  return long === undefined ? undefined : `A service must be at most ${L.service} characters`;
}

/**
 * The server's checks, in its words, before anything is sent. `questionCount` is the saved qualifier's: the server
 * refuses to turn the assistant on without a question to ask.
 */
export function validateAiForm(form: AiForm, questionCount: number): Record<string, string> {
  const errors: Record<string, string | undefined> = {
    assistantName: wordsProblem('The assistant’s name', form.assistantName, L.assistantName),
    facts: form.facts.trim().length > L.facts ? `The business facts must be at most ${L.facts.toLocaleString('en-US')} characters` : undefined,
    faq: form.faq.length > MAX_FAQ ? `At most ${MAX_FAQ} questions` : undefined,
    services: servicesProblem(form.services),
    servicesNotOffered: servicesProblem(form.servicesNotOffered),
    serviceAreaPrefixes:
      form.serviceAreaPrefixes.length > L.areas ? `At most ${L.areas} areas` : form.serviceAreaPrefixes.some((prefix) => !SERVICE_AREA_PATTERN.test(prefix)) ? SERVICE_AREA_RULE : undefined,
    replyDelaySeconds: wholeNumberProblem('The reply delay', form.replyDelaySeconds, L.replyDelaySeconds.min, L.replyDelaySeconds.max, 'seconds'),
    dailyCap: wholeNumberProblem('The daily limit', form.dailyCap, L.dailyCap.min, L.dailyCap.max, ''),
    questions: form.enabled && questionCount === 0 ? 'Add at least one question before turning the assistant on.' : undefined,
  };
  form.faq.forEach((entry, index) => {
    errors[`faq.${index}.question`] = wordsProblem('The question', entry.question, L.faqQuestion);
    errors[`faq.${index}.answer`] = wordsProblem('The answer', entry.answer, L.faqAnswer);
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
