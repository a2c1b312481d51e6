// ESLint for the whole tree. Type-aware rules only where they catch real bugs: a promise
// nobody awaits, a promise where a callback's result is ignored, a switch that forgets a case.
// Formatting is Prettier's job (.prettierrc.json); import layering is checked by
// test/architecture/layers.test.ts against the table in server/README.md.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

const nodeGlobals = Object.fromEntries(
  ['process', 'console', 'Buffer', 'URL', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'fetch'].map(
    (g) => [g, 'readonly'],
  ),
);

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'docs/**', 'resources/**', 'coverage/**'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        // Finds tsconfig.json for server/test/bench/electron and renderer/tsconfig.json for the console.
        projectService: { allowDefaultProject: ['vite.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // node:test's test() returns a promise the runner itself awaits (the testkit examples use it).
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', name: ['test', 'it', 'describe'], package: 'node:test' }] },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      // `if (x) (a(), b())` is a deliberate house idiom (and what Prettier prints); tsc flags real no-ops.
      '@typescript-eslint/no-unused-expressions': 'off',
      // Control characters are matched on purpose: the sandbox rejects them in fields and logs.
      'no-control-regex': 'off',
      // tsc (noUnusedLocals is off) and the reviewers judge these; `_`-prefixed names are deliberate.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['renderer/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The console talks to the server over HTTP only; it may share the contract (zod schemas), nothing else.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '!@contract/*'], message: 'the console imports only @contract/* from the server' }] },
      ],
    },
  },
  {
    // Regular expressions that can run on what a client sends must take linear time: a pattern that
    // backtracks polynomially (or is retried at every start position) lets one request block the
    // event loop. Patterns read from data (resources/payouts) are checked by test/architecture/regex-linear.test.ts.
    files: ['server/**/*.{ts,mjs}', 'renderer/src/**/*.{ts,tsx}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    // Small pieces the house keeps once: a plain-object test is contract/common.ts's isRecord, the mask of
    // a secret MASKED_SECRET (contract/secret-masking.ts, which the request log's writer thread loads
    // alone), and the demo merchant's key is DEMO_PUBLIC_KEY (contract/merchants.ts).
    // Migrations are history and keep theirs.
    files: ['server/**/*.{ts,mjs}', 'renderer/src/**/*.{ts,tsx}', 'electron/**/*.{ts,mjs}'],
    ignores: ['server/store/migrations/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "LogicalExpression[operator='&&']:not(LogicalExpression > LogicalExpression)" +
            ":has(BinaryExpression[right.value='object'] > UnaryExpression.left[operator='typeof'])" +
            ":has(UnaryExpression[operator='!'] > CallExpression.argument[callee.object.name='Array'][callee.property.name='isArray'])",
          message: 'use isRecord from contract/common.ts instead of writing the plain-object test out',
        },
        {
          selector: 'Literal[value=/pk_sandbox_demo/], TemplateElement[value.raw=/pk_sandbox_demo/]',
          message: "use DEMO_PUBLIC_KEY (contract/merchants.ts) or DEMO_MERCHANT (domain/merchants.ts) instead of the demo key's literal",
        },
        {
          selector: 'Literal[value=/••••/], TemplateElement[value.raw=/••••/]',
          message: 'use MASKED_SECRET (contract/secret-masking.ts) for the mask of a secret',
        },
      ],
    },
  },
  {
    // The homes themselves.
    files: ['server/contract/common.ts', 'server/contract/merchants.ts', 'server/contract/secret-masking.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Prettier wraps code at 140 columns but leaves long strings, templates and comments alone; this
    // keeps those within the same width. A regular expression or a URL may stay on one line.
    // (The core rule lasts until ESLint 11; @stylistic/max-len replaces it.)
    files: [
      'server/**/*.{ts,mjs}',
      'renderer/src/**/*.{ts,tsx}',
      'electron/**/*.{ts,mjs}',
      'bench/**/*.{ts,mjs}',
      'test/**/*.{ts,tsx,mjs,cjs}',
      '*.{ts,mjs}',
    ],
    rules: { 'max-len': ['error', { code: 140, ignoreUrls: true, ignoreRegExpLiterals: true }] },
  },
  {
    // Tests and benchmarks parse loosely typed JSON answers on purpose.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.{mjs,js,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    rules: { 'no-control-regex': 'off', 'no-unused-expressions': 'off', '@typescript-eslint/no-unused-expressions': 'off' },
    languageOptions: { globals: nodeGlobals },
  },
  {
    // CommonJS fixtures (a fake Electron module loaded with require).
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { ...nodeGlobals, require: 'readonly', module: 'writable', __filename: 'readonly', __dirname: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
