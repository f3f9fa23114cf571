import { describe, expect, it } from 'vitest';
import { formatFailures, formatTable, HELD_OUT_DIR, loadFixtures, percent, runFixtures } from '@server/adapters/ai/eval/run-fixtures';
import { createBuiltinAssistant } from './builtin-assistant';

/**
 * The conversation set (tests/fixtures/ai-conversations) against the built-in assistant, in two parts printed
 * apart: the dev part (rules may be tuned against it; its misses are printed) and the held-out part (never tuned
 * against; totals only). The floors are what the assistant achieves today, so a change that makes it worse fails
 * here. Issue 22's goals for the held-out part on answers (≥ 85 %) and threads entirely right (≥ 60 %) are reached
 * (89.8 %, 49/72 since the seventh round); its goal of no thread ending qualified with an answer the customer
 * contradicted is not yet (5; 8 with a missed answer counted too): docs/decisions/0036 says where it stands.
 */
describe('conversation fixtures against the built-in assistant', () => {
  it('dev part: qualifies, hands off, disqualifies and quotes as each thread expects', async () => {
    const fixtures = loadFixtures();
    expect(fixtures.length).toBeGreaterThanOrEqual(200);
    expect(new Set(fixtures.map((fixture) => fixture.trade)).size).toBeGreaterThanOrEqual(10);
    const report = await runFixtures(createBuiltinAssistant(), fixtures);
    const misses = formatFailures(report, { transcripts: false });
    console.info(`Dev part (rules may be tuned against it)\n${formatTable(report)}${misses ? `\n${misses}` : ''}`);
    // The 53 threads of issue 14 (written before the rewrite): every one passes.
    const original = report.threads.filter((thread) => !/-d\d+$/.test(thread.id));
    expect(original.length).toBe(53);
    expect(original.filter((thread) => !thread.allRight).map((thread) => thread.id), formatFailures({ ...report, threads: original.filter((thread) => !thread.allRight) })).toEqual([]);
    // With the eighth round's four fresh batches in the dev part — d26, d28 and d29 tuned against after their first
    // readings (23, 21 and 23 of 44), d27 as measured untouched (28 of 44) — 96.1 % and 88.6 % on 1,308 threads (96.3 %
    // and 89.2 % on 1,132 after the seventh round). The ninth round adds d30 and d31, tuned against after their first
    // readings (23 and 28 of 44), and d32 as measured untouched (27 of 44): 96.7 % and 90.1 % on 1,440 threads. The
    // tenth round tunes against d32 and adds d33, tuned against after its first reading (22 of 44): 97.0 % and 90.9 %
    // on 1,484 threads. The eleventh to sixteenth rounds add d34, d35, d36, d37, d38 and d39, each the round before's
    // unread check, tuned against after its first reading (19, 29, 21, 20, 27 and 23 of 44): 97.2 % and 91.7 % on 1,748
    // threads (d40, this round's unread check, is in next-check/, outside this part). The floors guard against a fix that breaks what works, and
    // leave room for the next batch's first reading.
    expect(percent(report.answers)).toBeGreaterThanOrEqual(96);
    expect(percent(report.allRight)).toBeGreaterThanOrEqual(89);
    expect(report.safety.right).toBe(report.safety.total);
    expect(report.quotesOutsideConditions).toBe(0);
    // A ZIP sent alone that two swapped digits would put in the area is checked once before disqualifying.
    expect(report.wronglyDisqualified).toBe(0);
    // (1,748 threads take about half a minute of one core on this 2-core VM: more than the default limit when the
    // suite's files share the cores. The limit stops a hang, not a slow run; the per-turn CPU is measured by the bench.)
  }, 240_000);

  it('held-out part: measured, never tuned against (totals only)', async () => {
    const fixtures = loadFixtures(HELD_OUT_DIR);
    expect(fixtures.length).toBeGreaterThanOrEqual(60);
    const report = await runFixtures(createBuiltinAssistant(), fixtures);
    console.info(`Held-out part (never tuned against; totals only)\n${formatTable(report)}`);
    expect(percent(report.answers)).toBeGreaterThanOrEqual(89);
    // Issue 22's goal: at least 60 % of the held-out threads entirely right.
    expect(percent(report.allRight)).toBeGreaterThanOrEqual(60);
    expect(report.quotesOutsideConditions).toBe(0);
    expect(report.wronglyDisqualified).toBe(0);
    expect(report.safety.right).toBe(report.safety.total);
  });
});
