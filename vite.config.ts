/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';

const postgresUrl = process.env.DATABASE_URL;

// One config for the console build and for every test project.
export default defineConfig({
  plugins: [
    react(),
    // A brotli and a gzip copy beside every text file of the build, served as they are by server/http/spa.ts; a copy
    // no smaller than its original is not written. Source maps, fetched only by browser tools, get a quicker level.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(html|js|css|svg|json)$/, logLevel: 'silent' }),
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
        defineAlgorithm('gzip', { level: 6 }),
      ],
      include: /\.map$/,
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    // Source maps for every chunk, linked from it, so browser tools and audits map the minified code back.
    sourcemap: true,
    // Every browser the console supports preloads modules itself.
    modulePreload: { polyfill: false },
  },
  test: {
    reporters: ['default', './test/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          // The hand-written unit tests: the machines' rules, the HTTP layer, the texts, the repository.
          name: 'unit',
          environment: 'node',
          testTimeout: 60_000,
          include: ['test/machines/**/*.test.ts', 'test/api/**/*.test.ts', 'test/repo/**/*.test.ts', 'test/i18n/**/*.test.ts'],
          exclude: ['test/machines/**/*.paths.test.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          // QA's paths on the machines: every path of each machine's golden driven once (docs/qa-guide.md), the gate.
          name: 'qa',
          environment: 'node',
          // A ceiling for a machine loaded by other work, not a speed target.
          testTimeout: 60_000,
          include: ['test/machines/**/*.paths.test.ts', 'test/qa/*.test.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'views',
          environment: 'jsdom',
          include: ['test/views/**/*.test.tsx'],
          setupFiles: ['test/support/views/setup.ts'],
          testTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          // QA's path tests: every plan path of test/support/models/registry.ts played in the real console (see docs/qa-guide.md).
          name: 'qa:ui',
          environment: 'jsdom',
          include: ['test/qa/ui/**/*.test.tsx'],
          setupFiles: ['test/support/views/setup.ts'],
          testTimeout: 60_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          // QA's random walks: seeded event sequences in the real console, shrunk by fast-check when they fail (docs/qa-guide.md).
          name: 'qa:walks',
          environment: 'jsdom',
          include: ['test/qa/walks/**/*.test.tsx'],
          setupFiles: ['test/support/views/setup.ts'],
          // A run of walks is one test: its ceiling grows with the budget (WALKS, WALK_STEPS), on a loaded machine.
          testTimeout: 600_000 + Number(process.env.WALKS ?? 0) * Number(process.env.WALK_STEPS ?? 12) * 10_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'server:pglite',
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
          // `*.postgres.test.ts`: PostgreSQL alone (row-level security, several connections).
          exclude: ['test/server/**/*.postgres.test.ts'],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['test/support/server/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 1 },
        },
      },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: {
                name: 'server:postgres',
                environment: 'node' as const,
                include: ['test/server/**/*.test.ts'],
                // `*.pglite.test.ts`: the embedded database alone (its worker thread).
                exclude: ['test/server/**/*.pglite.test.ts'],
                env: { TEST_DB: 'postgres' },
                globalSetup: ['test/support/server/global-setup.ts'],
                testTimeout: 90_000,
                hookTimeout: 60_000,
                sequence: { groupOrder: 1 },
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A page waited for, as a user waits for it: a loaded 2-core machine takes seconds, not the 1 s default.
          expect: { poll: { timeout: 15_000 } },
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
