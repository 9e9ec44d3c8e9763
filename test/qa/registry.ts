import type { MachineModel } from '../support/paths/model';
import { contentWizardModel } from '../support/models/content-wizard';
import { formModel } from '../support/models/form';
import { listModel } from '../support/models/list';
import { notificationsModel } from '../support/models/notifications';
import { orderedListModel } from '../support/models/ordered-list';
import { sessionModel } from '../support/models/session';
import { videoAccessModel } from '../support/models/video-access';

/** Every machine of src/machines under test, in the order their plans are listed. */
export const registry: MachineModel[] = [
  sessionModel,
  listModel,
  formModel,
  contentWizardModel,
  orderedListModel,
  videoAccessModel,
  notificationsModel,
];
