/// <reference types="vitest/config" />
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { constants } from 'node:zlib';
import { routeChunkModules, routeChunksElementId } from './src/app/route-chunks.ts';

const postgresUrl = process.env.DATABASE_URL;

/**
 * The page's first script, `src/boot.ts`: an entry of its own, written into index.html before the console's entry
 * with its few modules preloaded. It runs as soon as they are there, long before the console's code has come, and
 * asks for the route's data and code at once (src/app/README.md, "How the code is split"). The code it asks for is
 * listed in the page as a JSON data block: the files of each chunk of `route-chunks.ts` (its module's chunk and the
 * chunks that one imports, less those the page loads anyway).
 */
function bootScript(): Plugin {
  return {
    name: 'console-boot-script',
    apply: 'build',
    config: () => ({ build: { rolldownOptions: { input: { index: 'index.html', boot: 'src/boot.ts' } } } }),
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle = {} }) {
        const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
        const entry = (name: string) => chunks.find((chunk) => chunk.isEntry && chunk.name === name);
        const withImports = (chunk: Rolldown.OutputChunk, into = new Set<string>()) => {
          if (into.has(chunk.fileName)) return into;
          into.add(chunk.fileName);
          for (const file of chunk.imports)
            withImports(
              chunks.find((other) => other.fileName === file)!,
              into,
            );
          return into;
        };
        const boot = entry('boot');
        const index = entry('index');
        if (!boot || !index) throw new Error('The build has no boot entry (src/boot.ts) or no page entry');
        const onThePage = new Set([...withImports(boot), ...withImports(index)]);
        const routeChunks = Object.fromEntries(
          Object.entries(routeChunkModules).map(([name, modulePath]) => {
            const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(`/${modulePath}`)));
            if (!chunk) throw new Error(`No chunk holds ${modulePath} (route-chunks.ts)`);
            return [name, [...withImports(chunk)].filter((file) => !onThePage.has(file)).map((file) => `/${file}`)];
          }),
        );
        const bootFiles = [...withImports(boot)].filter((file) => file !== boot.fileName);
        return [
          { tag: 'script', attrs: { type: 'module', crossorigin: true, src: `/${boot.fileName}` }, injectTo: 'head-prepend' },
          ...bootFiles.map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head-prepend',
          })),
          // Data, not a script: the page's policy (script-src 'self') does not apply to it.
          {
            tag: 'script',
            attrs: { type: 'application/json', id: routeChunksElementId },
            children: JSON.stringify(routeChunks),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * Fewer, larger chunks than the automatic split, which made a chunk of every set of modules that some screens share
 * (36 files for a list): the modules the boot script reaches go into one chunk (`first-load`), every other module
 * the page's entry reaches into another (`console`), and every module the signed-in console reaches beyond those into
 * a third (`signed-in-console`), where the chunks of the screens (grid, form, wizard…) find what they share with it;
 * the libraries' modules that two screens or more share beyond those go into a fourth (`screen-parts`).
 * The plugin reads the module graph once it is built; the groups sort the modules by it when the chunks are made.
 */
function consoleChunks() {
  const sets = { boot: new Set<string>(), page: new Set<string>(), signedIn: new Set<string>() };
  const plugin: Plugin = {
    name: 'console-chunks',
    apply: 'build',
    buildEnd() {
      const reach = (from: string, into: Set<string>) => {
        const stack = [path.resolve(from)];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (into.has(id)) continue;
          into.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      reach('src/boot.ts', sets.boot);
      reach('src/main.tsx', sets.page);
      reach('src/app/signed-in-console.tsx', sets.signedIn);
    },
  };
  const groups: Rolldown.CodeSplittingGroup[] = [
    { name: 'first-load', priority: 3, test: (id) => sets.boot.has(id) },
    { name: 'console', priority: 2, test: (id) => sets.page.has(id) },
    { name: 'signed-in-console', priority: 1, test: (id) => sets.signedIn.has(id) },
    // The libraries' modules that several screens share beyond those (MUI's Switch, Tabs, Radio, Table…): one chunk,
    // not a file of each that a screen's chunks would import one by one (9 files for the grid instead of 3).
    { name: 'screen-parts', priority: 0, test: /node_modules/, minShareCount: 2 },
  ];
  return { plugin, groups };
}

const chunks = consoleChunks();

// One config for the console build and for every test project.
/**
 * Vitest runs one worker less than the cores: one on a 2-core machine. The first two groups run two at least: the
 * first (node and jsdom alone) keeps both cores busy while its main process only waits; in the second (the console in
 * jsdom, the API suites) each file has its own database and server on a free port, and a file waiting on PostgreSQL
 * leaves its core to the other. Chromium's group keeps one: a browser and the server it drives fill both cores.
 */
const cheapWorkers = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  plugins: [
    react(),
    bootScript(),
    chunks.plugin,
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
    rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
  },
  test: {
    reporters: ['default', './test/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          // The hand-written unit tests: the machines' rules, the HTTP layer, the texts, the repository.
          name: 'unit',
          maxWorkers: cheapWorkers,
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
          maxWorkers: cheapWorkers,
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
          maxWorkers: cheapWorkers,
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
          maxWorkers: cheapWorkers,
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
          maxWorkers: cheapWorkers,
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
          maxWorkers: cheapWorkers,
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
                maxWorkers: cheapWorkers,
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
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
