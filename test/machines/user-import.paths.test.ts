import { userImportModel } from '../support/models/user-import';
import { describeMachinePaths } from '../support/paths/machine-paths';

describeMachinePaths(userImportModel);
