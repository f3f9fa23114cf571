import { and, eq } from 'drizzle-orm';
import { DEFAULT_MISSED_CALL_SETTINGS, type MissedCallSettingsValues } from '@contracts/call';
import { mergeTagProblem } from '@contracts/merge-tags';
import type { DbOrTx } from '@server/platform/db/database';
import { companies, missedCallSettings, phoneNumbers } from '@server/platform/db/schema';
import { invalidField } from '@server/platform/errors/app-error';
import type { CompanyScope } from '@server/platform/db/scope';
import { writeUserAudit } from '@server/modules/audit/audit.service';
import type { UpdateMissedCallSettingsInput } from './calls.schema';
import { greetingOf } from './recordings.service';

export type MissedCallSettings = MissedCallSettingsValues;

/** A company's missed-call settings: its saved row, or the product defaults when it never saved any. */
export async function missedCallSettingsOf(executor: DbOrTx, companyId: string): Promise<MissedCallSettings> {
  const [row] = await executor.select().from(missedCallSettings).where(eq(missedCallSettings.companyId, companyId)).limit(1);
  if (!row) return { ...DEFAULT_MISSED_CALL_SETTINGS };
  const { companyId: _companyId, updatedAt: _updatedAt, ...values } = row;
  return values;
}

/** What Missed calls → Basic / Voicemail show: the settings, plus the business hours they use (from the company). */
export async function getMissedCallSettings(scope: Pick<CompanyScope, 'db' | 'companyId'>) {
  const settings = await missedCallSettingsOf(scope.db, scope.companyId);
  const [company] = await scope.db.select({ hours: companies.hours, timezone: companies.timezone }).from(companies).where(eq(companies.id, scope.companyId)).limit(1);
  return { ...settings, businessHours: company?.hours ?? null, timezone: company?.timezone ?? null, defaults: DEFAULT_MISSED_CALL_SETTINGS };
}

/**
 * A template's tags must all be known (the refusal names the unknown one), and it must say who is texting (the
 * caller may not have the business's number saved). Refused under the template's own field.
 */
function assertTemplate(field: 'businessHoursTemplate' | 'afterHoursTemplate', label: string, text: string) {
  const tags = mergeTagProblem(text);
  if (tags) throw invalidField(field, tags);
  if (!/\{business_name\}/i.test(text)) throw invalidField(field, `${label} must say who is texting: include {business_name}.`);
}

export async function updateMissedCallSettings(scope: CompanyScope, input: UpdateMissedCallSettingsInput) {
  if (input.businessHoursTemplate !== undefined) assertTemplate('businessHoursTemplate', 'The business-hours text', input.businessHoursTemplate);
  if (input.afterHoursTemplate !== undefined) assertTemplate('afterHoursTemplate', 'The after-hours text', input.afterHoursTemplate);
  await scope.db.transaction(async (tx) => {
    const current = await missedCallSettingsOf(tx, scope.companyId);
    const next = { ...current, ...input };
    if (next.enabled && next.routingMode === 'ring_then_voicemail' && !next.forwardTo && (input.routingMode !== undefined || input.forwardTo !== undefined)) {
      throw invalidField('forwardTo', 'Enter the phone LeadLoop should ring first (Forward calls to), or choose “You forward unanswered calls to LeadLoop”.');
    }
    if (next.forwardTo) {
      const [own] = await tx
        .select({ id: phoneNumbers.id })
        .from(phoneNumbers)
        .where(and(eq(phoneNumbers.companyId, scope.companyId), eq(phoneNumbers.e164, next.forwardTo), eq(phoneNumbers.status, 'active')))
        .limit(1);
      if (own) throw invalidField('forwardTo', 'Forward calls to your own phone, not to your LeadLoop number (it would ring itself).');
    }
    if (input.greetingSource === 'recording' && !(await greetingOf(tx, scope.companyId))) {
      throw invalidField('greetingSource', 'Upload a greeting recording first, or keep having your greeting text read out.');
    }
    await tx
      .insert(missedCallSettings)
      .values({ companyId: scope.companyId, ...next, updatedAt: scope.now })
      .onConflictDoUpdate({ target: missedCallSettings.companyId, set: { ...next, updatedAt: scope.now } });
    await writeUserAudit(tx, scope, { action: 'missed_calls.settings_updated', targetType: 'company', targetId: scope.companyId, metadata: { fields: Object.keys(input) } });
  });
  return getMissedCallSettings(scope);
}
