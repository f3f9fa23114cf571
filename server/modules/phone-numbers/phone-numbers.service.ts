import { and, asc, eq } from 'drizzle-orm';
import type { NumberProvisioning } from '@server/adapters/telephony/telephony.port';
import { companies, phoneNumbers, protectedNumbers } from '@server/platform/db/schema';
import { AppError, notFound } from '@server/platform/errors/app-error';
import { activeNumberOf, allocateSimulatedNumber, setActiveNumber } from './active-number';
import { NUMBER_HOOKS_VERSION, numberHooks } from './number-hooks.jobs';
import type { CompanyScope } from '@server/platform/db/scope';
import { writeUserAudit } from '@server/modules/audit/audit.service';

export async function getPhoneSettings(scope: CompanyScope, options: { twilioConfigured: boolean }) {
  const number = await activeNumberOf(scope.db, scope.companyId);
  const [company] = await scope.db.select({ alertPhone: companies.alertPhone }).from(companies).where(eq(companies.id, scope.companyId)).limit(1);
  const protectedList = await scope.db.select().from(protectedNumbers).where(eq(protectedNumbers.companyId, scope.companyId)).orderBy(asc(protectedNumbers.createdAt));
  return {
    number: number ? { id: number.id, e164: number.e164, provider: number.provider } : null,
    twilioConfigured: options.twilioConfigured,
    alertPhone: company?.alertPhone ?? null,
    protectedNumbers: protectedList.map((p) => ({ id: p.id, e164: p.e164, label: p.label })),
  };
}

/** Gives the company a simulated business number (keeps it if it already has one). */
export async function useSimulatedNumber(scope: CompanyScope) {
  return scope.db.transaction(async (tx) => {
    const current = await activeNumberOf(tx, scope.companyId);
    if (current?.provider === 'simulator') return { e164: current.e164, provider: current.provider };
    const e164 = await allocateSimulatedNumber(tx, scope.companyId);
    await setActiveNumber(tx, { companyId: scope.companyId, e164, provider: 'simulator', providerSid: null, now: scope.now });
    await writeUserAudit(tx, scope, { action: 'phone.simulator_number', targetType: 'phone_number', targetId: e164 });
    return { e164, provider: 'simulator' as const };
  });
}

function requireTwilio(provisioning: NumberProvisioning | null): NumberProvisioning {
  if (!provisioning) {
    throw new AppError('PRECONDITION_FAILED', 'Twilio is not connected. Set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN, or use the built-in test number.');
  }
  return provisioning;
}

export async function searchTwilioNumbers(provisioning: NumberProvisioning | null, input: { country: 'US' | 'CA'; areaCode: string }) {
  return requireTwilio(provisioning).searchAvailable(input);
}

/** Buys (or adopts an existing) Twilio number and makes it the business number; inbound texts come to our webhook. */
export async function connectTwilioNumber(scope: CompanyScope, provisioning: NumberProvisioning | null, publicUrl: string, input: { e164: string; mode: 'buy' | 'existing' }) {
  const twilio = requireTwilio(provisioning);
  const [taken] = await scope.db
    .select({ companyId: phoneNumbers.companyId })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.e164, input.e164), eq(phoneNumbers.status, 'active')))
    .limit(1);
  if (taken && taken.companyId !== scope.companyId) throw new AppError('CONFLICT', 'That number is already in use in LeadLoop.');
  const hooks = numberHooks(publicUrl, input.e164);
  const { sid } = input.mode === 'buy' ? await twilio.buy(hooks) : await twilio.adopt(hooks);
  return scope.db.transaction(async (tx) => {
    await setActiveNumber(tx, { companyId: scope.companyId, e164: input.e164, provider: 'twilio', providerSid: sid, now: scope.now, hooksVersion: NUMBER_HOOKS_VERSION });
    await writeUserAudit(tx, scope, { action: input.mode === 'buy' ? 'phone.number_bought' : 'phone.number_connected', targetType: 'phone_number', targetId: input.e164 });
    return { e164: input.e164, provider: 'twilio' as const };
  });
}

export async function setAlertPhone(scope: CompanyScope, phone: string | null) {
  await scope.db.update(companies).set({ alertPhone: phone, updatedAt: scope.now }).where(eq(companies.id, scope.companyId));
  return { alertPhone: phone };
}

export async function addProtectedNumber(scope: CompanyScope, input: { e164: string; label: string | null }) {
  const [row] = await scope.db
    .insert(protectedNumbers)
    .values({ companyId: scope.companyId, e164: input.e164, label: input.label, createdAt: scope.now })
    .onConflictDoUpdate({ target: [protectedNumbers.companyId, protectedNumbers.e164], set: { label: input.label } })
    .returning();
  return { id: row!.id, e164: row!.e164, label: row!.label };
}

export async function removeProtectedNumber(scope: CompanyScope, id: string) {
  const deleted = await scope.db
    .delete(protectedNumbers)
    .where(and(eq(protectedNumbers.id, id), eq(protectedNumbers.companyId, scope.companyId)))
    .returning({ id: protectedNumbers.id });
  if (deleted.length === 0) throw notFound('Protected number');
  return { id };
}
