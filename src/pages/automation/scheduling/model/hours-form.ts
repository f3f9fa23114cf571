import type { DateOverrides, DayHours, WorkingWeek } from '@contracts/scheduling';

export const WEEKDAYS = [
  { key: '1', label: 'Monday' },
  { key: '2', label: 'Tuesday' },
  { key: '3', label: 'Wednesday' },
  { key: '4', label: 'Thursday' },
  { key: '5', label: 'Friday' },
  { key: '6', label: 'Saturday' },
  { key: '7', label: 'Sunday' },
] as const;
export type WeekdayKey = (typeof WEEKDAYS)[number]['key'];

/** "09:30" for a time input, from minutes after midnight (the day's end shows as 23:59). */
export function toClock(minutes: number): string {
  const clamped = Math.min(minutes, 24 * 60 - 1);
  return `${String(Math.floor(clamped / 60)).padStart(2, '0')}:${String(clamped % 60).padStart(2, '0')}`;
}

/** Minutes after midnight from "09:30"; "23:59" is the end of the day. Null for anything else. */
export function fromClock(text: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (minutes >= 24 * 60) return null;
  return minutes === 24 * 60 - 1 ? 24 * 60 : minutes;
}

/** What is wrong with a day's stretches, in words, or null. */
export function dayProblem(stretches: readonly DayHours[]): string | null {
  if (stretches.some((stretch) => stretch.end <= stretch.start)) return 'Each stretch ends after it starts';
  const sorted = [...stretches].sort((a, b) => a.start - b.start);
  if (sorted.some((stretch, index) => index > 0 && stretch.start < sorted[index - 1]!.end)) return 'Stretches of one day may not overlap';
  if (stretches.length > 6) return 'At most 6 stretches a day';
  return null;
}

/** Every problem of the week and the overrides, keyed like the form shows them ("1" for Monday, a date for an override). */
export function hoursProblems(weekly: WorkingWeek, overrides: DateOverrides): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const { key } of WEEKDAYS) {
    const problem = dayProblem(weekly[key] ?? []);
    if (problem) problems[key] = problem;
  }
  for (const [date, stretches] of Object.entries(overrides)) {
    const problem = dayProblem(stretches);
    if (problem) problems[date] = problem;
  }
  return problems;
}
