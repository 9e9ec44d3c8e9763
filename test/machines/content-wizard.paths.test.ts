import { describe, expect, it } from 'vitest';
import type { ContentWizardContext } from '../../src/machines/content-wizard.machine';
import { contentWizardModel } from '../support/models/content-wizard';
import { describeMachinePaths } from '../support/paths/machine-paths';
import { exploreModel } from '../support/paths/model';

describeMachinePaths(contentWizardModel);

describe('content wizard: what its graph reaches', () => {
  it('the clamped heights, and a video id only from the uploader', () => {
    const [{ graph }] = exploreModel(contentWizardModel) as [ReturnType<typeof exploreModel>[number]];
    const contexts = graph.shortestPaths.map((path) => path.state.context as ContentWizardContext);
    expect([...new Set(contexts.map(({ frameHeight }) => frameHeight))].sort((a, b) => a - b)).toEqual([300, 450, 600, 720, 1200]);
    expect([...new Set(contexts.map(({ externalUuid }) => externalUuid))].sort()).toEqual([null, 'video-1'].sort());
  });
});
