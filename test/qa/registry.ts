import type { MachineModel } from './model';
import { contentWizardModel } from './models/content-wizard';
import { formModel } from './models/form';
import { listModel } from './models/list';
import { notificationsModel } from './models/notifications';
import { orderedListModel } from './models/ordered-list';
import { sessionModel } from './models/session';
import { userImportModel } from './models/user-import';
import { videoAccessModel } from './models/video-access';

/** Every machine of src/machines under test, in the order their plans are listed. */
export const registry: MachineModel[] = [
  sessionModel,
  listModel,
  formModel,
  contentWizardModel,
  orderedListModel,
  videoAccessModel,
  notificationsModel,
  userImportModel,
];
