/**
 * The import rules `npm run check:structure` enforces (docs/decisions/0034-server-staircase.md). File-level rules
 * are dependency-cruiser's; the folder staircase (no cycle between server folders) is computed from its result by
 * scripts/check-structure.ts. Type-only imports count: a cycle of types is still a cycle for a reader.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-file-cycle',
      severity: 'error',
      comment: 'Files that import each other in a loop (type-only imports included).',
      from: { path: '^(server|contracts|src|embed)/' },
      to: { circular: true },
    },
    {
      name: 'platform-imports-no-module',
      severity: 'error',
      comment: 'The platform is the ground floor: it takes what it needs from modules through ports (e.g. SessionResolver).',
      from: { path: '^server/platform/' },
      to: { path: '^server/(modules|testing)/|^server/app[.]' },
    },
    {
      name: 'adapters-import-no-module',
      severity: 'error',
      comment: 'Adapters implement ports; they know no module.',
      from: { path: '^server/adapters/' },
      to: { path: '^server/(modules|testing)/|^server/app[.]' },
    },
    {
      name: 'modules-do-not-climb-to-the-root',
      severity: 'error',
      comment: 'The composition root (server/app*.ts) and the test kit sit on top: no module imports them.',
      from: { path: '^server/modules/', pathNot: '[.]test[.]ts$' },
      to: { path: '^server/(app[.]|main[.]ts|testing/)' },
    },
    {
      name: 'contracts-are-shared',
      severity: 'error',
      comment: 'contracts/ is shared by browser and server: it imports neither.',
      from: { path: '^contracts/' },
      to: { path: '^(server|src|embed)/' },
    },
    {
      name: 'browser-imports-no-server-code',
      severity: 'error',
      comment: 'The browser bundle takes only types from the server (import type { AppRouter }).',
      from: { path: '^(src|embed)/' },
      to: { path: '^server/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|[.]test[.]tsx?$|^server/platform/testing/|[.]d[.]ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
    moduleSystems: ['es6', 'cjs'],
  },
};
