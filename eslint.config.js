import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const NO_ZOD_CLASSIC = { name: 'zod', message: 'Use zod/mini in the browser (4.6 kB instead of 22 kB gzip).' };
// The browser bundle must never pull server code; only `import type` crosses that line.
const SERVER_TYPES_ONLY = {
  regex: '^(@server/|(\\.\\./)+server/)',
  allowTypeImports: true,
  message: 'Server code never reaches the browser bundle: only `import type` (e.g. AppRouter) may cross.',
};
// Inside a slice, `./` and `../` are fine; anything further away is another slice or layer: name it from the root.
const NO_CLIMBING = {
  regex: '^\\.\\./\\.\\./',
  message: 'Import from another slice or layer through its alias (`@/shared/ui/empty-state`, `@contracts/lead`), not `../../`.',
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', '.tmp/', 'test-results/', 'playwright-report/', 'server/platform/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Served as-is from public/: the service worker and the offline page's script run in the browser, not Node.
    files: ['public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['public/offline.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-control-regex': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Outside the web app (which has its own rule below): a folder further than one level up is reached through
    // its alias (@server/, @contracts/, @scripts/), so moving a file never breaks a chain of ../../.
    files: ['server/**/*.ts', 'contracts/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./\\.\\./', message: 'Use the @server/, @contracts/ or @scripts/ alias instead of climbing more than one ../' }] }],
    },
  },
  {
    // Services never know their transport: they throw AppError; only routers (and their tests) speak tRPC.
    files: ['server/modules/**/*.ts'],
    ignores: ['server/modules/**/*.router.ts', 'server/modules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./\\.\\./', message: 'Use the @server/ or @contracts/ alias instead of climbing more than one ../' },
            { regex: '^@trpc/server', message: 'Only routers use tRPC: throw AppError (server/platform/errors) from services.' },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures must destructure their (possibly empty) dependencies.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // The website widget's embed runs on other companies' pages: browser globals, contracts only, never server code.
    files: ['embed/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_TYPES_ONLY, { regex: '^@/', message: 'The embed does not use the web app.' }] }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: [NO_ZOD_CLASSIC], patterns: [SERVER_TYPES_ONLY, NO_CLIMBING] }],
    },
  },
  {
    // Server state per noun (docs/decisions/0034): query keys, invalidation and cache writes live in
    // src/entities/<noun>/api/; screens, blocks, actions and the app call those helpers instead of spelling keys.
    files: ['src/app/**/*.{ts,tsx}', 'src/pages/**/*.{ts,tsx}', 'src/widgets/**/*.{ts,tsx}', 'src/features/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name=/^(queryKey|pathKey|queryFilter|pathFilter|infiniteQueryKey)$/]",
          message: 'Query keys live in src/entities/<noun>/api/ (e.g. leadKeys, invalidateLeads): use the entity helper.',
        },
        {
          selector: "CallExpression[callee.property.name=/^(invalidateQueries|setQueryData|getQueryData|cancelQueries|refetchQueries|removeQueries|resetQueries)$/]",
          message: 'Cache reads and writes live in src/entities/<noun>/api/ (invalidate<Noun>, setCached<Noun>): use the entity helper, or the query\'s own refetch().',
        },
      ],
    },
  },
);
