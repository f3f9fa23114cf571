/**
 * The dashboard's periods, the average job value's limits and the words owners see for them: shared by the server
 * (dashboard.summary, dashboard.setAverageJobValue) and the screen. Plain constants, no zod (the screen is lazy, but
 * the rule exists once).
 */

/** The periods an owner can choose, each compared with the same stretch just before it (decision 0053). */
export const DASHBOARD_PERIODS = ['today', '7d', '30d', '90d', 'month'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export const DASHBOARD_PERIOD_WORDS = {
  today: 'Today',
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  month: 'This month',
} as const satisfies Record<DashboardPeriod, string>;

export const isDashboardPeriod = (value: string): value is DashboardPeriod => Object.hasOwn(DASHBOARD_PERIOD_WORDS, value);

/** The average job value the recovered-revenue estimate multiplies by: whole cents, $1 to $1,000,000. */
export const AVERAGE_JOB_VALUE_MIN_CENTS = 100;
export const AVERAGE_JOB_VALUE_MAX_CENTS = 100_000_000;
export const AVERAGE_JOB_VALUE_WORDS = {
  min: 'Enter at least $1.',
  max: 'Enter at most $1,000,000.',
  whole: 'Enter an amount in dollars and cents.',
} as const;
