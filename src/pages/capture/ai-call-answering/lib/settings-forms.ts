import { type AiOffWindow, TIME_OF_DAY_PATTERN, TIME_OF_DAY_RULE } from '@contracts/ai';
import { mergeTagProblem, renderMergeTags } from '@contracts/merge-tags';
import {
  AI_CALL_OUTCOMES,
  type AiAnswerHours,
  type AiCallOutcome,
  type AiVoiceId,
  type AnswerMode,
  DEFAULT_VOICE_AGENT_SETTINGS,
  type TransferFallback,
  VOICE_AGENT_LIMITS as L,
} from '@contracts/voice-agent';
import { draftsFrom, QUESTION_LIMITS, type QuestionDraft, questionProblems, questionsToSend } from '@/entities/ai-assistant';
import type { VoiceAgentSettingsView } from '../api/voice-agent.queries';

/** Day 0 is Sunday, as the server counts (voice-agent.schema.ts). */
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const keep = (errors: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== undefined));

/** A whole number of seconds within limits, or the server's sentence saying why not. */
export function secondsProblem(label: string, value: number | string, limits: { min: number; max: number }): string | undefined {
  if (typeof value !== 'number' || Number.isNaN(value)) return `${label} must be a number of seconds`;
  if (!Number.isInteger(value)) return `${label} must be whole seconds`;
  if (value < limits.min) return `${label} must be at least ${limits.min} seconds`;
  if (value > limits.max) return `${label} must be at most ${limits.max} seconds`;
  return undefined;
}

/** Words the caller hears or gets: not empty, not too long, only known merge tags. */
function wordsProblem(label: string, value: string, max: number): string | undefined {
  const text = value.trim();
  if (!text) return `${label} cannot be empty`;
  if (text.length > max) return `${label} must be at most ${max} characters`;
  return mergeTagProblem(text) ?? undefined;
}

// ── Basic ───────────────────────────────────────────────────────────────────────────────────────────────────────

export interface BasicForm {
  enabled: boolean;
  answerMode: AnswerMode;
  ringSeconds: number | string;
  hours: AiAnswerHours;
  windows: AiOffWindow[];
  greeting: string;
  recordCalls: boolean;
  recordingDisclosure: string;
  voice: AiVoiceId;
}

export const basicFormFrom = (s: VoiceAgentSettingsView): BasicForm => ({
  enabled: s.enabled,
  answerMode: s.answerMode,
  ringSeconds: s.ringSeconds,
  hours: s.hours,
  windows: s.windows.map((w) => ({ ...w })),
  greeting: s.greeting,
  recordCalls: s.recordCalls,
  recordingDisclosure: s.recordingDisclosure,
  voice: s.voice,
});

const windowOk = (w: AiOffWindow) => TIME_OF_DAY_PATTERN.test(w.start) && TIME_OF_DAY_PATTERN.test(w.end) && w.start !== w.end;

/** The server's checks on the Basic tab, in its words; fields the tab hides (the notice with recording off, windows outside "custom") are not held against it. */
export function validateBasic(form: BasicForm): Record<string, string> {
  const errors: Record<string, string | undefined> = {
    ringSeconds: form.answerMode === 'ring_first' ? secondsProblem('The ring time', form.ringSeconds, L.ringSeconds) : undefined,
    greeting: wordsProblem('The greeting', form.greeting, L.greeting),
    recordingDisclosure: form.recordCalls ? wordsProblem('The recording notice', form.recordingDisclosure, L.disclosure) : undefined,
  };
  if (form.hours === 'custom') {
    if (form.windows.length === 0) errors.windows = 'Add at least one time window, or choose another option for the hours.';
    else if (form.windows.length > L.windows) errors.windows = `At most ${L.windows} windows`;
    form.windows.forEach((w, index) => {
      if (!TIME_OF_DAY_PATTERN.test(w.start)) errors[`windows.${index}.start`] = TIME_OF_DAY_RULE;
      if (!TIME_OF_DAY_PATTERN.test(w.end)) errors[`windows.${index}.end`] = TIME_OF_DAY_RULE;
      else if (w.start === w.end) errors[`windows.${index}.end`] = 'A window must not start and end at the same time';
    });
  }
  return keep(errors);
}

/** What Save sends: the hidden notice keeps its saved words (or the default), windows kept only when they are whole. */
export function basicToInput(form: BasicForm) {
  const notice = form.recordingDisclosure.trim();
  return {
    enabled: form.enabled,
    answerMode: form.answerMode,
    // Hidden with "AI first": a half-typed ring time is not sent back as a refusal the owner cannot see.
    ringSeconds: form.answerMode !== 'ring_first' && secondsProblem('', form.ringSeconds, L.ringSeconds) ? DEFAULT_VOICE_AGENT_SETTINGS.ringSeconds : Number(form.ringSeconds),
    hours: form.hours,
    windows: form.hours === 'custom' ? form.windows : form.windows.filter(windowOk),
    greeting: form.greeting.trim(),
    recordCalls: form.recordCalls,
    recordingDisclosure: notice || DEFAULT_VOICE_AGENT_SETTINGS.recordingDisclosure,
    voice: form.voice,
  };
}

/** One window in words: "Monday 08:00 until 18:00" or "Friday 18:00 until Saturday 08:00 (past midnight)". */
export function windowWords(w: AiOffWindow): string | null {
  if (!windowOk(w)) return null;
  const day = DAY_NAMES[w.day] ?? '';
  if (w.end > w.start) return `Answers ${day} ${w.start} until ${w.end}`;
  return `Answers ${day} ${w.start} until ${DAY_NAMES[(w.day + 1) % 7]} ${w.end} (runs past midnight)`;
}

/**
 * What a caller hears first, as the assistant says it (server/modules/voice-agent/relay-session.ts): the greeting with
 * its tags filled, the recording notice when recording is on, then the first intake question.
 */
export function spokenOpening(form: Pick<BasicForm, 'greeting' | 'recordCalls' | 'recordingDisclosure'>, values: { businessName: string; businessPhone: string | null; assistantName: string; firstQuestion: string | null }): string {
  const fill = (text: string) => renderMergeTags(text, { contact: { firstName: null, lastName: null }, businessName: values.businessName, businessPhone: values.businessPhone, senderFirstName: values.assistantName });
  return [fill(form.greeting), form.recordCalls ? fill(form.recordingDisclosure) : '', values.firstQuestion ?? 'How can I help you today?'].filter(Boolean).join(' ');
}

// ── Agent ───────────────────────────────────────────────────────────────────────────────────────────────────────

export interface AgentForm {
  /** false: the assistant's own questions (Settings → AI); true: the questions below, for calls only. */
  ownQuestions: boolean;
  questions: QuestionDraft[];
  emergencyWords: string[];
  onCallNumber: string;
  transferRingSeconds: number | string;
  transferFallback: TransferFallback;
  maxCallSeconds: number | string;
}

export function agentFormFrom(s: VoiceAgentSettingsView): AgentForm {
  return {
    ownQuestions: s.questions !== null,
    // Custom questions start from the assistant's when there are none yet, so "for calls" begins with something to edit.
    questions: draftsFrom(s.questions ?? s.knowledge.assistantQuestions, s.questions ? 'saved' : 'assistant'),
    emergencyWords: [...s.emergencyWords],
    onCallNumber: s.onCallNumber ?? '',
    transferRingSeconds: s.transferRingSeconds,
    transferFallback: s.transferFallback,
    maxCallSeconds: s.maxCallSeconds,
  };
}

export function validateAgent(form: AgentForm): Record<string, string> {
  const errors: Record<string, string | undefined> = {
    transferRingSeconds: secondsProblem('The transfer ring time', form.transferRingSeconds, L.transferRingSeconds),
    maxCallSeconds: secondsProblem('The maximum call length', form.maxCallSeconds, L.maxCallSeconds),
  };
  if (form.emergencyWords.length > L.emergencyWords) errors.emergencyWords = `At most ${L.emergencyWords} emergency words`;
  else if (form.emergencyWords.some((w) => w.trim().length > L.emergencyWord)) errors.emergencyWords = `An emergency word must be at most ${L.emergencyWord} characters`;
  if (form.ownQuestions) {
    if (form.questions.length === 0) errors.questions = 'Add at least one question, or use the assistant’s questions';
    else if (form.questions.length > QUESTION_LIMITS.questions) errors.questions = `At most ${QUESTION_LIMITS.questions} questions`;
    Object.assign(errors, questionProblems(form.questions));
  }
  return keep(errors);
}

export function agentToInput(form: AgentForm) {
  return {
    questions: form.ownQuestions ? questionsToSend(form.questions) : null,
    emergencyWords: form.emergencyWords.map((w) => w.trim()).filter(Boolean),
    onCallNumber: form.onCallNumber.trim() || null,
    transferRingSeconds: Number(form.transferRingSeconds),
    transferFallback: form.transferFallback,
    maxCallSeconds: Number(form.maxCallSeconds),
  };
}

/** "5 minutes", "1 minute 30 seconds": a call's limit as people say it. */
export function minutesWords(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const m = minutes ? `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}` : '';
  const s = rest ? `${rest} ${rest === 1 ? 'second' : 'seconds'}` : '';
  return [m, s].filter(Boolean).join(' ') || '0 seconds';
}

// ── SMS follow-up ───────────────────────────────────────────────────────────────────────────────────────────────

export interface FollowUpForm {
  enabled: boolean;
  templates: Record<AiCallOutcome, string>;
}

export const followUpFormFrom = (s: VoiceAgentSettingsView): FollowUpForm => ({ enabled: s.followUps.enabled, templates: { ...s.followUps.templates } });

/** An empty text sends nothing for that outcome; a text must say who is texting (the server's rule). */
export function templateProblem(label: string, template: string): string | undefined {
  const text = template.trim();
  if (!text) return undefined;
  if (text.length > L.template) return `The ${label} text must be at most ${L.template} characters`;
  const tags = mergeTagProblem(text);
  if (tags) return tags;
  if (!/\{business_name\}/i.test(text)) return 'The text must say who is texting: include {business_name}.';
  return undefined;
}

export function validateFollowUps(form: FollowUpForm): Record<string, string> {
  return keep(Object.fromEntries(AI_CALL_OUTCOMES.map((o) => [`templates.${o}`, templateProblem(o.replace('_', ' '), form.templates[o])])));
}

export const followUpsToInput = (form: FollowUpForm) => ({
  enabled: form.enabled,
  templates: Object.fromEntries(AI_CALL_OUTCOMES.map((o) => [o, form.templates[o].trim()])) as Record<AiCallOutcome, string>,
});
