import { describe, expect, it } from 'vitest';
import { businessWithNumber, textTheBusiness } from '@server/testing/business';
import { callerFor, setUpTestApp } from '@server/testing/test-app';

/**
 * Issue 25 item 5: every log exports as CSV with its times in the company's zone (named in the header), the rows
 * the screen's filters select, and never another company's.
 */
const t = setUpTestApp();

async function company() {
  // The sign-up phone is a 415 number: the company reads its clock in Los Angeles.
  const s = await businessWithNumber(t.deps);
  return { ...s, caller: callerFor(t.deps, { authToken: s.token }) };
}

const rowsOf = (csv: string) => csv.trim().split('\r\n');

describe('logs CSV exports', () => {
  it('writes messages and the audit log in the company’s zone, filtered like the screen', async () => {
    // 2026-11-27 03:33 UTC = Thursday Nov 26, 7:33 PM in Los Angeles.
    t.deps.clock.set(Date.parse('2026-11-27T03:33:00Z'));
    const a = await company();
    await textTheBusiness(a, '+14155550001', '=1+1 late question');
    await a.caller.leads.create({ firstName: 'Ana', lastName: null, phone: '+14155550002', summary: null, consentConfirmed: false });

    const messages = await a.caller.logs.exportCsv.messages({ direction: 'inbound' });
    expect(messages.filename).toBe('leadloop-messages-2026-11-26.csv');
    const [header, row, ...rest] = rowsOf(messages.csv);
    expect(header).toBe('Time (America/Los_Angeles),Direction,Client,From,To,Author,Text,Status,Problem,Sent (America/Los_Angeles),Delivered (America/Los_Angeles)');
    expect(rest).toEqual([]);
    expect(row).toMatch(/^2026-11-26 19:33:00 PST,Received,\(415\) 555-0001,\(415\) 555-0001,/);
    expect(row).toContain(",'=1+1 late question,"); // no formula runs when the file is opened
    expect(messages.count).toBe(1);

    const audit = await a.caller.logs.exportCsv.audit({ actorKind: 'user' });
    const [auditHeader, ...auditRows] = rowsOf(audit.csv);
    expect(auditHeader).toBe('Time (America/Los_Angeles),Who,What,Details,Action');
    expect(auditRows.some((line) => line.startsWith('2026-11-26 19:33:00 PST,Dana Rivera,Added a lead,'))).toBe(true);
    expect((await a.caller.logs.exportCsv.audit({ actorKind: 'support' })).count).toBe(0);
    // A date range in the filters.
    expect((await a.caller.logs.exportCsv.audit({ from: Date.parse('2026-11-28T00:00:00Z') })).count).toBe(0);

    const runs = await a.caller.logs.exportCsv.flowRuns({});
    expect(rowsOf(runs.csv)[0]).toContain('Started (America/Los_Angeles)');
    const ai = await a.caller.logs.exportCsv.aiDecisions({ action: 'reply' });
    expect(rowsOf(ai.csv)[0]).toContain('Time (America/Los_Angeles)');

    // Another company's exports hold none of this.
    const b = await company();
    expect((await b.caller.logs.exportCsv.messages({})).count).toBe(0);
    expect((await b.caller.logs.exportCsv.audit({})).csv).not.toContain('Ana');
  });
});
