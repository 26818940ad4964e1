import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The boundary rule for `files`; `extra`: element types every layer may also import. */
function layers(files, extra) {
  const to = (...types) => ({ to: { element: { types: { anyOf: [...types, ...extra] } } } });
  const policy = (from, ...allow) => ({ from: { element: { type: from } }, allow });
  return [
    {
      ...files,
      plugins: { boundaries },
      settings: {
        'import/resolver': { node: { extensions: ['.ts', '.tsx'] } },
        'boundaries/include': ['src/**/*'],
        'boundaries/elements': [
          { type: 'entry', pattern: 'src/*.{ts,tsx}', partialMatch: false },
          { type: 'app', pattern: 'src/app' },
          { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
          { type: 'components', pattern: 'src/components' },
          { type: 'lib', pattern: 'src/lib' },
          { type: 'domain', pattern: 'src/domain' },
          { type: 'test', pattern: 'src/test' },
        ],
      },
      rules: {
        'boundaries/dependencies': [
          'error',
          {
            default: 'disallow',
            message:
              '{{from.element.type}} {{from.element.captured.feature}} may not import ' +
              '{{to.element.type}} {{to.element.captured.feature}} (the layers are in eslint.config.js)',
            policies: [
              policy('entry', to('entry', 'app', 'feature', 'components', 'lib', 'domain')),
              policy('app', to('app', 'feature', 'components', 'lib', 'domain')),
              policy(
                'feature',
                { to: { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } } },
                to('components', 'lib', 'domain'),
              ),
              policy('components', to('components', 'lib', 'domain')),
              policy('lib', to('lib', 'domain')),
              // What the client and the server share: types, the product field table, rules, prices,
              // constants, messages. Plain TypeScript that imports nothing but itself.
              policy('domain', to('domain')),
              policy('test', to('test', 'app', 'feature', 'components', 'lib', 'domain')),
            ],
          },
        ],
      },
    },
  ];
}

/**
 * The server never imports the React app: from src/ it may import only src/domain, the
 * code the client and the server share (types, the product field table, rules, prices, constants,
 * the first-paint element names), which holds no React (its own fence is below). The first
 * screens it pre-paints are rendered at build time (build/prepaint.ts) and read from the build.
 * A path from src/, without extension, as a regular expression.
 */
const SERVER_MAY_IMPORT_FROM_SRC = ['domain/[A-Za-z]+'];
const SERVER_REACT_FENCE = [
  {
    // A relative path into src/ (any depth, or src/ itself) that is not one of the allowed modules.
    regex: `^\\.\\.?/(?:.*/)?src(?:/(?!(?:${SERVER_MAY_IMPORT_FROM_SRC.join('|')})(?:\\.tsx?)?$).*)?$`,
    message:
      'The server imports from src/ only its React-free modules (SERVER_MAY_IMPORT_FROM_SRC in eslint.config.js); ' +
      'first screens are rendered at build time (build/prepaint.ts).',
  },
  {
    group: ['react', 'react-dom', 'react-dom/**', 'react-redux', 'react-router', 'react-router-dom', 'react-router/**', '@headlessui/*', '@heroicons/**', '**/build/prepaintRender', '**/build/prepaintRender.tsx'],
    message: 'The server does not run React: first screens are rendered at build time (build/prepaint.ts).',
  },
];

/**
 * The server's modules (docs/architecture.md): one folder per business concept under
 * server/modules/. A module uses another only through that module's service: its SQL (pg.ts,
 * pg/) and its routes (routes.ts, *Routes.ts) are its own. An import that leaves a module's folder
 * is `../<module>/…` (or `../../<module>/…` from its pg/ folder); only the database's adapter
 * (server/db/pgStore.ts) binds every module's SQL, and only the app (server/app.ts) mounts every
 * module's routes.
 */
const MODULE_FENCE = [
  {
    regex: '^(?:\\.\\./)+(?!(?:http|query|db)/)[A-Za-z]+/pg(?:/|$)',
    message: "A module does not import another module's SQL: ask that module's service (docs/architecture.md).",
  },
  {
    regex: '^(?:\\.\\./)+(?!(?:http|query|db)/)[A-Za-z]+/(?:routes|[A-Za-z]+Routes)$',
    message: "A module does not import another module's routes: the app mounts them (server/app.ts).",
  },
];
/** What a module's routes and services never import: the data is reached through the storage port. */
const PORT_ONLY = [
  {
    group: ['lowdb', 'lowdb/**', 'json-server', 'json-server/**', 'pg', 'pg-*', 'kysely', 'kysely/**', './pg', './pg/**'],
    message: 'Routes and services talk to the storage port (server/db/port.ts) only.',
  },
  {
    regex: '^(?:\\.\\./)+db/(?!(?:port|tx|snapshot)$)',
    message: 'Routes and services talk to the storage port (server/db/port.ts) only.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'test-results', 'playwright-report', '.data'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['server/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: SERVER_REACT_FENCE }] },
  },
  {
    // Each block's options replace the ones before it: every block repeats the fences it keeps.
    files: ['server/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...MODULE_FENCE, ...SERVER_REACT_FENCE] }] },
  },
  {
    // A module's routes and services reach the data only through the storage port
    // (server/db/port.ts): never an engine, an adapter, a SQL file or the PostgreSQL schema; the
    // adapter (server/db/pgStore.ts) binds the module's SQL (pg.ts, pg/) to the database. Tests
    // may pick an adapter.
    files: ['server/modules/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/modules/*/pg.ts', 'server/modules/*/pg/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...PORT_ONLY, ...MODULE_FENCE, ...SERVER_REACT_FENCE] }] },
  },
  // The client's layers (CONVENTIONS.md): app → features → components / lib → domain, and a feature
  // never imports another feature's files; what two features share lives in components/ or lib/,
  // and a page that composes several features lives in app/pages.
  ...layers({ files: ['src/**/*.{ts,tsx}'], ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**'] }, []),
  // Tests follow the same lines, and may also use the test helpers (src/test/) and the store.
  ...layers({ files: ['src/**/*.test.{ts,tsx}', 'src/test/**'] }, ['test', 'app']),
  {
    // src/domain is shared by the client and the server: plain TypeScript, no React, no Node.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'react/**', '@reduxjs/**', '@headlessui/*', '@heroicons/**', 'node:*', 'fs', 'path', 'crypto', '**/server/**', '**/features/**', '**/components/**', '**/app/**'],
              message: 'src/domain is shared by the client and the server: no React, no Node, no app code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures take a `use` callback that is not React's `use` hook.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
);
