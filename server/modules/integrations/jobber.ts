import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { contactDisplayName } from '@contracts/person';
import { truncate } from '@contracts/text';
import { contacts, integrationLinks, leads } from '@server/platform/db/schema';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import type { AppServices } from '@server/platform/services';
import { accessTokenFor, type ConnectionRow, connectionOf } from './connection';
import { ProviderError, providerRequest } from './provider-http';
import { providerConfig } from './config';

/**
 * Jobber (decision 0055): a lead that becomes qualified or booked is sent once as a Jobber client (found again by
 * the link when the person comes back) and a request; Jobber's job webhooks (HMAC-SHA256 of the body with the app's
 * client secret, base64, in X-Jobber-Hmac-SHA256) bring the job back: the lead is won with the job's total as value.
 */
const NAME = 'Jobber';
export const JOBBER_PUSH_QUEUE = 'integrations.jobber.push';
export const JOBBER_JOB_QUEUE = 'integrations.jobber.job';

async function graphql<T>(services: AppServices, accessToken: string, query: string, variables: Record<string, unknown>, schema: z.ZodType<T>): Promise<T> {
  const config = providerConfig(services, 'jobber');
  if (!config) throw new ProviderError(`${NAME} is not set up on this server.`, null);
  const { body } = await providerRequest(services, NAME, config.apiUrl, { method: 'POST', accessToken, headers: { 'X-JOBBER-GRAPHQL-VERSION': config.graphqlVersion }, json: { query, variables } });
  const envelope = z.object({ data: z.unknown().optional(), errors: z.array(z.object({ message: z.string() })).optional() }).safeParse(body);
  if (!envelope.success) throw new ProviderError(`${NAME} sent an answer LeadLoop could not read.`, null);
  if (envelope.data.errors?.length) throw new ProviderError(`${NAME} refused: ${truncate(envelope.data.errors[0]!.message, 200, { ellipsis: true })}`, null);
  const data = schema.safeParse(envelope.data.data);
  if (!data.success) throw new ProviderError(`${NAME} sent an answer LeadLoop could not read.`, null);
  return data.data;
}

export async function describeJobberAccount(services: AppServices, accessToken: string) {
  const data = await graphql(services, accessToken, 'query LeadLoopAccount { account { id name } }', {}, z.object({ account: z.object({ id: z.string(), name: z.string() }) }));
  return { account: data.account.name, externalAccountId: data.account.id, settings: {} };
}

/** Tells Jobber the app is removed from the account (Jobber has no token revocation endpoint). */
export async function disconnectJobber(services: AppServices, accessToken: string): Promise<void> {
  await graphql(services, accessToken, 'mutation LeadLoopDisconnect { appDisconnect { app { id } userErrors { message } } }', {}, z.unknown());
}

const userErrors = z.array(z.object({ message: z.string() })).default([]);

/**
 * Sends a qualified or booked lead to Jobber: its client (made once per contact) and a request (once per lead).
 * Returns what it did in words, or null when there was nothing to do (not connected, already sent).
 */
export async function pushLeadToJobber(services: AppServices, leadId: string): Promise<{ connection: ConnectionRow; summary: string } | null> {
  const [row] = await services.db.select({ lead: leads, contact: contacts }).from(leads).innerJoin(contacts, eq(contacts.id, leads.contactId)).where(eq(leads.id, leadId)).limit(1);
  if (!row) return null;
  const { lead, contact } = row;
  const connection = await connectionOf(services.db, lead.companyId, 'jobber');
  if (!connection || connection.status !== 'connected') return null;
  const linkOf = async (kind: 'jobber_client' | 'jobber_request', localId: string) =>
    (await services.db.select().from(integrationLinks).where(and(eq(integrationLinks.companyId, lead.companyId), eq(integrationLinks.kind, kind), eq(integrationLinks.localId, localId))).limit(1))[0];
  if (await linkOf('jobber_request', lead.id)) return null;
  const accessToken = await accessTokenFor(services, connection);
  const name = contactDisplayName(contact);
  let clientId = (await linkOf('jobber_client', contact.id))?.externalId;
  if (!clientId) {
    const created = await graphql(
      services,
      accessToken,
      'mutation LeadLoopClient($input: ClientCreateInput!) { clientCreate(input: $input) { client { id } userErrors { message } } }',
      {
        input: {
          firstName: contact.firstName ?? (contact.lastName ? undefined : name),
          lastName: contact.lastName ?? undefined,
          phones: contact.phone ? [{ number: contact.phone, primary: true, description: 'MAIN' }] : [],
          emails: contact.email ? [{ address: contact.email, primary: true, description: 'MAIN' }] : [],
        },
      },
      z.object({ clientCreate: z.object({ client: z.object({ id: z.string() }).nullable(), userErrors }) }),
    );
    if (!created.clientCreate.client) throw new ProviderError(`${NAME} refused the client ${name}: ${truncate(created.clientCreate.userErrors[0]?.message ?? 'no reason given', 200, { ellipsis: true })}`, null);
    clientId = created.clientCreate.client.id;
    await services.db.insert(integrationLinks).values({ companyId: lead.companyId, provider: 'jobber', kind: 'jobber_client', localId: contact.id, externalId: clientId, createdAt: services.clock.now(), updatedAt: services.clock.now() }).onConflictDoNothing();
  }
  const title = truncate(lead.summary || lead.aiSummary || `Request from ${name}`, 200, { ellipsis: true });
  const request = await graphql(
    services,
    accessToken,
    'mutation LeadLoopRequest($input: RequestCreateInput!) { requestCreate(input: $input) { request { id } userErrors { message } } }',
    { input: { clientId, title } },
    z.object({ requestCreate: z.object({ request: z.object({ id: z.string() }).nullable(), userErrors }) }),
  );
  if (!request.requestCreate.request) throw new ProviderError(`${NAME} refused the request for ${name}: ${truncate(request.requestCreate.userErrors[0]?.message ?? 'no reason given', 200, { ellipsis: true })}`, null);
  await services.db
    .insert(integrationLinks)
    .values({ companyId: lead.companyId, provider: 'jobber', kind: 'jobber_request', localId: lead.id, externalId: request.requestCreate.request.id, data: { clientId }, createdAt: services.clock.now(), updatedAt: services.clock.now() })
    .onConflictDoNothing();
  return { connection, summary: `Sent ${name} to Jobber as a client and a request.` };
}

/** Jobber's signature: base64 HMAC-SHA256 of the raw body under the app's client secret, compared in constant time. */
export function verifyJobberSignature(clientSecret: string, rawBody: Buffer | string, header: string | undefined): boolean {
  if (!header) return false;
  const expected = createHmac('sha256', clientSecret).update(rawBody).digest();
  let given: Buffer;
  try {
    given = Buffer.from(header.trim(), 'base64');
  } catch {
    return false;
  }
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const jobberWebhookSchema = z.object({
  data: z.object({
    webHookEvent: z.object({ topic: z.string().min(1).max(100), accountId: z.string().min(1).max(200), itemId: z.string().min(1).max(200), occurredAt: z.string().max(100).optional() }),
  }),
});

const jobSchema = z.object({
  job: z
    .object({
      id: z.string(),
      jobStatus: z.string().optional(),
      total: z.number().nullable().optional(),
      request: z.object({ id: z.string() }).nullable().optional(),
      client: z.object({ id: z.string() }).nullable().optional(),
    })
    .nullable(),
});

/**
 * A Jobber job changed: it is read from Jobber (the webhook names it only) and its lead — through the request it
 * came from, else the client's latest lead — is marked won with the job's total. Returns words, or null.
 */
export async function applyJobberJob(services: AppServices, connection: ConnectionRow, jobId: string): Promise<string | null> {
  const accessToken = await accessTokenFor(services, connection);
  const { job } = await graphql(services, accessToken, 'query LeadLoopJob($id: EncodedId!) { job(id: $id) { id jobStatus total request { id } client { id } } }', { id: jobId }, jobSchema);
  if (!job) return null;
  const findLink = async (kind: 'jobber_request' | 'jobber_client', externalId: string | undefined) =>
    externalId
      ? (await services.db.select().from(integrationLinks).where(and(eq(integrationLinks.companyId, connection.companyId), eq(integrationLinks.provider, 'jobber'), eq(integrationLinks.kind, kind), eq(integrationLinks.externalId, externalId))).limit(1))[0]
      : undefined;
  let leadId = (await findLink('jobber_request', job.request?.id))?.localId ?? null;
  if (!leadId) {
    const client = await findLink('jobber_client', job.client?.id);
    if (client) {
      const [latest] = await services.db.select({ id: leads.id }).from(leads).where(and(eq(leads.companyId, connection.companyId), eq(leads.contactId, client.localId))).orderBy(desc(leads.createdAt)).limit(1);
      leadId = latest?.id ?? null;
    }
  }
  if (!leadId) return null;
  const valueCents = typeof job.total === 'number' && Number.isFinite(job.total) ? Math.max(0, Math.round(job.total * 100)) : null;
  return transactionWithEvents(services, async (tx, events) => {
    const [lead] = await tx.select().from(leads).where(and(eq(leads.id, leadId), eq(leads.companyId, connection.companyId))).for('update').limit(1);
    if (!lead) return null;
    const now = services.clock.now();
    const changes: Partial<typeof leads.$inferInsert> = {};
    if (lead.status !== 'won' && lead.status !== 'opted_out' && lead.status !== 'spam') changes.status = 'won';
    if (valueCents !== null && valueCents !== lead.valueCents) changes.valueCents = valueCents;
    await tx
      .insert(integrationLinks)
      .values({ companyId: connection.companyId, provider: 'jobber', kind: 'jobber_job', localId: lead.id, externalId: job.id, data: { status: job.jobStatus ?? null, total: job.total ?? null }, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [integrationLinks.companyId, integrationLinks.provider, integrationLinks.kind, integrationLinks.externalId], set: { data: { status: job.jobStatus ?? null, total: job.total ?? null }, updatedAt: now } });
    if (Object.keys(changes).length === 0) return null;
    await tx.update(leads).set({ ...changes, updatedAt: now, lastActivityAt: now }).where(eq(leads.id, lead.id));
    if (changes.status) events.add(lead.companyId, { type: 'lead.status_changed', data: { leadId: lead.id, from: lead.status, to: 'won' } });
    if (changes.valueCents !== undefined) events.add(lead.companyId, { type: 'lead.updated', data: { leadId: lead.id, fields: ['valueCents'] } });
    const value = valueCents !== null ? ` ($${(valueCents / 100).toFixed(2)})` : '';
    return `Jobber job ${job.jobStatus ? `(${job.jobStatus}) ` : ''}marked the lead won${value}.`;
  });
}
