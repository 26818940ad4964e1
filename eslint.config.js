import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    // Routes and services reach the data only through the storage port (server/store/port.ts):
    // never an engine, an adapter or the PostgreSQL schema. Tests may pick an adapter.
    files: ['server/routes/**/*.ts', 'server/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'lowdb',
                'lowdb/**',
                'json-server',
                'json-server/**',
                '**/pg',
                '**/pg/**',
                'pg-*',
                'kysely',
                'kysely/**',
                '**/store/json',
                '**/store/json/**',
                '**/store/postgres',
                '**/store/postgres/**',
              ],
              message: 'Routes and services talk to the storage port (server/store/port.ts) only.',
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
