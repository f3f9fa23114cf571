import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { and, count, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { storableText, truncate } from '@contracts/text';
import { WEBHOOK_DISABLE_AFTER_MS, WEBHOOK_RESPONSE_EXCERPT_CHARS, WEBHOOK_RETRY_DELAYS_MS } from '@contracts/webhooks';
import type { Tx } from '@server/platform/db/database';
import { companies, webhookAttempts, webhookDeliveries, webhookEndpoints } from '@server/platform/db/schema';
import { type RecordedEvent, transactionWithEvents } from '@server/platform/events/domain-events';
import { type JobQueue, type JobRecord, PermanentJobError, RescheduleJob } from '@server/platform/jobs/job-queue';
import { BlockedUrlError, safeFetch, type SafeFetchOptions } from '@server/platform/lib/safe-fetch';
import type { AppServices } from '@server/platform/services';
import { writeAudit } from '@server/modules/audit/audit.service';
import { notify } from '@server/modules/notifications/notify.service';
import { payloadBody, payloadData, publicEventOf } from './webhook-payloads';

/**
 * Outgoing webhooks in the background (decision 0043). An event consumer makes, in the event's fan-out, one
 * delivery row and one job per subscribed endpoint (the unique (endpoint, event) key makes a replayed fan-out a
 * no-op); the `webhooks.deliver` job signs the stored body per Standard Webhooks and posts it through the SSRF
 * guard, records the attempt, and waits for the next one on the retry schedule (8 attempts over about 27 hours).
 * An endpoint whose every attempt has failed for a day is turned off and its owners and admins are told.
 */
export const DELIVER_QUEUE = 'webhooks.deliver';

export type AttemptTrigger = 'scheduled' | 'resend' | 'test';
export interface DeliverPayload {
  deliveryId: string;
  trigger: AttemptTrigger;
}

/** Standard Webhooks message ids: `msg_` and 32 hex digits, the same on every attempt of one delivery. */
export const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/** Adds a delivery's job (in the transaction that made or re-armed the delivery). */
export async function enqueueDelivery(tx: Tx, queue: JobQueue, delivery: { id: string; companyId: string }, trigger: AttemptTrigger, runAt?: Date): Promise<void> {
  await queue.enqueue<DeliverPayload>(tx, DELIVER_QUEUE, { deliveryId: delivery.id, trigger }, {
    companyId: delivery.companyId,
    // One scheduled job per delivery at a time; a resend or a test is one attempt of its own.
    singletonKey: `${trigger}:${delivery.id}`,
    maxAttempts: 3,
    ...(runAt ? { runAt } : {}),
  });
}

/** The fan-out: one delivery per enabled endpoint subscribed to the event's public name. */
export function webhookEventsConsumer(deps: AppServices) {
  return async (recorded: RecordedEvent): Promise<void> => {
    const type = publicEventOf(recorded.event.type);
    if (!type) return;
    const endpoints = await deps.db
      .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.companyId, recorded.companyId), eq(webhookEndpoints.enabled, true)));
    const subscribed = endpoints.filter((endpoint) => endpoint.events.includes(type));
    if (subscribed.length === 0) return;
    await transactionWithEvents(deps, async (tx) => {
      const data = await payloadData(tx, recorded);
      if (!data) return;
      const payload = payloadBody(type, recorded.occurredAt, data);
      const now = deps.clock.now();
      const made = await tx
        .insert(webhookDeliveries)
        .values(subscribed.map((endpoint) => ({ companyId: recorded.companyId, endpointId: endpoint.id, eventType: type, eventSeq: recorded.seq, messageId: newMessageId(), payload, nextAttemptAt: now, createdAt: now })))
        .onConflictDoNothing()
        .returning({ id: webhookDeliveries.id, companyId: webhookDeliveries.companyId });
      for (const delivery of made) await enqueueDelivery(tx, deps.queue, delivery, 'scheduled');
    });
  };
}

interface AttemptResult {
  ok: boolean;
  responseStatus: number | null;
  latencyMs: number;
  excerpt: string | null;
  error: string | null;
}

/** The signed POST, made outside any transaction (a slow receiver never holds a connection or a lock). */
async function post(deps: AppServices, endpoint: typeof webhookEndpoints.$inferSelect, delivery: typeof webhookDeliveries.$inferSelect): Promise<AttemptResult> {
  const secret = deps.secrets?.open(endpoint.secretSealed) ?? null;
  if (!secret) return { ok: false, responseStatus: null, latencyMs: 0, excerpt: null, error: 'The signing secret can’t be read (SECRETS_KEY changed?): roll the endpoint’s secret.' };
  const sentAt = deps.clock.now();
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'LeadLoop-Webhooks/1',
    'webhook-id': delivery.messageId,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(delivery.messageId, sentAt, delivery.payload),
  };
  const started = performance.now();
  try {
    const response = await safeFetch(endpoint.url, {
      method: 'POST',
      headers,
      body: delivery.payload,
      timeoutMs: webhookHttp.timeoutMs,
      ...(webhookHttp.lookup ? { lookup: webhookHttp.lookup } : {}),
      maxBytes: 16 * 1024,
      overflow: 'truncate',
      allowPrivateNetworks: deps.allowPrivateNetworks === true,
    });
    const latencyMs = Math.round(performance.now() - started);
    const text = storableText(response.body.toString('utf8'));
    const excerpt = text ? truncate(text, WEBHOOK_RESPONSE_EXCERPT_CHARS) : null;
    const ok = response.status >= 200 && response.status < 300;
    return { ok, responseStatus: response.status, latencyMs, excerpt, error: ok ? null : `Answered ${response.status}` };
  } catch (error) {
    const latencyMs = Math.round(performance.now() - started);
    const why = error instanceof BlockedUrlError ? error.message : `Could not reach it (${error instanceof Error ? error.message : 'error'})`;
    return { ok: false, responseStatus: null, latencyMs, excerpt: null, error: truncate(storableText(why), 300) };
  }
}

/** How long one attempt may take, and the DNS lookup: tests shorten the one and give names addresses with the other. */
export const webhookHttp: { timeoutMs: number; lookup?: SafeFetchOptions['lookup'] } = { timeoutMs: 15_000 };

/** One attempt of a delivery: the `webhooks.deliver` job. */
export async function deliverWebhook(deps: AppServices, job: JobRecord<DeliverPayload>): Promise<void> {
  const { deliveryId, trigger } = job.payload ?? ({} as DeliverPayload);
  if (typeof deliveryId !== 'string' || !['scheduled', 'resend', 'test'].includes(trigger)) throw new PermanentJobError('webhooks.deliver needs a deliveryId and a trigger');
  const [row] = await deps.db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId))
    .limit(1);
  if (!row) return; // the endpoint was deleted meanwhile
  const { delivery, endpoint } = row;
  if (trigger === 'scheduled') {
    if (delivery.status === 'succeeded' || delivery.status === 'failed') return;
    if (!endpoint.enabled) {
      await deps.db
        .update(webhookDeliveries)
        .set({ status: 'failed', nextAttemptAt: null, error: endpoint.disabledReason === 'failing' ? 'Not sent: the endpoint was turned off after a day of failures.' : 'Not sent: the endpoint is turned off.' })
        .where(eq(webhookDeliveries.id, delivery.id));
      return;
    }
  }

  const result = await post(deps, endpoint, delivery);

  const retryAt = await transactionWithEvents(deps, async (tx) => {
    const now = deps.clock.now();
    await tx.insert(webhookAttempts).values({
      companyId: delivery.companyId,
      deliveryId: delivery.id,
      trigger,
      ok: result.ok,
      responseStatus: result.responseStatus,
      latencyMs: result.latencyMs,
      responseExcerpt: result.excerpt,
      error: result.error,
      createdAt: now,
    });
    const [current] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id)).for('update').limit(1);
    const [currentEndpoint] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)).for('update').limit(1);
    if (!current || !currentEndpoint) return null;

    // The endpoint's health: a success clears the failing streak; a failed event delivery starts or extends it,
    // and a streak a day long turns the endpoint off. A failed test says nothing about live traffic.
    let disabledNow = false;
    if (result.ok) {
      if (currentEndpoint.failingSince) await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
    } else if (trigger !== 'test') {
      const failingSince = currentEndpoint.failingSince ?? now;
      if (currentEndpoint.enabled && now.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_MS) {
        await tx.update(webhookEndpoints).set({ enabled: false, disabledReason: 'failing', disabledAt: now, failingSince, updatedAt: now }).where(eq(webhookEndpoints.id, endpoint.id));
        disabledNow = true;
        await turnedOff(tx, deps, currentEndpoint, now);
      } else if (!currentEndpoint.failingSince) {
        await tx.update(webhookEndpoints).set({ failingSince }).where(eq(webhookEndpoints.id, endpoint.id));
      }
    }

    let status = current.status;
    let nextAttemptAt: Date | null = current.nextAttemptAt;
    if (result.ok) {
      status = 'succeeded';
      nextAttemptAt = null;
    } else if (trigger === 'scheduled') {
      const [done] = await tx.select({ n: count() }).from(webhookAttempts).where(and(eq(webhookAttempts.deliveryId, delivery.id), eq(webhookAttempts.trigger, 'scheduled')));
      const delay = WEBHOOK_RETRY_DELAYS_MS[done?.n ?? WEBHOOK_RETRY_DELAYS_MS.length];
      if (delay !== undefined && !disabledNow && currentEndpoint.enabled) {
        status = 'retrying';
        nextAttemptAt = new Date(now.getTime() + delay);
      } else {
        status = 'failed';
        nextAttemptAt = null;
      }
    } else if (current.status !== 'retrying' && current.status !== 'succeeded') {
      // A resend or a test that failed; a delivery still retrying keeps its schedule, one that worked stays delivered.
      status = 'failed';
    }
    await tx
      .update(webhookDeliveries)
      .set({
        status,
        nextAttemptAt,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastAttemptAt: now,
        responseStatus: result.responseStatus,
        latencyMs: result.latencyMs,
        responseExcerpt: result.excerpt,
        error: result.error,
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    return trigger === 'scheduled' && status === 'retrying' ? nextAttemptAt : null;
  });
  // Not a job failure: the next attempt is this job again at its time (failed deliveries stay out of the dead letters).
  if (retryAt) throw new RescheduleJob(retryAt);
}

/** Tells the company's owners and admins, and writes who turned it off, in the transaction that did. */
async function turnedOff(tx: Tx, deps: AppServices, endpoint: typeof webhookEndpoints.$inferSelect, now: Date): Promise<void> {
  const [company] = await tx.select({ id: companies.id, name: companies.name, alertPhone: companies.alertPhone }).from(companies).where(eq(companies.id, endpoint.companyId)).limit(1);
  if (!company) return;
  const host = URL.canParse(endpoint.url) ? new URL(endpoint.url).host : endpoint.url;
  await notify(tx, deps, {
    company,
    event: 'webhook_disabled',
    title: truncate(`Webhook endpoint turned off: ${host}`, 120),
    body: 'Every delivery to it failed for a day, so LeadLoop paused it. Fix the receiving system, then turn the endpoint back on and resend what it missed from its delivery log.',
    link: `/integrations?endpoint=${endpoint.id}`,
    roles: ['owner', 'admin'],
  });
  await writeAudit(tx, { companyId: endpoint.companyId, actorUserId: null, actorKind: 'system', action: 'webhooks.endpoint_auto_disabled', targetType: 'webhook_endpoint', targetId: endpoint.id, metadata: { host }, at: now });
}
