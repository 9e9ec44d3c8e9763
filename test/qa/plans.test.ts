import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { plansDirectory, renderIndex, renderPlan, withoutMeasuredFigures } from './plans';
import { printableDirectory, renderPrintable } from './printable';
import { registry } from '../support/models/registry';
import { reviewedDirectory } from '../support/paths/reviewed';

const root = join(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(root, plansDirectory, file), 'utf8');

describe('test plans', () => {
  it('the registry has a model for every machine of src/machines, under its file name', () => {
    const machines = readdirSync(join(root, 'src/machines'))
      .filter((file) => file.endsWith('.machine.ts'))
      .map((file) => file.replace('.machine.ts', ''));
    expect(registry.map((model) => model.name).sort()).toEqual(machines.sort());
  });

  it('every machine has its UI path tests (test/qa/ui/<name>.ui.test.tsx)', () => {
    const files = readdirSync(join(root, 'test/qa/ui'));
    expect(registry.map((model) => `${model.name}.ui.test.tsx`).filter((file) => !files.includes(file))).toEqual([]);
  });

  it('every machine has its path tests (test/machines/<name>.paths.test.ts, from its model)', () => {
    const files = readdirSync(join(root, 'test/machines'));
    expect(registry.map((model) => `${model.name}.paths.test.ts`).filter((file) => !files.includes(file))).toEqual([]);
  });

  it('docs/test-plans holds one plan per machine and the index, nothing else', () => {
    expect(readdirSync(join(root, plansDirectory)).sort()).toEqual(
      ['README.md', 'print', ...registry.map((model) => `${model.name}.md`)].sort(),
    );
    expect(readdirSync(join(root, printableDirectory)).sort()).toEqual(registry.map((model) => `${model.name}.html`).sort());
    expect(read('README.md')).toBe(renderIndex(registry));
    expect(readdirSync(join(root, reviewedDirectory)).sort()).toEqual(registry.map((model) => `${model.name}.json`).sort());
  });

  // A change to a machine or its model must show as a change to its plan in review: `npm run test-plans`.
  it.each(registry.map((model) => [model.name, model] as const))(
    'the committed plan of %s is the one its machine and model give',
    async (name, model) => {
      const committed = read(`${name}.md`);
      expect(withoutMeasuredFigures(committed), `docs/test-plans/${name}.md is stale: run npm run test-plans`).toBe(
        withoutMeasuredFigures(await renderPlan(model)),
      );
      expect(committed, 'the committed plan carries the figures measured in the UI').not.toContain('not measured');
      const printable = readFileSync(join(root, printableDirectory, `${name}.html`), 'utf8');
      expect(printable, `${printableDirectory}/${name}.html is stale: run npm run test-plans`).toBe(
        renderPrintable(committed, `Test plan: the ${name} machine`),
      );
    },
  );
});
