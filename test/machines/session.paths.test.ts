import { sessionModel } from '../support/models/session';
import { describeMachinePaths } from '../support/paths/machine-paths';

describeMachinePaths(sessionModel);
