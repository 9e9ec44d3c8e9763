import { formModel } from '../../support/models/form';
import { formUi } from './form.ui';
import { describeUiPaths } from './paths';

describeUiPaths(formModel, formUi);
