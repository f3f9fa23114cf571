import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { truncate } from '@contracts/text';
import { companies, conversations, integrationConnections, integrationLinks, leads, messages } from '@server/platform/db/schema';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import { generateToken } from '@server/platform/lib/crypto';
import type { AppServices } from '@server/platform/services';
import { takeInquiry } from '@server/modules/intake/intake.service';
import { activeNumberOf } from '@server/modules/phone-numbers/active-number';
import { notify } from '@server/modules/notifications/notify.service';
import { accessTokenFor, type ConnectionRow, connectionOf, secretsOf } from './connection';
import { ProviderError, providerRequest } from './provider-http';
import { providerConfig } from './config';

/**
 * Thumbtack (decision 0055): on connect, a webhook is made on the pro's business for new leads (negotiations) and
 * messages, with Basic-auth credentials only LeadLoop and Thumbtack know (the password sealed here). A lead comes in
 * through the one intake path (source Thumbtack), once however often it is delivered (the negotiation id is a unique
 * link); a customer's message joins their lead's thread; replies from LeadLoop to that person are copied to the
 * Thumbtack conversation.
 */
const NAME = 'Thumbtack';
export const THUMBTACK_REPLY_QUEUE = 'integrations.thumbtack.reply';
export const THUMBTACK_WEBHOOK_PATH = '/webhooks/thumbtack';
const WEBHOOK_USER = 'leadloop';

const api = (services: Pick<AppServices, 'integrations'>) => {
  const config = providerConfig(services, 'thumbtack');
  if (!config) throw new ProviderError(`${NAME} is not set up on this server.`, null);
  return config.apiUrl.replace(/\/+$/, '');
};

const settingsSchema = z.object({ businessId: z.string(), webhookId: z.string().nullable().default(null), webhookSecretSealed: z.string() });

/** After the sign-in: the pro's first business, and a webhook on it for leads and messages. */
export async function describeThumbtackAccount(services: AppServices, accessToken: string, companyId: string) {
  const { body } = await providerRequest(services, NAME, `${api(services)}/businesses`, { accessToken });
  const parsed = z.object({ data: z.array(z.object({ businessID: z.string(), name: z.string().optional() })) }).safeParse(body);
  const business = parsed.success ? parsed.data.data[0] : undefined;
  if (!business) throw new ProviderError(`This ${NAME} account has no business profile to take leads for.`, null);
  const secret = generateToken();
  const webhook = await providerRequest(services, NAME, `${api(services)}/businesses/${encodeURIComponent(business.businessID)}/webhooks`, {
    method: 'POST',
    accessToken,
    json: { webhookURL: `${services.publicUrl}${THUMBTACK_WEBHOOK_PATH}/${companyId}`, eventTypes: ['NegotiationCreatedV4', 'MessageCreatedV4'], enabled: true, auth: { username: WEBHOOK_USER, password: secret } },
  });
  const webhookId = z.object({ webhookID: z.string() }).safeParse(webhook.body);
  return {
    account: business.name ? truncate(business.name, 120, { ellipsis: true }) : business.businessID,
    externalAccountId: business.businessID,
    settings: { businessId: business.businessID, webhookId: webhookId.success ? webhookId.data.webhookID : null, webhookSecretSealed: secretsOf(services).seal(secret) },
  };
}

export async function removeThumbtackWebhook(services: AppServices, connection: ConnectionRow, accessToken: string): Promise<void> {
  const settings = settingsSchema.safeParse(connection.settings);
  if (!settings.success || !settings.data.webhookId) return;
  await providerRequest(services, NAME, `${api(services)}/businesses/${encodeURIComponent(settings.data.businessId)}/webhooks/${encodeURIComponent(settings.data.webhookId)}`, { method: 'DELETE', accessToken });
}

/** The webhook's Basic-auth password checked against the connection's (constant time). */
export function thumbtackAuthorized(services: AppServices, connection: ConnectionRow, header: string | undefined): boolean {
  const settings = settingsSchema.safeParse(connection.settings);
  if (!settings.success || !header) return false;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim());
  if (!match) return false;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const expected = secretsOf(services).open(settings.data.webhookSecretSealed);
  if (!expected) return false;
  const given = Buffer.from(decoded);
  const wanted = Buffer.from(`${WEBHOOK_USER}:${expected}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

const text = (max: number) => z.string().max(max * 4);
export const thumbtackEventSchema = z.discriminatedUnion('eventType', [
  z.object({
    eventType: z.literal('NegotiationCreatedV4'),
    data: z.object({
      negotiationID: z.string().min(1).max(100),
      businessID: z.string().max(100).optional(),
      customer: z.object({ customerID: z.string().max(100).optional(), displayName: text(200).optional(), firstName: text(100).optional(), lastName: text(100).optional(), phone: text(40).optional(), email: text(320).optional() }).default({}),
      request: z.object({ category: z.object({ name: text(200).optional() }).optional(), description: text(5000).optional(), location: z.object({ zipCode: text(20).optional(), city: text(100).optional() }).optional() }).default({}),
    }),
  }),
  z.object({
    eventType: z.literal('MessageCreatedV4'),
    data: z.object({ messageID: z.string().min(1).max(100), negotiationID: z.string().min(1).max(100), from: z.string().max(40).optional(), text: text(5000).default(''), customer: z.object({ displayName: text(200).optional() }).optional() }),
  }),
]);
export type ThumbtackEvent = z.infer<typeof thumbtackEventSchema>;

const usPhone = (raw: string | undefined): string | null => {
  if (!raw) return null;
  const parsed = parsePhoneNumberFromString(raw, 'US');
  return parsed && (parsed.country === 'US' || parsed.country === 'CA') && parsed.isValid() ? parsed.number : null;
};

/**
 * One webhook delivery: a new lead through the intake path, or a customer's message into their lead's thread.
 * The unique link (negotiation id, message id) is written in the same transaction: delivered twice, taken once.
 */
export async function takeThumbtackEvent(services: AppServices, connection: ConnectionRow, event: ThumbtackEvent): Promise<'taken' | 'duplicate' | 'ignored'> {
  return transactionWithEvents(services, async (tx, events) => {
    const [company] = await tx.select().from(companies).where(eq(companies.id, connection.companyId)).limit(1);
    if (!company) return 'ignored';
    const now = services.clock.now();
    if (event.eventType === 'NegotiationCreatedV4') {
      const d = event.data;
      const [claimed] = await tx
        .insert(integrationLinks)
        .values({ companyId: company.id, provider: 'thumbtack', kind: 'thumbtack_negotiation', localId: company.id, externalId: d.negotiationID, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning({ id: integrationLinks.id });
      if (!claimed) return 'duplicate';
      const phone = usPhone(d.customer.phone);
      const [first, ...rest] = (d.customer.displayName ?? '').trim().split(/\s+/);
      const service = d.request.category?.name;
      const summary = truncate([service, d.request.description].filter(Boolean).join(': ') || 'Thumbtack lead', 280, { ellipsis: true });
      const businessNumber = phone ? await activeNumberOf(tx, company.id) : null;
      const result = await takeInquiry(tx, services, events, {
        company,
        source: 'thumbtack',
        person: { phone, firstName: d.customer.firstName ?? first ?? null, lastName: d.customer.lastName ?? (rest.join(' ') || null), email: d.customer.email ?? null },
        businessNumber: businessNumber ?? null,
        message: null,
        lead: { summary, tracking: { thumbtack_lead: d.negotiationID, ...(d.request.location?.zipCode ? { zip: truncate(d.request.location.zipCode, 20, { ellipsis: false }) } : {}) } },
        // Asking a pro on Thumbtack to contact them, with their number shared, is consent to hear back about it.
        consent: phone ? { kind: 'implied', method: 'marketplace', text: truncate(`Asked ${company.name} for a quote on Thumbtack (lead ${d.negotiationID}) and shared ${phone}.`, 500, { ellipsis: true }) } : null,
      });
      await tx.update(integrationLinks).set({ localId: result.lead.id, data: { contactId: result.contact.id, conversationId: result.conversation?.id ?? null } }).where(eq(integrationLinks.id, claimed.id));
      return 'taken';
    }
    const d = event.data;
    // Messages the business itself sent through Thumbtack (or LeadLoop's copies) are already known here.
    if (d.from && d.from.toLowerCase() !== 'customer') return 'ignored';
    const [claimed] = await tx
      .insert(integrationLinks)
      .values({ companyId: company.id, provider: 'thumbtack', kind: 'thumbtack_message', localId: company.id, externalId: d.messageID, data: { negotiationId: d.negotiationID }, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: integrationLinks.id });
    if (!claimed) return 'duplicate';
    const [negotiation] = await tx
      .select()
      .from(integrationLinks)
      .where(and(eq(integrationLinks.companyId, company.id), eq(integrationLinks.kind, 'thumbtack_negotiation'), eq(integrationLinks.externalId, d.negotiationID)))
      .limit(1);
    // A message before its lead (Thumbtack sends them out of order): its description repeats the lead's, so it is dropped.
    if (!negotiation || negotiation.localId === company.id) return 'ignored';
    const [lead] = await tx.select().from(leads).where(and(eq(leads.id, negotiation.localId), eq(leads.companyId, company.id))).limit(1);
    if (!lead) return 'ignored';
    const conversationId = typeof negotiation.data.conversationId === 'string' ? negotiation.data.conversationId : null;
    const [thread] = conversationId ? await tx.select().from(conversations).where(and(eq(conversations.id, conversationId), eq(conversations.companyId, company.id))).limit(1) : [];
    const number = thread ? await activeNumberOf(tx, company.id) : null;
    if (thread && number) {
      const result = await takeInquiry(tx, services, events, {
        company,
        source: 'thumbtack',
        person: { phone: thread.peerPhone },
        businessNumber: number,
        message: { body: d.text, media: [], provider: 'thumbtack', providerMessageId: `thumbtack:${d.messageID}` },
        lead: {},
      });
      await tx.update(integrationLinks).set({ localId: result.message?.id ?? lead.id }).where(eq(integrationLinks.id, claimed.id));
    } else {
      // No phone number shared: there is no thread to put it in; the team is told with the words.
      await tx.update(integrationLinks).set({ localId: lead.id }).where(eq(integrationLinks.id, claimed.id));
      await notify(tx, services, { company, event: 'new_message', title: `Thumbtack message: ${d.customer?.displayName ?? 'a customer'}`, body: truncate(d.text, 300, { ellipsis: true }), link: `/leads?lead=${lead.id}` });
    }
    return 'taken';
  });
}

/** The Thumbtack lead (the latest) of a message's contact, when their lead came from Thumbtack. */
async function negotiationOfMessage(services: AppServices, message: typeof messages.$inferSelect): Promise<string | null> {
  const [link] = await services.db
    .select({ externalId: integrationLinks.externalId })
    .from(integrationLinks)
    .where(and(eq(integrationLinks.companyId, message.companyId), eq(integrationLinks.kind, 'thumbtack_negotiation'), sql`${integrationLinks.data}->>'contactId' = ${message.contactId}`))
    .orderBy(desc(integrationLinks.createdAt))
    .limit(1);
  return link?.externalId ?? null;
}

/**
 * A reply from LeadLoop (a person or the assistant) to someone whose lead came from Thumbtack: copied to the
 * Thumbtack conversation once (the message id is the link's key). Returns words, or null when nothing was to do.
 */
export async function copyReplyToThumbtack(services: AppServices, messageId: string): Promise<{ connection: ConnectionRow; summary: string } | null> {
  const [message] = await services.db.select().from(messages).where(eq(messages.id, messageId)).limit(1);
  if (!message || message.direction !== 'outbound' || (message.author !== 'user' && message.author !== 'ai')) return null;
  const connection = await connectionOf(services.db, message.companyId, 'thumbtack');
  if (!connection || connection.status !== 'connected') return null;
  const negotiationId = await negotiationOfMessage(services, message);
  if (!negotiationId) return null;
  const [already] = await services.db
    .select({ id: integrationLinks.id })
    .from(integrationLinks)
    .where(and(eq(integrationLinks.companyId, message.companyId), eq(integrationLinks.kind, 'thumbtack_message'), eq(integrationLinks.localId, message.id)))
    .limit(1);
  if (already) return null;
  const { body } = await providerRequest(services, NAME, `${api(services)}/negotiations/${encodeURIComponent(negotiationId)}/messages`, { method: 'POST', accessToken: await accessTokenFor(services, connection), json: { text: message.body } });
  const sent = z.object({ messageID: z.string() }).safeParse(body);
  await services.db
    .insert(integrationLinks)
    .values({ companyId: message.companyId, provider: 'thumbtack', kind: 'thumbtack_message', localId: message.id, externalId: sent.success ? sent.data.messageID : `leadloop:${message.id}`, data: { negotiationId, outbound: true }, createdAt: services.clock.now(), updatedAt: services.clock.now() })
    .onConflictDoNothing();
  return { connection, summary: `Copied a reply to the Thumbtack conversation.` };
}

export async function thumbtackConnectionOf(services: AppServices, companyId: string): Promise<ConnectionRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(companyId)) return null;
  const [row] = await services.db.select().from(integrationConnections).where(and(eq(integrationConnections.companyId, companyId), eq(integrationConnections.provider, 'thumbtack'))).limit(1);
  return row ?? null;
}
