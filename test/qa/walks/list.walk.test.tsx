import { listWalk } from './list.walk';
import { describeWalks } from './walk';

// The companies list (the list model's `paged` scenario). Budget: docs/qa-guide.md, "Random walks".
describeWalks(listWalk, { walks: 4, maxSteps: 10 });
