import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { itemActivityId, planActivityId } from '../../../../contract/activity-ids';
import { users } from '../../../../server/db/schema';
import { created, itemsPath, modulesPath, planPath } from '../../../support/server/catalogue';
import { demo, useTestApp } from '../../../support/server/harness';
import { demoWorld, newLearners, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

// The counts kept per plan for its report (migration 0024, issue 27 item 7) against a recount of the enrolments, after
// every kind of change: assignments and their removal, group joins and leaves, statements, voids, a learner deleted,
// and parallel statement posts moving the same plan.
const testApp = useTestApp();

const label = () => randomBytes(4).toString('hex');
const verb = (name: string) => ({ id: `http://adlnet.gov/expapi/verbs/${name}`, display: { 'en-US': name } });
const past = '2020-01-31T17:00:00.000Z';
const later = '2099-12-31T17:00:00.000Z';

let world: DemoWorld;
let admin: Api;
let credential: { key: string; secret: string };

const rows = async <Row>(query: ReturnType<typeof sql>) => ((await testApp.db.execute(query)) as unknown as { rows: Row[] }).rows;

/** The kept rows (without emptied keys) and the same figures counted from the enrolments, every plan. */
async function keptAndRecounted() {
  const kept = await rows(sql`
    SELECT training_plan_id AS plan, state, due_date::text AS due, enrolments AS n FROM enrolment_counts WHERE enrolments <> 0
    UNION ALL
    SELECT training_plan_id, 'day', day::text, completions FROM enrolment_completion_days WHERE completions <> 0
    ORDER BY 1, 2, 3`);
  const recounted = await rows(sql`
    SELECT training_plan_id AS plan, enrolment_state(started_at, completed_at) AS state,
      coalesce(due_date, 'infinity')::text AS due, count(*)::int AS n FROM enrolments GROUP BY 1, 2, 3
    UNION ALL
    SELECT training_plan_id, 'day', ((completed_at AT TIME ZONE 'UTC')::date)::text, count(*)::int
      FROM enrolments WHERE completed_at IS NOT NULL GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3`);
  return { kept, recounted };
}

async function expectCountsKept() {
  const { kept, recounted } = await keptAndRecounted();
  expect(kept).toEqual(recounted);
}

/** A PUBLISHED plan of the demo company with two items. */
async function planWithItems() {
  const plan = created<{ id: string; version: number; name: string }>(
    await admin.post('/api/training-plans', { name: `Counted ${label()}` }),
  );
  const module = created(await admin.post(modulesPath(plan.id), { title: 'Module' }));
  const items = [];
  for (const title of ['Read', 'Watch']) {
    const content = created(await admin.post('/api/contents', { title: `${title} ${label()}`, text: 'Text' }));
    items.push(created(await admin.post(itemsPath(plan.id, module.id), { title, contentId: content.id })).id);
  }
  expect((await admin.put(planPath(plan.id), { name: plan.name, status: 'PUBLISHED', version: plan.version })).statusCode).toBe(200);
  return { id: plan.id, items };
}

const statementsPost = (body: unknown) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/xapi/statements',
    headers: {
      authorization: `Basic ${Buffer.from(`${credential.key}:${credential.secret}`).toString('base64')}`,
      'x-experience-api-version': '1.0.3',
      'content-type': 'application/json',
    },
    payload: JSON.stringify(body),
  });

const said = (email: string, name: string, activity: string, id?: string) => ({
  ...(id ? { id } : {}),
  actor: { objectType: 'Agent', mbox: `mailto:${email}` },
  verb: verb(name),
  object: { objectType: 'Activity', id: activity },
});

beforeAll(async () => {
  world = await demoWorld(testApp.db);
  admin = await signedIn(testApp.app, demo.companyAdmin);
  credential = created(await admin.post('/api/lrs-credentials', { label: `Counts ${label()}` }));
});

describe("a plan's kept counts", () => {
  it('equal a recount after assigns, group joins and leaves, statements, voids, removals and 24 parallel posts', async () => {
    const learners = await newLearners(testApp.db, world.acmeRobotics, 30, 'Counted');
    const emails = new Map(
      (await testApp.db.select({ id: users.id, email: users.email }).from(users)).map((user) => [user.id, user.email] as const),
    );
    const email = (index: number) => emails.get(learners[index]!.id)!;
    const plan = await planWithItems();
    const other = await planWithItems();
    await expectCountsKept();

    // Assignments: named users with a passed and a later due date, a group, the earliest due date winning.
    const named = created<{ items: { id: string; userId: string }[] }>(
      await admin.post(`${planPath(plan.id)}/assignments`, { userIds: learners.slice(0, 10).map((learner) => learner.id), dueDate: later }),
    );
    created(
      await admin.post(`${planPath(plan.id)}/assignments`, { userIds: learners.slice(5, 8).map((learner) => learner.id), dueDate: past }),
    );
    created(await admin.post(`${planPath(other.id)}/assignments`, { userIds: learners.slice(0, 30).map((learner) => learner.id) }));
    const team = created<{ id: string }>(await admin.post('/api/groups', { name: `Counted ${label()}` }));
    created(await admin.post(`${planPath(plan.id)}/assignments`, { groupIds: [team.id] }));
    expect(
      (await admin.post(`/api/groups/${team.id}/members`, { userIds: learners.slice(8, 20).map((learner) => learner.id) })).statusCode,
    ).toBe(200);
    await expectCountsKept();

    // Statements: started, an item done, a plan completed; a voided completion; a learner leaving the group.
    const voidedId = randomUUID();
    const first = await statementsPost([
      said(email(0), 'launched', planActivityId(plan.id)),
      said(email(1), 'completed', itemActivityId(plan.items[0]!)),
      said(email(2), 'completed', itemActivityId(plan.items[0]!)),
      said(email(2), 'completed', itemActivityId(plan.items[1]!)),
      said(email(6), 'completed', itemActivityId(plan.items[0]!)),
      said(email(6), 'completed', itemActivityId(plan.items[1]!), voidedId),
      said(email(12), 'progressed', itemActivityId(plan.items[0]!)),
    ]);
    expect(first.statusCode).toBe(200);
    await expectCountsKept();
    const voiding = await statementsPost([
      {
        actor: { objectType: 'Agent', mbox: `mailto:${email(6)}` },
        verb: verb('voided'),
        object: { objectType: 'StatementRef', id: voidedId },
      },
    ]);
    expect(voiding.statusCode).toBe(200);
    expect((await admin.delete(`/api/groups/${team.id}/members/${learners[12]!.id}`)).statusCode).toBe(204);
    // Learner 0's own assignment (not whichever row came first: learner 2's is the completion the end counts on).
    const learnerZero = named.items.find((item) => item.userId === learners[0]!.id)!;
    expect((await admin.delete(`${planPath(plan.id)}/assignments/${learnerZero.id}`)).statusCode).toBe(204);
    await expectCountsKept();

    // 24 posts at once, on the same plan and the same learners, each moving several enrolments.
    const posts = await Promise.all(
      Array.from({ length: 24 }, (_, post) =>
        statementsPost(
          Array.from({ length: 10 }, (_, index) =>
            said(
              email(8 + ((post + index) % 12)),
              index % 3 === 0 ? 'launched' : 'completed',
              itemActivityId(plan.items[(post + index) % 2]!),
            ),
          ),
        ),
      ),
    );
    expect(posts.map((response) => response.statusCode)).toEqual(posts.map(() => 200));
    await expectCountsKept();

    // A learner deleted (its enrolments go by cascade), a group deleted, and the report's answer from the kept counts.
    await testApp.db.delete(users).where(sql`${users.id} = ${learners[29]!.id}`);
    expect((await admin.delete(`/api/groups/${team.id}`)).statusCode).toBe(204);
    await expectCountsKept();
    const summary = (await admin.get(`${planPath(plan.id)}/enrolments/summary`)).json<Record<string, number>>();
    for (const [status, key] of [
      ['NOT_STARTED', 'notStarted'],
      ['IN_PROGRESS', 'inProgress'],
      ['COMPLETED', 'completed'],
      ['OVERDUE', 'overdue'],
    ] as const) {
      expect({ status, total: (await admin.get(`${planPath(plan.id)}/enrolments?status=${status}`)).json().total }).toEqual({
        status,
        total: summary[key],
      });
    }
    expect((await admin.get(`${planPath(plan.id)}/enrolments`)).json()).toMatchObject({ total: summary.enrolled, totalIsEstimate: false });
    expect(summary.completed).toBeGreaterThan(0);
    expect(summary.overdue).toBeGreaterThan(0);
  });
});
