import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AssignmentMode } from '@contracts/team';
import type { DbOrTx, Tx } from '@server/platform/db/database';
import { assignmentSettings, users } from '@server/platform/db/schema';
import type { CompanyScope } from '@server/platform/db/scope';
import { notFound } from '@server/platform/errors/app-error';
import { writeUserAudit } from '@server/modules/audit/audit.service';

export interface AssignmentSettings {
  mode: AssignmentMode;
  userIds: string[];
  userId: string | null;
}

const OFF: AssignmentSettings = { mode: 'off', userIds: [], userId: null };

export async function getAssignment(scope: Pick<CompanyScope, 'db' | 'companyId'>): Promise<AssignmentSettings> {
  const [row] = await scope.db.select().from(assignmentSettings).where(eq(assignmentSettings.companyId, scope.companyId)).limit(1);
  return row ? { mode: row.mode, userIds: row.userIds, userId: row.userId } : OFF;
}

/** Saves how new leads are assigned; every person named must be on the team (else NOT_FOUND). */
export async function setAssignment(scope: CompanyScope, input: AssignmentSettings): Promise<AssignmentSettings> {
  const named = [...new Set([...input.userIds, ...(input.userId ? [input.userId] : [])])];
  return scope.db.transaction(async (tx) => {
    if (named.length) {
      const found = await tx.select({ id: users.id }).from(users).where(and(eq(users.companyId, scope.companyId), inArray(users.id, named)));
      if (found.length !== named.length) throw notFound('Team member');
    }
    const values = { mode: input.mode, userIds: input.mode === 'round_robin' ? input.userIds : [], userId: input.mode === 'person' ? input.userId : null, updatedAt: scope.now };
    await tx.insert(assignmentSettings).values({ companyId: scope.companyId, ...values }).onConflictDoUpdate({ target: assignmentSettings.companyId, set: values });
    await writeUserAudit(tx, scope, { action: 'team.assignment_changed', targetType: 'company', targetId: scope.companyId, metadata: values });
    return { mode: values.mode, userIds: values.userIds, userId: values.userId };
  });
}

/**
 * Who a new lead goes to, in the intake's transaction, or null. Round-robin takes the next turn with an UPDATE
 * (`turn = turn + 1 … returning`): the row lock orders concurrent intakes, on one instance or many, so each gets
 * its own turn and the people are served in order. People who left are skipped.
 */
export async function pickAssignee(tx: Tx, companyId: string): Promise<string | null> {
  const [settings] = await tx.select({ mode: assignmentSettings.mode, userId: assignmentSettings.userId }).from(assignmentSettings).where(eq(assignmentSettings.companyId, companyId)).limit(1);
  if (!settings || settings.mode === 'off') return null;
  if (settings.mode === 'person') return settings.userId;
  const [turn] = await tx
    .update(assignmentSettings)
    .set({ turn: sql`${assignmentSettings.turn} + 1` })
    .where(eq(assignmentSettings.companyId, companyId))
    .returning({ turn: assignmentSettings.turn, userIds: assignmentSettings.userIds });
  if (!turn || turn.userIds.length === 0) return null;
  return nextInTurn(tx, companyId, turn.userIds, turn.turn);
}

async function nextInTurn(executor: DbOrTx, companyId: string, userIds: string[], turn: number): Promise<string | null> {
  const present = new Set((await executor.select({ id: users.id }).from(users).where(and(eq(users.companyId, companyId), inArray(users.id, userIds)))).map((u) => u.id));
  const people = userIds.filter((id) => present.has(id));
  if (people.length === 0) return null;
  return people[(turn - 1) % people.length] ?? null;
}
