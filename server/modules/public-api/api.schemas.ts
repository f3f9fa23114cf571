import 'zod-openapi';
import metadata from 'libphonenumber-js/min/metadata';
import { z } from 'zod';
import { CONVERSATION_MODES, CONVERSATION_STATUSES } from '@contracts/conversation';
import { LEAD_SOURCES, LEAD_STATUSES } from '@contracts/lead';
import { MAX_TEXT_LENGTH } from '@contracts/merge-tags';
import { MESSAGE_AUTHORS, MESSAGE_DIRECTIONS, MESSAGE_STATUSES } from '@contracts/message';
import { INVALID_US_CA_PHONE_MESSAGE, parseUsCaPhone } from '@contracts/phone';

/**
 * The public API's shapes (v1), in zod: the routes validate with them and the OpenAPI document is generated from
 * them (openapi.ts), so the reference cannot drift from what the server does. Field names are snake_case, times
 * ISO 8601 in UTC, ids UUIDs.
 */

const id = (what: string) => z.uuid({ error: `${what} must be a UUID` }).meta({ description: `The ${what}’s id`, example: '0f9d3c1e-7b7a-4b54-9a53-2f5c1e8b2a10' });
const at = (description: string) => z.iso.datetime().meta({ description, example: '2026-11-23T18:00:00.000Z' });

export const leadStatusSchema = z.enum(LEAD_STATUSES).meta({ id: 'LeadStatus', description: 'Where the lead is in its lifecycle.' });
export const leadSourceSchema = z.enum(LEAD_SOURCES).meta({ id: 'LeadSource', description: 'The channel the lead came in through.' });

const e164 = z.string().meta({ description: 'Phone number in E.164', example: '+14155550123' });

export const contactSummarySchema = z
  .object({
    id: id('contact'),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    phone: e164.nullable(),
    email: z.string().nullable(),
    opted_out: z.boolean().meta({ description: 'They texted STOP (or the like): nothing is sent to them.' }),
  })
  .meta({ id: 'ContactSummary' });

export const leadSchema = z
  .object({
    id: id('lead'),
    status: leadStatusSchema,
    source: leadSourceSchema,
    summary: z.string().nullable().meta({ description: 'What they asked for.' }),
    value_cents: z.number().int().nullable().meta({ description: 'Won value in cents (USD).' }),
    assigned_user_id: z.uuid().nullable(),
    contact: contactSummarySchema,
    conversation_id: z.uuid().nullable().meta({ description: 'Their text conversation, if there is one.' }),
    created_at: at('When the lead came in'),
    last_activity_at: at('Last time something happened on the lead'),
  })
  .meta({ id: 'Lead' });

export const contactSchema = z
  .object({
    id: id('contact'),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    phone: e164.nullable(),
    email: z.string().nullable(),
    opted_out: z.boolean(),
    opted_out_at: at('When they opted out').nullable(),
    created_at: at('When the client was first recorded'),
  })
  .meta({ id: 'Contact' });

export const conversationSchema = z
  .object({
    id: id('conversation'),
    contact_id: z.uuid(),
    business_number: e164,
    peer_phone: e164,
    status: z.enum(CONVERSATION_STATUSES),
    mode: z.enum(CONVERSATION_MODES).meta({ description: '`ai`: the assistant answers; `human`: the team does.' }),
    last_message_at: at('Last text in the thread').nullable(),
    created_at: at('When the conversation started'),
  })
  .meta({ id: 'Conversation' });

export const messageSchema = z
  .object({
    id: id('message'),
    conversation_id: z.uuid(),
    direction: z.enum(MESSAGE_DIRECTIONS),
    author: z.enum(MESSAGE_AUTHORS),
    body: z.string(),
    status: z.enum(MESSAGE_STATUSES),
    problem: z.string().nullable().meta({ description: 'Why it was blocked or failed, in plain words.' }),
    scheduled_for: at('When a scheduled text will go').nullable(),
    created_at: at('When it was written or received'),
    sent_at: at('When the carrier took it').nullable(),
    delivered_at: at('When the carrier reported delivery').nullable(),
  })
  .meta({ id: 'Message' });

export const listOf = <T extends z.ZodType>(item: T, name: string) =>
  z
    .object({
      data: z.array(item),
      next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
    })
    .meta({ id: `${name}List` });

export const problemSchema = z
  .object({
    type: z.string().meta({ example: 'about:blank' }),
    title: z.string().meta({ example: 'Not Found' }),
    status: z.number().int().meta({ example: 404 }),
    detail: z.string().meta({ example: 'Lead not found' }),
    code: z.string().meta({ description: 'A stable word to switch on: validation_failed, unauthorized, insufficient_scope, not_found, rate_limited, idempotency_key_reused, recipient_opted_out…', example: 'not_found' }),
    errors: z
      .array(z.object({ detail: z.string(), pointer: z.string().optional().meta({ description: 'JSON pointer into the body', example: '#/phone' }), parameter: z.string().optional() }))
      .optional()
      .meta({ description: 'Each field that was refused (validation problems).' }),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem details' });

// ── Inputs ──────────────────────────────────────────────────────────────────────────────────────────────────────

/** An opaque page token: base64url of "<epoch ms>|<id>" of the last row of the previous page. */
export function encodeCursor(key: { at: number; id: string } | null): string | null {
  return key ? Buffer.from(`${key.at}|${key.id}`, 'utf8').toString('base64url') : null;
}

const cursor = z
  .string()
  .max(200, 'cursor is too long')
  .transform((value, ctx) => {
    const [ms, lastId] = Buffer.from(value, 'base64url').toString('utf8').split('|');
    const when = Number(ms);
    if (!ms || !Number.isSafeInteger(when) || !lastId || !z.uuid().safeParse(lastId).success) {
      ctx.addIssue({ code: 'custom', message: 'cursor is not one this API gave (pass next_cursor as it came)' });
      return z.NEVER;
    }
    return { at: when, id: lastId };
  })
  .optional()
  .meta({ description: 'The `next_cursor` of the previous page.' });

const limit = z.coerce
  .number({ error: 'limit must be a number' })
  .int('limit must be a whole number')
  .min(1, 'limit is at least 1')
  .max(100, 'limit is at most 100')
  .default(25)
  .meta({ description: 'Items per page (1–100, default 25).' });

const commaList = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z
    .string()
    .max(200)
    .transform((value, ctx) => {
      const items = value.split(',').map((item) => item.trim()).filter(Boolean);
      const unknown = items.filter((item) => !(values as readonly string[]).includes(item));
      if (unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message: `${what} must be one or more of ${values.join(', ')} (comma-separated); not ${unknown.join(', ')}` });
        return z.NEVER;
      }
      return items as T[number][];
    })
    .optional()
    .meta({ description: `One or more of: ${values.join(', ')} (comma-separated).` });

const datetimeParam = (name: string) => z.iso.datetime({ offset: true, error: `${name} must be an ISO 8601 date-time, e.g. 2026-11-23T18:00:00Z` }).optional();

export const pageQuery = z.object({ limit, cursor });

export const leadListQuery = z.object({
  limit,
  cursor,
  status: commaList(LEAD_STATUSES, 'status'),
  source: commaList(LEAD_SOURCES, 'source'),
  created_after: datetimeParam('created_after').meta({ description: 'Leads created at or after this time.' }),
  created_before: datetimeParam('created_before').meta({ description: 'Leads created before this time.' }),
});

const usCaPhone = z
  .string({ error: `phone is required: ${INVALID_US_CA_PHONE_MESSAGE}` })
  .trim()
  .max(40, 'phone is at most 40 characters')
  .transform((value, ctx) => {
    const parsed = parseUsCaPhone(value, metadata);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: INVALID_US_CA_PHONE_MESSAGE });
      return z.NEVER;
    }
    return parsed.e164;
  })
  .meta({ description: 'A US or Canadian mobile number, any common format.', example: '+14155550123' });

export const contactListQuery = z.object({
  limit,
  cursor,
  phone: usCaPhone.optional().meta({ description: 'Only the client with this number.' }),
});

export const conversationListQuery = z.object({ limit, cursor, contact_id: z.uuid({ error: 'contact_id must be a UUID' }).optional() });

export const idParams = z.object({ id: z.uuid({ error: 'The id in the address must be a UUID' }).meta({ description: 'The resource’s id' }) });

export const createLeadBody = z
  .strictObject({
    phone: usCaPhone,
    name: z.string().trim().max(200, 'name is at most 200 characters').optional().meta({ description: 'Their name; the first word is the first name.', example: 'Sam Rivera' }),
    email: z.email('email is not a valid address').max(254, 'email is at most 254 characters').optional(),
    message: z.string().trim().max(2000, 'message is at most 2000 characters').optional().meta({ description: 'What they asked for (the lead’s summary).', example: 'Water heater leaking in the garage' }),
    source: leadSourceSchema.default('api').meta({ description: 'Where the lead came from (default `api`).' }),
    consent: z
      .strictObject({
        text: z.string().trim().min(1, 'consent.text is the wording they agreed to').max(2000, 'consent.text is at most 2000 characters'),
        source_url: z.url('consent.source_url is not a URL').max(2000).optional(),
        ip: z.string().trim().max(64).optional(),
      })
      .optional()
      .meta({ description: 'The consent to be texted they gave your tool (the words, where, from which address). Without it, a new client’s record says they asked through your tool (implied consent to answer the request).' }),
  })
  .meta({ id: 'NewLead' });

export const updateLeadBody = z.strictObject({ status: leadStatusSchema }).meta({ id: 'LeadChange' });

export const sendMessageBody = z
  .strictObject({
    body: z
      .string({ error: 'body is required: the text to send' })
      .trim()
      .min(1, 'body is empty')
      .max(MAX_TEXT_LENGTH, `body is at most ${MAX_TEXT_LENGTH} characters`)
      .meta({ example: 'Hi Sam, we can come by tomorrow at 9. Does that work?' }),
  })
  .meta({ id: 'NewMessage' });
