import { describe, expect, it } from 'vitest';
import { orderedListModel } from '../support/models/ordered-list';
import { describeMachinePaths } from '../support/paths/machine-paths';
import { exploreModel } from '../support/paths/model';

describeMachinePaths(orderedListModel);

describe('ordered list machine: what its plan takes', () => {
  it('the outcomes that matter: a saved reorder, a rolled-back one, a deletion asked, cancelled and refused', () => {
    const described = exploreModel(orderedListModel).flatMap(({ graph }) => graph.planPaths.map(graph.describePath));
    for (const outcome of ['drop → save: ok', 'drop → save: 500', 'delete b → cancel delete', 'confirm → delete: 409 not a draft', 'fetch: 500', 'fetch: none']) {
      expect(described.some((path) => path.includes(outcome)), outcome).toBe(true);
    }
  });
});
