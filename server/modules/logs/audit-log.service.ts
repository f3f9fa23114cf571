import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { CALLER_WORDS_SOURCES, type CallerWordsSource, heardFactSentence } from '@contracts/caller-facts';
import { fullName } from '@contracts/person';
import { truncate } from '@contracts/text';
import { auditLog, users } from '@server/platform/db/schema';
import { afterCursor, keysetPage } from '@server/platform/db/keyset';
import type { CompanyScope } from '@server/platform/db/scope';

/** What each recorded action means, in the owner's words. An action not listed here is shown as recorded. */
const ACTION_WORDS: Record<string, string> = {
  'account.created': 'Created the account',
  'user.email_verified': 'Confirmed their email address',
  'session.created': 'Signed in',
  'session.revoked': 'Signed out',
  'support.impersonation_started': 'Support signed in as this user',
  'company.profile_updated': 'Changed the company details',
  'company.address_updated': 'Changed the company address',
  'phone.simulator_number': 'Took a test number',
  'phone.number_bought': 'Bought a business number',
  'phone.number_connected': 'Connected a business number',
  'lead.created': 'Added a lead',
  'lead.joined': 'Added to an open lead',
  'lead.updated': 'Changed a lead',
  'lead.bulk_updated': 'Changed several leads',
  'lead.details_from_call': 'Took details from what a caller said',
  'client.updated': 'Changed a client',
  'client.merged': 'Merged two clients',
  'client.blocked': 'Blocked a client',
  'client.unblocked': 'Unblocked a client',
  'job.retried': 'Retried a failed task',
  'flows.follow_ups_updated': 'Changed the follow-ups',
  'flows.created': 'Created a flow',
  'flows.published': 'Published a flow',
  'webhooks.endpoint_created': 'Added a webhook endpoint',
  'webhooks.endpoint_updated': 'Changed a webhook endpoint',
  'webhooks.endpoint_deleted': 'Deleted a webhook endpoint',
  'webhooks.secret_rolled': 'Made a new webhook signing secret',
  'webhooks.delivery_resent': 'Resent a webhook delivery',
  'webhooks.endpoint_auto_disabled': 'Turned off a failing webhook endpoint',
};

const ACTOR_WORDS = { support: 'LeadLoop support', system: 'LeadLoop' } as const;

/** The part of an entry's details a person may read: which fields changed, how many rows; never ids, IPs or tokens. */
function detailOf(metadata: Record<string, unknown> | null): string | null {
  if (!metadata) return null;
  const parts: string[] = [];
  if (Array.isArray(metadata.fields) && metadata.fields.length > 0) parts.push(`Fields: ${metadata.fields.filter((f) => typeof f === 'string').join(', ')}`);
  if (typeof metadata.count === 'number') parts.push(`${metadata.count} ${metadata.count === 1 ? 'lead' : 'leads'}`);
  if (typeof metadata.client === 'string') parts.push(`Client: ${truncate(metadata.client, 80)}`);
  if (typeof metadata.mergedName === 'string') parts.push(`Merged: ${truncate(metadata.mergedName, 80)}`);
  if (typeof metadata.host === 'string') parts.push(`Address: ${truncate(metadata.host, 120)}`);
  // Facts from a caller's words: each with where it came from ("Name from the voicemail: Tom Becker").
  if (Array.isArray(metadata.heard) && (CALLER_WORDS_SOURCES as readonly unknown[]).includes(metadata.source)) {
    for (const fact of metadata.heard as Array<Record<string, unknown>>) {
      if (typeof fact.field === 'string' && typeof fact.value === 'string') parts.push(heardFactSentence({ field: fact.field as never, value: fact.value, applied: fact.applied === true }, metadata.source as CallerWordsSource));
    }
    return parts.filter((part) => !part.startsWith('Fields: ')).join(' · ') || null;
  }
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** A link to what the entry is about, when it still has a screen. */
function linkOf(targetType: string | null, targetId: string | null): string | null {
  if (!targetId) return null;
  if (targetType === 'lead') return `/leads?lead=${targetId}`;
  if (targetType === 'contact') return `/clients/${targetId}`;
  return null;
}

/**
 * Logs → Audit: who changed what in the caller's company, newest first, a page at a time (keyset on the time and
 * id, so entries written while someone pages never repeat or go missing).
 */
export interface AuditFilters {
  /** Who: a person of the team, LeadLoop support, or LeadLoop itself. */
  actorKind?: 'user' | 'support' | 'system' | undefined;
  /** Epoch ms, from included, to excluded. */
  from?: number | undefined;
  to?: number | undefined;
}

function auditWhere(input: AuditFilters): SQL[] {
  const where: SQL[] = [];
  if (input.actorKind) where.push(eq(auditLog.actorKind, input.actorKind));
  if (input.from !== undefined) where.push(gte(auditLog.createdAt, new Date(input.from)));
  if (input.to !== undefined) where.push(lt(auditLog.createdAt, new Date(input.to)));
  return where;
}

export async function listAuditLog(scope: CompanyScope, input: AuditFilters & { cursor?: string | undefined; limit: number }) {
  const rows = await scope.db
    .select({ entry: auditLog, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(eq(auditLog.companyId, scope.companyId), ...auditWhere(input), ...afterCursor(input.cursor, auditLog.createdAt, auditLog.id)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(input.limit + 1);
  const { page, nextCursor } = keysetPage(rows, input.limit, (row) => ({ at: row.entry.createdAt.getTime(), id: row.entry.id }));
  return {
    items: page.map(({ entry, firstName, lastName, email }) => ({
      id: entry.id,
      at: entry.createdAt.getTime(),
      actor:
        entry.actorKind === 'user'
          ? firstName !== null
            ? fullName({ firstName, lastName }) || (email ?? 'A team member')
            : 'A former team member'
          : ACTOR_WORDS[entry.actorKind],
      actorKind: entry.actorKind,
      action: entry.action,
      what: ACTION_WORDS[entry.action] ?? entry.action,
      detail: detailOf(entry.metadata),
      link: linkOf(entry.targetType, entry.targetId),
    })),
    nextCursor,
  };
}
