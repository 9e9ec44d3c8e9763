import { listModel } from '../../support/models/list';
import { listUi } from './list.ui';
import { describeUiPaths } from './paths';

describeUiPaths(listModel, listUi);
