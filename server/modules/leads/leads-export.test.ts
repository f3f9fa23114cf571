import { describe, expect, it } from 'vitest';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';

const t = setUpTestApp();

describe('leads.exportCsv phone numbers', () => {
  it('writes a phone as "(512) 555-0199" (text a spreadsheet keeps), not a guarded "\'+15125550199"', async () => {
    const token = await signUp(t.deps, { email: 'csv@export.test', companyName: 'Csv Co', signupPhone: null });
    const caller = callerFor(t.deps, { authToken: token });
    await caller.leads.create({ firstName: 'Dee', lastName: null, phone: '+15125550199', summary: '=SUM(A1:A2)', consentConfirmed: false });
    const { csv } = await caller.leads.exportCsv({});
    const [, row] = csv.trim().split('\r\n');
    expect(row!.split(',')[2]).toBe('(512) 555-0199');
    expect(csv).not.toContain("'+1");
    // Formula protection stays for the cells that need it.
    expect(row).toContain("'=SUM(A1:A2)");
  });
});

describe('leads.exportCsv dates', () => {
  it('writes times and the file name in the company’s zone: a 9:33 PM Chicago lead is that day’s', async () => {
    // 2026-11-27 03:33 UTC = Thursday Nov 26, 9:33 PM in Chicago.
    t.deps.clock.set(Date.parse('2026-11-27T03:33:00Z'));
    const token = await signUp(t.deps, { email: 'zone@export.test', companyName: 'Zone Co', signupPhone: '+13125550100' });
    const caller = callerFor(t.deps, { authToken: token });
    await caller.leads.create({ firstName: 'Late', lastName: null, phone: '+13125550199', summary: null, consentConfirmed: false });
    const { csv, filename } = await caller.leads.exportCsv({});
    expect(filename).toBe('leadloop-leads-2026-11-26.csv');
    const [, row] = csv.trim().split('\r\n');
    expect(row!.split(',')[0]).toBe('2026-11-26 21:33 CST');
  });
});

