import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import testingLibrary from 'eslint-plugin-testing-library';
import vitest from '@vitest/eslint-plugin';

const browserOnly = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'fetch', 'history', 'XMLHttpRequest'];

/** The console takes types only from the contract's schemas: the TypeBox runtime stays out of the browser bundle. */
const contractTypesOnly = {
  group: ['**/contract/*.schemas'],
  allowTypeImports: true,
  message: 'The console imports contract schemas as types only (`import type`); plain values live in contract/*.ts without TypeBox.',
};

/** The folders of src/ that a folder may not import, as no-restricted-imports patterns. */
const folders = (...names) => names.flatMap((name) => [`**/${name}`, `**/${name}/**`]);

/** The test folders, one per kind of test (test/README.md); test/support/ holds what they share. */
const testFolders = ['api', 'e2e', 'i18n', 'machines', 'qa', 'repo', 'server', 'views'];

const noConsole = { group: ['**/src/**'], message: 'The server does not import the console.' };

/** A floor of the server: its files import none of `above` (folders of server/), nor the console. */
const serverFloor = (files, above, message) => ({
  files: [files],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [noConsole, { group: above.flatMap((folder) => [`**/${folder}`, `**/${folder}/**`]), message }],
      },
    ],
  },
});

/**
 * The console-only shapes of src/domain (what the machines and the browser hold, not what travels): every other
 * object or literal type there comes from contract/ with Static<>, so no wire shape is written twice. (ResourceRecords
 * and ReportRows only name which contract record each resource or report answers.)
 */
const consoleOnlyShapes = [
  'Failure',
  'ListQuery',
  'ListRequest',
  'ReportRows',
  'ResourceRecords',
  'StoredSession',
  'VideoAccess',
  'VideoFailure',
];
const notConsoleOnly = `[id.name!=/^(${consoleOnlyShapes.join('|')})$/]`;
const handWrittenWireShape =
  'src/domain declares no wire shape by hand: derive it from contract/ with Static<> (console-only shapes are listed in eslint.config.js).';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', '.test-data/', 'coverage/', 'docs/', 'reports/', '.stryker-tmp/', 'bench/react-admin/'] },
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
    files: ['src/**/*.{ts,tsx}', 'test/views/**/*.{ts,tsx}', 'test/qa/ui/**/*.{ts,tsx}', 'test/support/views/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [contractTypesOnly] }],
    },
  },
  {
    // The domain is plain types and rules: it imports its own files, the contract's plain values, and types only
    // from the contract's schemas and TypeBox.
    files: ['src/domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!\\./|(\\.\\./)+contract/|typebox$)', message: 'The domain imports nothing: it is plain types and rules.' },
            { regex: '^typebox$', allowTypeImports: true, message: 'The domain takes only types from TypeBox.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: `TSInterfaceDeclaration${notConsoleOnly}`, message: handWrittenWireShape },
        { selector: `TSTypeAliasDeclaration${notConsoleOnly} TSTypeLiteral`, message: handWrittenWireShape },
        { selector: `TSTypeAliasDeclaration${notConsoleOnly} > TSLiteralType`, message: handWrittenWireShape },
        { selector: `TSTypeAliasDeclaration${notConsoleOnly} > TSUnionType > TSLiteralType`, message: handWrittenWireShape },
      ],
    },
  },
  {
    // The API layer speaks HTTP and caches answers; it never knows who asks: no machines, views or composition.
    files: ['src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            contractTypesOnly,
            { group: folders('machines', 'views', 'app', 'i18n'), message: 'src/api never imports machines, views or src/app.' },
          ],
        },
      ],
    },
  },
  {
    // The texts: i18next and the resources, nothing of the console's parts.
    files: ['src/i18n/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            contractTypesOnly,
            { group: folders('machines', 'views', 'app', 'api', 'domain'), message: 'src/i18n holds only the texts and their setup.' },
          ],
        },
      ],
    },
  },
  {
    // Views render actor state and send events: no HTTP, no storage, no composition.
    files: ['src/views/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'ky', message: 'Views never call HTTP: send an event to a machine.' }],
          patterns: [
            contractTypesOnly,
            { group: [...folders('api'), '@/api/**'], message: 'Views never import src/api: render actor state instead.' },
            { group: folders('app'), message: 'Views never import src/app: they get actors, src/app gives them.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'localStorage', 'sessionStorage', 'fetch', 'XMLHttpRequest'],
    },
  },
  {
    // Machines are pure: effects are injected with machine.provide(...) in src/app.
    files: ['src/machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'ky', message: 'Machines are pure: inject effects with .provide().' },
            { name: 'react', message: 'Machines are pure: no React.' },
            { name: 'react-dom', message: 'Machines are pure: no React.' },
          ],
          patterns: [
            contractTypesOnly,
            { group: ['@mui/*', 'react/*', 'react-dom/*'], message: 'Machines are pure: no UI.' },
            { group: folders('api', 'views', 'app', 'i18n'), message: 'Machines are pure: effects are injected.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...browserOnly],
    },
  },
  {
    // The contract is the bottom floor: both sides import it, it imports neither.
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '**/src/**'], message: 'contract/ imports nothing from server/ or src/.' }] },
      ],
    },
  },
  {
    // Only the schemas use TypeBox: the plain modules are what the console may import as values.
    files: ['contract/**/*.ts'],
    ignores: ['contract/**/*.schemas.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'typebox', message: 'Plain contract modules stay free of TypeBox: the console imports them.' }],
          patterns: [
            {
              group: ['**/server/**', '**/src/**', 'typebox/*', './*.schemas'],
              message: 'A plain contract module imports neither TypeBox nor the schemas, nor server/ or src/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noConsole] }],
    },
  },
  // The server's floors, bottom up: contract ← db ← auth, audit, http, mail ← store ← routes ← app, main. A floor imports
  // only the floors below it; the video service and the mail catcher are services of their own and import only the contract.
  serverFloor(
    'server/db/**/*.ts',
    ['auth', 'audit', 'http', 'mail', 'store', 'routes', 'video-service', 'mail-catcher'],
    'The database floor imports no floor above it (it does not hash passwords: the seed is given the hasher).',
  ),
  serverFloor(
    'server/{auth,audit,http,mail}/**/*.ts',
    ['store', 'routes', 'video-service', 'mail-catcher'],
    'auth, audit, http and mail do not import the store or the routes.',
  ),
  serverFloor(
    'server/store/**/*.ts',
    ['routes', 'video-service', 'mail-catcher'],
    'The store is a repository: it does not import the routes.',
  ),
  serverFloor(
    'server/routes/**/*.ts',
    ['video-service', 'mail-catcher'],
    'The routes do not import the video service or the mail catcher.',
  ),
  serverFloor(
    'server/video-service/**/*.ts',
    ['auth', 'audit', 'db', 'http', 'mail', 'store', 'routes', 'mail-catcher'],
    'The video service runs on its own: it shares only the contract with the API.',
  ),
  serverFloor(
    'server/mail-catcher/**/*.ts',
    ['auth', 'audit', 'db', 'http', 'mail', 'store', 'routes', 'video-service'],
    'The mail catcher runs on its own: it imports nothing of the API.',
  ),
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // One test harness: a test folder imports its own files and test/support/, never a sibling test folder; what two
    // folders need lives in test/support/, which imports no test folder.
    files: ['test/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...testFolders.map((folder) => ({
              target: `./test/${folder}`,
              from: './test',
              except: [`./${folder}`, './support', './fixtures'],
              message: 'Tests import shared helpers from test/support/, not from a sibling test folder.',
            })),
            {
              target: './test/support',
              from: './test',
              except: ['./support', './fixtures'],
              message: 'test/support/ imports no test folder.',
            },
          ],
        },
      ],
    },
  },
  {
    // The tests' habits: Vitest's rules (no focused or skipped test, assertions in every test, no conditional expect)
    // and, where the console is rendered, Testing Library's (queries by role and text, await what is async).
    files: ['test/**/*.{ts,tsx}'],
    plugins: { vitest },
    rules: {
      ...vitest.configs.recommended.rules,
      'vitest/no-focused-tests': 'error',
      'vitest/no-disabled-tests': 'error',
      // `expect(value, 'what failed')`: the message says which step or field, as the path tests print it.
      'vitest/valid-expect': ['error', { maxArgs: 2 }],
      // A title built from the case under test (the database, the walk's budget) is a title.
      'vitest/valid-title': ['error', { allowArguments: true }],
      // A helper that asserts (`expectRow(...)`, `waitForURL(...)`) counts as an assertion; a walk throws its shrunk failure.
      'vitest/expect-expect': [
        'error',
        { assertFunctionNames: ['expect', 'expect*', 'assert*', 'check*', '*.waitForURL', 'runWalks', 'gateFailures'] },
      ],
      // The UI paths' executors and the walks' references assert inside the functions a test calls, and the API suites
      // branch on the scope or database under test with an assertion in every branch: both are the house's pattern.
      'vitest/no-standalone-expect': 'off',
      'vitest/no-conditional-expect': 'off',
    },
  },
  {
    files: ['test/views/**/*.{ts,tsx}', 'test/qa/ui/**/*.{ts,tsx}', 'test/qa/walks/**/*.{ts,tsx}', 'test/support/views/**/*.{ts,tsx}'],
    ...testingLibrary.configs['flat/react'],
    rules: {
      ...testingLibrary.configs['flat/react'].rules,
      // The console is opened whole (`renderConsole`), not rendered: its result is the opened console, not a render result.
      'testing-library/render-result-naming-convention': 'off',
      // The DataGrid's cells, the video frames and the progress bars are reached through the DOM where no role names them.
      'testing-library/no-node-access': 'off',
    },
  },
);
