import { TRIAL_DAYS } from './trial';
import { z } from 'zod/mini';

/**
 * Plans, their limits and the words owners see about them (issue 28, decision 0052): one copy, read by Settings →
 * Subscription and by the server's meters, notices and the gate that pauses AI replies and flow texts past a limit.
 * No Node or DOM imports; `zod/mini` only (the subscription screen imports this file).
 */

/** What a company can be on: the free trial, a paid plan, or cancelled (automations paused until a plan is chosen). */
export const PLAN_STATES = ['trial', 'starter', 'pro', 'cancelled'] as const;
export type PlanState = (typeof PLAN_STATES)[number];

export const PAID_PLANS = ['starter', 'pro'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];

/** What is counted: texts and AI conversations per period; numbers and users as they are now. */
export const METERS = ['texts', 'aiConversations', 'numbers', 'users'] as const;
export type Meter = (typeof METERS)[number];
export type PlanLimits = Record<Meter, number>;

export { TRIAL_DAYS };

export interface PlanInfo {
  name: string;
  /** US dollars a month, whole (Stripe's price of the plan must say the same: decision 0052). */
  monthlyPrice: number;
  blurb: string;
  limits: PlanLimits;
}

export const PLANS = {
  trial: {
    name: 'Free trial',
    monthlyPrice: 0,
    blurb: `${TRIAL_DAYS} days, no card`,
    limits: { texts: 500, aiConversations: 50, numbers: 1, users: 2 },
  },
  starter: {
    name: 'Starter',
    monthlyPrice: 49,
    blurb: 'One business number and a small team',
    limits: { texts: 1000, aiConversations: 150, numbers: 1, users: 3 },
  },
  pro: {
    name: 'Pro',
    monthlyPrice: 149,
    blurb: 'Several numbers, a bigger team, more AI',
    limits: { texts: 5000, aiConversations: 1000, numbers: 3, users: 10 },
  },
} as const satisfies Record<'trial' | PaidPlan, PlanInfo>;

export const METER_WORDS = {
  texts: { label: 'Texts sent', unit: 'texts', per: true, detail: 'Texts LeadLoop sent or is sending for you this period: replies, text-backs, AI and flow texts.' },
  aiConversations: { label: 'AI conversations', unit: 'AI conversations', per: true, detail: 'Text threads the assistant wrote in and calls it answered in this period (each thread or call counts once).' },
  numbers: { label: 'Business numbers', unit: 'numbers', per: false, detail: 'Business phone numbers in use now.' },
  users: { label: 'Users', unit: 'users', per: false, detail: 'People on your team now, you included.' },
} as const satisfies Record<Meter, { label: string; unit: string; per: boolean; detail: string }>;

/** The owner is told once per period per meter at each of these shares of a texts or AI-conversations limit. */
export const USAGE_THRESHOLDS = [80, 100] as const;
/** Days before the trial's end when the owner is told what happens at its end. */
export const TRIAL_NOTICE_DAYS = 3;

export type MeterLevel = 'ok' | 'near' | 'full' | 'over';

/**
 * A meter as the screen draws it: the share used (capped at 100 for the bar) and its level. Texts and AI
 * conversations are near from 80 % and full at the limit (AI replies and flow texts pause). Numbers and users are
 * seats: using all of them is normal, only more than the plan has is over (nothing pauses for that).
 */
export function meterState(meter: Meter, used: number, limit: number): { percent: number; level: MeterLevel } {
  const percent = limit <= 0 ? 100 : Math.min(100, Math.round((used / limit) * 100));
  if (!METER_WORDS[meter].per) return { percent, level: used > limit ? 'over' : 'ok' };
  return { percent, level: used >= limit ? 'full' : used * 100 >= limit * USAGE_THRESHOLDS[0] ? 'near' : 'ok' };
}

/** The notice a meter has earned: for texts and AI, the highest threshold reached; for seats, 100 once over. */
export function reachedThreshold(meter: Meter, used: number, limit: number): (typeof USAGE_THRESHOLDS)[number] | null {
  if (limit <= 0) return null;
  if (!METER_WORDS[meter].per) return used > limit ? 100 : null;
  const reached = USAGE_THRESHOLDS.filter((threshold) => used * 100 >= limit * threshold);
  return reached.length ? reached[reached.length - 1]! : null;
}

/** The limits in force for a plan state (a cancelled company keeps none: its automations are paused anyway). */
export function limitsOf(plan: PlanState): PlanLimits | null {
  return plan === 'cancelled' ? null : PLANS[plan].limits;
}

/**
 * What keeps working past a limit, at the trial's end and after a cancellation: said in advance on the Subscription
 * screen and in every notice, and it is what the gate does (server/modules/messaging/plan-gate.ts).
 */
export const SOFT_LANDING_WORDS =
  'Incoming texts and calls are still received, your own replies still go, and missed-call text-backs still go with their plain template. Only AI replies and flow texts pause, each saying why, until you choose a plan or a new period starts.';

/** Error code of an AI reply or flow text paused by the plan (kept "scheduled", released when it lifts). */
export const PLAN_PAUSED_CODE = 'plan_paused';

export type PauseCause = { kind: 'trial_ended'; endedAt: number } | { kind: 'cancelled' } | { kind: 'limit'; meter: 'texts' | 'aiConversations'; limit: number; plan: 'trial' | PaidPlan };

const dateWords = (at: number) => new Date(at).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Why a send paused: the words the thread, the flow's step log and the notices show. */
export function pauseWords(cause: PauseCause): string {
  const tail = 'It goes out on its own once you choose a plan in Settings → Subscription; your own replies and missed-call text-backs still go.';
  switch (cause.kind) {
    case 'trial_ended':
      return `Paused: your free trial ended on ${dateWords(cause.endedAt)}, so AI replies and flow texts wait. ${tail}`;
    case 'cancelled':
      return `Paused: your subscription is cancelled, so AI replies and flow texts wait. ${tail}`;
    case 'limit': {
      const plan = PLANS[cause.plan].name;
      const what = cause.meter === 'texts' ? `${cause.limit.toLocaleString('en-US')} texts` : `${cause.limit.toLocaleString('en-US')} AI conversations`;
      return `Paused: ${plan} includes ${what} a period and they are used, so AI replies and flow texts wait. It goes out on its own when you upgrade in Settings → Subscription or the next period starts; your own replies and missed-call text-backs still go.`;
    }
  }
}

/** Why the assistant does not answer calls now (AI call answering under the soft landing), in the owner's words. */
export function aiCallPauseWords(cause: PauseCause): string {
  const instead = 'so calls go the missed-call way (ringing, voicemail and the plain text-back) instead of the assistant';
  switch (cause.kind) {
    case 'trial_ended':
      return `Paused: your free trial ended on ${dateWords(cause.endedAt)}, ${instead} until you choose a plan in Settings → Subscription.`;
    case 'cancelled':
      return `Paused: your subscription is cancelled, ${instead} until you choose a plan in Settings → Subscription.`;
    case 'limit':
      return `Paused: ${PLANS[cause.plan].name} includes ${cause.limit.toLocaleString('en-US')} AI conversations a period and they are used, ${instead} until you upgrade in Settings → Subscription or the next period starts.`;
  }
}

/** `billing.changePlan`: the plan to move to. */
export const changePlanInput = z.object({ plan: z.enum(PAID_PLANS, { error: 'Choose Starter or Pro' }) });
export type ChangePlanInput = z.infer<typeof changePlanInput>;

/** Where billing lives: Stripe when configured, else the local no-charge plan switcher. */
export const BILLING_PROVIDERS = ['local', 'stripe'] as const;
export type BillingProvider = (typeof BILLING_PROVIDERS)[number];

/** A referred business as the referrer sees it (decision 0052). */
export const REFERRAL_STATES = ['signed_up', 'on_trial', 'paying', 'trial_ended', 'cancelled'] as const;
export type ReferralState = (typeof REFERRAL_STATES)[number];
export const REFERRAL_STATE_WORDS = {
  signed_up: 'Signed up',
  on_trial: 'On trial',
  paying: 'Paying',
  trial_ended: 'Trial ended',
  cancelled: 'Cancelled',
} as const satisfies Record<ReferralState, string>;

/** The reward the code gives (referrals.service.ts): days added to the referrer's trial, and how many times. */
export const REFERRAL_REWARD_DAYS = 30;
export const REFERRAL_REWARD_MAX = 3;
export const REFERRAL_REWARD_WORDS = `While you are on your free trial, each business that signs up with your link and starts a paid plan adds ${REFERRAL_REWARD_DAYS} days to your trial, up to ${REFERRAL_REWARD_MAX} times. Businesses that start paying after you have chosen a plan are listed here but add nothing.`;
