import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { mergeTagProblem } from '@contracts/merge-tags';
import { DEFAULT_WIDGET_SETTINGS, type WidgetSettingsValues } from '@contracts/widget';
import type { DbOrTx } from '@server/platform/db/database';
import { users, widgetSettings } from '@server/platform/db/schema';
import { AppError, invalidField } from '@server/platform/errors/app-error';
import type { CompanyScope } from '@server/platform/trpc/scope';
import { writeUserAudit } from '@server/modules/audit/audit.service';
import type { UpdateWidgetSettingsInput } from './widget.schema';

export type WidgetSettingsRow = typeof widgetSettings.$inferSelect;

/** `wk_` + 24 random bytes in base64url: public (it sits in the site's HTML), unguessable, not a secret. */
export const newPublicKey = () => `wk_${randomBytes(24).toString('base64url')}`;

/** The company's widget row, created with the defaults (widget off) and a fresh public key the first time. */
export async function ensureWidgetSettings(executor: DbOrTx, companyId: string, now: Date): Promise<WidgetSettingsRow> {
  const [existing] = await executor.select().from(widgetSettings).where(eq(widgetSettings.companyId, companyId)).limit(1);
  if (existing) return existing;
  await executor
    .insert(widgetSettings)
    .values({ companyId, publicKey: newPublicKey(), version: 1, ...DEFAULT_WIDGET_SETTINGS, updatedAt: now })
    .onConflictDoNothing({ target: widgetSettings.companyId });
  const [row] = await executor.select().from(widgetSettings).where(eq(widgetSettings.companyId, companyId)).limit(1);
  if (!row) throw new Error('widget settings insert returned nothing');
  return row;
}

function present(row: WidgetSettingsRow) {
  const { companyId: _companyId, ...rest } = row;
  return { ...rest, updatedAt: row.updatedAt.getTime(), defaults: DEFAULT_WIDGET_SETTINGS };
}

/**
 * What Chat widget → Styles / Form embed / Popup show: the saved settings, the public key, the version, and whether
 * the caller may save them (`canEdit`: staff see them read-only, the save would be refused).
 */
export async function getWidgetSettings(scope: Pick<CompanyScope, 'db' | 'companyId' | 'userId' | 'now'>) {
  const row = await ensureWidgetSettings(scope.db, scope.companyId, scope.now);
  return { ...present(row), canEdit: await isManager(scope.db, scope) };
}

/** Who may change what the public website shows and which sites may use the key: owners and admins. */
async function isManager(executor: DbOrTx, scope: Pick<CompanyScope, 'companyId' | 'userId'>): Promise<boolean> {
  const [user] = await executor
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, scope.userId), eq(users.companyId, scope.companyId)))
    .limit(1);
  return user?.role === 'owner' || user?.role === 'admin';
}

async function assertManager(executor: DbOrTx, scope: Pick<CompanyScope, 'companyId' | 'userId'>) {
  if (!(await isManager(executor, scope))) throw new AppError('FORBIDDEN', 'Only the owner or an admin can change the website widget.');
}

/**
 * Saves what a screen sent and bumps the version (the embed compares it to notice a change). Refused when the
 * version read is not the current one (someone saved in between), or a template uses an unknown merge tag.
 */
export async function updateWidgetSettings(scope: CompanyScope, input: UpdateWidgetSettingsInput, onSaved?: (publicKey: string) => void) {
  const { expectedVersion, ...changes } = input;
  for (const name of ['consentText', 'firstTextTemplate'] as const) {
    const text = changes[name];
    const problem = text === undefined ? null : mergeTagProblem(text);
    if (problem) throw invalidField(name, problem);
  }
  const saved = await scope.db.transaction(async (tx) => {
    await assertManager(tx, scope);
    await ensureWidgetSettings(tx, scope.companyId, scope.now);
    const [current] = await tx.select().from(widgetSettings).where(eq(widgetSettings.companyId, scope.companyId)).for('update').limit(1);
    if (!current) throw new Error('widget settings vanished');
    if (current.version !== expectedVersion) {
      throw new AppError('CONFLICT', 'Someone else saved the widget settings after you opened them. Reload to see their changes.');
    }
    const next: Partial<WidgetSettingsValues> = changes;
    if ((next.enabled ?? current.enabled) && (next.allowedDomains ?? current.allowedDomains).length === 0) {
      throw invalidField('allowedDomains', 'Add the website the widget goes on (e.g. example.com) before turning it on.');
    }
    const [row] = await tx
      .update(widgetSettings)
      .set({ ...next, version: current.version + 1, updatedAt: scope.now })
      .where(eq(widgetSettings.companyId, scope.companyId))
      .returning();
    if (!row) throw new Error('widget settings update returned nothing');
    await writeUserAudit(tx, scope, { action: 'widget.settings_updated', targetType: 'company', targetId: scope.companyId, metadata: { fields: Object.keys(changes), version: row.version } });
    return row;
  });
  onSaved?.(saved.publicKey);
  return { ...present(saved), canEdit: true };
}
