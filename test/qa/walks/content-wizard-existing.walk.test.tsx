import { existingContentWalk } from './content-wizard.walk';
import { describeWalks } from './walk';

// An existing content's upload (the content wizard model's `existing content` scenario). Budget: docs/qa-guide.md, "Random walks".
describeWalks(existingContentWalk, { walks: 4, maxSteps: 10 });
