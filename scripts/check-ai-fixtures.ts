/**
 * `node --import tsx scripts/check-ai-fixtures.ts [DIR]`: validates a folder of AI conversation fixtures (default
 * tests/fixtures/ai-conversations) against the schema — setups resolved, expectations consistent — and prints how
 * many threads each trade and language has. It never runs an assistant: a writer checks the format here without
 * seeing how any assistant does on the threads (tests/fixtures/ai-conversations/WRITING.md).
 */
import { resolve } from 'node:path';
import { FIXTURES_DIR, loadFixtures } from '@server/adapters/ai/eval/run-fixtures';

const dir = resolve(process.argv[2] ?? FIXTURES_DIR);
try {
  const fixtures = loadFixtures(dir);
  const count = (key: (fixture: (typeof fixtures)[number]) => string) =>
    [...fixtures.reduce((map, fixture) => map.set(key(fixture), (map.get(key(fixture)) ?? 0) + 1), new Map<string, number>())]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, n]) => `${name} ${n}`)
      .join(', ');
  console.log(`${fixtures.length} threads in ${dir}`);
  console.log(`trades: ${count((fixture) => fixture.trade)}`);
  console.log(`languages: ${count((fixture) => fixture.expect.replyLanguage)}`);
  console.log(`outcomes: ${count((fixture) => fixture.expect.lead + (fixture.expect.handoffReason ? `/${fixture.expect.handoffReason}` : ''))}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
