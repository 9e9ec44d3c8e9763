import { asc, eq, sql } from 'drizzle-orm';
import { itemActivityId, planActivityId } from '../../contract/activity-ids';
import type { Database } from './client';
import { enrolments, users } from './schema';

/**
 * Stores statements as the LRS does, under a new credential of the company named `label` (given by the server:
 * the database floor does not validate statements; `routes/xapi/demo-statements.ts`).
 */
export type StoreDemoStatements = (
  tx: Database,
  owner: { tenantId: string; companyId: string },
  label: string,
  statements: Record<string, unknown>[],
) => Promise<void>;

const day = 24 * 60 * 60 * 1000;

interface DemoItem {
  id: string;
  title: string;
  type: 'CONTENT' | 'QUIZ';
}

/** One learner's steps: the day (before the seeding) and what the learner app said. */
type Step = { daysAgo: number; verb: 'launched' | 'completed' | 'passed' | 'failed'; item?: number; score?: number };

/**
 * What each enrolled learner of the onboarding plan did, in the order the learners are read (the overdue learner
 * last): two finished the plan weeks apart, two are under way, one has not started, and the overdue one stopped after
 * the first item. A quiz is passed with a score; one learner failed it once before passing.
 */
const journeys: Step[][] = [
  [
    { daysAgo: 20, verb: 'launched' },
    { daysAgo: 19, verb: 'completed', item: 0 },
    { daysAgo: 18, verb: 'passed', item: 1, score: 0.9 },
    { daysAgo: 12, verb: 'completed', item: 2 },
    { daysAgo: 11, verb: 'passed', item: 3, score: 0.85 },
  ],
  [
    { daysAgo: 15, verb: 'launched' },
    { daysAgo: 15, verb: 'completed', item: 0 },
    { daysAgo: 14, verb: 'passed', item: 1, score: 0.8 },
    { daysAgo: 6, verb: 'completed', item: 2 },
    { daysAgo: 5, verb: 'passed', item: 3, score: 0.75 },
  ],
  [
    { daysAgo: 10, verb: 'launched' },
    { daysAgo: 10, verb: 'completed', item: 0 },
    { daysAgo: 9, verb: 'failed', item: 1, score: 0.4 },
    { daysAgo: 8, verb: 'passed', item: 1, score: 0.7 },
  ],
  [{ daysAgo: 3, verb: 'launched' }],
  [],
];
const overdueJourney: Step[] = [
  { daysAgo: 12, verb: 'launched' },
  { daysAgo: 12, verb: 'completed', item: 0 },
];

/**
 * A few weeks of a learner app's statements about the demo company's onboarding plan (issue 27), stored as the LRS
 * stores them (validated, kept in the company's store, moving the enrolments), so that the plan's Learners tab and
 * the reports show real shapes on first sight. Their authority is a "Demo learner app" credential whose secret nobody
 * knows: an admin makes its own through `/api/lrs-credentials`.
 */
export async function seedDemoStatements(
  tx: Database,
  store: StoreDemoStatements,
  owner: { tenantId: string; companyId: string },
  plan: { id: string; name: string },
  items: DemoItem[],
) {
  const learners = await tx
    .select({ email: users.email, name: users.name, surname: users.surname })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .where(eq(enrolments.trainingPlanId, plan.id))
    .orderBy(sql`${enrolments.dueDate} < now()`, asc(users.surname), asc(users.name), asc(users.id));
  const now = Date.now();
  const statements = learners.flatMap((learner, index) => {
    const journey = index === learners.length - 1 ? overdueJourney : (journeys[index] ?? []);
    return journey.map((step, stepIndex) => {
      const item = step.item === undefined ? undefined : items[step.item];
      const object = item
        ? { id: itemActivityId(item.id), definition: { name: { 'en-US': item.title } } }
        : { id: planActivityId(plan.id), definition: { name: { 'en-US': plan.name } } };
      const result =
        step.score === undefined ? undefined : { score: { scaled: step.score }, success: step.verb === 'passed', completion: true };
      return {
        actor: { objectType: 'Agent', name: `${learner.name} ${learner.surname}`, mbox: `mailto:${learner.email}` },
        verb: { id: `http://adlnet.gov/expapi/verbs/${step.verb}`, display: { 'en-US': step.verb } },
        object: { objectType: 'Activity', ...object },
        ...(result && { result }),
        // Half a day before the seeding's time of day, a few minutes apart, in the order of the journey.
        timestamp: new Date(now - step.daysAgo * day + stepIndex * 5 * 60_000 - day / 2).toISOString(),
      };
    });
  });
  if (statements.length) await store(tx, owner, 'Demo learner app', statements);
}
