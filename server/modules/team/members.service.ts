import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Role } from '@contracts/team';
import type { Tx } from '@server/platform/db/database';
import { appointments, assignmentSettings, users } from '@server/platform/db/schema';
import type { CompanyScope } from '@server/platform/db/scope';
import { lockKey } from '@server/platform/db/rate-limit';
import { AppError, notFound } from '@server/platform/errors/app-error';
import type { AppServices } from '@server/platform/services';
import { writeUserAudit } from '@server/modules/audit/audit.service';

type Deps = Pick<AppServices, 'bus' | 'sessions'>;

/** The team with roles and when each was last active (a session used; written at most every 5 minutes). */
export async function listMembers(scope: Pick<CompanyScope, 'db' | 'companyId' | 'userId'>) {
  const rows = await scope.db.select().from(users).where(eq(users.companyId, scope.companyId)).orderBy(asc(users.createdAt));
  return rows.map((u) => ({
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: u.role,
    lastActiveAt: u.lastActiveAt?.getTime() ?? null,
    joinedAt: u.createdAt.getTime(),
    me: u.id === scope.userId,
  }));
}

const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/**
 * Changes to owners are serialized per company (an advisory lock), so two owners demoting each other at once cannot
 * leave the company with none.
 */
async function memberForChange(tx: Tx, scope: Pick<CompanyScope, 'companyId'>, userId: string) {
  await lockKey(tx, `owners:${scope.companyId}`);
  const [member] = await tx.select().from(users).where(and(eq(users.id, userId), eq(users.companyId, scope.companyId))).limit(1);
  if (!member) throw notFound('Team member');
  return member;
}

async function ownerCount(tx: Tx, companyId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(users).where(and(eq(users.companyId, companyId), eq(users.role, 'owner')));
  return row?.n ?? 0;
}

/** After a change to someone's role or membership: every instance reads the company's sessions again now. */
function sessionsChanged(deps: Deps, companyId: string, userId: string) {
  deps.sessions.forgetCompany(companyId);
  deps.bus.publishSystem({ type: 'sessions.changed', companyId, userId });
}

export async function changeRole(scope: CompanyScope, deps: Deps, input: { userId: string; role: Role }) {
  const changed = await scope.db.transaction(async (tx) => {
    const member = await memberForChange(tx, scope, input.userId);
    if (member.role === input.role) return null;
    if (member.role === 'owner' && (await ownerCount(tx, scope.companyId)) <= 1) {
      throw new AppError('PRECONDITION_FAILED', `${nameOf(member)} is the only owner. Make someone else an owner first: a company always has one.`);
    }
    await tx.update(users).set({ role: input.role, updatedAt: scope.now }).where(eq(users.id, member.id));
    await writeUserAudit(tx, scope, { action: 'team.role_changed', targetType: 'user', targetId: member.id, metadata: { email: member.email, from: member.role, to: input.role } });
    return member;
  });
  if (changed) sessionsChanged(deps, scope.companyId, changed.id);
  return { success: true };
}

/**
 * Removes a member: the user row goes, and with it their sessions (their token stops working on every instance at
 * once), notifications and preferences; their leads and threads become unassigned; what they wrote stays.
 */
export async function removeMember(scope: CompanyScope, deps: Deps, caller: { role: Role }, input: { userId: string }) {
  const removed = await scope.db.transaction(async (tx) => {
    const member = await memberForChange(tx, scope, input.userId);
    if (member.id === scope.userId) throw new AppError('PRECONDITION_FAILED', 'You can’t remove yourself. Ask another owner or admin.');
    if (member.role === 'owner' && caller.role !== 'owner') throw new AppError('FORBIDDEN', 'Only the owner can remove an owner.');
    if (member.role === 'owner' && (await ownerCount(tx, scope.companyId)) <= 1) throw new AppError('PRECONDITION_FAILED', `${nameOf(member)} is the only owner and can’t be removed.`);
    const [booked] = await tx.select({ n: count() }).from(appointments).where(and(eq(appointments.companyId, scope.companyId), eq(appointments.userId, member.id)));
    if ((booked?.n ?? 0) > 0) {
      // appointments.user_id is ON DELETE RESTRICT: a booking's person is part of its history.
      throw new AppError('PRECONDITION_FAILED', `${nameOf(member)} has ${booked!.n} booking${booked!.n === 1 ? '' : 's'} in Scheduling, so they can’t be removed yet. Move their upcoming bookings to someone else; until bookings can outlive a member, change their role to staff instead.`);
    }
    // Out of the round-robin turns (the one-person setting clears itself: ON DELETE SET NULL).
    await tx
      .update(assignmentSettings)
      .set({ userIds: sql`coalesce((select jsonb_agg(v) from jsonb_array_elements(${assignmentSettings.userIds}) v where v <> to_jsonb(${member.id}::text)), '[]'::jsonb)`, updatedAt: scope.now })
      .where(eq(assignmentSettings.companyId, scope.companyId));
    await tx.delete(users).where(eq(users.id, member.id));
    await writeUserAudit(tx, scope, { action: 'team.removed', targetType: 'user', targetId: member.id, metadata: { email: member.email, name: nameOf(member), role: member.role } });
    return member;
  });
  sessionsChanged(deps, scope.companyId, removed.id);
  return { success: true };
}
