import { describe, expect, it } from 'vitest';
import { MINUTE } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';

const t = setUpTestApp();

async function owner(label: string) {
  t.deps.clock.set(Date.parse('2026-11-02T15:00:00Z'));
  const token = await signUp(t.deps, { email: `${label}@audit-log.test`, companyName: `${label} Co`, signupPhone: null });
  return callerFor(t.deps, { authToken: token });
}

describe('logs.audit', () => {
  it("lists the company's audit rows newest first, in words, a page at a time without repeats, and never another company's", async () => {
    const a = await owner('alpha');
    const b = await owner('beta');
    t.deps.clock.advance(MINUTE);
    await a.phone.useSimulator();
    t.deps.clock.advance(MINUTE);
    const lead = await a.leads.create({ firstName: 'Ana', lastName: 'Diaz', phone: '+13125550170', summary: null, consentConfirmed: false });
    t.deps.clock.advance(MINUTE);
    await a.leads.update({ id: lead.id, status: 'qualified' });
    await b.leads.create({ firstName: 'Bo', lastName: null, phone: '+13125550171', summary: null, consentConfirmed: false });

    const all = await a.logs.audit({ limit: 100 });
    const ours = all.items.map((i) => i.what);
    expect(ours.slice(0, 3)).toEqual(['Changed a lead', 'Added a lead', 'Took a test number']);
    expect(all.items[0]).toMatchObject({ actor: 'Dana Rivera', actorKind: 'user', action: 'lead.updated', detail: 'Fields: status', link: `/leads?lead=${lead.id}` });
    expect(all.items[1]).toMatchObject({ detail: 'Client: Ana Diaz' });
    expect(all.nextCursor).toBeNull();
    // Nothing of company B.
    expect(JSON.stringify(all.items)).not.toContain('Bo');
    expect((await b.logs.audit({ limit: 100 })).items.filter((i) => i.action === 'lead.created')).toHaveLength(1);

    // Keyset pages: together they are the whole list, in order, each row once — even with a row written between pages.
    const first = await a.logs.audit({ limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    t.deps.clock.advance(MINUTE);
    await a.leads.update({ id: lead.id, status: 'won' });
    const rest: typeof first.items = [];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await a.logs.audit({ limit: 2, cursor });
      rest.push(...page.items);
      cursor = page.nextCursor;
    }
    expect([...first.items, ...rest].map((i) => i.id)).toEqual(all.items.map((i) => i.id));
  });
});
