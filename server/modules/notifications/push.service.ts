import { and, eq } from 'drizzle-orm';
import webpush from 'web-push';
import { z } from 'zod';
import { NOTIFICATION_EVENTS, type NotificationEvent, type PushPreview } from '@contracts/notification';
import { truncate } from '@contracts/text';
import type { Database, DbOrTx } from '@server/platform/db/database';
import { pushSubscriptions } from '@server/platform/db/schema';
import { AppError, notFound } from '@server/platform/errors/app-error';
import { type JobQueue, PermanentJobError } from '@server/platform/jobs/job-queue';
import type { Clock } from '@server/platform/lib/clock';
import type { Logger } from '@server/platform/lib/logger';
import type { CompanyScope } from '@server/platform/db/scope';
import type { PushConfig } from '@server/platform/services';

export const PUSH_QUEUE = 'push.send';

/** The browsers' push services. A subscription to any other host is refused: the server never POSTs to an address a user chose. */
const PUSH_SERVICE_HOSTS = [/\.googleapis\.com$/, /\.push\.services\.mozilla\.com$/, /\.notify\.windows\.com$/, /^web\.push\.apple\.com$/, /\.push\.apple\.com$/];

export function isKnownPushService(url: URL): boolean {
  return url.protocol === 'https:' && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
}

export interface SubscribeInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  label: string;
  events: NotificationEvent[];
  preview: PushPreview;
}

/** This device's subscription for the caller (a browser re-subscribing replaces its old row, even another user's). */
export async function subscribePush(scope: CompanyScope, config: PushConfig | null, input: SubscribeInput) {
  if (!config) throw new AppError('PRECONDITION_FAILED', 'Push notifications are not set up on this server (VAPID keys).');
  const url = new URL(input.endpoint);
  if (!(config.allowEndpoint ?? isKnownPushService)(url)) throw new AppError('INVALID', 'That is not a browser push service address.');
  const [row] = await scope.db
    .insert(pushSubscriptions)
    .values({ companyId: scope.companyId, userId: scope.userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, label: input.label, events: input.events, preview: input.preview, createdAt: scope.now, updatedAt: scope.now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { companyId: scope.companyId, userId: scope.userId, p256dh: input.keys.p256dh, auth: input.keys.auth, label: input.label, events: input.events, preview: input.preview, updatedAt: scope.now },
    })
    .returning();
  return deviceView(row!);
}

function deviceView(row: typeof pushSubscriptions.$inferSelect) {
  return { id: row.id, label: row.label, events: row.events.filter((e): e is NotificationEvent => (NOTIFICATION_EVENTS as readonly string[]).includes(e)), preview: row.preview, createdAt: row.createdAt.getTime(), lastSentAt: row.lastSentAt?.getTime() ?? null, endpointHost: new URL(row.endpoint).host, endpoint: row.endpoint };
}

export async function listPushDevices(scope: CompanyScope) {
  const rows = await scope.db.select().from(pushSubscriptions).where(and(eq(pushSubscriptions.companyId, scope.companyId), eq(pushSubscriptions.userId, scope.userId)));
  return rows.map(deviceView);
}

export async function updatePushDevice(scope: CompanyScope, id: string, changes: { events?: NotificationEvent[] | undefined; preview?: PushPreview | undefined }) {
  const [row] = await scope.db
    .update(pushSubscriptions)
    .set({ ...changes, updatedAt: scope.now })
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.companyId, scope.companyId), eq(pushSubscriptions.userId, scope.userId)))
    .returning();
  if (!row) throw notFound('Device');
  return deviceView(row);
}

export async function removePushDevice(scope: CompanyScope, id: string) {
  const rows = await scope.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.companyId, scope.companyId), eq(pushSubscriptions.userId, scope.userId)))
    .returning({ id: pushSubscriptions.id });
  if (rows.length === 0) throw notFound('Device');
  return { id };
}

/** What reaches the lock screen: never more than the device's chosen preview. */
export function pushPayload(preview: PushPreview, notice: { title: string; body: string; link: string }): { title: string; body?: string; url: string } {
  if (preview === 'none') return { title: 'New activity in LeadLoop', url: notice.link };
  if (preview === 'title') return { title: truncate(notice.title, 120), url: notice.link };
  return { title: truncate(notice.title, 120), body: truncate(notice.body, 240), url: notice.link };
}

/** Queues one push per device of `userId` that chose `event` (in the notify job's transaction). */
export async function queuePushes(tx: DbOrTx, queue: JobQueue, input: { companyId: string; userId: string; event: NotificationEvent; title: string; body: string; link: string }) {
  const devices = await tx.select().from(pushSubscriptions).where(and(eq(pushSubscriptions.companyId, input.companyId), eq(pushSubscriptions.userId, input.userId)));
  for (const device of devices) {
    if (!device.events.includes(input.event)) continue;
    await queue.enqueue(tx, PUSH_QUEUE, { subscriptionId: device.id, payload: pushPayload(device.preview, input) }, { companyId: input.companyId, maxAttempts: 5 });
  }
}

const pushJob = z.object({ subscriptionId: z.uuid(), payload: z.object({ title: z.string(), body: z.string().optional(), url: z.string() }) });

/** The `push.send` job: encrypts and delivers one push; a subscription the push service says is gone is removed. */
export async function sendPush(deps: { db: Database; clock: Clock; logger: Logger }, config: PushConfig | null, raw: unknown): Promise<void> {
  const parsed = pushJob.safeParse(raw);
  if (!parsed.success) throw new PermanentJobError(`invalid push payload: ${parsed.error.message}`);
  if (!config) return; // keys removed since it was queued: nothing can be sent
  const [device] = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, parsed.data.subscriptionId)).limit(1);
  if (!device) return; // unsubscribed meanwhile
  if (!(config.allowEndpoint ?? isKnownPushService)(new URL(device.endpoint))) throw new PermanentJobError('push endpoint is not a known push service');
  try {
    await webpush.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(parsed.data.payload), {
      vapidDetails: { subject: config.subject, publicKey: config.publicKey, privateKey: config.privateKey },
      TTL: 60 * 60,
      timeout: 10_000,
      ...(config.agent ? { agent: config.agent } : {}),
    });
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 404 || status === 410) {
      await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      deps.logger.info({ subscriptionId: device.id, status }, 'push subscription expired; removed');
      return;
    }
    throw new Error(status ? `push service answered ${status}` : `push service unreachable: ${(error as Error).message}`);
  }
  await deps.db.update(pushSubscriptions).set({ lastSentAt: deps.clock.now() }).where(eq(pushSubscriptions.id, device.id));
}
