import type { MachineModel } from '../paths/model';
import { accountActionsModel } from './account-actions';
import { accountLinkModel } from './account-link';
import { contentWizardModel } from './content-wizard';
import { formModel } from './form';
import { listExportModel } from './list-export';
import { listModel } from './list';
import { notificationsModel } from './notifications';
import { orderedListModel } from './ordered-list';
import { quizExchangeModel } from './quiz-exchange';
import { quizPreviewModel } from './quiz-preview';
import { savedViewsModel } from './saved-views';
import { sessionModel } from './session';
import { twoFactorModel } from './two-factor';
import { userImportModel } from './user-import';
import { videoAccessModel } from './video-access';

/** Every machine of src/machines under test, in the order their plans are listed. */
export const registry: MachineModel[] = [
  sessionModel,
  listModel,
  formModel,
  contentWizardModel,
  orderedListModel,
  videoAccessModel,
  notificationsModel,
  listExportModel,
  userImportModel,
  twoFactorModel,
  accountLinkModel,
  accountActionsModel,
  quizPreviewModel,
  quizExchangeModel,
  savedViewsModel,
];
