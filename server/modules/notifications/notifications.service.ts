import { and, desc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import { afterCursor, keysetPage } from '@server/platform/db/keyset';
import { notificationPreferences, notifications } from '@server/platform/db/schema';
import { NOTIFICATION_EVENTS } from '@contracts/notification';
import type { NotificationChannel, NotificationEvent } from './notify.service';
import { preferencesOf } from './notify.service';
import type { CompanyScope } from '@server/platform/db/scope';
import type { Tx } from '@server/platform/db/database';
import type { EventBatch } from '@server/platform/events/domain-events';

/** The caller's own feed: newest first, keyset-paginated. */
export async function listNotifications(scope: CompanyScope, input: { unreadOnly: boolean; cursor?: string | undefined; limit: number }) {
  const where = [eq(notifications.companyId, scope.companyId), eq(notifications.userId, scope.userId)];
  if (input.unreadOnly) where.push(isNull(notifications.readAt));
  where.push(...afterCursor(input.cursor, notifications.createdAt, notifications.id));
  const rows = await scope.db
    .select()
    .from(notifications)
    .where(and(...where))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(input.limit + 1);
  const { page, nextCursor } = keysetPage(rows, input.limit, (n) => ({ at: n.createdAt.getTime(), id: n.id }));
  return {
    items: page.map((n) => ({ id: n.id, event: n.event, title: n.title, body: n.body, link: n.link, read: n.readAt !== null, createdAt: n.createdAt.getTime() })),
    nextCursor,
  };
}

export async function unreadNotifications(scope: CompanyScope): Promise<number> {
  const [row] = await scope.db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.companyId, scope.companyId), eq(notifications.userId, scope.userId), isNull(notifications.readAt)));
  return row?.count ?? 0;
}

/** Marks the given notifications (only the caller's own) or all of them as read. */
export async function markNotificationsRead(scope: CompanyScope, ids: string[] | undefined) {
  const where = [eq(notifications.companyId, scope.companyId), eq(notifications.userId, scope.userId), isNull(notifications.readAt)];
  if (ids) where.push(inArray(notifications.id, ids));
  const updated = await scope.db.update(notifications).set({ readAt: scope.now }).where(and(...where)).returning({ id: notifications.id });
  return { updated: updated.length };
}

export async function getPreferences(scope: CompanyScope) {
  const prefs = await preferencesOf(scope.db, scope.companyId, scope.userId);
  return NOTIFICATION_EVENTS.map((event) => ({ event, ...prefs[event] }));
}

export async function setPreference(scope: CompanyScope, input: { event: NotificationEvent; channel: NotificationChannel; enabled: boolean }) {
  await scope.db
    .insert(notificationPreferences)
    .values({ companyId: scope.companyId, userId: scope.userId, event: input.event, channel: input.channel, enabled: input.enabled })
    .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.event, notificationPreferences.channel], set: { enabled: input.enabled } });
  return getPreferences(scope);
}

/**
 * The "Reply YES <code>" alerts of a held reply that was decided (in the app or by text): read for everyone, so
 * nobody is asked again about a reply that already went out or was rejected; their bells refresh.
 */
export async function markApprovalAlertsRead(tx: Tx, events: EventBatch, input: { companyId: string; code: string; now: Date }): Promise<void> {
  const read = await tx
    .update(notifications)
    .set({ readAt: input.now })
    .where(and(eq(notifications.companyId, input.companyId), eq(notifications.event, 'ai_approval'), isNull(notifications.readAt), like(notifications.title, `Reply YES ${input.code} %`)))
    .returning({ userId: notifications.userId });
  for (const userId of new Set(read.map((row) => row.userId))) events.add(input.companyId, { type: 'notification.read', data: { userId } });
}
