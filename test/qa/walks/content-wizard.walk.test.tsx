import { contentWizardWalk } from './content-wizard.walk';
import { describeWalks } from './walk';

// A new content's wizard (the content wizard model's `wizard` scenario). Budget: docs/qa-guide.md, "Random walks".
describeWalks(contentWizardWalk, { walks: 4, maxSteps: 10 });
