import { sessionWalk } from './session.walk';
import { describeWalks } from './walk';

// Restoring, signing in and out, assuming a tenant, the profile. Budget: docs/qa-guide.md, "Random walks".
describeWalks(sessionWalk, { walks: 4, maxSteps: 10 });
