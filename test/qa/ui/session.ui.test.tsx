import { sessionModel } from '../../support/models/session';
import { describeUiPaths } from './paths';
import { sessionUi } from './session.ui';

describeUiPaths(sessionModel, sessionUi);
