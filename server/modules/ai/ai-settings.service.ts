import { eq } from 'drizzle-orm';
import { AI_LIMITS, type AiSettingsValues, DEFAULT_AI_SETTINGS, SERVICE_AREA_PATTERN } from '@contracts/ai';
import { mergeTagProblem } from '@contracts/merge-tags';
import type { DbOrTx } from '@server/platform/db/database';
import { aiSettings, companies } from '@server/platform/db/schema';
import { AppError, invalidField } from '@server/platform/errors/app-error';
import type { CompanyScope } from '@server/platform/db/scope';
import { assertMayCall, mayCallNow } from '@server/modules/team/managers';
import { writeUserAudit } from '@server/modules/audit/audit.service';
import { aiOffNow } from './ai-schedule';
import type { UpdateAiSettingsInput } from './ai.schema';

export type AiSettingsRow = typeof aiSettings.$inferSelect;

/** The ZIP codes and postal-code starts of the company's address settings, as the assistant's service area takes them. */
async function addressServiceArea(executor: DbOrTx, companyId: string): Promise<string[]> {
  const [company] = await executor.select({ serviceArea: companies.serviceArea }).from(companies).where(eq(companies.id, companyId)).limit(1);
  const areas = (company?.serviceArea ?? []).map((area) => area.trim().toUpperCase()).filter((area) => SERVICE_AREA_PATTERN.test(area));
  return [...new Set(areas)].slice(0, AI_LIMITS.areas);
}

/**
 * The company's AI settings, created with the defaults (assistant off) the first time they are read — and with
 * the service area the company already gave in its address settings (onboarding asks it once).
 */
export async function ensureAiSettings(executor: DbOrTx, companyId: string, now: Date): Promise<AiSettingsRow> {
  const [existing] = await executor.select().from(aiSettings).where(eq(aiSettings.companyId, companyId)).limit(1);
  if (existing) return existing;
  await executor
    .insert(aiSettings)
    .values({ companyId, version: 1, ...DEFAULT_AI_SETTINGS, serviceAreaPrefixes: await addressServiceArea(executor, companyId), updatedAt: now })
    .onConflictDoNothing({ target: aiSettings.companyId });
  const [row] = await executor.select().from(aiSettings).where(eq(aiSettings.companyId, companyId)).limit(1);
  if (!row) throw new Error('ai settings insert returned nothing');
  return row;
}

/** The values alone (what the engine and the adapters read). */
export function settingsValues(row: AiSettingsRow): AiSettingsValues {
  const { companyId: _c, version: _v, updatedAt: _u, ...values } = row;
  return values;
}

/** The price book and the assistant's settings speak for the company: owners and admins change them. */
/** What Settings → AI and its tabs show: the settings, the version, whether the caller may save, and "on now?". */
export async function getAiSettings(scope: Pick<CompanyScope, 'db' | 'companyId' | 'userId' | 'now'>) {
  const row = await ensureAiSettings(scope.db, scope.companyId, scope.now);
  const [company] = await scope.db.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, scope.companyId)).limit(1);
  const timezone = company?.timezone ?? 'America/New_York';
  const off = aiOffNow(row.schedule, timezone, scope.now);
  return {
    ...settingsValues(row),
    version: row.version,
    updatedAt: row.updatedAt.getTime(),
    canEdit: await mayCallNow(scope.db, scope, 'ai.settings.update'),
    timezone,
    /** Whether the assistant answers right now, and why (off entirely, an off window, a date override). */
    now: { on: row.enabled && !off.off, why: row.enabled ? off.why : 'The assistant is turned off' },
    defaults: DEFAULT_AI_SETTINGS,
    /** The service area of Settings → Address, offered when the assistant's own is empty. */
    addressServiceArea: await addressServiceArea(scope.db, scope.companyId),
  };
}

/**
 * Saves what a tab sent and bumps the version; refused over a newer save (CONFLICT), for staff (FORBIDDEN: the
 * assistant speaks in the company's name), and for a message with an unknown merge tag.
 */
export async function updateAiSettings(scope: CompanyScope, input: UpdateAiSettingsInput) {
  const { expectedVersion, ...changes } = input;
  for (const [field, text] of [
    ['disqualifyMessage', changes.disqualifyMessage],
    ['schedule.offMessage', changes.schedule?.offMessage],
  ] as const) {
    const problem = text ? mergeTagProblem(text) : null;
    if (problem) throw invalidField(field, problem);
  }
  await scope.db.transaction(async (tx) => {
    await assertMayCall(tx, scope, 'ai.settings.update', 'the AI assistant');
    await ensureAiSettings(tx, scope.companyId, scope.now);
    const [current] = await tx.select().from(aiSettings).where(eq(aiSettings.companyId, scope.companyId)).for('update').limit(1);
    if (!current) throw new Error('ai settings vanished');
    if (current.version !== expectedVersion) throw new AppError('CONFLICT', 'Someone else saved the AI settings after you opened them. Reload to see their changes.');
    const questions = changes.questions ?? current.questions;
    if ((changes.enabled ?? current.enabled) && questions.length === 0) throw invalidField('questions', 'Add at least one question before turning the assistant on.');
    await tx
      .update(aiSettings)
      .set({ ...changes, version: current.version + 1, updatedAt: scope.now })
      .where(eq(aiSettings.companyId, scope.companyId));
    await writeUserAudit(tx, scope, { action: 'ai.settings_updated', targetType: 'company', targetId: scope.companyId, metadata: { fields: Object.keys(changes), version: current.version + 1 } });
  });
  return getAiSettings(scope);
}
