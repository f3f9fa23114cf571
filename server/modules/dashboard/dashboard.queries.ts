import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '@server/platform/db/database';
import type { CompanyScope } from '@server/platform/db/scope';
import type { LeadSource } from '@contracts/lead';
import type { PeriodBounds } from './periods';

/**
 * The dashboard's figures, one SQL statement each, every one filtered on the caller's company. They read the day
 * tables the database keeps as leads, texts and calls change (migration 0040_dashboard_rollups, decision 0053):
 * whole local days from the `*_days` tables, and the previous stretch's last day — cut at the same time of day as
 * now — lead by lead (or call by call) from the `*_facts` tables. So a query reads a few hundred rows whether a
 * company has a hundred leads or a hundred thousand; `npm run bench:dashboard` times each (docs/performance.md).
 * The service makes sure the company's day tables exist, in its zone, before these run.
 */

const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
const day = (value: string) => sql`${value}::date`;

/** Whole days of either period (the previous one without its last day, which `partial` reads). */
const wholeDays = (column: SQL, bounds: PeriodBounds) =>
  sql`((${column} >= ${day(bounds.days[0]!)} and ${column} <= ${day(bounds.days.at(-1)!)}) or (${column} >= ${day(bounds.previousDays.first)} and ${column} < ${day(bounds.previousDays.last)}))`;
const isCurrent = (column: SQL, bounds: PeriodBounds) => sql`${column} >= ${day(bounds.days[0]!)}`;
/** The previous stretch's last day, up to the cut. */
const partial = (column: SQL, bounds: PeriodBounds) => sql`${column} >= ${at(bounds.previousLastDayStart)} and ${column} < ${at(bounds.previous.to)}`;

export interface Pair<T> {
  current: T;
  previous: T;
}

function split<R extends { cur: boolean }, T>(rows: R[], empty: T, map: (row: R) => T): Pair<T> {
  const current = rows.find((r) => r.cur);
  const previous = rows.find((r) => !r.cur);
  return { current: current ? map(current) : empty, previous: previous ? map(previous) : empty };
}

const n = (value: unknown) => Number(value ?? 0);

export interface LeadFigures {
  leads: number;
  qualified: number;
  booked: number;
  won: number;
  /** Sum of the won leads' values (a won lead without a value adds nothing; `wonWithValue` says how many had one). */
  wonValueCents: number;
  wonWithValue: number;
  /** Leads that got a first answer from the team, the assistant or an automation. */
  answered: number;
  /** To the second below a minute, to the minute below 48 hours, then to the hour (what the screen shows). */
  medianFirstResponseSeconds: number | null;
  /** Answered by the assistant (in text, or on an AI-answered call) and never by a person of the team. */
  aiHandled: number;
}

const NO_LEADS: LeadFigures = { leads: 0, qualified: 0, booked: 0, won: 0, wonValueCents: 0, wonWithValue: 0, answered: 0, medianFirstResponseSeconds: null, aiHandled: 0 };

/**
 * The leads that arrived in each period and how far they got since: qualified (or further), booked (or won), won
 * with their value, answered (and the median time to the first answer, from the response-time histogram), and
 * handled by the assistant alone.
 */
export async function leadFigures(scope: CompanyScope, bounds: PeriodBounds): Promise<Pair<LeadFigures>> {
  const c = scope.companyId;
  const rows = await queryRows<Record<string, unknown> & { cur: boolean }>(
    scope.db,
    sql`with counted as (
        select ${isCurrent(sql`d.day`, bounds)} as cur, d.stage, d.leads, d.answered, d.ai_handled, d.won_value_cents, d.won_with_value
        from dashboard_lead_days d where d.company_id = ${c} and ${wholeDays(sql`d.day`, bounds)}
        union all
        select false, dashboard_lead_stage(f.status), 1, case when f.handled <> 'none' then 1 else 0 end, case when dashboard_ai_handled(f.source, f.handled) then 1 else 0 end,
          case when f.status = 'won' then coalesce(f.value_cents, 0) else 0 end, case when f.status = 'won' and f.value_cents is not null then 1 else 0 end
        from dashboard_lead_facts f where f.company_id = ${c} and ${partial(sql`f.created_at`, bounds)}
      )
      select cur,
        sum(leads) as leads,
        sum(leads) filter (where stage <> 'none') as qualified,
        sum(leads) filter (where stage in ('booked', 'won')) as booked,
        sum(leads) filter (where stage = 'won') as won,
        sum(won_value_cents) as won_value,
        sum(won_with_value) as won_with_value,
        sum(answered) as answered,
        sum(ai_handled) as ai_handled
      from counted group by cur`,
  );
  return split(rows, NO_LEADS, (r) => ({
    leads: n(r.leads),
    qualified: n(r.qualified),
    booked: n(r.booked),
    won: n(r.won),
    wonValueCents: n(r.won_value),
    wonWithValue: n(r.won_with_value),
    answered: n(r.answered),
    // From firstResponseMedians (its own statement).
    medianFirstResponseSeconds: null,
    aiHandled: n(r.ai_handled),
  }));
}

/** The median time to a lead's first answer in each period, from the response-time histogram (null: no answered lead). */
export async function firstResponseMedians(scope: CompanyScope, bounds: PeriodBounds): Promise<Pair<number | null>> {
  const c = scope.companyId;
  const rows = await queryRows<{ cur: boolean; median: unknown }>(
    scope.db,
    sql`with answers as (
        select ${isCurrent(sql`r.day`, bounds)} as cur, r.seconds, r.leads
        from dashboard_response_days r where r.company_id = ${c} and ${wholeDays(sql`r.day`, bounds)}
        union all
        select false, dashboard_response_bucket(extract(epoch from f.first_answer_at - f.created_at)), 1
        from dashboard_lead_facts f where f.company_id = ${c} and f.first_answer_at is not null and ${partial(sql`f.created_at`, bounds)}
      ), histogram as (
        select cur, seconds, sum(leads) as n from answers group by cur, seconds having sum(leads) > 0
      ), running as (
        select cur, seconds, sum(n) over (partition by cur order by seconds) as upto, sum(n) over (partition by cur) as total from histogram
      )
      -- The median of a histogram: the middle value, or the mean of the two middle ones (as percentile_cont).
      select cur, (min(seconds) filter (where upto >= floor((total + 1) / 2.0)) + min(seconds) filter (where upto >= ceil((total + 1) / 2.0))) / 2.0 as median
      from running group by cur`,
  );
  return split(rows, null, (r) => (r.median === null || r.median === undefined ? null : Math.round(Number(r.median))));
}

export interface MissedCallFigures {
  missed: number;
  textedBack: number;
  replied: number;
  qualified: number;
  booked: number;
}

const NO_CALLS: MissedCallFigures = { missed: 0, textedBack: 0, replied: 0, qualified: 0, booked: 0 };

/**
 * Missed calls → texted back → replied → qualified → booked, over the calls missed in each period: of those, how
 * many got their text-back (handed to the carrier and not failed), of those how many callers texted the business
 * after it (an inbound text in the text-back's thread after the text-back), and of those how many calls' leads are
 * qualified (or further) and booked (or won). Skipped, pending and failed text-backs stop at "missed".
 */
export async function missedCallFigures(scope: CompanyScope, bounds: PeriodBounds): Promise<Pair<MissedCallFigures>> {
  const c = scope.companyId;
  const rows = await queryRows<Record<string, unknown> & { cur: boolean }>(
    scope.db,
    sql`with counted as (
        select ${isCurrent(sql`d.day`, bounds)} as cur, d.texted, d.replied, d.stage, d.calls
        from dashboard_call_days d where d.company_id = ${c} and ${wholeDays(sql`d.day`, bounds)}
        union all
        select false, f.texted, f.replied, f.stage, 1 from dashboard_call_facts f where f.company_id = ${c} and ${partial(sql`f.started_at`, bounds)}
      )
      select cur,
        sum(calls) as missed,
        sum(calls) filter (where texted) as texted,
        sum(calls) filter (where texted and replied) as replied,
        sum(calls) filter (where texted and replied and stage <> 'none') as qualified,
        sum(calls) filter (where texted and replied and stage = 'booked') as booked
      from counted group by cur`,
  );
  return split(rows, NO_CALLS, (r) => ({ missed: n(r.missed), textedBack: n(r.texted), replied: n(r.replied), qualified: n(r.qualified), booked: n(r.booked) }));
}

/** Rows of either period of a table with a timestamp (few rows: AI-answered calls, hand-offs). */
const inEither = (column: SQL, bounds: PeriodBounds) =>
  sql`${column} >= ${at(bounds.previous.from)} and ${column} < ${at(bounds.current.to)} and (${column} >= ${at(bounds.current.from)} or ${column} < ${at(bounds.previous.to)})`;

/** Calls the AI call answering assistant took (its session connected), in each period. */
export async function aiAnsweredCalls(scope: CompanyScope, bounds: PeriodBounds): Promise<Pair<number>> {
  const rows = await queryRows<{ cur: boolean; calls: unknown }>(
    scope.db,
    sql`select v.created_at >= ${at(bounds.current.from)} as cur, count(*) as calls
      from voice_agent_calls v
      where v.company_id = ${scope.companyId} and v.connected_at is not null and ${inEither(sql`v.created_at`, bounds)}
      group by 1`,
  );
  return split(rows, 0, (r) => n(r.calls));
}

/** Threads the assistant handed to a person in each period (asked for a person, upset, an emergency, its daily cap…). */
export async function aiHandoffs(scope: CompanyScope, bounds: PeriodBounds): Promise<Pair<number>> {
  const rows = await queryRows<{ cur: boolean; handoffs: unknown }>(
    scope.db,
    sql`select t.created_at >= ${at(bounds.current.from)} as cur, count(*) as handoffs
      from ai_turns t
      where t.company_id = ${scope.companyId} and t.action = 'handoff' and ${inEither(sql`t.created_at`, bounds)}
      group by 1`,
  );
  return split(rows, 0, (r) => n(r.handoffs));
}

/** The current period's leads per channel. */
export async function leadsBySource(scope: CompanyScope, bounds: PeriodBounds): Promise<Array<{ source: LeadSource; count: number }>> {
  const rows = await queryRows<{ source: LeadSource; count: unknown }>(
    scope.db,
    sql`select source, sum(leads) as count from dashboard_lead_days
      where company_id = ${scope.companyId} and day >= ${day(bounds.days[0]!)} and day <= ${day(bounds.days.at(-1)!)}
      group by source having sum(leads) > 0`,
  );
  return rows.map((r) => ({ source: r.source, count: n(r.count) }));
}

/** The current period's leads per calendar day in the company's zone (YYYY-MM-DD); days without leads are absent. */
export async function leadsByDay(scope: CompanyScope, bounds: PeriodBounds): Promise<Map<string, number>> {
  const rows = await queryRows<{ day: string; count: unknown }>(
    scope.db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, sum(leads) as count from dashboard_lead_days
      where company_id = ${scope.companyId} and day >= ${day(bounds.days[0]!)} and day <= ${day(bounds.days.at(-1)!)}
      group by 1 having sum(leads) > 0`,
  );
  return new Map(rows.map((r) => [r.day, n(r.count)]));
}

/**
 * The company's day tables exist and are in `zone`: built the first time (from every lead, text and call it has)
 * and built again when the company's zone changed. Returns whether it built them.
 */
export async function ensureRollup(scope: CompanyScope, zone: string): Promise<boolean> {
  const [state] = await queryRows<{ zone: string }>(scope.db, sql`select zone from dashboard_rollup_state where company_id = ${scope.companyId}`);
  if (state?.zone === zone) return false;
  await scope.db.transaction(async (tx) => {
    await tx.execute(sql`select dashboard_rebuild(${scope.companyId}::uuid, ${zone})`);
  });
  return true;
}
