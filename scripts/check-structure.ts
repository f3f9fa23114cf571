/**
 * `npm run check:structure` (part of `npm test`): the import rules of .dependency-cruiser.cjs (no file cycle, the
 * platform and adapters import no module, modules do not climb to the composition root, …), then no cycle
 * between server folders, folder by folder and module by module — type-only imports included. Exits 1 naming
 * each broken rule and the imports behind it.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describeCycle, type Import, roomCycles } from './structure';

interface CruiseResult {
  modules: { source: string; dependencies: { resolved: string; dependencyTypes: string[] }[] }[];
  summary: { error: number; violations: { from: string; to: string; rule: { name: string }; cycle?: { name: string }[] }[] };
}

const cli = fileURLToPath(new URL('../node_modules/dependency-cruiser/bin/dependency-cruise.mjs', import.meta.url));
const roots = ['server', 'contracts', 'src', 'embed'];
const json = execFileSync(process.execPath, [cli, ...roots, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
  encoding: 'utf8',
  maxBuffer: 256 * 1024 * 1024,
});
const result = JSON.parse(json) as CruiseResult;

const problems: string[] = [];
for (const violation of result.summary.violations) {
  const cycle = violation.cycle?.map((step) => step.name).join(' → ');
  problems.push(`${violation.rule.name}: ${violation.from} → ${violation.to}${cycle ? ` (${violation.from} → ${cycle})` : ''}`);
}

const imports: Import[] = result.modules.flatMap((module) => module.dependencies.map((dependency) => ({ from: module.source, to: dependency.resolved })));
for (const granularity of ['module', 'folder'] as const) {
  for (const cycle of roomCycles(imports, granularity)) problems.push(`${granularity}-cycle:\n${describeCycle(cycle)}`);
}

if (problems.length > 0) {
  console.error(`The import structure breaks ${problems.length} rule${problems.length === 1 ? '' : 's'} (docs/decisions/0034-server-staircase.md):\n`);
  for (const problem of problems) console.error(`✗ ${problem}`);
  process.exit(1);
}
console.log(`✓ import structure: ${result.modules.length} files, ${imports.length} imports, no cycle between files or folders, every rule of .dependency-cruiser.cjs kept`);
