import { listModel } from '../support/models/list';
import { describeMachinePaths } from '../support/paths/machine-paths';

describeMachinePaths(listModel);
