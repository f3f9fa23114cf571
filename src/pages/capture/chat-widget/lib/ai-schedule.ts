import { AI_LIMITS, type AiDateOverride, type AiOffWindow, TIME_OF_DAY_PATTERN, TIME_OF_DAY_RULE } from '@contracts/ai';
import { MAX_TEXT_LENGTH, mergeTagProblem } from '@contracts/merge-tags';
import { problems } from './widget-form';

/** Day 0 is Sunday, as the server counts (server/modules/ai/ai-schedule.ts). */
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The schedule's limits, as the server checks them (contracts/ai.ts). */
export const SCHEDULE_LIMITS = { windows: AI_LIMITS.scheduleWindows, overrides: AI_LIMITS.dateOverrides } as const;

const HHMM = TIME_OF_DAY_PATTERN;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** One window in words: "Monday 18:00 until Tuesday 08:00 (past midnight)" or "Saturday 12:00 until 17:00". */
export function windowWords(window: AiOffWindow): string | null {
  if (!HHMM.test(window.start) || !HHMM.test(window.end) || window.start === window.end) return null;
  const day = DAY_NAMES[window.day] ?? '';
  if (window.end > window.start) return `Off ${day} ${window.start} until ${window.end}`;
  return `Off ${day} ${window.start} until ${DAY_NAMES[(window.day + 1) % 7]} ${window.end} (runs past midnight)`;
}

export interface ScheduleForm {
  windows: AiOffWindow[];
  overrides: AiDateOverride[];
  offMessage: string;
}

/** The server's checks on the schedule, in its words, plus one it does not make: a date listed twice. */
export function validateSchedule(form: ScheduleForm): Record<string, string> {
  const errors: Record<string, string | undefined> = {
    'schedule.windows': form.windows.length > SCHEDULE_LIMITS.windows ? `At most ${SCHEDULE_LIMITS.windows} off windows` : undefined,
    'schedule.overrides': form.overrides.length > SCHEDULE_LIMITS.overrides ? `At most ${SCHEDULE_LIMITS.overrides} dates` : undefined,
    'schedule.offMessage':
      form.offMessage.trim().length > MAX_TEXT_LENGTH ? `At most ${MAX_TEXT_LENGTH} characters` : (mergeTagProblem(form.offMessage.trim()) ?? undefined),
  };
  form.windows.forEach((window, index) => {
    const at = `schedule.windows.${index}`;
    if (!HHMM.test(window.start)) errors[`${at}.start`] = TIME_OF_DAY_RULE;
    if (!HHMM.test(window.end)) errors[`${at}.end`] = TIME_OF_DAY_RULE;
    else if (window.start === window.end) errors[`${at}.end`] = 'A window needs a start and a different end';
  });
  const seen = new Set<string>();
  form.overrides.forEach((override, index) => {
    const at = `schedule.overrides.${index}.date`;
    if (!DATE.test(override.date)) errors[at] = 'Use a date like 2026-12-25';
    else if (seen.has(override.date)) errors[at] = 'This date is already in the list';
    seen.add(override.date);
  });
  return problems(errors);
}
