import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const browserOnly = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'fetch', 'history', 'XMLHttpRequest'];

/** The folders of src/ that a folder may not import, as no-restricted-imports patterns. */
const folders = (...names) => names.flatMap((name) => [`**/${name}`, `**/${name}/**`]);

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
    // React's rules of hooks, wherever React runs: the console and the tests that render it.
    files: ['src/**/*.{ts,tsx}', 'test/views/**/*.{ts,tsx}', 'test/qa/ui/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // Import cycles: none. One block for every folder checked (the console's src/ here; the server's floors join it).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // The domain is plain types and rules: it imports nothing but its own files and the wire contract's types.
    files: ['src/domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          { regex: '^(?!\\./|(\\.\\./)+contract(/|$))', message: 'The domain imports nothing: it is plain types and rules.' },
          { regex: '^(\\.\\./)+contract(/|$)', allowTypeImports: true, message: 'The domain takes only types from the contract.' },
        ],
      }],
    },
  },
  {
    // The API layer speaks HTTP and caches answers; it never knows who asks: no machines, views or composition.
    files: ['src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: folders('machines', 'views', 'app', 'i18n'), message: 'src/api never imports machines, views or src/app.' }],
      }],
    },
  },
  {
    // The texts: i18next and the resources, nothing of the console's parts.
    files: ['src/i18n/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: folders('machines', 'views', 'app', 'api', 'domain'), message: 'src/i18n holds only the texts and their setup.' }],
      }],
    },
  },
  {
    // Views render actor state and send events: no HTTP, no storage, no composition.
    files: ['src/views/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'ky', message: 'Views never call HTTP: send an event to a machine.' }],
        patterns: [
          { group: [...folders('api'), '@/api/**'], message: 'Views never import src/api: render actor state instead.' },
          { group: folders('app'), message: 'Views never import src/app: they get actors, src/app gives them.' },
        ],
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
          { group: folders('api', 'views', 'app', 'i18n'), message: 'Machines are pure: effects are injected.' },
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
