import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '@server/platform/db/database';
import type { CompanyScope } from '@server/platform/db/scope';
import type { LeadSource } from '@contracts/lead';
import type { PeriodBounds, Range } from './periods';

/**
 * The dashboard's figures, one SQL statement each, every one filtered on the caller's company. Each statement
 * counts the current period and the previous one in a single pass where both are asked (a `cur` column splits
 * them). `npm run bench:dashboard` times each of them over 100,000 leads (docs/performance.md).
 */

/** Who counts as answering a lead: a person, the assistant or an automation — not a compliance auto-reply. */
const ANSWERING_AUTHORS = sql`('user', 'ai', 'flow')`;
/** A lead the team marked qualified, or further along. */
const QUALIFIED = sql`('qualified', 'booked', 'won')`;
const BOOKED = sql`('booked', 'won')`;

const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
/** Rows of either period: [previous.from, current.to) without the gap a cut previous period leaves. */
const inEither = (column: SQL, bounds: PeriodBounds) =>
  sql`${column} >= ${at(bounds.previous.from)} and ${column} < ${at(bounds.current.to)} and (${column} >= ${at(bounds.current.from)} or ${column} < ${at(bounds.previous.to)})`;

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
  medianFirstResponseSeconds: number | null;
  /** Answered by the assistant (in text, or on an AI-answered call) and never by a person of the team. */
  aiHandled: number;
}

const NO_LEADS: LeadFigures = { leads: 0, qualified: 0, booked: 0, won: 0, wonValueCents: 0, wonWithValue: 0, answered: 0, medianFirstResponseSeconds: null, aiHandled: 0 };

/**
 * The leads that arrived in each period and how far they got since: qualified (or further), booked (or won), won
 * with their value, first answered how fast (median), and handled by the assistant alone. One pass over the leads
 * of both periods; each lead looks up its client's outbound texts from its arrival on (one index probe).
 */
export async function leadFigures(scope: CompanyScope, bounds: PeriodBounds): Promise<Pair<LeadFigures>> {
  const rows = await queryRows<Record<string, unknown> & { cur: boolean }>(
    scope.db,
    sql`select l.created_at >= ${at(bounds.current.from)} as cur,
        count(*) as leads,
        count(*) filter (where l.status in ${QUALIFIED}) as qualified,
        count(*) filter (where l.status in ${BOOKED}) as booked,
        count(*) filter (where l.status = 'won') as won,
        coalesce(sum(l.value_cents) filter (where l.status = 'won'), 0) as won_value,
        count(l.value_cents) filter (where l.status = 'won') as won_with_value,
        count(r.first_at) as answered,
        percentile_cont(0.5) within group (order by extract(epoch from (r.first_at - l.created_at))) as median,
        count(*) filter (where (r.ai or l.source = 'ai_call') and not coalesce(r.person, false)) as ai_handled
      from leads l
      left join lateral (
        select min(m.created_at) as first_at, bool_or(m.author = 'ai') as ai, bool_or(m.author = 'user') as person
        from messages m
        where m.contact_id = l.contact_id and m.direction = 'outbound' and m.author in ${ANSWERING_AUTHORS} and m.created_at >= l.created_at
      ) r on true
      where l.company_id = ${scope.companyId} and ${inEither(sql`l.created_at`, bounds)}
      group by 1`,
  );
  return split(rows, NO_LEADS, (r) => ({
    leads: n(r.leads),
    qualified: n(r.qualified),
    booked: n(r.booked),
    won: n(r.won),
    wonValueCents: n(r.won_value),
    wonWithValue: n(r.won_with_value),
    answered: n(r.answered),
    medianFirstResponseSeconds: r.median === null || r.median === undefined ? null : Math.round(Number(r.median)),
    aiHandled: n(r.ai_handled),
  }));
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
  const rows = await queryRows<Record<string, unknown> & { cur: boolean }>(
    scope.db,
    sql`select c.started_at >= ${at(bounds.current.from)} as cur,
        count(*) as missed,
        count(*) filter (where x.texted) as texted,
        count(*) filter (where x.texted and x.replied) as replied,
        count(*) filter (where x.texted and x.replied and l.status in ${QUALIFIED}) as qualified,
        count(*) filter (where x.texted and x.replied and l.status in ${BOOKED}) as booked
      from calls c
      left join leads l on l.id = c.lead_id
      cross join lateral (
        select c.text_back_outcome = 'texted' as texted,
          exists (select 1 from messages tb join messages reply on reply.conversation_id = tb.conversation_id
            where tb.id = c.text_back_message_id and reply.direction = 'inbound' and reply.created_at > tb.created_at) as replied
      ) x
      where c.company_id = ${scope.companyId} and c.missed and ${inEither(sql`c.started_at`, bounds)}
      group by 1`,
  );
  return split(rows, NO_CALLS, (r) => ({ missed: n(r.missed), textedBack: n(r.texted), replied: n(r.replied), qualified: n(r.qualified), booked: n(r.booked) }));
}

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

/** The current period's leads per channel. */
export async function leadsBySource(scope: CompanyScope, range: Range): Promise<Array<{ source: LeadSource; count: number }>> {
  const rows = await queryRows<{ source: LeadSource; count: unknown }>(
    scope.db,
    sql`select source, count(*) as count from leads
      where company_id = ${scope.companyId} and created_at >= ${at(range.from)} and created_at < ${at(range.to)}
      group by source`,
  );
  return rows.map((r) => ({ source: r.source, count: n(r.count) }));
}

/** The current period's leads per calendar day in the company's zone (YYYY-MM-DD); days without leads are absent. */
export async function leadsByDay(scope: CompanyScope, range: Range, zone: string): Promise<Map<string, number>> {
  const rows = await queryRows<{ day: string; count: unknown }>(
    scope.db,
    sql`select to_char(created_at at time zone ${zone}, 'YYYY-MM-DD') as day, count(*) as count from leads
      where company_id = ${scope.companyId} and created_at >= ${at(range.from)} and created_at < ${at(range.to)}
      group by 1`,
  );
  return new Map(rows.map((r) => [r.day, n(r.count)]));
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
