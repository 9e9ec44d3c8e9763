import { orderedListWalk } from './ordered-list.walk';
import { describeWalks } from './walk';

// A plan's modules (the ordered list model's `modules` scenario). Budget: docs/qa-guide.md, "Random walks".
describeWalks(orderedListWalk, { walks: 10, maxSteps: 12 });
