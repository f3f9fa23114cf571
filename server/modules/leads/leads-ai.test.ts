import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leads } from '@server/platform/db/schema';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';

const t = setUpTestApp();

describe('leads.get: what the assistant learned', () => {
  it('returns the answers, the AI summary and the quotes the assistant recorded; a list stays without them', async () => {
    const token = await signUp(t.deps, { email: 'ai@leads.test', companyName: 'Drain Co', signupPhone: null });
    const caller = callerFor(t.deps, { authToken: token });
    const created = await caller.leads.create({ firstName: 'Dee', lastName: null, phone: '+15125550199', summary: null, consentConfirmed: false });

    // A lead the assistant has not spoken with yet: nothing, rather than missing fields.
    expect(await caller.leads.get({ id: created.id })).toMatchObject({ answers: {}, aiSummary: null, aiQuotes: [] });

    const quote = { itemId: '5f0c2a51-8a43-4a8e-9f4c-0f2f0c1d2e3f', name: 'Drain cleaning', minCents: 15_000, maxCents: 25_000, unit: 'per visit', at: 1_790_000_000_000 };
    await t.deps.db
      .update(leads)
      .set({ answers: { service: 'Drain cleaning', postal_code: '78701' }, aiSummary: 'Kitchen drain clogged; wants someone Friday.', aiQuotes: [quote] })
      .where(eq(leads.id, created.id));

    const lead = await caller.leads.get({ id: created.id });
    expect(lead.answers).toEqual({ service: 'Drain cleaning', postal_code: '78701' });
    expect(lead.aiSummary).toBe('Kitchen drain clogged; wants someone Friday.');
    expect(lead.aiQuotes).toEqual([quote]);

    const [row] = (await caller.leads.list({ page: 1, pageSize: 25 })).items;
    expect(row).toMatchObject({ id: created.id });
    expect(row).not.toHaveProperty('aiSummary');
    expect(row).not.toHaveProperty('aiQuotes');
  });
});
