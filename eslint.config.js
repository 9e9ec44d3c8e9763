import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const browserOnly = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'fetch', 'history', 'XMLHttpRequest'];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', '.test-data/', 'coverage/', 'docs/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Views render actor state and send events: no HTTP, no storage.
    files: ['src/views/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'ky', message: 'Views never call HTTP: send an event to a machine.' }],
        patterns: [{ group: ['**/api', '**/api/**', '@/api/**'], message: 'Views never import src/api: render actor state instead.' }],
      }],
      'no-restricted-globals': ['error', 'localStorage', 'sessionStorage', 'fetch', 'XMLHttpRequest'],
    },
  },
  {
    // Machines are pure: effects are injected with machine.provide(...) in src/app.
    files: ['src/machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [
          { name: 'ky', message: 'Machines are pure: inject effects with .provide().' },
          { name: 'react', message: 'Machines are pure: no React.' },
          { name: 'react-dom', message: 'Machines are pure: no React.' },
        ],
        patterns: [
          { group: ['@mui/*', 'react/*', 'react-dom/*'], message: 'Machines are pure: no UI.' },
          { group: ['**/api', '**/api/**', '**/views/**'], message: 'Machines are pure: effects are injected.' },
        ],
      }],
      'no-restricted-globals': ['error', ...browserOnly],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/**'], message: 'The server does not import the console.' }] }],
    },
  },
);
