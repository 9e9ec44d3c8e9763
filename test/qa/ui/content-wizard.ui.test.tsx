import { contentWizardModel } from '../../support/models/content-wizard';
import { contentWizardUi } from './content-wizard.ui';
import { describeUiPaths } from './paths';

describeUiPaths(contentWizardModel, contentWizardUi);
