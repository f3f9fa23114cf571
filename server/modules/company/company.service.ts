import { and, eq } from 'drizzle-orm';
import type { CompanyScope } from '@server/platform/db/scope';
import { companies } from '@server/platform/db/schema';
import { AppError, notFound } from '@server/platform/errors/app-error';
import type { UpdateAddressInput, UpdateCompanyInput } from './company.schema';
import { writeUserAudit } from '@server/modules/audit/audit.service';
import { requireCompanyImage } from '@server/modules/uploads/uploads.service';
import type { Tx } from '@server/platform/db/database';


type CompanyRow = typeof companies.$inferSelect;

/** The settings view of the caller's company (times in epoch ms, like the rest of the API). */
function toCompanySettings(row: CompanyRow) {
  return {
    id: row.id,
    name: row.name,
    legalName: row.legalName,
    trade: row.trade,
    website: row.website,
    /** Served at /files/<id> (contracts/uploads.ts `filePath`). */
    logoFileId: row.logoFileId,
    timezone: row.timezone,
    hours: row.hours,
    signupPhone: row.signupPhone,
    country: row.country,
    address: {
      line1: row.addressLine1,
      line2: row.addressLine2,
      city: row.city,
      region: row.region,
      postalCode: row.postalCode,
      serviceArea: row.serviceArea ?? [],
    },
    plan: row.plan,
    trialEndsAt: row.trialEndsAt.getTime(),
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}
export type CompanySettings = ReturnType<typeof toCompanySettings>;

export async function getCompanySettings(scope: Pick<CompanyScope, 'db' | 'companyId'>): Promise<CompanySettings> {
  const [row] = await scope.db.select().from(companies).where(eq(companies.id, scope.companyId)).limit(1);
  if (!row) throw notFound('Company');
  return toCompanySettings(row);
}

/**
 * Writes only the caller's company, only if nobody changed it since the form loaded it (optimistic check on
 * `updatedAt`), and records which fields changed in the audit log — all in one transaction.
 */
async function updateScoped(scope: CompanyScope, expectedUpdatedAt: number, changes: Partial<CompanyRow>, action: string, check?: (tx: Tx) => Promise<void>) {
  return scope.db.transaction(async (tx) => {
    const [current] = await tx.select().from(companies).where(eq(companies.id, scope.companyId)).for('update').limit(1);
    if (!current) throw notFound('Company');
    await check?.(tx);
    if (current.updatedAt.getTime() !== expectedUpdatedAt) {
      throw new AppError('CONFLICT', 'These settings were changed by someone else since you opened them. Reload to see their changes, then save again.');
    }
    const changed = Object.keys(changes).filter(
      (key) => JSON.stringify(current[key as keyof CompanyRow]) !== JSON.stringify(changes[key as keyof CompanyRow]),
    );
    const [row] = await tx
      .update(companies)
      .set({ ...changes, updatedAt: scope.now })
      .where(and(eq(companies.id, scope.companyId)))
      .returning();
    if (!row) throw notFound('Company');
    if (changed.length > 0) {
      await writeUserAudit(tx, scope, { action, targetType: 'company', targetId: scope.companyId, metadata: { fields: changed } });
    }
    return toCompanySettings(row);
  });
}

/** The profile, and the logo when `logoFileId` is given: one of this company's uploads (another company's is NOT_FOUND). */
export function updateCompanyProfile(scope: CompanyScope, input: UpdateCompanyInput): Promise<CompanySettings> {
  const logo = input.logoFileId;
  return updateScoped(
    scope,
    input.expectedUpdatedAt,
    {
      name: input.name,
      legalName: input.legalName,
      trade: input.trade,
      website: input.website,
      timezone: input.timezone,
      hours: input.hours,
      ...(logo !== undefined ? { logoFileId: logo } : {}),
    },
    'company.profile_updated',
    logo ? (tx) => requireCompanyImage(tx, scope.companyId, logo) : undefined,
  );
}

export function updateCompanyAddress(scope: CompanyScope, input: UpdateAddressInput): Promise<CompanySettings> {
  return updateScoped(
    scope,
    input.expectedUpdatedAt,
    {
      country: input.country,
      addressLine1: input.line1,
      addressLine2: input.line2,
      city: input.city,
      region: input.region,
      postalCode: input.postalCode,
      serviceArea: input.serviceArea,
    },
    'company.address_updated',
  );
}
