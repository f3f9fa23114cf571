import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '@server/platform/db/database';
import { companies, phoneNumbers } from '@server/platform/db/schema';
import { zonesForPhone } from '@contracts/send-window';

/** Area codes for simulated numbers when the company gives no hint (one per major US/CA region). */
const FALLBACK_AREA_CODES = ['415', '212', '312', '512', '303', '206', '404', '617', '416', '604'];

/**
 * Simulated business numbers use the fictional 555-01XX exchange (reserved for fiction in North America), so they
 * can never text a real person: +1 <area code> 555 01XX, unique across companies while active.
 */
export async function allocateSimulatedNumber(tx: Tx, companyId: string): Promise<string> {
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  const hint = company?.signupPhone ?? company?.alertPhone ?? null;
  const preferred = hint && zonesForPhone(hint).length > 0 ? [hint.slice(2, 5)] : [];
  for (const areaCode of [...preferred, ...FALLBACK_AREA_CODES]) {
    const candidates = Array.from({ length: 100 }, (_, i) => `+1${areaCode}55501${String(i).padStart(2, '0')}`);
    const taken = new Set(
      (
        await tx
          .select({ e164: phoneNumbers.e164 })
          .from(phoneNumbers)
          .where(and(inArray(phoneNumbers.e164, candidates), eq(phoneNumbers.status, 'active')))
      ).map((row) => row.e164),
    );
    const free = candidates.find((candidate) => !taken.has(candidate));
    if (free) return free;
  }
  throw new Error('No simulated numbers left');
}

export async function activeNumberOf(executor: DbOrTx, companyId: string) {
  const [number] = await executor
    .select()
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.companyId, companyId), eq(phoneNumbers.status, 'active')))
    .limit(1);
  return number ?? null;
}

/** Makes `e164` the company's one active business number, releasing the previous one. */
export async function setActiveNumber(
  tx: Tx,
  input: { companyId: string; e164: string; provider: 'simulator' | 'twilio'; providerSid: string | null; now: Date; hooksVersion?: number },
) {
  await tx
    .update(phoneNumbers)
    .set({ status: 'released', updatedAt: input.now })
    .where(and(eq(phoneNumbers.companyId, input.companyId), eq(phoneNumbers.status, 'active')));
  const [row] = await tx
    .insert(phoneNumbers)
    .values({
      companyId: input.companyId,
      e164: input.e164,
      provider: input.provider,
      providerSid: input.providerSid,
      ...(input.hooksVersion !== undefined ? { hooksVersion: input.hooksVersion } : {}),
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  if (!row) throw new Error('phone number insert returned nothing');
  return row;
}
