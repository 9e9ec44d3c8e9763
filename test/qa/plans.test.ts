import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registry } from '../support/models/registry';
import { goldenDirectory } from '../support/paths/golden';
import { plansDirectory, renderIndex } from '../support/paths/plan';

const root = join(import.meta.dirname, '../..');

// Each plan's freshness is its machine's path test (test/machines/<name>.paths.test.ts), which drives the paths the
// plan is written from; this file checks that every machine has its model, its tests, its golden and its plan.
describe('test plans', () => {
  it('the registry has a model for every machine of src/machines, under its file name', () => {
    const machines = readdirSync(join(root, 'src/machines'))
      .filter((file) => file.endsWith('.machine.ts'))
      .map((file) => file.replace('.machine.ts', ''));
    expect(registry.map((model) => model.name).sort()).toEqual(machines.sort());
  });

  it('every machine has its path tests on the machine (test/machines/<name>.paths.test.ts) and in the console (test/qa/ui/<name>.ui.test.tsx)', () => {
    const machineTests = readdirSync(join(root, 'test/machines'));
    const uiTests = readdirSync(join(root, 'test/qa/ui'));
    expect(registry.map((model) => `${model.name}.paths.test.ts`).filter((file) => !machineTests.includes(file))).toEqual([]);
    expect(registry.map((model) => `${model.name}.ui.test.tsx`).filter((file) => !uiTests.includes(file))).toEqual([]);
  });

  it('docs/test-plans holds one plan per machine and the index, test/machines/plans one golden per machine, nothing else', () => {
    expect(
      readdirSync(join(root, plansDirectory))
        .filter((file) => file !== 'print')
        .sort(),
    ).toEqual(['README.md', ...registry.map((model) => `${model.name}.md`)].sort());
    expect(readFileSync(join(root, plansDirectory, 'README.md'), 'utf8')).toBe(renderIndex(registry));
    expect(readdirSync(join(root, goldenDirectory)).sort()).toEqual(registry.map((model) => `${model.name}.yaml`).sort());
  });
});
