import { and, eq, gt, lte } from 'drizzle-orm';
import { METER_WORDS, METERS, type Meter, PLANS, reachedThreshold, SOFT_LANDING_WORDS, TRIAL_DAYS, TRIAL_NOTICE_DAYS } from '@contracts/billing';
import type { Database, DbOrTx } from '@server/platform/db/database';
import { companies, usageNotices } from '@server/platform/db/schema';
import type { RecordedEvent } from '@server/platform/events/domain-events';
import { type JobQueue, PermanentJobError } from '@server/platform/jobs/job-queue';
import { type Clock, DAY, HOUR, MINUTE } from '@server/platform/lib/clock';
import type { AppServices } from '@server/platform/services';
import { planStanding, usageOf } from '@server/modules/messaging/plan-gate';
import { notify } from '@server/modules/notifications/notify.service';
import { companiesWithPausedSends, RELEASE_QUEUE, releasePlanPaused } from './plan-release';

export const USAGE_CHECK_QUEUE = 'billing.usage';
export const SWEEP_QUEUE = 'billing.sweep';
/** Texts sent within this time are looked at together: one usage check, not one per text. */
const USAGE_CHECK_DELAY_MS = MINUTE;
const LINK = '/settings/subscription';

const shortDate = (at: Date) => at.toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Claims a notice (company, period, meter, threshold): true the first time only, on any instance. */
async function claimNotice(db: DbOrTx, companyId: string, periodStart: Date, meter: Meter | 'trial', threshold: number, now: Date) {
  const rows = await db.insert(usageNotices).values({ companyId, periodStart, meter, threshold, createdAt: now }).onConflictDoNothing().returning({ id: usageNotices.id });
  return rows.length > 0;
}

/**
 * `billing.usage`: the owner is told once per period per meter at 80 % and at 100 % of the plan (in the app, by
 * email, by text — notifications.preferences decide, `plan_usage`). Reaching both at once says only 100 %.
 */
export async function checkUsage(services: AppServices, companyId: string): Promise<string[]> {
  const now = services.clock.now();
  if (services.planLimits === 'off') return [];
  const standing = await planStanding(services.db, companyId, now);
  if (!standing?.limits || standing.trialEnded) return [];
  const usage = await usageOf(services.db, companyId, standing.period);
  const told: string[] = [];
  const plan = PLANS[standing.plan === 'trial' ? 'trial' : standing.plan === 'pro' ? 'pro' : 'starter'];
  await services.db.transaction(async (tx) => {
    const [company] = await tx.select({ id: companies.id, name: companies.name, alertPhone: companies.alertPhone }).from(companies).where(eq(companies.id, companyId)).limit(1);
    if (!company) return;
    for (const meter of METERS) {
      const limit = standing.limits![meter];
      const reached = reachedThreshold(meter, usage[meter], limit);
      if (reached === null) continue;
      const fresh: number[] = [];
      for (const threshold of [80, 100] as const) if (threshold <= reached && (await claimNotice(tx, companyId, standing.period.start, meter, threshold, now))) fresh.push(threshold);
      if (!fresh.includes(reached)) continue;
      const words = METER_WORDS[meter];
      const counted = `${usage[meter].toLocaleString('en-US')} of ${limit.toLocaleString('en-US')} ${words.unit}`;
      const span = words.per ? ` this ${standing.plan === 'trial' ? 'trial' : `period (until ${shortDate(standing.period.end)})`}` : '';
      const full = reached === 100;
      const seat = !words.per;
      const consequence =
        meter === 'texts' || meter === 'aiConversations'
          ? full
            ? SOFT_LANDING_WORDS
            : 'At 100 %, AI replies and flow texts pause until you upgrade or the next period starts; everything else keeps working.'
          : 'Nothing stops for this: it is how much room your plan has. Upgrade for more.';
      await notify(tx, services, {
        company,
        event: 'plan_usage',
        roles: ['owner'],
        title: seat ? `${words.label}: more than your ${plan.name} plan includes` : full ? `${words.label}: ${plan.name} limit reached` : `${words.label}: ${reached} % of your ${plan.name} plan used`,
        body: `You have used ${counted}${span}. ${consequence}`,
        link: LINK,
      });
      told.push(`${meter}:${reached}`);
    }
  });
  services.queue.wake();
  return told;
}

/**
 * `billing.sweep` (hourly): the trial's notices — 3 days before its end, what will happen; at its end, what did —
 * and the release of sends the plan paused, for companies whose plan now allows them (a new period began).
 */
export async function runBillingSweep(services: AppServices): Promise<{ trialNotices: number; releases: number }> {
  const now = services.clock.now();
  let trialNotices = 0;
  const ending = services.planLimits === 'off' ? [] : await services.db
    .select({ id: companies.id, name: companies.name, alertPhone: companies.alertPhone, createdAt: companies.createdAt, trialEndsAt: companies.trialEndsAt })
    .from(companies)
    // A trial that ended more than a week ago was told then (or the server was off for a week: too late to say now).
    .where(and(eq(companies.plan, 'trial'), lte(companies.trialEndsAt, new Date(now.getTime() + TRIAL_NOTICE_DAYS * DAY)), gt(companies.trialEndsAt, new Date(now.getTime() - 7 * DAY))));
  for (const company of ending) {
    const ended = company.trialEndsAt <= now;
    await services.db.transaction(async (tx) => {
      if (!(await claimNotice(tx, company.id, company.createdAt, 'trial', ended ? 0 : TRIAL_NOTICE_DAYS, now))) return;
      const days = Math.max(1, Math.ceil((company.trialEndsAt.getTime() - now.getTime()) / DAY));
      await notify(tx, services, {
        company,
        event: 'trial_ending',
        roles: ['owner'],
        title: ended ? 'Your free trial has ended' : `Your free trial ends in ${days} ${days === 1 ? 'day' : 'days'}`,
        body: ended
          ? `Your ${TRIAL_DAYS}-day trial ended on ${shortDate(company.trialEndsAt)}. ${SOFT_LANDING_WORDS} Choose a plan in Settings → Subscription to turn them back on.`
          : `It ends on ${shortDate(company.trialEndsAt)}, and no card is on file, so nothing is charged. After that: ${SOFT_LANDING_WORDS} Choose a plan in Settings → Subscription to keep them going.`,
        link: LINK,
      });
      trialNotices += 1;
    });
  }
  let releases = 0;
  for (const companyId of await companiesWithPausedSends(services)) {
    await services.queue.enqueue(services.db, RELEASE_QUEUE, { companyId }, { companyId, singletonKey: `plan-release:${companyId}` });
    releases += 1;
  }
  services.queue.wake();
  return { trialNotices, releases };
}

/** Every text queued makes one usage check of its company a minute later (singleton: a burst makes one). */
export function usageCheckConsumer(services: AppServices) {
  return async (recorded: RecordedEvent): Promise<void> => {
    if (recorded.event.type !== 'message.queued') return;
    await services.queue.enqueue(services.db, USAGE_CHECK_QUEUE, { companyId: recorded.companyId }, {
      companyId: recorded.companyId,
      singletonKey: `usage:${recorded.companyId}`,
      runAt: new Date(services.clock.now().getTime() + USAGE_CHECK_DELAY_MS),
    });
  };
}

/** The next sweep `delayMs` from now; the singleton key (the run's hour) makes several instances queue one. */
export async function scheduleBillingSweep(queue: JobQueue, db: Database, clock: Clock, delayMs = HOUR): Promise<void> {
  const runAt = new Date(clock.now().getTime() + delayMs);
  await queue.enqueue(db, SWEEP_QUEUE, {}, { singletonKey: `billing-sweep:${Math.floor(runAt.getTime() / HOUR)}`, runAt });
}

export function registerBillingJobs(queue: JobQueue, services: AppServices): void {
  const companyOf = (payload: unknown, name: string) => {
    const companyId = (payload as { companyId?: unknown } | null)?.companyId;
    if (typeof companyId !== 'string') throw new PermanentJobError(`${name} needs a companyId`);
    return companyId;
  };
  queue.register(USAGE_CHECK_QUEUE, async (job) => {
    await checkUsage(services, companyOf(job.payload, USAGE_CHECK_QUEUE));
  });
  queue.register(RELEASE_QUEUE, async (job) => {
    await releasePlanPaused(services, companyOf(job.payload, RELEASE_QUEUE));
  });
  queue.register(SWEEP_QUEUE, async () => {
    await runBillingSweep(services);
    await scheduleBillingSweep(queue, services.db, services.clock);
  });
  services.events.subscribe('billing.usage', usageCheckConsumer(services));
}
