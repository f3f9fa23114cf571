import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CALL_DIRECTIONS, CALL_STATUSES, GREETING_SOURCES, MISSED_REASONS, ROUTING_MODES, TEXT_BACK_OUTCOMES, TEXT_BACK_SKIP_REASONS, TRANSCRIPT_STATUSES } from '@contracts/call';
import { CASL_BASES, CONSENT_KINDS, CONSENT_METHODS } from '@contracts/consent';
import { EMAIL_PARSERS, type ExtractedLead, INBOUND_EMAIL_CHANNELS, INBOUND_EMAIL_STATUSES } from '@contracts/email-gateway';
import { CONVERSATION_MODES, CONVERSATION_STATUSES } from '@contracts/conversation';
import { LEAD_SOURCES, LEAD_STATUSES } from '@contracts/lead';
import { MESSAGE_AUTHORS, MESSAGE_DIRECTIONS, MESSAGE_PROVIDERS, MESSAGE_STATUSES } from '@contracts/message';
import { NOTIFICATION_CHANNELS, NOTIFICATION_EVENTS, PUSH_PREVIEWS } from '@contracts/notification';
import { RECORDING_PURPOSES, RECORDING_TYPES } from '@contracts/recording';
import type { WidgetAppearance, WidgetFormFields, WidgetPopup } from '@contracts/widget';
import { type ConversationFlowGoal, FLOW_KINDS, FLOW_RUN_STATUSES, FLOW_STATUSES, FLOW_STOP_REASONS, type FlowGraph } from '@contracts/flows';
import { APPOINTMENT_LOCATIONS, APPOINTMENT_STATUSES, type DateOverrides, type SlotOffer, type WorkingWeek } from '@contracts/scheduling';
import { INTEGRATION_PROVIDERS, SYNC_LOG_STATUSES } from '@contracts/integrations';
import { REVIEW_SITES, REVIEW_SOURCES, type ReviewLink } from '@contracts/reviews';
import type { ApiKeyScope } from '@contracts/api-keys';
import { WEBHOOK_DELIVERY_STATUSES } from '@contracts/webhooks';
import { ASSIGNMENT_MODES, ROLES } from '@contracts/team';
import { REGISTRATION_EVENT_KINDS, REGISTRATION_STATUSES } from '@contracts/registration';
import type { BrandDraft, CampaignDraft } from '@contracts/registration.schema';
import {
  AI_ANSWER_HOURS,
  AI_CALL_END_REASONS,
  AI_CALL_OUTCOMES,
  AI_CALL_STATUSES,
  AI_VOICE_IDS,
  ANSWER_MODES,
  FOLLOW_UP_STATUSES,
  TRANSFER_FALLBACKS,
  TRANSFER_STATUSES,
  type VoiceAgentFollowUps,
  type VoiceAgentSettingsValues,
} from '@contracts/voice-agent';
import { BILLING_PROVIDERS, METERS, PAID_PLANS } from '@contracts/billing';
import { AI_DRAFT_STATUSES, AI_TONES, AI_TURN_ACTIONS, type AiMissedCallAgent, type AiOffWindow, type AiSchedule, type FaqEntry, type HandoffTriggers, PRICE_ITEM_STATUSES, PRICING_POLICIES, type QualifierQuestion } from '@contracts/ai';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => timestamptz('created_at').notNull().defaultNow();
const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();
/** The owning company; its rows go when it does. */
const companyRef = () => uuid('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' });

/** A business using LeadLoop. Every business row below carries its `company_id`. */
export interface WeeklyHours {
  mon: DayHours | null;
  tue: DayHours | null;
  wed: DayHours | null;
  thu: DayHours | null;
  fri: DayHours | null;
  sat: DayHours | null;
  sun: DayHours | null;
}
/** Local times "HH:MM" in the company's time zone; null for a closed day. */
export interface DayHours {
  open: string;
  close: string;
}

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The name customers know (used in texts and HELP replies). */
  name: text('name').notNull(),
  legalName: text('legal_name'),
  trade: text('trade'),
  website: text('website'),
  signupPhone: text('signup_phone'),
  /** US or CA: drives compliance (quiet hours, CASL). From the address once set, else from the sign-up phone. */
  country: text('country', { enum: ['US', 'CA'] }),
  /** IANA time zone, e.g. America/Chicago. */
  timezone: text('timezone'),
  hours: jsonb('hours').$type<WeeklyHours>(),
  addressLine1: text('address_line1'),
  addressLine2: text('address_line2'),
  city: text('city'),
  /** Two-letter state or province code. */
  region: text('region'),
  postalCode: text('postal_code'),
  /** ZIP codes / postal-code prefixes served (later: lead qualifier rules). */
  serviceArea: jsonb('service_area').$type<string[]>(),
  /** The owner's mobile number for alerts (new lead, opt-out…), E.164. */
  alertPhone: text('alert_phone'),
  /** The company's logo (Settings → Company): one of its own uploads (decision 0045). */
  logoFileId: uuid('logo_file_id').references((): AnyPgColumn => uploads.id, { onDelete: 'set null' }),
  plan: text('plan', { enum: ['trial', 'starter', 'pro', 'cancelled'] })
    .notNull()
    .default('trial'),
  trialEndsAt: timestamptz('trial_ends_at').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    /** Stored lower-cased and trimmed; unique across the product (one login per email). */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: ['owner', 'admin', 'staff'] })
      .notNull()
      .default('staff'),
    emailVerifiedAt: timestamptz('email_verified_at'),
    lastActiveAt: timestamptz('last_active_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_company_idx').on(t.companyId)],
);

/** Where a sign-up came from: referral code, page referrer and the landing page's query string. */
export const signupAttributions = pgTable(
  'signup_attributions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referralCode: text('referral_code'),
    referrer: text('referrer'),
    params: jsonb('params').$type<Record<string, string>>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('signup_attributions_company_idx').on(t.companyId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    kind: text('kind', { enum: ['user', 'impersonation'] })
      .notNull()
      .default('user'),
    /** For impersonation sessions: who asked for it (operator label from the admin command). */
    impersonatedBy: text('impersonated_by'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['register', 'login'] }).notNull(),
    /** SHA-256 of salt + code; compared in constant time. */
    codeHash: text('code_hash').notNull(),
    salt: text('salt').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
    /** Set when a newer code replaces this one or too many wrong tries void it. */
    voidedAt: timestamptz('voided_at'),
  },
  (t) => [index('verification_codes_user_idx').on(t.userId, t.createdAt)],
);

/** One row per counted event; limits count rows in a sliding window (`server/platform/db/rate-limit.ts`). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_limit_hits_key_idx').on(t.key, t.createdAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorKind: text('actor_kind', { enum: ['user', 'support', 'system'] }).notNull(),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_company_idx').on(t.companyId, t.createdAt)],
);

/** Durable background jobs (see `server/platform/jobs/job-queue.ts`). */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    status: text('status', { enum: ['pending', 'active', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    runAt: timestamptz('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error'),
    /** At most one pending/active job per key (deduplication of triggers). */
    singletonKey: text('singleton_key'),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('jobs_due_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_singleton_key')
      .on(t.queue, t.singletonKey)
      .where(sql`${t.status} in ('pending', 'active') and ${t.singletonKey} is not null`),
  ],
);

/** The local mail default: messages are stored here (and printed to the log) instead of sent. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('email_outbox_to_idx').on(t.toAddress, t.createdAt)],
);

// ── Messaging (issue 5) ───────────────────────────────────────────────────────────────────────────────────────

/** A business number: the one LeadLoop texts from and customers reply to. */
export const phoneNumbers = pgTable(
  'phone_numbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    e164: text('e164').notNull(),
    provider: text('provider', { enum: ['simulator', 'twilio'] }).notNull(),
    providerSid: text('provider_sid'),
    status: text('status', { enum: ['active', 'released'] })
      .notNull()
      .default('active'),
    /** Per-number pacing: when the last text left (1 message/s by default). */
    lastSentAt: timestamptz('last_sent_at'),
    /** Which generation of our webhooks a Twilio number points at (2: texts and calls); older ones are re-pointed at start. */
    hooksVersion: integer('hooks_version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('phone_numbers_active_e164_key').on(t.e164).where(sql`${t.status} = 'active'`),
    index('phone_numbers_company_idx').on(t.companyId),
  ],
);

/** Numbers that must never receive automated texts (the owner's family, suppliers…). */
export const protectedNumbers = pgTable(
  'protected_numbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    e164: text('e164').notNull(),
    label: text('label'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('protected_numbers_company_e164_key').on(t.companyId, t.e164)],
);

/** A contact (shown as "client"): one per phone number per company. */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    /** Numbers of clients merged into this one: texts from them still reach this client. */
    otherPhones: jsonb('other_phones').$type<string[]>().notNull().default([]),
    email: text('email'),
    addressLine1: text('address_line1'),
    city: text('city'),
    region: text('region'),
    postalCode: text('postal_code'),
    /** Recipient time zone override (else derived from address, then area code). */
    timezone: text('timezone'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    notes: text('notes'),
    /** Opted out of all texts from this company (STOP or a plain-language opt-out). */
    optedOutAt: timestamptz('opted_out_at'),
    blockedAt: timestamptz('blocked_at'),
    /** Set when merged into another contact; merged contacts are hidden and their phone is free again. */
    mergedIntoId: uuid('merged_into_id'),
    lastMessageAt: timestamptz('last_message_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contacts_company_phone_key').on(t.companyId, t.phone).where(sql`${t.mergedIntoId} is null`),
    index('contacts_company_idx').on(t.companyId, t.lastMessageAt),
    // A lead email without a phone number finds its client by address (findContactByEmail).
    index('contacts_company_email_idx').on(t.companyId, sql`lower(${t.email})`),
  ],
);

/** The consent ledger: every opt-in, opt-out and consent-bearing event, with how, when and what text. */
export const consentEvents = pgTable(
  'consent_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CONSENT_KINDS }).notNull(),
    method: text('method', { enum: CONSENT_METHODS }).notNull(),
    /** The words that carried the consent: the customer's message, or the form's consent text. */
    text: text('text'),
    sourceUrl: text('source_url'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    messageId: uuid('message_id'),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A web form's consent checkbox as submitted (only a ticked box is accepted); null for other methods. */
    checked: boolean('checked'),
    /** CASL (decision 0046): express or implied, and on what; null reads the kind (opt_in → express, implied → inquiry). */
    caslBasis: text('casl_basis', { enum: CASL_BASES }),
    /** When implied consent ends (6 months after an inquiry, 2 years after a purchase); null when it does not. */
    expiresAt: timestamptz('expires_at'),
    createdAt: createdAt(),
  },
  (t) => [index('consent_events_contact_idx').on(t.contactId, t.createdAt)],
);


/** An inquiry from a contact. */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    source: text('source', { enum: LEAD_SOURCES }).notNull(),
    status: text('status', { enum: LEAD_STATUSES }).notNull().default('new'),
    /**
     * The status an opt-out replaced ("opted out" mirrors the client's consent): START puts it back, so the lead
     * never says "Opted out" for someone who is subscribed again. Cleared when staff set a status themselves.
     */
    statusBeforeOptOut: text('status_before_opt_out', { enum: LEAD_STATUSES }),
    /** Won value in cents. */
    valueCents: integer('value_cents'),
    assignedUserId: uuid('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** First words of the inquiry, or what staff typed for a manual lead. */
    summary: text('summary'),
    tracking: jsonb('tracking').$type<Record<string, string>>(),
    answers: jsonb('answers').$type<Record<string, string>>(),
    /** The assistant's short summary of the lead for staff (rewritten as it learns more). */
    aiSummary: text('ai_summary'),
    /** Prices the assistant quoted, each from an approved price-book item (kept even if the item changes later). */
    aiQuotes: jsonb('ai_quotes').$type<Array<{ itemId: string; name: string; minCents: number; maxCents: number; unit: string; at: number }>>(),
    lastActivityAt: timestamptz('last_activity_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('leads_company_created_idx').on(t.companyId, t.createdAt),
    index('leads_contact_idx').on(t.contactId, t.createdAt),
    // The dashboard's "needs a person" (a status, newest change first).
    index('leads_company_status_idx').on(t.companyId, t.status, t.updatedAt),
  ],
);

/** One conversation per contact per business number. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    phoneNumberId: uuid('phone_number_id')
      .notNull()
      .references(() => phoneNumbers.id, { onDelete: 'cascade' }),
    /** The customer's number in this thread (a client merged from two numbers has a thread for each). */
    peerPhone: text('peer_phone').notNull(),
    /** Who answers: the AI assistant, or a person ("You're in control"). Every thread is a person's until the assistant exists (decision 0017). */
    mode: text('mode', { enum: CONVERSATION_MODES }).notNull().default('human'),
    /** While a flow's AI step holds the thread: the goal the assistant works toward (null otherwise). */
    flowGoal: jsonb('flow_goal').$type<ConversationFlowGoal>(),
    /** Free times the assistant offered and the customer has not picked yet (issue 24); null otherwise. */
    slotOffer: jsonb('slot_offer').$type<SlotOffer>(),
    status: text('status', { enum: CONVERSATION_STATUSES }).notNull().default('open'),
    assignedUserId: uuid('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    unreadCount: integer('unread_count').notNull().default(0),
    lastMessageAt: timestamptz('last_message_at'),
    lastMessagePreview: text('last_message_preview'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('conversations_contact_number_key').on(t.companyId, t.contactId, t.phoneNumberId, t.peerPhone),
    index('conversations_company_last_idx').on(t.companyId, t.lastMessageAt),
    // The dashboard's unread threads.
    index('conversations_unread_idx').on(t.companyId, t.lastMessageAt).where(sql`${t.unreadCount} > 0`),
  ],
);


export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: breaks ties between texts stored in the same millisecond (a reply after its STOP). */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: MESSAGE_DIRECTIONS }).notNull(),
    /** Who wrote it: the contact, a staff member, the AI, a flow, or the system (confirmations, HELP). */
    author: text('author', { enum: MESSAGE_AUTHORS }).notNull(),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Automated sends wait for the send window and go through duplicate suppression; direct replies do not. */
    automated: boolean('automated').notNull().default(false),
    /** Automations name their trigger; the same key to the same contact within 10 minutes is suppressed. */
    dedupeKey: text('dedupe_key'),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    body: text('body').notNull(),
    media: jsonb('media').$type<string[]>().notNull().default([]),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull(),
    /** A text through a telephony provider, or a visitor's message in the website chat (inbound only). */
    provider: text('provider', { enum: MESSAGE_PROVIDERS }).notNull(),
    providerMessageId: text('provider_message_id'),
    /** Provider error code and its plain-words explanation, or why we did not send. */
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    scheduledFor: timestamptz('scheduled_for'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
    deliveredAt: timestamptz('delivered_at'),
    failedAt: timestamptz('failed_at'),
  },
  (t) => [
    uniqueIndex('messages_provider_id_key').on(t.provider, t.providerMessageId).where(sql`${t.providerMessageId} is not null`),
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('messages_company_created_idx').on(t.companyId, t.createdAt),
    index('messages_contact_idx').on(t.contactId, t.createdAt),
    // AI replies and flow texts paused by the plan (decision 0052): found again when it lifts.
    index('messages_plan_paused_idx').on(t.companyId).where(sql`${t.errorCode} = 'plan_paused'`),
    // The dashboard's failed texts of the last 7 days.
    index('messages_failed_idx').on(t.companyId, t.createdAt).where(sql`${t.status} = 'failed'`),
  ],
);

/** Raw provider webhooks, stored before anything else: the unique key makes redelivery a no-op. */
export const inboundEvents = pgTable(
  'inbound_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['simulator', 'twilio'] }).notNull(),
    kind: text('kind', { enum: ['sms', 'status', 'voice', 'dial', 'recorded', 'call_status', 'recording', 'transcription'] }).notNull(),
    /** MessageSid for an inbound text; MessageSid + status for a status callback; CallSid (+ step) for calls. */
    eventKey: text('event_key').notNull(),
    payload: jsonb('payload').$type<Record<string, string>>().notNull(),
    processedAt: timestamptz('processed_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('inbound_events_key').on(t.provider, t.kind, t.eventKey)],
);

export const messageTemplates = pgTable(
  'message_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    name: text('name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('message_templates_company_idx').on(t.companyId)],
);


export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text('event', { enum: NOTIFICATION_EVENTS }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** In-app path to open, e.g. /conversations?c=<id>. */
    link: text('link'),
    readAt: timestamptz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/** Per user, per event, per channel; a missing row means the default (see server/modules/notifications/notify.service.ts). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    companyId: companyRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text('event', { enum: NOTIFICATION_EVENTS }).notNull(),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [uniqueIndex('notification_preferences_key').on(t.userId, t.event, t.channel)],
);

/**
 * Texts between the business number and the company's alert phone: owner alerts out, "YES <code>" approvals in.
 * No client's thread holds them; they are kept so the alert phone's side can be shown (the test phone) and checked.
 */
export const alertTexts = pgTable(
  'alert_texts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: a reply and its confirmation stored in the same millisecond keep their order. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    direction: text('direction', { enum: ['outbound', 'inbound'] }).notNull(),
    /** The alert phone (E.164). */
    phone: text('phone').notNull(),
    body: text('body').notNull(),
    provider: text('provider', { enum: ['simulator', 'twilio'] }).notNull(),
    providerMessageId: text('provider_message_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('alert_texts_provider_id_key').on(t.provider, t.providerMessageId), index('alert_texts_company_phone_idx').on(t.companyId, t.phone, t.createdAt)],
);

/** The built-in phone simulator's handsets: customer numbers played from Settings → Phone (or by tests). */
export const simulatorDevices = pgTable(
  'simulator_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    e164: text('e164').notNull(),
    /** How the simulated carrier treats texts to this handset. */
    behavior: text('behavior', { enum: ['deliver', 'unreachable', 'landline', 'carrier_filtered'] })
      .notNull()
      .default('deliver'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('simulator_devices_company_e164_key').on(t.companyId, t.e164)],
);

/**
 * Durable domain events (catalogue in contracts/events.ts): written in the transaction of the change that caused
 * them, with the job that fans them out, so an event committed is an event delivered even if the process dies
 * right after the commit. `seq` orders them; `dispatchedAt` is set once every consumer has had it.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    companyId: companyRef(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamptz('occurred_at').notNull(),
    dispatchedAt: timestamptz('dispatched_at'),
  },
  (t) => [index('domain_events_company_idx').on(t.companyId, t.seq), index('domain_events_occurred_idx').on(t.occurredAt)],
);

/**
 * Web Push subscriptions, one per browser or installed app (a person may have several devices). The endpoint and
 * keys are the browser's, needed as they are to encrypt each push (they grant nothing in LeadLoop). Each device
 * chooses its events and how much of a notification the lock screen may show.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** "Chrome on Android": how the person tells their devices apart. */
    label: text('label').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    /** What a push may show: the whole preview, only its title, or nothing but "New activity". */
    preview: text('preview', { enum: PUSH_PREVIEWS }).notNull().default('full'),
    lastSentAt: timestamptz('last_sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

// ── Calls (issue 12, decision 0022) ───────────────────────────────────────────────────────────────────────────

/**
 * A phone call to (or, later, from) a business number. One row per provider call (CallSid), so every webhook and
 * its redelivery lands on the same row. A missed call carries its reason, its voicemail and what became of the
 * text-back (sent, or skipped with the reason).
 */
export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    provider: text('provider', { enum: ['simulator', 'twilio'] }).notNull(),
    /** Twilio's CallSid (or the simulator's): the idempotency key of every callback about this call. */
    providerCallSid: text('provider_call_sid').notNull(),
    direction: text('direction', { enum: CALL_DIRECTIONS }).notNull().default('inbound'),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    phoneNumberId: uuid('phone_number_id').references(() => phoneNumbers.id, { onDelete: 'set null' }),
    /** How the call was routed when it arrived (the settings may change later). */
    routingMode: text('routing_mode', { enum: ROUTING_MODES }).notNull(),
    status: text('status', { enum: CALL_STATUSES }).notNull().default('ringing'),
    startedAt: timestamptz('started_at').notNull(),
    answeredAt: timestamptz('answered_at'),
    /** Who on the team answered it in the app (the test phone's calls); null when answered on a phone. */
    answeredByUserId: uuid('answered_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    endedAt: timestamptz('ended_at'),
    ringSeconds: integer('ring_seconds'),
    talkSeconds: integer('talk_seconds'),
    missed: boolean('missed').notNull().default(false),
    missedReason: text('missed_reason', { enum: MISSED_REASONS }),
    missedAt: timestamptz('missed_at'),
    /** The phone the LeadLoop number rang (routing mode a). */
    forwardedTo: text('forwarded_to'),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    voicemailStartedAt: timestamptz('voicemail_started_at'),
    voicemailEndedAt: timestamptz('voicemail_ended_at'),
    recordingSid: text('recording_sid'),
    recordingUrl: text('recording_url'),
    recordingSeconds: integer('recording_seconds'),
    transcript: text('transcript'),
    transcriptStatus: text('transcript_status', { enum: TRANSCRIPT_STATUSES }).notNull().default('none'),
    textBackOutcome: text('text_back_outcome', { enum: TEXT_BACK_OUTCOMES }).notNull().default('not_needed'),
    textBackReason: text('text_back_reason', { enum: TEXT_BACK_SKIP_REASONS }),
    /** The repeat-caller window (hours) that applied when the text-back was skipped as a repeat caller. */
    textBackRepeatWindowHours: integer('text_back_repeat_window_hours'),
    /** When the text-back may go (the call missed + the delay); a voicemail in progress holds it back further. */
    textBackDueAt: timestamptz('text_back_due_at'),
    textBackMessageId: uuid('text_back_message_id').references(() => messages.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('calls_company_provider_sid_key').on(t.companyId, t.provider, t.providerCallSid),
    index('calls_company_started_idx').on(t.companyId, t.startedAt),
    index('calls_company_from_idx').on(t.companyId, t.fromNumber, t.startedAt),
    // A client's timeline and a thread list their calls newest first (and deleting a client or thread finds its calls).
    index('calls_contact_started_idx').on(t.contactId, t.startedAt),
    index('calls_conversation_started_idx').on(t.conversationId, t.startedAt),
    index('calls_text_back_message_idx').on(t.textBackMessageId),
  ],
);

/** Missed-call text-back and voicemail settings, one row per company (a missing row means the defaults). */
export const missedCallSettings = pgTable('missed_call_settings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  routingMode: text('routing_mode', { enum: ROUTING_MODES }).notNull(),
  /** The phone the LeadLoop number rings first (routing mode a), E.164. */
  forwardTo: text('forward_to'),
  ringTimeoutSeconds: integer('ring_timeout_seconds').notNull(),
  textBackDelaySeconds: integer('text_back_delay_seconds').notNull(),
  businessHoursTemplate: text('business_hours_template').notNull(),
  afterHoursTemplate: text('after_hours_template').notNull(),
  voicemailGreeting: text('voicemail_greeting').notNull(),
  /** `recording`: callers hear the company's uploaded greeting (a `recordings` row of purpose greeting) instead of the text. */
  greetingSource: text('greeting_source', { enum: GREETING_SOURCES }).notNull().default('say'),
  voicemailMaxSeconds: integer('voicemail_max_seconds').notNull(),
  transcribeVoicemail: boolean('transcribe_voicemail').notNull(),
  tailorToVoicemail: boolean('tailor_to_voicemail').notNull(),
  repeatCallerWindowHours: integer('repeat_caller_window_hours').notNull(),
  updatedAt: updatedAt(),
});

/** Binary data: node-postgres returns a Buffer, PGlite a Uint8Array; both become a Buffer here. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Audio kept in PostgreSQL (decision 0024): a company's uploaded voicemail greeting (at most one) and the
 * voicemails its test phones recorded. The bytes are read only to play them; lists select the other columns.
 */
export const recordings = pgTable(
  'recordings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    purpose: text('purpose', { enum: RECORDING_PURPOSES }).notNull(),
    /** Detected from the file's first bytes (the type the browser declared must agree). */
    contentType: text('content_type', { enum: RECORDING_TYPES }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    seconds: integer('seconds').notNull(),
    fileName: text('file_name'),
    bytes: bytea('bytes').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** A test phone's voicemail: when a simulated call took it (each recording becomes one call's). */
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('recordings_company_greeting_key').on(t.companyId).where(sql`${t.purpose} = 'greeting'`),
    index('recordings_company_created_idx').on(t.companyId, t.createdAt),
  ],
);

/**
 * Numbers the carrier said cannot receive texts (a landline: Twilio 30006 / 21614): a missed call from one is not
 * texted back again. Per company, like the rest of a client's state.
 */
export const nonTextableNumbers = pgTable(
  'non_textable_numbers',
  {
    companyId: companyRef(),
    e164: text('e164').notNull(),
    errorCode: text('error_code'),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('non_textable_numbers_key').on(t.companyId, t.e164)],
);

/**
 * The email gateway's address per company: leads+<token>@EMAIL_GATEWAY_DOMAIN. The token is random (128 bits), so
 * the address cannot be guessed; rotating it replaces it (mail to the old one is refused).
 */
export const emailGateways = pgTable(
  'email_gateways',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: createdAt(),
    rotatedAt: timestamptz('rotated_at'),
  },
  (t) => [uniqueIndex('email_gateways_token_key').on(t.token)],
);

/** An email received by the gateway (SMTP or webhook), kept raw (bounded) with what was read from it. */
export const inboundEmails = pgTable(
  'inbound_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    channel: text('channel', { enum: INBOUND_EMAIL_CHANNELS }).notNull(),
    /** The Message-ID header (or a hash of the raw email when it has none): a redelivery is a no-op. */
    messageId: text('message_id').notNull(),
    recipient: text('recipient').notNull(),
    mailFrom: text('mail_from').notNull(),
    fromHeader: text('from_header'),
    subject: text('subject'),
    sizeBytes: integer('size_bytes').notNull(),
    raw: bytea('raw').notNull(),
    /** As the HTTP provider passed them (SendGrid's SPF / dkim fields…); null when it did not. */
    spf: text('spf'),
    dkim: text('dkim'),
    status: text('status', { enum: INBOUND_EMAIL_STATUSES }).notNull().default('received'),
    parser: text('parser', { enum: EMAIL_PARSERS }),
    extracted: jsonb('extracted').$type<ExtractedLead>(),
    /** Why it ended as it did, for the owner ("No US or Canadian phone number in the email"). */
    note: text('note'),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    textBackMessageId: uuid('text_back_message_id').references(() => messages.id, { onDelete: 'set null' }),
    receivedAt: timestamptz('received_at').notNull(),
    processedAt: timestamptz('processed_at'),
  },
  (t) => [uniqueIndex('inbound_emails_message_key').on(t.companyId, t.messageId), index('inbound_emails_company_received_idx').on(t.companyId, t.receivedAt, t.id)],
);

/**
 * The website widget of a company (chat launcher, inline form, popup; see docs/decisions, widget): one row, created with a
 * random public key on first read. `version` goes up on every save, so an embed polling the public config notices
 * a change. The JSON columns hold the shapes in contracts/widget.ts.
 */
export const widgetSettings = pgTable(
  'widget_settings',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    publicKey: text('public_key').notNull(),
    version: integer('version').notNull().default(1),
    enabled: boolean('enabled').notNull(),
    allowedDomains: jsonb('allowed_domains').$type<string[]>().notNull(),
    greeting: text('greeting').notNull(),
    appearance: jsonb('appearance').$type<WidgetAppearance>().notNull(),
    formFields: jsonb('form_fields').$type<WidgetFormFields>().notNull(),
    consentText: text('consent_text').notNull(),
    firstTextTemplate: text('first_text_template').notNull(),
    popup: jsonb('popup').$type<WidgetPopup>().notNull(),
    /** SHA-256 (hex, first 16) of the avatar picture in widget_avatars, or null: the embed's cache key for it. */
    avatarHash: text('avatar_hash'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('widget_settings_public_key').on(t.publicKey)],
);

/**
 * The widget's avatar picture (PNG, JPEG or WebP, ≤ 256 kB), apart from widget_settings so the public config cache
 * (which keeps settings rows in memory) never holds picture bytes.
 */
export const widgetAvatars = pgTable('widget_avatars', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  contentType: text('content_type', { enum: ['image/png', 'image/jpeg', 'image/webp'] }).notNull(),
  hash: text('hash').notNull(),
  bytes: bytea('bytes').notNull(),
  updatedAt: updatedAt(),
});

/**
 * What lets a visitor's widget read and continue its one conversation after a submission: only the SHA-256 of the
 * opaque token is kept; it expires.
 */
export const widgetVisitorTokens = pgTable(
  'widget_visitor_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('widget_visitor_tokens_hash').on(t.tokenHash), index('widget_visitor_tokens_conversation_idx').on(t.conversationId)],
);

/** Settings → AI and its tabs (Lead qualifier, AI schedule, Missed calls → AI agent): one row per company. */
export const aiSettings = pgTable('ai_settings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(1),
  enabled: boolean('enabled').notNull(),
  assistantName: text('assistant_name').notNull(),
  tone: text('tone', { enum: AI_TONES }).notNull(),
  facts: text('facts').notNull(),
  faq: jsonb('faq').$type<FaqEntry[]>().notNull(),
  services: jsonb('services').$type<string[]>().notNull(),
  servicesNotOffered: jsonb('services_not_offered').$type<string[]>().notNull(),
  serviceAreaPrefixes: jsonb('service_area_prefixes').$type<string[]>().notNull(),
  pricingPolicy: text('pricing_policy', { enum: PRICING_POLICIES }).notNull(),
  replyDelaySeconds: integer('reply_delay_seconds').notNull(),
  dailyCap: integer('daily_cap').notNull(),
  approvalMode: boolean('approval_mode').notNull(),
  handoff: jsonb('handoff').$type<HandoffTriggers>().notNull(),
  questions: jsonb('questions').$type<QualifierQuestion[]>().notNull(),
  disqualifyMessage: text('disqualify_message').notNull(),
  schedule: jsonb('schedule').$type<AiSchedule>().notNull(),
  missedCall: jsonb('missed_call').$type<AiMissedCallAgent>().notNull(),
  updatedAt: updatedAt(),
});

/** The price book: items the PDF importer proposed (to review) and the approved ones the assistant may quote. */
export const priceItems = pgTable(
  'price_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    name: text('name').notNull(),
    minCents: integer('min_cents').notNull(),
    maxCents: integer('max_cents').notNull(),
    unit: text('unit').notNull().default(''),
    status: text('status', { enum: PRICE_ITEM_STATUSES }).notNull(),
    /** Where it came from: the PDF's file name, page and line, and the line's words; null for one typed in. */
    sourceFile: text('source_file'),
    sourcePage: integer('source_page'),
    sourceLine: integer('source_line'),
    sourceText: text('source_text'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('price_items_company_idx').on(t.companyId, t.status)],
);

/** The AI decision log: one row per turn — what it saw, what it decided and why, who decided, how long it took. */
export const aiTurns = pgTable(
  'ai_turns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    action: text('action', { enum: AI_TURN_ACTIONS }).notNull(),
    /** The person's texts this turn answered, and the answers on the lead before it. */
    input: jsonb('input').$type<{ newMessages: string[]; answersBefore: Record<string, string> }>().notNull(),
    /** The adapter's decision as returned (null when no adapter was asked: a skip decided by the engine). */
    decision: jsonb('decision').$type<Record<string, unknown>>(),
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    model: text('model').notNull(),
    /** The configured model was unavailable and the built-in assistant answered. */
    fallback: boolean('fallback').notNull().default(false),
    latencyMs: integer('latency_ms').notNull().default(0),
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
    /** The highest message seq this turn answered: the next turn answers what came after. */
    answeredThroughSeq: bigint('answered_through_seq', { mode: 'number' }).notNull(),
    replyMessageId: uuid('reply_message_id'),
    draftId: uuid('draft_id'),
    createdAt: createdAt(),
  },
  (t) => [index('ai_turns_conversation_idx').on(t.conversationId, t.createdAt), index('ai_turns_company_idx').on(t.companyId, t.createdAt)],
);

/** Replies held in approval mode (a price, a promised time, something outside the facts) until staff decide. */
export const aiDrafts = pgTable(
  'ai_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    turnId: uuid('turn_id').notNull(),
    body: text('body').notNull(),
    /** Why it was held, in plain words. */
    why: text('why').notNull(),
    quotedItemIds: jsonb('quoted_item_ids').$type<string[]>().notNull().default([]),
    /** Four characters the owner texts back from the alert phone ("YES K7QM") to send it without opening the app. */
    code: text('code'),
    status: text('status', { enum: AI_DRAFT_STATUSES }).notNull().default('pending'),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamptz('decided_at'),
    messageId: uuid('message_id'),
    createdAt: createdAt(),
  },
  (t) => [index('ai_drafts_conversation_idx').on(t.conversationId, t.status)],
);

/**
 * Automations (issue 23): a flow and its published versions. The built-in no-reply follow-ups are the company's
 * `follow_ups` flow (one per company), edited on Chat widget → Follow-ups; custom flows come with the editor.
 */
export const flows = pgTable(
  'flows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    kind: text('kind', { enum: FLOW_KINDS }).notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: FLOW_STATUSES }).notNull(),
    /** Optimistic concurrency for the screens that save it (a save over a newer one is refused). */
    version: integer('version').notNull().default(1),
    /** What the follow-ups screen edits (the graph is built from it); null for custom flows. */
    settings: jsonb('settings').$type<unknown>(),
    publishedVersionId: uuid('published_version_id'),
    /**
     * The signing secret of the flow's inbound webhook (Standard Webhooks `whsec_…`), sealed with the secrets key
     * (server/platform/lib/secret-box.ts), never stored plain; null until the owner makes one.
     */
    webhookSecret: text('webhook_secret'),
    webhookSecretAt: timestamptz('webhook_secret_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('flows_company_idx').on(t.companyId),
    uniqueIndex('flows_one_follow_ups_key').on(t.companyId).where(sql`${t.kind} = 'follow_ups'`),
  ],
);

/** A published graph, never changed: runs keep the version they started on. */
export const flowVersions = pgTable(
  'flow_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    graph: jsonb('graph').$type<FlowGraph>().notNull(),
    /** A draft run once on a test phone from the editor ("Test"): not a version anyone published (numbered below 0). */
    sandbox: boolean('sandbox').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('flow_versions_number_key').on(t.flowId, t.number)],
);

/** One contact's walk through one version of a flow. */
export const flowRuns = pgTable(
  'flow_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => flowVersions.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    status: text('status', { enum: FLOW_RUN_STATUSES }).notNull(),
    /** The moment waits count from (for follow-ups: the unanswered text). */
    anchorAt: timestamptz('anchor_at').notNull(),
    /** What started it ("message:<id>"): the same trigger never starts a second run of the flow. */
    triggerKey: text('trigger_key').notNull(),
    currentStepId: text('current_step_id'),
    stopReason: text('stop_reason', { enum: FLOW_STOP_REASONS }),
    startedAt: timestamptz('started_at').notNull(),
    endedAt: timestamptz('ended_at'),
    /** The contact is one of the company's test phones: its waits can be skipped ("Move time forward"). */
    test: boolean('test').notNull().default(false),
  },
  (t) => [
    uniqueIndex('flow_runs_trigger_key').on(t.flowId, t.triggerKey),
    index('flow_runs_company_idx').on(t.companyId, t.startedAt),
    index('flow_runs_contact_idx').on(t.contactId, t.status),
  ],
);

/** A run's step log: what ran, when, and how it went (why it waited or stopped). A step runs once per run. */
export const flowRunSteps = pgTable(
  'flow_run_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: lines written in the same millisecond (a step and the stop right after it) keep their order. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    runId: uuid('run_id')
      .notNull()
      .references(() => flowRuns.id, { onDelete: 'cascade' }),
    stepId: text('step_id').notNull(),
    type: text('type').notNull(),
    /** `done`, `waiting` (until `dueAt`), `stopped` or `skipped`. */
    outcome: text('outcome').notNull(),
    detail: text('detail').notNull(),
    messageId: uuid('message_id'),
    dueAt: timestamptz('due_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('flow_run_steps_once_key').on(t.runId, t.stepId, t.outcome), index('flow_run_steps_run_idx').on(t.runId, t.createdAt)],
);

/** Triggers that fired: started a run, or suppressed (a duplicate within 10 minutes, the flow off, a run already going). */
export const flowTriggerLog = pgTable(
  'flow_trigger_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    triggerKey: text('trigger_key').notNull(),
    outcome: text('outcome', { enum: ['started', 'suppressed'] }).notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('flow_trigger_log_flow_idx').on(t.flowId, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------------------------
// Scheduling (issue 24)

/** A kind of appointment the business books: its length, buffers, notice, horizon and who takes it. */
export const appointmentTypes = pgTable(
  'appointment_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    name: text('name').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    minNoticeMinutes: integer('min_notice_minutes').notNull().default(120),
    horizonDays: integer('horizon_days').notNull().default(30),
    location: text('location', { enum: APPOINTMENT_LOCATIONS }).notNull(),
    /** The team members who take it; empty: anyone on the team. */
    userIds: jsonb('user_ids').$type<string[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('appointment_types_company_idx').on(t.companyId)],
);

/** A team member's working hours (in the company's time zone) and date overrides. */
export const memberAvailability = pgTable('member_availability', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyId: companyRef(),
  weekly: jsonb('weekly').$type<WorkingWeek>().notNull(),
  overrides: jsonb('overrides').$type<DateOverrides>().notNull().default({}),
  updatedAt: updatedAt(),
});

/**
 * A booking. Two bookings of one person whose blocks (the appointment with its buffers) overlap are refused by the
 * database itself: `appointments_no_overlap`, an exclusion constraint over (user, block) for booked rows
 * (migration 0027, with btree_gist).
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    typeId: uuid('type_id')
      .notNull()
      .references(() => appointmentTypes.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    blockStart: timestamptz('block_start').notNull(),
    blockEnd: timestamptz('block_end').notNull(),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull(),
    location: text('location', { enum: APPOINTMENT_LOCATIONS }).notNull(),
    address: text('address'),
    notes: text('notes'),
    bookedBy: text('booked_by', { enum: ['assistant', 'staff'] }).notNull(),
    bookedByUserId: uuid('booked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The calendar file's link (/a/<token>.ics) is unguessable; only its hash is kept. */
    icsTokenHash: text('ics_token_hash').notNull(),
    cancelledAt: timestamptz('cancelled_at'),
    /** The customer replied C to a reminder or the confirmation. */
    confirmedAt: timestamptz('confirmed_at'),
    /** The customer replied R: staff were told and find them a new time. */
    rescheduleRequestedAt: timestamptz('reschedule_requested_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('appointments_company_idx').on(t.companyId, t.startsAt), index('appointments_contact_idx').on(t.contactId), uniqueIndex('appointments_ics_token_key').on(t.icsTokenHash)],
);

// ---------------------------------------------------------------------------------------------------------------
// Review requests (issue 24 item 4, decision 0039)

/** A company's review settings, one row (a missing row means the defaults of contracts/reviews.ts). */
export const reviewSettings = pgTable('review_settings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** The company's own review pages (https only), at most five. */
  links: jsonb('links').$type<ReviewLink[]>().notNull().default([]),
  /** The link `{link}` sends; null: the first. */
  primaryLinkId: text('primary_link_id'),
  template: text('template').notNull(),
  /** Ask automatically when a lead is marked won. */
  automatic: boolean('automatic').notNull().default(true),
  delayMinutes: integer('delay_minutes').notNull().default(120),
  reminder: boolean('reminder').notNull().default(true),
  reminderAfterDays: integer('reminder_after_days').notNull().default(3),
  updatedAt: updatedAt(),
});

/**
 * One ask for a review: automatic after a won lead (one per lead: `review_requests_lead_automatic_key`), by hand
 * from a lead or a client, or from a pasted list. Its text and reminder are messages of the thread (their delivery
 * status is the message's); clicks are counted on its short links (`review_links`).
 */
export const reviewRequests = pgTable(
  'review_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    source: text('source', { enum: REVIEW_SOURCES }).notNull(),
    /** pending: its `reviews.send` job has not run; sent: the text went to the outbound pipeline. */
    status: text('status', { enum: ['pending', 'sent', 'skipped', 'cancelled'] }).notNull(),
    /** Why it was not sent (skipped or cancelled), in plain words. */
    skipReason: text('skip_reason'),
    /** When it is due (the won time plus the delay; now for one sent by hand). */
    sendAt: timestamptz('send_at').notNull(),
    /** When its text was handed to the pipeline (which may hold it for the send window). */
    sentAt: timestamptz('sent_at'),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    reminderAt: timestamptz('reminder_at'),
    remindedAt: timestamptz('reminded_at'),
    reminderMessageId: uuid('reminder_message_id').references(() => messages.id, { onDelete: 'set null' }),
    reminderSkipReason: text('reminder_skip_reason'),
    /** A reply that sounded unhappy: the thread went to a person and the owner was told. */
    unhappyAt: timestamptz('unhappy_at'),
    unhappyMessageId: uuid('unhappy_message_id').references(() => messages.id, { onDelete: 'set null' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('review_requests_company_created_idx').on(t.companyId, t.createdAt),
    index('review_requests_company_sent_idx').on(t.companyId, t.sentAt),
    index('review_requests_contact_idx').on(t.contactId, t.createdAt),
    uniqueIndex('review_requests_lead_automatic_key').on(t.leadId).where(sql`${t.source} = 'automatic'`),
  ],
);

/**
 * A review request's short link (`/r/<code>`) to one of the company's review pages. The code is random and
 * unguessable (72 bits), not a credential: it only leads to a public review page. The first click counts; later
 * ones are recorded in `clicks` and not counted again.
 */
export const reviewLinks = pgTable(
  'review_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => reviewRequests.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** The company's link (ReviewLink.id) and where it led when sent: a later edit of its address is followed. */
    linkId: text('link_id').notNull(),
    site: text('site', { enum: REVIEW_SITES }).notNull(),
    url: text('url').notNull(),
    clicks: integer('clicks').notNull().default(0),
    firstClickedAt: timestamptz('first_clicked_at'),
    lastClickedAt: timestamptz('last_clicked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('review_links_code_key').on(t.code), index('review_links_request_idx').on(t.requestId), index('review_links_company_clicked_idx').on(t.companyId, t.firstClickedAt)],
);

// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────
// Issue 25, part 2 and 3: API keys and the public REST API (decision 0042).
// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A company's API keys. The key itself (`ll_live_<prefix>_<secret>`) is shown once; only its SHA-256 is kept, with
 * the visible prefix to tell keys apart. Revoked keys stay (the request log names them) and answer 401 at once.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    name: text('name').notNull(),
    /** `ll_live_<8 hex>`: shown in the list and the request log. */
    prefix: text('prefix').notNull(),
    /** SHA-256 (hex) of the whole key. */
    secretHash: text('secret_hash').notNull(),
    scopes: jsonb('scopes').$type<ApiKeyScope[]>().notNull(),
    /** Requests per minute (a fixed window counted in api_rate_windows). */
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull(),
    /** Who made it; the API acts in their name in the audit log (decision 0042). */
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Recorded at most once a minute per key. */
    lastUsedAt: timestamptz('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamptz('revoked_at'),
    revokedByUserId: uuid('revoked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('api_keys_secret_hash_key').on(t.secretHash), index('api_keys_company_idx').on(t.companyId, t.createdAt)],
);

/** Requests per key per minute: one row per key and window, incremented in one statement (so instances agree). */
export const apiRateWindows = pgTable(
  'api_rate_windows',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    windowStart: timestamptz('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [uniqueIndex('api_rate_windows_key').on(t.apiKeyId, t.windowStart), index('api_rate_windows_start_idx').on(t.windowStart)],
);

/**
 * `Idempotency-Key` on a POST: the first answer, replayed for the same key and body for 24 hours. `status` is null
 * while the first request is still being answered.
 */
export const apiIdempotencyKeys = pgTable(
  'api_idempotency_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, the route and the body: the same key with another request is refused (422). */
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    /** The answer's JSON as it was sent, byte for byte. */
    body: text('body'),
    createdAt: createdAt(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [uniqueIndex('api_idempotency_keys_key').on(t.apiKeyId, t.key), index('api_idempotency_keys_created_idx').on(t.createdAt)],
);

/** Every request made with a known key (revoked ones too): shown in /logs → API requests. */
export const apiRequests = pgTable(
  'api_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    keyPrefix: text('key_prefix').notNull(),
    keyName: text('key_name').notNull(),
    method: text('method').notNull(),
    /** The route's pattern (`/api/v1/leads/:id`), not the address asked for. */
    route: text('route').notNull(),
    status: integer('status').notNull(),
    latencyMs: integer('latency_ms').notNull(),
    ip: text('ip'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [index('api_requests_company_idx').on(t.companyId, t.createdAt)],
);

// ── Outgoing webhooks (issue 25 part 4, decision 0043) ────────────────────────────────────────────────────────

/**
 * An address of the company's own system that receives the events it subscribed to, signed per Standard Webhooks
 * with its `whsec_` secret (sealed with the secrets key: the sender needs the secret itself to sign). Turned off by
 * the team, or by LeadLoop after every attempt failed for a day (`disabledReason` says which).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    url: text('url').notNull(),
    description: text('description'),
    events: jsonb('events').$type<string[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it is off: turned off by a person, or by LeadLoop after a day of failures (null while on). */
    disabledReason: text('disabled_reason', { enum: ['manual', 'failing'] }),
    disabledAt: timestamptz('disabled_at'),
    secretSealed: text('secret_sealed').notNull(),
    /** The first characters of the secret, shown so the team can tell which one their system holds. */
    secretHint: text('secret_hint').notNull(),
    /** The first failed attempt since the last success: a day of failures from here turns the endpoint off. */
    failingSince: timestamptz('failing_since'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.companyId)],
);

/**
 * One event to one endpoint: the exact bytes signed and sent (built when the event fanned out, so every retry and
 * resend sends the same body), and where its attempts stand. One per endpoint per domain event (the unique key makes
 * a replayed fan-out a no-op); a test send has no event.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    eventSeq: bigint('event_seq', { mode: 'number' }),
    /** The `webhook-id` header: the same on every attempt of this delivery, so a receiver can drop repeats. */
    messageId: text('message_id').notNull(),
    payload: text('payload').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at'),
    lastAttemptAt: timestamptz('last_attempt_at'),
    responseStatus: integer('response_status'),
    latencyMs: integer('latency_ms'),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    test: boolean('test').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_key').on(t.endpointId, t.eventSeq).where(sql`${t.eventSeq} is not null`),
    index('webhook_deliveries_company_idx').on(t.companyId, t.createdAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/** Each try of a delivery: when, how it went, how long it took and the start of the answer. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    /** A scheduled attempt (the first or a retry), a resend a person asked for, or a test send. */
    trigger: text('trigger', { enum: ['scheduled', 'resend', 'test'] }).notNull(),
    ok: boolean('ok').notNull(),
    responseStatus: integer('response_status'),
    latencyMs: integer('latency_ms').notNull(),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.createdAt)],
);

// Users and roles (issue 25, part 1): invitations and lead assignment

/**
 * An invitation to join a company with a role. The link's token is unguessable and only its SHA-256 is kept; a
 * resend replaces it (the old link dies). Accepting asks the person's name and emails a code (kept hashed here
 * until the user exists); the verified code creates the user. One open invitation per company and email.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    /** Lower-cased and trimmed, like users.email. */
    email: text('email').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The inviter's name as the invitee sees it, kept should the inviter leave. */
    invitedByName: text('invited_by_name').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    sentAt: timestamptz('sent_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamptz('revoked_at'),
    /** What the invitee typed on the invite screen, until the code is verified. */
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** The emailed sign-in code: SHA-256 of salt + code, as verification_codes keeps it. */
    codeHash: text('code_hash'),
    codeSalt: text('code_salt'),
    codeAttempts: integer('code_attempts').notNull().default(0),
    codeExpiresAt: timestamptz('code_expires_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    uniqueIndex('invitations_open_email_key').on(t.companyId, t.email).where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

/**
 * Who a new lead and its new thread go to. Round-robin takes `turn` (incremented in the intake transaction, so
 * instances on one database never hand out the same turn) modulo the chosen people still on the team.
 */
export const assignmentSettings = pgTable('assignment_settings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  mode: text('mode', { enum: ASSIGNMENT_MODES }).notNull().default('off'),
  /** Round-robin: the people who take turns, in order. */
  userIds: jsonb('user_ids').$type<string[]>().notNull().default([]),
  /** One person: who gets every new lead. */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  turn: bigint('turn', { mode: 'number' }).notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * A company's hosted one-page site, `/m/<slug>` (issue 26), which is also its texting-compliance site: the privacy
 * policy and SMS terms at `/m/<slug>/privacy` and `/m/<slug>/sms-terms` and the consent-bearing opt-in form. One
 * per company. Live once the basic tab is first saved (`published`), and a switch takes it offline again.
 * What each tab holds is typed in contracts/microsites.ts.
 */
export const microsites = pgTable(
  'microsites',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Lower-case letters, digits and single hyphens; unique across the product (it is the public address). */
    slug: text('slug').notNull(),
    published: boolean('published').notNull().default(false),
    /** When the basic tab was first saved (the site went live); null until then. */
    firstPublishedAt: timestamptz('first_published_at'),
    basic: jsonb('basic').$type<Record<string, unknown>>().notNull().default({}),
    content: jsonb('content').$type<Record<string, unknown>>().notNull().default({}),
    advanced: jsonb('advanced').$type<Record<string, unknown>>().notNull().default({}),
    /** The company's own host name (lower-case, no scheme), once entered on the domain tab. */
    customDomain: text('custom_domain'),
    /** The last DNS check of the custom domain: what was found and what is missing, in words. */
    domainCheck: jsonb('domain_check').$type<Record<string, unknown>>(),
    domainCheckedAt: timestamptz('domain_checked_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('microsites_slug_key').on(t.slug), uniqueIndex('microsites_custom_domain_key').on(t.customDomain)],
);

/**
 * Images a company uploaded (its logo, its microsite's pictures), decision 0045: the bytes are in the file storage
 * (server/platform/storage) under `key`, a server-made `<company id>/<id>.<ext>`; this row says whose they are and
 * what they are. Served publicly at `/files/<id>` (microsites show them to visitors); ids are random uuids.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    companyId: companyRef(),
    key: text('key').notNull(),
    /** What the stored bytes are (image/png, image/jpeg or image/webp after re-encoding). */
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('uploads_key_key').on(t.key), index('uploads_company_created_idx').on(t.companyId, t.createdAt)],
);

// ── Texting registration (issue 26 item 3, decision 0046) ──────────────────────────────────────────────────────

/** What the last check of the brand's website found (the checklist's "answers" item). */
export interface WebsiteCheck {
  url: string;
  ok: boolean;
  /** "answered 200", or why not, in words. */
  detail: string;
  checkedAt: number;
}

/** A company's A2P 10DLC registration: the brand and campaign as drafted, where it is in review, and the provider's ids. */
export const textingRegistrations = pgTable('texting_registrations', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  status: text('status', { enum: REGISTRATION_STATUSES }).notNull().default('draft'),
  brand: jsonb('brand').$type<BrandDraft>().notNull(),
  campaign: jsonb('campaign').$type<CampaignDraft>().notNull(),
  websiteCheck: jsonb('website_check').$type<WebsiteCheck>(),
  /** Who reviews it: Twilio's Trust Hub / A2P APIs, or the built-in simulated review. Set on submission. */
  reviewer: text('reviewer', { enum: ['twilio', 'simulated'] }),
  /** The provider's ids (customer profile, trust product, brand, messaging service, campaign) as they are made. */
  providerRefs: jsonb('provider_refs').$type<Record<string, string | number>>().notNull().default({}),
  rejectionReason: text('rejection_reason'),
  submittedAt: timestamptz('submitted_at'),
  decidedAt: timestamptz('decided_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The registration's timeline: every step it took, with the rejection's reason. */
export const textingRegistrationEvents = pgTable(
  'texting_registration_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: two steps in one millisecond (a draft saved and submitted at once) keep their order. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    kind: text('kind', { enum: REGISTRATION_EVENT_KINDS }).notNull(),
    reason: text('reason'),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('texting_registration_events_company_idx').on(t.companyId, t.createdAt)],
);

// ── AI call answering (issue 27, docs/decisions/0048-ai-call-answering.md) ─────────────────────────────────────────

/** AI call answering settings, one row per company (a missing row means the defaults, assistant off). */
export const voiceAgentSettings = pgTable('voice_agent_settings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(1),
  enabled: boolean('enabled').notNull(),
  answerMode: text('answer_mode', { enum: ANSWER_MODES }).notNull(),
  ringSeconds: integer('ring_seconds').notNull(),
  hours: text('hours', { enum: AI_ANSWER_HOURS }).notNull(),
  windows: jsonb('windows').$type<AiOffWindow[]>().notNull(),
  greeting: text('greeting').notNull(),
  recordCalls: boolean('record_calls').notNull(),
  recordingDisclosure: text('recording_disclosure').notNull(),
  voice: text('voice', { enum: AI_VOICE_IDS }).notNull(),
  /** Null: the assistant's own qualifier questions (Settings → AI). */
  questions: jsonb('questions').$type<QualifierQuestion[] | null>(),
  emergencyWords: jsonb('emergency_words').$type<string[]>().notNull(),
  onCallNumber: text('on_call_number'),
  transferRingSeconds: integer('transfer_ring_seconds').notNull(),
  transferFallback: text('transfer_fallback', { enum: TRANSFER_FALLBACKS }).notNull(),
  maxCallSeconds: integer('max_call_seconds').notNull(),
  followUps: jsonb('follow_ups').$type<VoiceAgentFollowUps>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * The assistant's part of one call: created when the incoming-call webhook decides the assistant answers (or rings
 * the team first), keyed by the provider's CallSid, so it exists before Twilio opens the WebSocket. `settings` is the
 * snapshot the conversation runs with. Linked to the `calls` row once that is stored (its job may come later).
 */
export const voiceAgentCalls = pgTable(
  'voice_agent_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    provider: text('provider', { enum: ['simulator', 'twilio'] }).notNull(),
    providerCallSid: text('provider_call_sid').notNull(),
    callId: uuid('call_id').references(() => calls.id, { onDelete: 'set null' }),
    phoneNumberId: uuid('phone_number_id').references(() => phoneNumbers.id, { onDelete: 'set null' }),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    answerMode: text('answer_mode', { enum: ANSWER_MODES }).notNull(),
    status: text('status', { enum: AI_CALL_STATUSES }).notNull(),
    settings: jsonb('settings').$type<VoiceAgentSettingsValues>().notNull(),
    sessionId: text('session_id'),
    connectedAt: timestamptz('connected_at'),
    endedAt: timestamptz('ended_at'),
    endReason: text('end_reason', { enum: AI_CALL_END_REASONS }),
    /** The caller's answers to the intake questions, by question key, as the conversation went. */
    answers: jsonb('answers').$type<Record<string, string>>().notNull().default({}),
    /** The assistant's own summary of the lead, as of its last turn. */
    aiSummary: text('ai_summary'),
    /** The summary of the call staff read (written after the call). */
    summary: text('summary'),
    outcome: text('outcome', { enum: AI_CALL_OUTCOMES }),
    /** Whether the assistant wanted a person (an emergency, the caller asked): the lead needs a human. */
    handoffReason: text('handoff_reason'),
    recordingOn: boolean('recording_on').notNull().default(false),
    recordingSid: text('recording_sid'),
    recordingSeconds: integer('recording_seconds'),
    transferTo: text('transfer_to'),
    transferStatus: text('transfer_status', { enum: TRANSFER_STATUSES }),
    lastError: text('last_error'),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    /** The booking the assistant made on the call (its confirmation goes with the call's one text: decision 0048). */
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    followUpStatus: text('follow_up_status', { enum: FOLLOW_UP_STATUSES }).notNull().default('pending'),
    followUpSkipReason: text('follow_up_skip_reason'),
    followUpMessageId: uuid('follow_up_message_id').references(() => messages.id, { onDelete: 'set null' }),
    /** When the after-call job finished (idempotent: a second run finds it set and does nothing). */
    processedAt: timestamptz('processed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('voice_agent_calls_provider_sid_key').on(t.provider, t.providerCallSid),
    index('voice_agent_calls_company_created_idx').on(t.companyId, t.createdAt),
    index('voice_agent_calls_call_idx').on(t.callId),
  ],
);

/**
 * One turn of an AI-answered call, in order: what the caller said (or keyed), what the assistant said. An assistant
 * turn the caller talked over keeps what was heard; `latencyMs` is from the caller's final words to the first token
 * of the reply sent over the WebSocket.
 */
export const voiceAgentTurns = pgTable(
  'voice_agent_turns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    agentCallId: uuid('agent_call_id')
      .notNull()
      .references(() => voiceAgentCalls.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    speaker: text('speaker', { enum: ['caller', 'assistant'] }).notNull(),
    /** `speech`, or `dtmf` (keys pressed). */
    kind: text('kind', { enum: ['speech', 'dtmf'] }).notNull().default('speech'),
    text: text('text').notNull(),
    /** Assistant turns cut short by the caller: the part that was spoken. */
    heard: text('heard'),
    interrupted: boolean('interrupted').notNull().default(false),
    latencyMs: integer('latency_ms'),
    at: timestamptz('at').notNull(),
  },
  (t) => [uniqueIndex('voice_agent_turns_call_seq_key').on(t.agentCallId, t.seq)],
);

// ---------------------------------------------------------------------------------------------------------------
// Billing and referrals (issue 28, docs/decisions/0052-billing-and-referrals.md). `companies.plan` stays the plan
// in force; these rows say where it is billed, its period, and what was already told or applied.

/**
 * A company's subscription, once it has chosen a plan: on the local no-charge switcher, or in Stripe (customer,
 * subscription, status and period as Stripe's last applied event said). No row: the company is on its trial.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: BILLING_PROVIDERS }).notNull(),
    plan: text('plan', { enum: PAID_PLANS }).notNull(),
    /** Stripe's subscription status (active, past_due, canceled…); `active` or `canceled` on the local switcher. */
    status: text('status').notNull(),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    currentPeriodStart: timestamptz('current_period_start').notNull(),
    currentPeriodEnd: timestamptz('current_period_end').notNull(),
    /** When a cancellation takes effect (Stripe: the period's end); null while the plan renews. */
    cancelAt: timestamptz('cancel_at'),
    /** The `created` time of the Stripe event last applied: an older event arriving late changes nothing. */
    stripeEventAt: timestamptz('stripe_event_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_stripe_customer_key').on(t.stripeCustomerId).where(sql`${t.stripeCustomerId} is not null`),
    uniqueIndex('subscriptions_stripe_subscription_key').on(t.stripeSubscriptionId).where(sql`${t.stripeSubscriptionId} is not null`),
  ],
);

/** Every Stripe webhook event received, by its id: a replay finds its row and changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
  /** What it did: `applied`, or why not (`ignored: …`). */
  outcome: text('outcome').notNull(),
  receivedAt: timestamptz('received_at').notNull(),
});

/**
 * What the owner was already told about usage: one row per company, period, meter and threshold (80 / 100 %), and
 * for the trial its "ends in 3 days" (meter `trial`, threshold 3) and "ended" (threshold 0) notices.
 */
export const usageNotices = pgTable(
  'usage_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    periodStart: timestamptz('period_start').notNull(),
    meter: text('meter', { enum: [...METERS, 'trial'] }).notNull(),
    threshold: integer('threshold').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('usage_notices_key').on(t.companyId, t.periodStart, t.meter, t.threshold)],
);

/** Each user's referral code (their link is `/?ref=CODE`), made the first time they open /referral-thank-you. */
export const referralCodes = pgTable(
  'referral_codes',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: companyRef(),
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('referral_codes_code_key').on(t.code)],
);

/** A business that signed up with someone's code: one row per referred company; the reward is applied once. */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerUserId: uuid('referrer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referrerCompanyId: uuid('referrer_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    referredCompanyId: uuid('referred_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: createdAt(),
    /** When the referred business's first paid plan added days to the referrer's trial; null: not (yet) rewarded. */
    rewardedAt: timestamptz('rewarded_at'),
    rewardDays: integer('reward_days'),
  },
  (t) => [uniqueIndex('referrals_referred_key').on(t.referredCompanyId), index('referrals_referrer_idx').on(t.referrerUserId)],
);

// ── Dashboard (issue 28, decision 0053) ─────────────────────────────────────────────────────────────────────────

/**
 * The dashboard's settings, one row per company (none until the owner sets something): the average job value the
 * recovered-revenue estimate multiplies by. A single number: the last save wins, and the screen says who set it when.
 */
export const dashboardSettings = pgTable('dashboard_settings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  averageJobValueCents: integer('average_job_value_cents').notNull(),
  updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamptz('updated_at').notNull(),
});

/**
 * The dashboard's counts kept as the data changes, so its figures read a few hundred rows however many leads a
 * company has (decision 0053). Written only by the database triggers of migration 0040_dashboard_rollups (a
 * hand-written migration: drizzle-kit does not generate triggers) and rebuilt by `dashboard_rebuild()` for a
 * company whose dashboard zone changed. Days are calendar days in the zone of `dashboard_rollup_state`.
 */
export const dashboardRollupState = pgTable('dashboard_rollup_state', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** The IANA zone the day tables are in; the service rebuilds them when the company's zone differs. */
  zone: text('zone').notNull(),
  builtAt: timestamptz('built_at').notNull(),
});

/** One row per lead of a company with a rollup: what the dashboard counts about it. */
export const dashboardLeadFacts = pgTable(
  'dashboard_lead_facts',
  {
    leadId: uuid('lead_id').primaryKey(),
    companyId: companyRef(),
    contactId: uuid('contact_id').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    day: date('day').notNull(),
    source: text('source', { enum: LEAD_SOURCES }).notNull(),
    status: text('status', { enum: LEAD_STATUSES }).notNull(),
    valueCents: integer('value_cents'),
    /** The first text to the client from the team, the assistant or an automation since the lead arrived. */
    firstAnswerAt: timestamptz('first_answer_at'),
    /** Who answered: `person` if anyone of the team wrote, else `ai`, else `flow`, else `none`. */
    handled: text('handled', { enum: ['none', 'flow', 'ai', 'person'] }).notNull(),
  },
  (t) => [
    index('dashboard_lead_facts_contact_idx').on(t.contactId, t.createdAt),
    index('dashboard_lead_facts_company_idx').on(t.companyId, t.createdAt),
    // "Needs your attention": new leads nobody has answered yet.
    index('dashboard_lead_facts_waiting_idx').on(t.companyId, t.createdAt).where(sql`${t.status} = 'new' and ${t.handled} = 'none' and ${t.source} <> 'manual'`),
  ],
);

/**
 * Leads per company, local day, source and how far they got (won, booked, qualified or none of those), with how
 * many were answered, how many the assistant handled alone, and the won value.
 */
export const dashboardLeadDays = pgTable(
  'dashboard_lead_days',
  {
    companyId: companyRef(),
    day: date('day').notNull(),
    source: text('source', { enum: LEAD_SOURCES }).notNull(),
    stage: text('stage', { enum: ['none', 'qualified', 'booked', 'won'] }).notNull(),
    leads: integer('leads').notNull(),
    answered: integer('answered').notNull(),
    aiHandled: integer('ai_handled').notNull(),
    wonValueCents: bigint('won_value_cents', { mode: 'number' }).notNull(),
    wonWithValue: integer('won_with_value').notNull(),
  },
  (t) => [uniqueIndex('dashboard_lead_days_key').on(t.companyId, t.day, t.source, t.stage)],
);

/** Answered leads per company, local day and first-response time (seconds below a minute, then to the minute, then the hour). */
export const dashboardResponseDays = pgTable(
  'dashboard_response_days',
  {
    companyId: companyRef(),
    day: date('day').notNull(),
    seconds: integer('seconds').notNull(),
    leads: integer('leads').notNull(),
  },
  (t) => [uniqueIndex('dashboard_response_days_key').on(t.companyId, t.day, t.seconds)],
);

/** One row per missed call of a company with a rollup: how far it got (texted back, replied, its lead's stage). */
export const dashboardCallFacts = pgTable(
  'dashboard_call_facts',
  {
    callId: uuid('call_id').primaryKey(),
    companyId: companyRef(),
    startedAt: timestamptz('started_at').notNull(),
    day: date('day').notNull(),
    leadId: uuid('lead_id'),
    /** The text-back's thread and time (null when not texted back). */
    conversationId: uuid('conversation_id'),
    textBackAt: timestamptz('text_back_at'),
    texted: boolean('texted').notNull(),
    replied: boolean('replied').notNull(),
    stage: text('stage', { enum: ['none', 'qualified', 'booked'] }).notNull(),
  },
  (t) => [
    index('dashboard_call_facts_company_idx').on(t.companyId, t.startedAt),
    index('dashboard_call_facts_lead_idx').on(t.leadId),
    index('dashboard_call_facts_waiting_reply_idx').on(t.conversationId).where(sql`${t.texted} and not ${t.replied}`),
  ],
);

/** Missed calls per company, local day and how far they got. */
export const dashboardCallDays = pgTable(
  'dashboard_call_days',
  {
    companyId: companyRef(),
    day: date('day').notNull(),
    texted: boolean('texted').notNull(),
    replied: boolean('replied').notNull(),
    stage: text('stage', { enum: ['none', 'qualified', 'booked'] }).notNull(),
    calls: integer('calls').notNull(),
  },
  (t) => [uniqueIndex('dashboard_call_days_key').on(t.companyId, t.day, t.texted, t.replied, t.stage)],
);

// ---------------------------------------------------------------------------------------------------------------
// OAuth integrations: Google Calendar, Jobber, Thumbtack (issue 29, decision 0055)

/**
 * One company's connection to one provider (one per provider). The tokens are sealed with the secrets key
 * (AES-256-GCM, server/platform/lib/secret-box.ts): the columns hold `v1.<iv>.<tag>.<ciphertext>`, never a token.
 * Disconnecting revokes the tokens at the provider and deletes the row. `status` is `reconnect` once the provider
 * refuses the refresh token (revoked, expired): nothing syncs until the owner connects again.
 */
export const integrationConnections = pgTable(
  'integration_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    provider: text('provider', { enum: INTEGRATION_PROVIDERS }).notNull(),
    status: text('status', { enum: ['connected', 'reconnect'] }).notNull(),
    /** The account as the provider names it (an email, a business name). */
    account: text('account'),
    /** The provider's id of the account (Jobber's account id: its webhooks name it). */
    externalAccountId: text('external_account_id'),
    accessTokenSealed: text('access_token_sealed').notNull(),
    refreshTokenSealed: text('refresh_token_sealed'),
    accessTokenExpiresAt: timestamptz('access_token_expires_at'),
    /** While one worker refreshes the tokens, others wait (a provider that rotates refresh tokens accepts one use). */
    refreshLeaseUntil: timestamptz('refresh_lease_until'),
    /** Provider settings: Google's calendars and choices, Thumbtack's business and webhook secret (sealed). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Who connected it; for Google Calendar, the member whose hours its busy times block. */
    connectedByUserId: uuid('connected_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    lastSyncAt: timestamptz('last_sync_at'),
    /** The last failure in words (null after a success), and whether the owner was told about it (once). */
    lastError: text('last_error'),
    lastErrorAt: timestamptz('last_error_at'),
    errorNotifiedAt: timestamptz('error_notified_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('integration_connections_company_provider_key').on(t.companyId, t.provider), index('integration_connections_account_idx').on(t.provider, t.externalAccountId)],
);

/**
 * An authorization in progress: the state sent to the provider (only its SHA-256 kept), bound to the session that
 * started it, with the PKCE verifier sealed; spent (deleted) by the one callback that uses it, valid for 10 minutes.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').notNull(),
    provider: text('provider', { enum: INTEGRATION_PROVIDERS }).notNull(),
    stateHash: text('state_hash').notNull(),
    codeVerifierSealed: text('code_verifier_sealed').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('oauth_states_state_key').on(t.stateHash), index('oauth_states_expires_idx').on(t.expiresAt)],
);

/**
 * Busy times read from a connected calendar (Google's events, kept by incremental sync): each blocks the member's
 * slots from `startsAt` to `endsAt`. LeadLoop's own booking events are not kept here (the booking blocks itself).
 */
export const calendarBusyBlocks = pgTable(
  'calendar_busy_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => integrationConnections.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    calendarId: text('calendar_id').notNull(),
    eventId: text('event_id').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
  },
  (t) => [uniqueIndex('calendar_busy_blocks_event_key').on(t.connectionId, t.calendarId, t.eventId), index('calendar_busy_blocks_user_idx').on(t.userId, t.startsAt)],
);

/** Each read calendar's incremental sync: its sync token, and the push channel watching it (when PUBLIC_URL is public). */
export const calendarSyncs = pgTable(
  'calendar_syncs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => integrationConnections.id, { onDelete: 'cascade' }),
    calendarId: text('calendar_id').notNull(),
    syncToken: text('sync_token'),
    channelId: text('channel_id'),
    channelResourceId: text('channel_resource_id'),
    /** The channel's token (sent back in X-Goog-Channel-Token): only its SHA-256 kept. */
    channelTokenHash: text('channel_token_hash'),
    channelExpiresAt: timestamptz('channel_expires_at'),
    lastSyncedAt: timestamptz('last_synced_at'),
  },
  (t) => [uniqueIndex('calendar_syncs_calendar_key').on(t.connectionId, t.calendarId), uniqueIndex('calendar_syncs_channel_key').on(t.channelId)],
);

/**
 * What a LeadLoop row is at a provider: a booking's calendar event, a lead's Jobber client and request, a
 * Thumbtack lead (negotiation) or message. The unique keys make a repeated sync or a webhook delivered twice a no-op.
 */
export const integrationLinks = pgTable(
  'integration_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    provider: text('provider', { enum: INTEGRATION_PROVIDERS }).notNull(),
    kind: text('kind', { enum: ['calendar_event', 'jobber_client', 'jobber_request', 'jobber_job', 'thumbtack_negotiation', 'thumbtack_message'] }).notNull(),
    /** The LeadLoop id (an appointment, a lead, a contact, a message). */
    localId: uuid('local_id').notNull(),
    externalId: text('external_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('integration_links_external_key').on(t.companyId, t.provider, t.kind, t.externalId),
    index('integration_links_local_idx').on(t.companyId, t.kind, t.localId),
  ],
);

/** The sync log (/logs): what went to or came from a provider, in words, and whether it worked. */
export const integrationSyncLog = pgTable(
  'integration_sync_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    provider: text('provider', { enum: INTEGRATION_PROVIDERS }).notNull(),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    status: text('status', { enum: SYNC_LOG_STATUSES }).notNull(),
    summary: text('summary').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('integration_sync_log_company_idx').on(t.companyId, t.createdAt)],
);
