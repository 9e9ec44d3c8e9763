import { notificationsModel } from '../support/models/notifications';
import { describeMachinePaths } from '../support/paths/machine-paths';

describeMachinePaths(notificationsModel);
