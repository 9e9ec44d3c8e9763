import { describe, expect, it } from 'vitest';
import type { ContentWizardContext } from '../../src/machines/content-wizard.machine';
import { describeMachinePaths, loadModel, modelOf } from '../support/paths/machine-paths';
import { exploreModel } from '../support/paths/model';

// Loaded while the tests are collected, so that a machine throwing at import fails a test (docs/mutation.md).
const loaded = await loadModel(
  'test/support/models/content-wizard',
  () => import('../support/models/content-wizard'),
  (module) => module.contentWizardModel,
);

describeMachinePaths(loaded);

describe('content wizard: what its graph reaches', () => {
  it('the clamped heights, and a video id only from the uploader', () => {
    const [{ graph }] = exploreModel(modelOf(loaded)) as [ReturnType<typeof exploreModel>[number]];
    const contexts = graph.shortestPaths.map((path) => path.state.context as ContentWizardContext);
    expect([...new Set(contexts.map(({ frameHeight }) => frameHeight))].sort((a, b) => a - b)).toEqual([300, 450, 600, 720, 1200]);
    expect([...new Set(contexts.map(({ externalUuid }) => externalUuid))].sort()).toEqual([null, 'video-1'].sort());
  });
});
