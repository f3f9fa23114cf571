import { and, asc, desc, eq, ne, or } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { NumberProvisioning } from '@server/adapters/telephony/telephony.port';
import { companies, messages, phoneNumbers, protectedNumbers, simulatorDevices } from '@server/platform/db/schema';
import { AppError, notFound } from '@server/platform/errors/app-error';
import { recordInboundEvent } from '@server/modules/telephony/provider-events.service';
import type { MessagingDeps } from '@server/modules/messaging/messaging.deps';
import { activeNumberOf, allocateSimulatedNumber, setActiveNumber } from './active-number';
import { NUMBER_HOOKS_VERSION, numberHooks } from './number-hooks.jobs';
import type { CompanyScope } from '@server/platform/trpc/scope';
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

// ── The test phone (built-in simulator) ───────────────────────────────────────────────────────────────────────

async function scopedDevice(scope: CompanyScope, id: string) {
  const [device] = await scope.db
    .select()
    .from(simulatorDevices)
    .where(and(eq(simulatorDevices.id, id), eq(simulatorDevices.companyId, scope.companyId)))
    .limit(1);
  if (!device) throw notFound('Test phone');
  return device;
}

export async function listDevices(scope: CompanyScope) {
  const rows = await scope.db.select().from(simulatorDevices).where(eq(simulatorDevices.companyId, scope.companyId)).orderBy(asc(simulatorDevices.createdAt));
  return rows.map((d) => ({ id: d.id, e164: d.e164, behavior: d.behavior }));
}

const TEST_PHONE_NUMBERS = Array.from({ length: 100 }, (_, i) => `+131255501${String(i).padStart(2, '0')}`);

/** The first fictional 555-01XX number that is neither one of the company's test phones nor its business number. */
async function freeTestPhoneNumber(scope: CompanyScope): Promise<string | null> {
  const business = await activeNumberOf(scope.db, scope.companyId);
  const used = new Set([...(await listDevices(scope)).map((d) => d.e164), business?.e164]);
  return TEST_PHONE_NUMBERS.find((candidate) => !used.has(candidate)) ?? null;
}

/** A customer handset to play with: the given number, or a fictional 555-01XX one. */
export async function addDevice(scope: CompanyScope, e164: string | null) {
  const number = e164 ?? (await freeTestPhoneNumber(scope));
  if (!number) throw new AppError('CONFLICT', 'No free test numbers left; remove one first.');
  const [row] = await scope.db
    .insert(simulatorDevices)
    .values({ companyId: scope.companyId, e164: number, createdAt: scope.now })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('CONFLICT', 'That number is already one of your test phones.');
  return { id: row.id, e164: row.e164, behavior: row.behavior };
}

export async function setDeviceBehavior(scope: CompanyScope, id: string, behavior: 'deliver' | 'unreachable' | 'landline' | 'carrier_filtered') {
  await scopedDevice(scope, id);
  await scope.db.update(simulatorDevices).set({ behavior }).where(eq(simulatorDevices.id, id));
  return { id, behavior };
}

export async function removeDevice(scope: CompanyScope, id: string) {
  await scopedDevice(scope, id);
  await scope.db.delete(simulatorDevices).where(eq(simulatorDevices.id, id));
  return { id };
}

/** The customer texts the business from the test phone: the same path as a Twilio webhook. */
export async function sendFromDevice(scope: CompanyScope, messaging: MessagingDeps, input: { deviceId: string; body: string; mediaUrls: string[] }) {
  const device = await scopedDevice(scope, input.deviceId);
  const number = await activeNumberOf(scope.db, scope.companyId);
  if (!number || number.provider !== 'simulator') {
    throw new AppError('PRECONDITION_FAILED', 'The test phone texts your built-in test number. Choose "Use the test number" first.');
  }
  const sid = `SIMIN${randomBytes(12).toString('hex')}`;
  await recordInboundEvent(messaging, {
    provider: 'simulator',
    kind: 'sms',
    eventKey: sid,
    payload: {
      MessageSid: sid,
      From: device.e164,
      To: number.e164,
      Body: input.body,
      NumMedia: String(input.mediaUrls.length),
      ...Object.fromEntries(input.mediaUrls.map((url, i) => [`MediaUrl${i}`, url])),
    },
  });
  return { sid };
}

/** What the test phone shows: its texts to the business and the business's texts that reached it. */
export async function deviceThread(scope: CompanyScope, deviceId: string) {
  const device = await scopedDevice(scope, deviceId);
  const rows = await scope.db
    .select()
    .from(messages)
    // What the phone itself sent and received: not what someone typed in the website chat under its number.
    .where(and(eq(messages.companyId, scope.companyId), or(eq(messages.fromNumber, device.e164), eq(messages.toNumber, device.e164)), ne(messages.provider, 'web_chat')))
    .orderBy(desc(messages.createdAt), desc(messages.seq))
    .limit(200);
  return rows
    .filter((m) => m.direction === 'inbound' || ['sent', 'delivered', 'failed'].includes(m.status))
    .reverse()
    .map((m) => ({
      id: m.id,
      fromPhone: m.direction === 'inbound',
      body: m.body,
      media: m.media,
      status: m.status,
      problem: m.status === 'failed' ? m.errorMessage : null,
      at: (m.sentAt ?? m.createdAt).getTime(),
    }));
}
