import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => timestamptz('created_at').notNull().defaultNow();
const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

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
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
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
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
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
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
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
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
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

/** One row per counted event; limits count rows in a sliding window (`rate-limit.service.ts`). */
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
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
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

/** Durable background jobs (see `server/jobs/job-queue.ts`). */
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
