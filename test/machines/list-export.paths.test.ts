import { listExportModel } from '../support/models/list-export';
import { describeMachinePaths } from '../support/paths/machine-paths';

describeMachinePaths(listExportModel);
