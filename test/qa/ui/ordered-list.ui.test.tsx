import { orderedListModel } from '../../support/models/ordered-list';
import { orderedListUi } from './ordered-list.ui';
import { describeUiPaths } from './paths';

describeUiPaths(orderedListModel, orderedListUi);
