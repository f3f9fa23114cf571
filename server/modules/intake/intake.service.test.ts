import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LEAD_SOURCE_WORDS, LEAD_STATUS_WORDS } from '@contracts/lead';
import { leads } from '@server/platform/db/schema';
import { HOUR } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { INTAKE_RULES } from './intake.service';

const t = setUpTestApp();

async function company() {
  t.deps.clock.set(Date.parse('2026-11-21T16:00:00Z'));
  const token = await signUp(t.deps, { email: 'owner@intake.test', companyName: 'Intake Co', signupPhone: null });
  const caller = callerFor(t.deps, { authToken: token });
  await caller.phone.useSimulator();
  const device = await caller.phone.simulator.addDevice({ phone: '+13125550140' });
  const text = async (body: string) => {
    await caller.phone.simulator.send({ deviceId: device.id, body, mediaUrls: [] });
    await t.deps.queue.drain();
  };
  const typeIn = (summary: string) => caller.leads.create({ firstName: 'Ruth', lastName: 'Ng', phone: device.e164, summary, consentConfirmed: false });
  const allLeads = async () => t.deps.db.select().from(leads).orderBy(leads.createdAt);
  return { caller, device, text, typeIn, allLeads };
}

describe('one intake path, one dedupe rule', () => {
  it('uses the same window for texts and for leads typed in by staff', () => {
    expect(INTAKE_RULES.sms.dedupeWindowMs).toBe(24 * HOUR);
    expect(INTAKE_RULES.manual.dedupeWindowMs).toBe(INTAKE_RULES.sms.dedupeWindowMs);
  });

  it('a lead typed in for someone who texted within 24 h joins their lead; after 24 quiet hours it opens a new one', async () => {
    const c = await company();
    await c.text('Furnace is making a banging noise');
    const [smsLead] = await c.allLeads();
    expect(smsLead).toMatchObject({ source: 'sms', summary: 'Furnace is making a banging noise' });

    t.deps.clock.advance(23 * HOUR);
    const joined = await c.typeIn('Called about the furnace');
    expect(joined).toMatchObject({ id: smsLead!.id, source: 'sms', joined: true });
    expect(await c.allLeads()).toHaveLength(1);

    t.deps.clock.advance(24 * HOUR);
    const fresh = await c.typeIn('Wants a maintenance plan');
    expect(fresh).toMatchObject({ source: 'manual', summary: 'Wants a maintenance plan', joined: false });
    expect(fresh.id).not.toBe(smsLead!.id);
    expect(await c.allLeads()).toHaveLength(2);
  });

  it('a text from someone whose lead was typed in within 24 h joins that lead; after 24 quiet hours it opens a new one', async () => {
    const c = await company();
    const manual = await c.typeIn('Roof leak over the garage');
    expect(manual).toMatchObject({ source: 'manual', joined: false });
    // Two leads typed in for one number within a minute are one lead.
    t.deps.clock.advance(60_000);
    expect(await c.typeIn('Roof leak (second call)')).toMatchObject({ id: manual.id, joined: true });

    t.deps.clock.advance(2 * HOUR);
    await c.text('Hi, any update on the roof?');
    expect(await c.allLeads()).toHaveLength(1);
    const [lead] = await t.deps.db.select().from(leads).where(eq(leads.id, manual.id));
    expect(lead!.lastActivityAt.getTime()).toBe(t.deps.clock.now().getTime());

    t.deps.clock.advance(25 * HOUR);
    await c.text('The roof is leaking again');
    const all = await c.allLeads();
    expect(all.map((l) => l.source)).toEqual(['manual', 'sms']);
  });

  it('writes the words owners see, not codes, in the CSV export', async () => {
    const c = await company();
    await c.text('Need a quote for a new water heater');
    const [lead] = await c.allLeads();
    await c.caller.leads.update({ id: lead!.id, status: 'needs_human' });
    const { csv } = await c.caller.leads.exportCsv({});
    const row = csv.trim().split('\r\n')[1]!;
    expect(row).toContain(`,${LEAD_SOURCE_WORDS.sms},${LEAD_STATUS_WORDS.needs_human},`);
    expect(csv).not.toContain('needs_human');
    // Phone numbers stay readable text, not a formula-guarded '+1… cell.
    expect(row).toContain(',(312) 555-0140,');
    expect(csv).not.toContain("'+1");
  });
});
