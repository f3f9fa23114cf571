import type { AiSchedule } from '@contracts/ai';

/** The wall clock where the company is: its date, weekday (0 = Sunday) and minutes since midnight. */
export function localClock(now: Date, timeZone: string): { date: string; day: number; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  return { date: `${get('year')}-${get('month')}-${get('day')}`, day: days.indexOf(get('weekday')), minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

const toMinutes = (hhmm: string) => {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

export interface AiOffState {
  off: boolean;
  /** Plain words for the decision log and the screen. */
  why: string;
  /**
   * Names the off period (a date override, or a window on the date it started), so the off message goes once per
   * period per thread; null when on.
   */
  period: string | null;
}

/**
 * Whether the assistant is off now, in the company's time zone: a date override decides its whole day; otherwise a
 * weekly window covers now (a window whose end is before its start runs past midnight into the next day). Computed
 * from the wall clock each time, so a daylight-saving change moves nothing by an hour.
 */
export function aiOffNow(schedule: AiSchedule, timeZone: string, now: Date): AiOffState {
  const here = localClock(now, timeZone);
  const override = schedule.overrides.find((o) => o.date === here.date);
  if (override) {
    return override.off ? { off: true, why: `Off all day on ${here.date} (a date override)`, period: `date:${here.date}` } : { off: false, why: `On all day on ${here.date} (a date override)`, period: null };
  }
  const yesterday = localClock(new Date(now.getTime() - 24 * 60 * 60 * 1000), timeZone).date;
  for (const w of schedule.windows) {
    const start = toMinutes(w.start);
    const end = toMinutes(w.end);
    const label = `${DAY_NAMES[w.day]} ${w.start}–${w.end}`;
    if (end > start) {
      if (here.day === w.day && here.minutes >= start && here.minutes < end) return { off: true, why: `Off hours (${label})`, period: `window:${here.date}:${w.day}:${w.start}` };
    } else {
      // Past midnight: from start to midnight on its day, and from midnight to end on the next.
      if (here.day === w.day && here.minutes >= start) return { off: true, why: `Off hours (${label})`, period: `window:${here.date}:${w.day}:${w.start}` };
      if (here.day === (w.day + 1) % 7 && here.minutes < end) return { off: true, why: `Off hours (${label})`, period: `window:${yesterday}:${w.day}:${w.start}` };
    }
  }
  return { off: false, why: 'On (no off window now)', period: null };
}

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
