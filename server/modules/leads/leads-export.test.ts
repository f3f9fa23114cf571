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
