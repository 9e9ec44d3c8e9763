import babel from '@babel/core';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// `npm run mutation` (docs/mutation.md) is too heavy for `npm test`; this checks it stays set up and out of it.

const root = new URL('../../', import.meta.url);
const packageJson = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { scripts: Record<string, string> };

interface StrykerConfig {
  testRunner: string;
  mutate: string[];
  concurrency: number;
  ignorers: string[];
  plugins: string[];
  vitest: { configFile: string };
}

interface NodePath {
  node: object;
  parentPath?: NodePath;
}
type Ignorer = { shouldIgnore: (path: NodePath) => string | undefined };

const load = async <T>(file: string): Promise<T> => (await import(new URL(file, root).href)) as T;

describe('mutation testing', () => {
  it('is run by npm run mutation, never by npm test', () => {
    expect(packageJson.scripts.mutation).toBe('node scripts/mutation.mjs');
    expect(existsSync(new URL('scripts/mutation.mjs', root))).toBe(true);
    expect(packageJson.scripts.test).not.toMatch(/mutation|stryker/);
  });

  it('mutates the machines and runs their tests with vitest, on at most the 2 cores of the machine', async () => {
    const { default: config } = await load<{ default: StrykerConfig }>('stryker.config.mjs');
    expect(config.testRunner).toBe('vitest');
    expect(config.mutate).toEqual(['src/machines/*.ts']);
    expect(config.concurrency).toBeLessThanOrEqual(2);
    expect(existsSync(new URL(config.vitest.configFile, root))).toBe(true);
    for (const plugin of config.plugins.filter((name) => name.startsWith('./'))) expect(existsSync(new URL(plugin, root))).toBe(true);
  });

  it('leaves out the descriptions of states and transitions and the types of setup(), and nothing else', async () => {
    const { strykerPlugins } = await load<{ strykerPlugins: Array<{ kind: string; name: string; value: Ignorer }> }>(
      'test/mutation/ignore-inert.mjs',
    );
    const { default: config } = await load<{ default: StrykerConfig }>('stryker.config.mjs');
    const [plugin] = strykerPlugins;
    expect(plugin).toMatchObject({ kind: 'Ignore' });
    expect(config.ignorers).toEqual([plugin!.name]);
    const property = (name: string, computed = false) => ({
      node: { type: 'ObjectProperty', computed, key: { type: 'Identifier', name } },
    });
    expect(plugin!.value.shouldIgnore(property('description'))).toMatch(/changes no behaviour/);
    expect(plugin!.value.shouldIgnore(property('target'))).toBeUndefined();
    expect(plugin!.value.shouldIgnore(property('description', true))).toBeUndefined();
    expect(plugin!.value.shouldIgnore({ node: { type: 'StringLiteral', value: 'description' } })).toBeUndefined();
    // `types` as the property of the object given to a call: ignored in `setup({ types })` alone.
    const inCall = (callee: string, name = 'types'): NodePath => {
      const call = { node: { type: 'CallExpression', callee: { type: 'Identifier', name: callee } } };
      return { ...property(name), parentPath: { node: { type: 'ObjectExpression' }, parentPath: call } };
    };
    expect(plugin!.value.shouldIgnore(inCall('setup'))).toMatch(/TypeScript's alone/);
    expect(plugin!.value.shouldIgnore(inCall('createMachine'))).toBeUndefined();
    expect(plugin!.value.shouldIgnore(inCall('setup', 'actors'))).toBeUndefined();
    expect(plugin!.value.shouldIgnore(property('types'))).toBeUndefined();
    // An object holding only a description (a state with nothing else) is the empty object to the machine.
    const object = (...names: string[]): NodePath => ({
      node: { type: 'ObjectExpression', properties: names.map((name) => property(name).node) },
    });
    expect(plugin!.value.shouldIgnore(object('description'))).toMatch(/an empty one/);
    expect(plugin!.value.shouldIgnore(object('description', 'on'))).toBeUndefined();
    expect(plugin!.value.shouldIgnore(object())).toBeUndefined();
  });
});

describe('the equivalent mutants left out', () => {
  it('are listed beside the ignorer, not as pragmas in src/machines', () => {
    const sources = readdirSync(new URL('src/machines/', root)).map((file) => readFileSync(new URL(`src/machines/${file}`, root), 'utf8'));
    expect(sources.filter((source) => /Stryker (disable|restore)/.test(source))).toEqual([]);
  });

  it('each stands in the machine as written, and is left out there alone', async () => {
    const { strykerPlugins, equivalentMutants } = await load<{
      strykerPlugins: Array<{ value: Ignorer }>;
      equivalentMutants: Array<{ file: string; within: string }>;
    }>('test/mutation/ignore-inert.mjs');
    const ignorer = strykerPlugins[0]!.value;
    // Parsed and walked as Stryker's instrumenter does (@babel/core, with the file's name and code on the path).
    const ignored = new Map<string, number>();
    for (const file of new Set(equivalentMutants.map((entry) => entry.file))) {
      const code = readFileSync(new URL(file, root), 'utf8');
      const ast = babel.parseSync(code, { filename: file, presets: ['@babel/preset-typescript'], configFile: false, babelrc: false });
      const parsed = new (babel as unknown as { File: new (options: object, input: object) => { ast: object } }).File(
        { filename: file },
        { code, ast },
      );
      babel.traverse(parsed.ast as never, {
        enter(path) {
          const reason = ignorer.shouldIgnore(path as unknown as NodePath);
          if (reason?.startsWith('Equivalent')) {
            ignored.set(`${file} ${path.getSource()}`, (ignored.get(`${file} ${path.getSource()}`) ?? 0) + 1);
            path.skip();
          }
        },
      });
    }
    for (const { file, within } of equivalentMutants) {
      const found = [...ignored.keys()].filter((key) => key.startsWith(`${file} `) && within.includes(key.slice(file.length + 1)));
      expect(found.length, `${file}: ${within}`).toBeGreaterThan(0);
    }
    // Only the mutated nodes themselves: a literal, an optional chain, an array or an object, never a whole statement.
    expect([...ignored.keys()].filter((key) => key.length > 200)).toEqual([]);
  });
});
