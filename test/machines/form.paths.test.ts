import { formModel } from '../support/models/form';
import { describeMachinePaths } from '../support/paths/machine-paths';

describeMachinePaths(formModel);
