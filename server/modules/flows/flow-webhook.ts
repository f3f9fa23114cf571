import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import metadata from 'libphonenumber-js/min/metadata';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { z } from 'zod';
import { INVALID_US_CA_PHONE_MESSAGE, parseUsCaPhone } from '@contracts/phone';
import { storableValue, truncate } from '@contracts/text';
import { companies, flowRuns, flows, flowTriggerLog, flowVersions } from '@server/platform/db/schema';
import type { CompanyScope } from '@server/platform/db/scope';
import { AppError, notFound } from '@server/platform/errors/app-error';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import { NO_SECRETS_KEY_MESSAGE } from '@server/platform/lib/secret-box';
import type { AppServices } from '@server/platform/services';
import { writeUserAudit } from '@server/modules/audit/audit.service';
import { fillMissingDetails, findContactByPhone, latestConversationOf, latestLeadOf } from '@server/modules/contacts/contact-lookup';
import { takeInquiry } from '@server/modules/intake/intake.service';
import { activeNumberOf } from '@server/modules/phone-numbers/active-number';
import { assertMayCall } from '@server/modules/team/managers';
import { startRun } from './flow-runs-lifecycle';

/**
 * A flow's inbound webhook (issue 23, trigger "another tool calls its webhook"): `POST /hooks/flows/<flow id>`
 * signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature` = v1 HMAC-SHA256 with the
 * flow's `whsec_` secret, verified by the `standardwebhooks` library, five minutes' tolerance). The body names the
 * person; a known client (by phone) starts a run at once, a new one is first taken in as a lead from the API
 * through the one intake path (with the consent record the tool sends, if any). One run per `webhook-id`: a
 * retried delivery answers with the run it already started. The secret is sealed with the secrets key, shown once
 * when made, and can be replaced at any time (the old one stops working at once).
 */

export const flowWebhookPath = (flowId: string) => `/hooks/flows/${flowId}`;

/** What another tool posts. */
export const flowWebhookBody = z.object({
  phone: z
    .string({ error: 'phone is required: the person’s mobile number, e.g. +14155550123' })
    .trim()
    .max(40, 'phone is at most 40 characters')
    .transform((value, ctx) => {
      const parsed = parseUsCaPhone(value, metadata);
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: `phone: ${INVALID_US_CA_PHONE_MESSAGE}` });
        return z.NEVER;
      }
      return parsed.e164;
    }),
  firstName: z.string().trim().max(100, 'firstName is at most 100 characters').optional(),
  lastName: z.string().trim().max(100, 'lastName is at most 100 characters').optional(),
  email: z.email('email is not a valid address').max(254).optional(),
  /** For a new person: what they asked for (the lead's summary). */
  note: z.string().trim().max(2000, 'note is at most 2000 characters').optional(),
  /** For a new person: the consent they gave the tool (the words they agreed to, where, when). */
  consent: z
    .object({
      text: z.string().trim().min(1, 'consent.text is the wording they agreed to').max(2000),
      sourceUrl: z.url('consent.sourceUrl is not a URL').max(2000).optional(),
      ip: z.string().trim().max(64).optional(),
    })
    .optional(),
});

export interface WebhookAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** An RFC 9457 problem: what went wrong, in words another tool's log can show. */
const problem = (status: number, title: string, detail: string, extra: Record<string, unknown> = {}): WebhookAnswer => ({ status, body: { type: 'about:blank', title, status, detail, ...extra } });

/** Receives one delivery: verified, validated, then the run started once (or the run it already started named). */
export async function receiveFlowWebhook(deps: AppServices, input: { flowId: string; headers: Record<string, string | string[] | undefined>; rawBody: string }): Promise<WebhookAnswer> {
  const notHere = problem(404, 'Not Found', 'No flow webhook at this address.');
  if (!z.uuid().safeParse(input.flowId).success) return notHere;
  const [flow] = await deps.db.select().from(flows).where(eq(flows.id, input.flowId)).limit(1);
  const secret = flow?.webhookSecret && deps.secrets ? deps.secrets.open(flow.webhookSecret) : null;
  if (!flow || !secret || flow.status === 'archived') return notHere;
  const headers = Object.fromEntries(Object.entries(input.headers).map(([key, value]) => [key, Array.isArray(value) ? value.join(' ') : (value ?? '')]));
  try {
    new Webhook(secret).verify(input.rawBody, headers, { jsonParse: false });
  } catch (error) {
    const why = error instanceof WebhookVerificationError ? error.message : 'Bad signature';
    return problem(401, 'Unauthorized', `The signature does not verify (${why}). Sign per Standard Webhooks with this flow’s secret: webhook-id, webhook-timestamp (within 5 minutes), webhook-signature.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(input.rawBody);
  } catch {
    return problem(400, 'Bad Request', 'The body is not JSON.');
  }
  const parsed = flowWebhookBody.safeParse(json);
  if (!parsed.success) {
    return problem(400, 'Bad Request', parsed.error.issues.map((issue) => issue.message).join('; '), {
      errors: parsed.error.issues.map((issue) => ({ pointer: `/${issue.path.join('/')}`, detail: issue.message })),
    });
  }
  const person = storableValue(parsed.data);
  const deliveryId = truncate(String(headers['webhook-id']), 200, { ellipsis: false });
  const triggerKey = `webhook:${deliveryId}`;

  return transactionWithEvents(deps, async (tx, events) => {
    const now = deps.clock.now();
    const [current] = await tx
      .select({ flow: flows, graph: flowVersions.graph, versionId: flowVersions.id })
      .from(flows)
      .leftJoin(flowVersions, eq(flowVersions.id, flows.publishedVersionId))
      .where(eq(flows.id, flow.id))
      .for('update', { of: flows })
      .limit(1);
    if (!current) return notHere;
    const [already] = await tx.select({ id: flowRuns.id }).from(flowRuns).where(and(eq(flowRuns.flowId, flow.id), eq(flowRuns.triggerKey, triggerKey))).limit(1);
    if (already) return { status: 200, body: { status: 'duplicate', runId: already.id, detail: 'This webhook-id already started a run.' } };
    if (current.flow.status !== 'active' || !current.graph || !current.versionId) return problem(409, 'Conflict', 'The flow is not on (publish it and turn it on), so nothing was started.');
    if (current.graph.trigger.type !== 'webhook') return problem(409, 'Conflict', 'The flow’s published version starts on another trigger: publish it with “Another tool calls its webhook”.');
    const [company] = await tx.select().from(companies).where(eq(companies.id, flow.companyId)).limit(1);
    if (!company) return notHere;

    let contact = await findContactByPhone(tx, company.id, person.phone);
    let leadId: string | null = null;
    let newLead = false;
    if (!contact) {
      // A new person: taken in as a lead from the API, like any other inquiry (the team is told, lead flows start).
      const taken = await takeInquiry(tx, deps, events, {
        company,
        source: 'api',
        person: { phone: person.phone, firstName: person.firstName ?? null, lastName: person.lastName ?? null, email: person.email ?? null },
        businessNumber: await activeNumberOf(tx, company.id),
        message: null,
        lead: { summary: person.note ?? null },
        consent: person.consent ? { kind: 'opt_in', method: 'api', text: person.consent.text, sourceUrl: person.consent.sourceUrl ?? null, ip: person.consent.ip ?? null } : null,
      });
      contact = taken.contact;
      leadId = taken.lead.id;
      newLead = taken.newLead;
    } else {
      // What the tool knows and the client record lacks is filled in; nothing the client told us is overwritten.
      contact = await fillMissingDetails(tx, events, contact, person, now);
      leadId = (await latestLeadOf(tx, company.id, contact.id))?.id ?? null;
    }
    const conversation = await latestConversationOf(tx, company.id, contact.id);
    const runId = await startRun(tx, deps, {
      flow: current.flow,
      versionId: current.versionId,
      contactId: contact.id,
      leadId,
      conversationId: conversation?.id ?? null,
      anchorAt: now,
      triggerKey,
      startStep: current.graph.start,
      now,
    });
    if (!runId) {
      const [line] = await tx.select({ reason: flowTriggerLog.reason }).from(flowTriggerLog).where(and(eq(flowTriggerLog.flowId, flow.id), eq(flowTriggerLog.triggerKey, triggerKey))).orderBy(desc(flowTriggerLog.createdAt)).limit(1);
      return { status: 202, body: { status: 'suppressed', detail: line?.reason ?? 'Not started', contactId: contact.id, newLead } };
    }
    return { status: 202, body: { status: 'started', runId, contactId: contact.id, newLead } };
  });
}

/** The editor's view of a flow's webhook: its address and whether a secret exists (never the secret itself). */
export async function getFlowWebhook(scope: CompanyScope, deps: Pick<AppServices, 'publicUrl' | 'secrets'>, flowId: string) {
  const [flow] = await scope.db.select({ id: flows.id, at: flows.webhookSecretAt }).from(flows).where(and(eq(flows.id, flowId), eq(flows.companyId, scope.companyId))).limit(1);
  if (!flow) throw notFound('Flow');
  return { url: `${deps.publicUrl}${flowWebhookPath(flow.id)}`, secretCreatedAt: flow.at?.getTime() ?? null, noKeyMessage: deps.secrets ? null : NO_SECRETS_KEY_MESSAGE };
}

/** Makes (or replaces) the flow's signing secret and shows it this once; the old one stops working now. */
export async function makeFlowWebhookSecret(scope: CompanyScope, deps: Pick<AppServices, 'publicUrl' | 'secrets'>, flowId: string) {
  await assertMayCall(scope.db, scope, 'flows.webhook.makeSecret', 'a flow’s webhook');
  if (!deps.secrets) throw new AppError('PRECONDITION_FAILED', NO_SECRETS_KEY_MESSAGE);
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const [flow] = await scope.db
    .update(flows)
    .set({ webhookSecret: deps.secrets.seal(secret), webhookSecretAt: scope.now, updatedAt: scope.now })
    .where(and(eq(flows.id, flowId), eq(flows.companyId, scope.companyId)))
    .returning({ id: flows.id });
  if (!flow) throw notFound('Flow');
  await writeUserAudit(scope.db, scope, { action: 'flows.webhook_secret_made', targetType: 'flow', targetId: flow.id, metadata: {} });
  return { secret, ...(await getFlowWebhook(scope, deps, flowId)) };
}
