import { describeMachinePaths, loadModel } from '../support/paths/machine-paths';

// Loaded while the tests are collected, so that a machine throwing at import fails a test (docs/mutation.md).
const loaded = await loadModel(
  'test/support/models/session',
  () => import('../support/models/session'),
  (module) => module.sessionModel,
);

describeMachinePaths(loaded);
