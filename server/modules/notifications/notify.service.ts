import { and, eq } from 'drizzle-orm';
import { truncate } from '@contracts/text';
import type { DbOrTx } from '@server/platform/db/database';
import { companies, notificationPreferences, notifications, users } from '@server/platform/db/schema';
import { NOTIFICATION_EVENTS } from '@contracts/notification';
import { EMAIL_QUEUE, type EmailJobPayload } from '@server/platform/jobs/email.jobs';
import { escapeHtml } from '@server/platform/lib/html';
import type { AppServices } from '@server/platform/services';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import { PermanentJobError } from '@server/platform/jobs/job-queue';
import { queuePushes } from './push.service';
import { z } from 'zod';

export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
export type NotificationChannel = 'in_app' | 'email' | 'sms';

export const ALERT_SMS_QUEUE = 'alert.sms';

/** Defaults when a user has not chosen: everything in the app; email for what needs a person; SMS for new leads. */
export const DEFAULT_PREFERENCES: Record<NotificationEvent, Record<NotificationChannel, boolean>> = {
  new_lead: { in_app: true, email: true, sms: true },
  new_message: { in_app: true, email: true, sms: false },
  opt_out: { in_app: true, email: true, sms: false },
  delivery_failed: { in_app: true, email: false, sms: false },
  missed_call: { in_app: true, email: false, sms: false },
  voicemail: { in_app: true, email: true, sms: false },
  // A person is needed now: as loud as a new lead.
  ai_handoff: { in_app: true, email: true, sms: true },
  ai_approval: { in_app: true, email: true, sms: true },
  flow_alert: { in_app: true, email: true, sms: false },
  booking: { in_app: true, email: true, sms: false },
  // An unhappy customer after a job: the owner should call them soon.
  review_unhappy: { in_app: true, email: true, sms: true },
  webhook_disabled: { in_app: true, email: true, sms: false },
  assigned: { in_app: true, email: true, sms: false },
  ai_call: { in_app: true, email: true, sms: false },
  // The plan (decision 0052): the owner hears it every way, once per period per limit.
  plan_usage: { in_app: true, email: true, sms: true },
  trial_ending: { in_app: true, email: true, sms: true },
  integration_failed: { in_app: true, email: true, sms: false },
};

export async function preferencesOf(executor: DbOrTx, companyId: string, userId: string) {
  const rows = await executor
    .select()
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.companyId, companyId), eq(notificationPreferences.userId, userId)));
  const result = structuredClone(DEFAULT_PREFERENCES);
  for (const row of rows) result[row.event][row.channel] = row.enabled;
  return result;
}

export interface NotifyInput {
  /** The company the change belongs to, as the caller already read it. */
  company: Pick<typeof companies.$inferSelect, 'id' | 'name' | 'alertPhone'>;
  event: NotificationEvent;
  title: string;
  body: string;
  /** In-app path, e.g. /conversations?c=<id>. */
  link: string;
  /** Only people with these roles are told (default: everyone, each by their preferences). */
  roles?: Array<'owner' | 'admin' | 'staff'>;
  /** Only these people (a lead's assignee), each by their own preferences; default: the whole team. */
  userIds?: string[];
}

/** Each user's channels for one event: their saved choices over the defaults, for the whole company in one query. */
async function eventPreferences(executor: DbOrTx, companyId: string, event: NotificationEvent) {
  const rows = await executor
    .select()
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.companyId, companyId), eq(notificationPreferences.event, event)));
  const byUser = new Map<string, Record<NotificationChannel, boolean>>();
  for (const row of rows) {
    const prefs = byUser.get(row.userId) ?? { ...DEFAULT_PREFERENCES[event] };
    prefs[row.channel] = row.enabled;
    byUser.set(row.userId, prefs);
  }
  return (userId: string) => byUser.get(userId) ?? DEFAULT_PREFERENCES[event];
}

export const NOTIFY_QUEUE = 'notify';

const notifyPayload = z.object({
  companyId: z.uuid(),
  event: z.enum(NOTIFICATION_EVENTS),
  title: z.string().min(1),
  body: z.string(),
  link: z.string().startsWith('/'),
  roles: z.array(z.enum(['owner', 'admin', 'staff'])).optional(),
  userIds: z.array(z.uuid()).optional(),
});
export type NotifyPayload = z.infer<typeof notifyPayload>;

/**
 * Queues a notification about a change, in that change's transaction. The telling itself (in-app rows, emails,
 * the alert text) runs as its own job: whatever goes wrong there can never undo the message, opt-out or lead it
 * announces (failure isolation; a job that keeps failing lands in the dead-letter list in /logs).
 */
export async function notify(tx: DbOrTx, deps: Pick<AppServices, 'queue'>, input: NotifyInput): Promise<void> {
  const payload: NotifyPayload = { companyId: input.company.id, event: input.event, title: input.title, body: input.body, link: input.link, ...(input.roles ? { roles: input.roles } : {}), ...(input.userIds ? { userIds: input.userIds } : {}) };
  await deps.queue.enqueue(tx, NOTIFY_QUEUE, payload, { companyId: input.company.id, maxAttempts: 8 });
}

/**
 * The `notify` job: tells the company's people, each as they chose — an in-app notification, an email (through
 * the mail queue), and one SMS to the company's alert number if anyone wants that event by text.
 */
export async function sendNotification(deps: Pick<AppServices, 'db' | 'clock' | 'queue' | 'publicUrl'>, raw: unknown): Promise<void> {
  const parsed = notifyPayload.safeParse(raw);
  if (!parsed.success) throw new PermanentJobError(`invalid notification payload: ${parsed.error.message}`);
  const input = parsed.data;
  await transactionWithEvents(deps, async (tx, events) => {
    const now = deps.clock.now();
    const [company] = await tx.select({ id: companies.id, name: companies.name, alertPhone: companies.alertPhone }).from(companies).where(eq(companies.id, input.companyId)).limit(1);
    if (!company) return; // the company was deleted meanwhile
    const everyone = await tx.select().from(users).where(eq(users.companyId, company.id));
    const people = everyone.filter((person) => (!input.userIds || input.userIds.includes(person.id)) && (!input.roles || input.roles.includes(person.role)));
    const preferencesFor = await eventPreferences(tx, company.id, input.event);
    let wantsSms = false;
    for (const person of people) {
      const prefs = preferencesFor(person.id);
      if (prefs.in_app) {
        await tx.insert(notifications).values({
          companyId: company.id,
          userId: person.id,
          event: input.event,
          title: input.title,
          body: input.body,
          link: input.link,
          createdAt: now,
        });
        events.add(company.id, { type: 'notification.created', data: { userId: person.id } });
      }
      // Pushes follow each device's own choice of events (Notifications → Preferences → This device).
      await queuePushes(tx, deps.queue, { companyId: company.id, userId: person.id, event: input.event, title: input.title, body: input.body, link: input.link });
      if (prefs.email) {
        const url = `${deps.publicUrl}${input.link}`;
        const email: EmailJobPayload = {
          to: person.email,
          subject: `${input.title} — ${company.name}`,
          text: `${input.body}\n\nOpen in LeadLoop: ${url}\n\nChange which emails you get in LeadLoop → Notifications.`,
          html: `<p>${escapeHtml(input.body)}</p><p><a href="${escapeHtml(url)}">Open in LeadLoop</a></p><p style="color:#868e96">Change which emails you get in LeadLoop → Notifications.</p>`,
        };
        await deps.queue.enqueue(tx, EMAIL_QUEUE, email, { companyId: company.id });
      }
      wantsSms ||= prefs.sms;
    }
    // The alert number is the company's (the owner's phone), not a person's: a note for one person never texts it.
    if (wantsSms && company.alertPhone && !input.userIds) {
      await deps.queue.enqueue(tx, ALERT_SMS_QUEUE, { companyId: company.id, to: company.alertPhone, body: truncate(`LeadLoop: ${input.title}. ${input.body}`, 320) }, { companyId: company.id });
    }
  });
}
