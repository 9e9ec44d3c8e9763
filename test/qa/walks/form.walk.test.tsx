import { formWalk } from './form.walk';
import { describeWalks } from './walk';

// A stored training plan's form (the form model's `editing` scenario). Budget: docs/qa-guide.md, "Random walks".
describeWalks(formWalk, { walks: 4, maxSteps: 10 });
