import { videoAccessModel } from '../support/models/video-access';
import { describeMachinePaths } from '../support/paths/machine-paths';

describeMachinePaths(videoAccessModel);
