import { describe, expect, it } from 'vitest';
import { describeMachinePaths, loadModel, modelOf } from '../support/paths/machine-paths';
import { exploreModel } from '../support/paths/model';

// Loaded while the tests are collected, so that a machine throwing at import fails a test (docs/mutation.md).
const loaded = await loadModel(
  'test/support/models/ordered-list',
  () => import('../support/models/ordered-list'),
  (module) => module.orderedListModel,
);

describeMachinePaths(loaded);

describe('ordered list machine: what its plan takes', () => {
  it('the outcomes that matter: a saved reorder, a rolled-back one, a deletion asked, cancelled and refused', () => {
    const described = exploreModel(modelOf(loaded)).flatMap(({ graph }) => graph.planPaths.map(graph.describePath));
    for (const outcome of [
      'drop → save: ok',
      'drop → save: 500',
      'delete b → cancel delete',
      'confirm → delete: 409 not a draft',
      'fetch: 500',
      'fetch: none',
    ]) {
      expect(
        described.some((path) => path.includes(outcome)),
        outcome,
      ).toBe(true);
    }
  });
});
