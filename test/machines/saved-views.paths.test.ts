import { describeMachinePaths, loadModel } from '../support/paths/machine-paths';

// Loaded while the tests are collected, so that a machine throwing at import fails a test (docs/mutation.md).
describeMachinePaths(await loadModel('saved-views'));
