import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_DELIVERY_STATUS_WORDS, WEBHOOK_TEST_EVENT } from '@contracts/webhooks';
import { afterCursor, keysetPage } from '@server/platform/db/keyset';
import type { CompanyScope } from '@server/platform/db/scope';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '@server/platform/db/schema';
import { AppError, invalidField, notFound } from '@server/platform/errors/app-error';
import { companyTimeZone, CSV_EXPORT_LIMIT, type CsvExport, csvText, localDay, localStamp } from '@server/platform/lib/csv';
import { BlockedUrlError, checkUrl } from '@server/platform/lib/safe-fetch';
import { NO_SECRETS_KEY_MESSAGE } from '@server/platform/lib/secret-box';
import type { AppServices } from '@server/platform/services';
import { writeUserAudit } from '@server/modules/audit/audit.service';
import { enqueueDelivery, newMessageId } from './webhook-delivery';
import { payloadBody } from './webhook-payloads';
import {
  createWebhookEndpointInput,
  listWebhookDeliveriesInput,
  updateWebhookEndpointInput,
  webhookDeliveriesCsvInput,
  type CreateWebhookEndpointInput,
  type ListWebhookDeliveriesInput,
  type UpdateWebhookEndpointInput,
} from './webhooks.schema';

/**
 * Webhook endpoints and their deliveries (issue 25 item 4, decision 0043), for the tRPC procedures and the public
 * REST API alike: every function takes the caller's company scope and checks no role (the procedures require an
 * owner or admin; an API key needs its "manage webhooks" scope). Inputs are parsed here too, so both edges share
 * one set of rules.
 */
export type WebhookDeps = Pick<AppServices, 'queue' | 'secrets' | 'allowPrivateNetworks'>;

type EndpointRow = typeof webhookEndpoints.$inferSelect;

function endpointView(row: EndpointRow) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    disabledAt: row.disabledAt?.getTime() ?? null,
    secretHint: row.secretHint,
    failingSince: row.failingSince?.getTime() ?? null,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}
export type WebhookEndpointView = ReturnType<typeof endpointView>;

/** The address as a receiver: refused at once when it is a literal private, loopback, link-local or metadata address. */
function checkedUrl(url: string, deps: WebhookDeps): string {
  try {
    return checkUrl(url, [], deps.allowPrivateNetworks === true).toString();
  } catch (error) {
    if (error instanceof BlockedUrlError) throw invalidField('url', error.message);
    throw error;
  }
}

function newSecret(deps: WebhookDeps) {
  if (!deps.secrets) throw new AppError('PRECONDITION_FAILED', NO_SECRETS_KEY_MESSAGE);
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  return { secret, sealed: deps.secrets.seal(secret), hint: `${secret.slice(0, 10)}…` };
}

async function endpointOf(scope: CompanyScope, id: string): Promise<EndpointRow> {
  const [row] = await scope.db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, scope.companyId))).limit(1);
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

export async function listWebhookEndpoints(scope: CompanyScope): Promise<WebhookEndpointView[]> {
  const rows = await scope.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.companyId, scope.companyId)).orderBy(webhookEndpoints.createdAt);
  return rows.map(endpointView);
}

export async function getWebhookEndpoint(scope: CompanyScope, id: string): Promise<WebhookEndpointView> {
  return endpointView(await endpointOf(scope, id));
}

/** Adds an endpoint; its signing secret is in the answer this once and never again. */
export async function createWebhookEndpoint(scope: CompanyScope, deps: WebhookDeps, raw: CreateWebhookEndpointInput) {
  const input = createWebhookEndpointInput.parse(raw);
  const url = checkedUrl(input.url, deps);
  const { secret, sealed, hint } = newSecret(deps);
  const row = await scope.db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.companyId, scope.companyId));
    if ((existing?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) throw new AppError('CONFLICT', `A company can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints: delete one first.`);
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        companyId: scope.companyId,
        url,
        description: input.description,
        events: input.events,
        enabled: input.enabled,
        disabledReason: input.enabled ? null : 'manual',
        disabledAt: input.enabled ? null : scope.now,
        secretSealed: sealed,
        secretHint: hint,
        createdAt: scope.now,
        updatedAt: scope.now,
      })
      .returning();
    await writeUserAudit(tx, scope, { action: 'webhooks.endpoint_created', targetType: 'webhook_endpoint', targetId: created!.id, metadata: { host: new URL(url).host, events: input.events } });
    return created!;
  });
  return { endpoint: endpointView(row), secret };
}

export async function updateWebhookEndpoint(scope: CompanyScope, deps: WebhookDeps, raw: UpdateWebhookEndpointInput): Promise<WebhookEndpointView> {
  const input = updateWebhookEndpointInput.parse(raw);
  const url = input.url === undefined ? undefined : checkedUrl(input.url, deps);
  return scope.db.transaction(async (tx) => {
    const [current] = await tx.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, input.id), eq(webhookEndpoints.companyId, scope.companyId))).for('update').limit(1);
    if (!current) throw notFound('Webhook endpoint');
    const changes: Partial<EndpointRow> = { updatedAt: scope.now };
    const fields: string[] = [];
    if (url !== undefined && url !== current.url) {
      changes.url = url;
      fields.push('url');
    }
    if (input.description !== undefined && input.description !== current.description) {
      changes.description = input.description;
      fields.push('description');
    }
    if (input.events !== undefined) {
      changes.events = input.events;
      fields.push('events');
    }
    if (input.enabled !== undefined && input.enabled !== current.enabled) {
      fields.push('enabled');
      changes.enabled = input.enabled;
      changes.disabledReason = input.enabled ? null : 'manual';
      changes.disabledAt = input.enabled ? null : scope.now;
      // Back on: the failing streak starts again from the next failure.
      if (input.enabled) changes.failingSince = null;
    }
    const [row] = await tx.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, current.id)).returning();
    if (fields.length > 0) await writeUserAudit(tx, scope, { action: 'webhooks.endpoint_updated', targetType: 'webhook_endpoint', targetId: current.id, metadata: { fields } });
    return endpointView(row!);
  });
}

/** Replaces the signing secret (shown this once); the old one stops signing at once. */
export async function rollWebhookSecret(scope: CompanyScope, deps: WebhookDeps, id: string) {
  const { secret, sealed, hint } = newSecret(deps);
  const row = await scope.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({ secretSealed: sealed, secretHint: hint, updatedAt: scope.now })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, scope.companyId)))
      .returning();
    if (!updated) throw notFound('Webhook endpoint');
    await writeUserAudit(tx, scope, { action: 'webhooks.secret_rolled', targetType: 'webhook_endpoint', targetId: id, metadata: {} });
    return updated;
  });
  return { endpoint: endpointView(row), secret };
}

/** Deletes an endpoint with its delivery log. */
export async function deleteWebhookEndpoint(scope: CompanyScope, id: string): Promise<{ id: string }> {
  return scope.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, scope.companyId))).returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
    if (!deleted) throw notFound('Webhook endpoint');
    await writeUserAudit(tx, scope, { action: 'webhooks.endpoint_deleted', targetType: 'webhook_endpoint', targetId: id, metadata: { host: URL.canParse(deleted.url) ? new URL(deleted.url).host : null } });
    return { id: deleted.id };
  });
}

/** Sends a `webhook.test` event to the endpoint (on or off) once, through the queue like any delivery. */
export async function sendTestWebhook(scope: CompanyScope, deps: WebhookDeps, id: string) {
  const endpoint = await endpointOf(scope, id);
  const delivery = await scope.db.transaction(async (tx) => {
    const payload = payloadBody(WEBHOOK_TEST_EVENT, scope.now, {
      endpoint_id: endpoint.id,
      message: 'A test from LeadLoop: your endpoint received and can verify this signed event.',
    });
    const [made] = await tx
      .insert(webhookDeliveries)
      .values({ companyId: scope.companyId, endpointId: endpoint.id, eventType: WEBHOOK_TEST_EVENT, messageId: newMessageId(), payload, test: true, nextAttemptAt: scope.now, createdAt: scope.now })
      .returning({ id: webhookDeliveries.id, companyId: webhookDeliveries.companyId });
    await enqueueDelivery(tx, deps.queue, made!, 'test');
    return made!;
  });
  deps.queue.wake();
  return { deliveryId: delivery.id };
}

/** Sends a delivery again now (same body, same webhook-id): a new attempt in its log. */
export async function resendWebhookDelivery(scope: CompanyScope, deps: WebhookDeps, id: string) {
  await scope.db.transaction(async (tx) => {
    const [delivery] = await tx
      .select({ id: webhookDeliveries.id, companyId: webhookDeliveries.companyId })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.companyId, scope.companyId)))
      .limit(1);
    if (!delivery) throw notFound('Webhook delivery');
    await enqueueDelivery(tx, deps.queue, delivery, 'resend');
    await writeUserAudit(tx, scope, { action: 'webhooks.delivery_resent', targetType: 'webhook_delivery', targetId: id, metadata: {} });
  });
  deps.queue.wake();
  return { id, queued: true as const };
}

function deliveryWhere(scope: CompanyScope, input: Omit<ReturnType<typeof listWebhookDeliveriesInput.parse>, 'cursor' | 'limit'>): SQL[] {
  const where: SQL[] = [eq(webhookDeliveries.companyId, scope.companyId)];
  if (input.endpointId) where.push(eq(webhookDeliveries.endpointId, input.endpointId));
  if (input.status) where.push(eq(webhookDeliveries.status, input.status));
  if (input.eventType) where.push(eq(webhookDeliveries.eventType, input.eventType));
  if (input.from !== undefined) where.push(gte(webhookDeliveries.createdAt, new Date(input.from)));
  if (input.to !== undefined) where.push(lt(webhookDeliveries.createdAt, new Date(input.to)));
  return where;
}

function deliveryView(row: { delivery: typeof webhookDeliveries.$inferSelect; url: string }) {
  const { delivery } = row;
  return {
    id: delivery.id,
    endpointId: delivery.endpointId,
    endpointUrl: row.url,
    eventType: delivery.eventType,
    messageId: delivery.messageId,
    status: delivery.status,
    test: delivery.test,
    attempts: delivery.attempts,
    nextAttemptAt: delivery.nextAttemptAt?.getTime() ?? null,
    lastAttemptAt: delivery.lastAttemptAt?.getTime() ?? null,
    responseStatus: delivery.responseStatus,
    latencyMs: delivery.latencyMs,
    responseExcerpt: delivery.responseExcerpt,
    error: delivery.error,
    createdAt: delivery.createdAt.getTime(),
  };
}

/** The delivery log, newest first (keyset pages), filtered by endpoint, status, event and dates. */
export async function listWebhookDeliveries(scope: CompanyScope, raw: ListWebhookDeliveriesInput) {
  const input = listWebhookDeliveriesInput.parse(raw);
  const rows = await scope.db
    .select({ delivery: webhookDeliveries, url: webhookEndpoints.url })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(...deliveryWhere(scope, input), ...afterCursor(input.cursor, webhookDeliveries.createdAt, webhookDeliveries.id)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(input.limit + 1);
  const { page, nextCursor } = keysetPage(rows, input.limit, (row) => ({ at: row.delivery.createdAt.getTime(), id: row.delivery.id }));
  return { items: page.map(deliveryView), nextCursor };
}

/** One delivery with the body sent and every attempt, newest first. */
export async function getWebhookDelivery(scope: CompanyScope, id: string) {
  const [row] = await scope.db
    .select({ delivery: webhookDeliveries, url: webhookEndpoints.url })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.companyId, scope.companyId)))
    .limit(1);
  if (!row) throw notFound('Webhook delivery');
  const attempts = await scope.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, id)).orderBy(desc(webhookAttempts.createdAt), desc(webhookAttempts.id));
  return {
    ...deliveryView(row),
    payload: row.delivery.payload,
    attemptLog: attempts.map((a) => ({ id: a.id, at: a.createdAt.getTime(), trigger: a.trigger, ok: a.ok, responseStatus: a.responseStatus, latencyMs: a.latencyMs, responseExcerpt: a.responseExcerpt, error: a.error })),
  };
}

/** The delivery log as CSV, times in the company's zone (named in the header). */
export async function exportWebhookDeliveriesCsv(scope: CompanyScope, raw: unknown): Promise<CsvExport> {
  const input = webhookDeliveriesCsvInput.parse(raw);
  const zone = await companyTimeZone(scope.db, scope.companyId);
  const rows = await scope.db
    .select({ delivery: webhookDeliveries, url: webhookEndpoints.url })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(...deliveryWhere(scope, input)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(CSV_EXPORT_LIMIT);
  const header = [`Created (${zone})`, 'Event', 'Endpoint', 'Status', 'Attempts', `Last attempt (${zone})`, 'Response status', 'Latency (ms)', 'Error', 'Response excerpt', 'Webhook id'];
  const lines = rows.map(({ delivery, url }) => [
    localStamp(delivery.createdAt, zone),
    delivery.eventType,
    url,
    WEBHOOK_DELIVERY_STATUS_WORDS[delivery.status],
    delivery.attempts,
    delivery.lastAttemptAt ? localStamp(delivery.lastAttemptAt, zone) : null,
    delivery.responseStatus,
    delivery.latencyMs,
    delivery.error,
    delivery.responseExcerpt,
    delivery.messageId,
  ]);
  return { filename: `leadloop-webhook-deliveries-${localDay(scope.now, zone)}.csv`, csv: csvText(header, lines), count: rows.length };
}
