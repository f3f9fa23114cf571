import { and, asc, desc, eq, ne, or } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { SimulatedBehavior } from '@server/adapters/telephony/simulator';
import type { Database } from '@server/platform/db/database';
import { alertTexts, messages, simulatorDevices } from '@server/platform/db/schema';
import type { CompanyScope } from '@server/platform/db/scope';
import { AppError, notFound } from '@server/platform/errors/app-error';
import type { AppServices } from '@server/platform/services';
import { activeNumberOf } from '@server/modules/phone-numbers/active-number';
import { recordInboundEvent } from '@server/modules/telephony/provider-events.service';

/**
 * The test phone: customer handsets the company plays with (the built-in simulator), texting its test number
 * through the same path as Twilio's webhooks, and what each one shows.
 */

/** How the simulated carrier treats texts to a handset (`deliver` unless a test phone says otherwise). */
export async function deviceBehavior(db: Database, companyId: string, e164: string): Promise<SimulatedBehavior> {
  const [device] = await db
    .select({ behavior: simulatorDevices.behavior })
    .from(simulatorDevices)
    .where(and(eq(simulatorDevices.companyId, companyId), eq(simulatorDevices.e164, e164)))
    .limit(1);
  return device?.behavior ?? 'deliver';
}

/** One of the company's test phones (another company's: NOT_FOUND). */
export async function testPhoneOf(scope: Pick<CompanyScope, 'db' | 'companyId'>, id: string) {
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
  await testPhoneOf(scope, id);
  await scope.db.update(simulatorDevices).set({ behavior }).where(eq(simulatorDevices.id, id));
  return { id, behavior };
}

export async function removeDevice(scope: CompanyScope, id: string) {
  await testPhoneOf(scope, id);
  await scope.db.delete(simulatorDevices).where(eq(simulatorDevices.id, id));
  return { id };
}

/** The customer texts the business from the test phone: the same path as a Twilio webhook. */
export async function sendFromDevice(scope: CompanyScope, messaging: AppServices, input: { deviceId: string; body: string; mediaUrls: string[] }) {
  const device = await testPhoneOf(scope, input.deviceId);
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

/**
 * What the test phone shows: its texts to the business and the business's texts that reached it — and, when it is
 * the company's alert phone, the owner alerts it was sent and its own "YES <code>" replies.
 */
export async function deviceThread(scope: CompanyScope, deviceId: string) {
  const device = await testPhoneOf(scope, deviceId);
  const alerts = await scope.db
    .select()
    .from(alertTexts)
    .where(and(eq(alertTexts.companyId, scope.companyId), eq(alertTexts.phone, device.e164)))
    .orderBy(desc(alertTexts.seq))
    .limit(200);
  const rows = await scope.db
    .select()
    .from(messages)
    // What the phone itself sent and received: not what someone typed in the website chat under its number.
    .where(and(eq(messages.companyId, scope.companyId), or(eq(messages.fromNumber, device.e164), eq(messages.toNumber, device.e164)), ne(messages.provider, 'web_chat')))
    .orderBy(desc(messages.createdAt), desc(messages.seq))
    .limit(200);
  // Oldest first: texts in the order they were stored, the alert texts between them by time (a stable sort).
  const texts = rows
    .filter((m) => m.direction === 'inbound' || ['sent', 'delivered', 'failed'].includes(m.status))
    .reverse()
    .map((m) => ({
      order: m.createdAt.getTime(),
      id: m.id,
      fromPhone: m.direction === 'inbound',
      body: m.body,
      media: m.media,
      status: m.status,
      problem: m.status === 'failed' ? m.errorMessage : null,
      at: (m.sentAt ?? m.createdAt).getTime(),
    }));
  const alertLines = alerts.reverse().map((a) => ({
    order: a.createdAt.getTime(),
    id: a.id,
    fromPhone: a.direction === 'inbound',
    body: a.body,
    media: [] as string[],
    status: a.direction === 'inbound' ? ('received' as const) : ('delivered' as const),
    problem: null,
    at: a.createdAt.getTime(),
  }));
  return [...texts, ...alertLines]
    .sort((a, b) => a.order - b.order)
    .slice(-200)
    .map(({ order: _order, ...line }) => line);
}
