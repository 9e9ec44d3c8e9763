import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrolments } from '../../../../server/db/schema';
import { created, planPath } from '../../../support/server/catalogue';
import { demo, useTestApp } from '../../../support/server/harness';
import { demoWorld, newLearners, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

// Issue 27: a user's page shows that learner's plans (`GET /api/users/{id}/enrolments`).
const testApp = useTestApp();

interface Row {
  trainingPlanId: string;
  planName: string;
  userId: string;
  status: string;
  dueDate: string | null;
  progress: number;
}
interface Page {
  items: Row[];
  total: number;
}

let world: DemoWorld;
let admin: Api;
let learnerId: string;
const plans: { id: string; name: string }[] = [];

beforeAll(async () => {
  world = await demoWorld(testApp.db);
  admin = await signedIn(testApp.app, demo.companyAdmin);
  const [learner] = await newLearners(testApp.db, world.acmeRobotics, 1, 'Plans');
  learnerId = learner!.id;
  const tag = randomBytes(3).toString('hex');
  // Three plans: one done, one overdue, one not started yet.
  for (const [name, dueDate] of [
    [`Alpha ${tag}`, '2099-01-01T00:00:00.000Z'],
    [`Beta ${tag}`, '2020-01-01T00:00:00.000Z'],
    [`Gamma ${tag}`, null],
  ] as const) {
    const plan = created<{ id: string; name: string }>(await admin.post('/api/training-plans', { name, status: 'PUBLISHED' }));
    plans.push(plan);
    expect((await admin.post(`${planPath(plan.id)}/assignments`, { userIds: [learnerId], ...(dueDate && { dueDate }) })).statusCode).toBe(
      201,
    );
  }
  await testApp.db
    .update(enrolments)
    .set({ startedAt: new Date(), completedAt: new Date(), progress: 1 })
    .where(eq(enrolments.trainingPlanId, plans[0]!.id));
});

const list = async (api: Api, query = '') => {
  const response = await api.get(`/api/users/${learnerId}/enrolments${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
};

describe('GET /api/users/{id}/enrolments', () => {
  it("lists the learner's plans with their status by the enrolments' rule, sorted and filtered", async () => {
    const page = await list(admin, '?sortBy=dueDate&sortOrder=asc');
    expect(page.total).toBe(3);
    expect(page.items.map(({ planName, status, userId }) => [planName, status, userId])).toEqual([
      [plans[1]!.name, 'OVERDUE', learnerId],
      [plans[0]!.name, 'COMPLETED', learnerId],
      [plans[2]!.name, 'NOT_STARTED', learnerId],
    ]);
    expect(page.items[1]!.progress).toBe(1);

    const overdue = await list(admin, '?status=OVERDUE');
    expect(overdue.items.map(({ trainingPlanId }) => trainingPlanId)).toEqual([plans[1]!.id]);
    // The plan's own learners list says the same.
    const planLearners = (await admin.get(`${planPath(plans[1]!.id)}/enrolments?status=OVERDUE`)).json<{ items: { userId: string }[] }>();
    expect(planLearners.items.map(({ userId }) => userId)).toEqual([learnerId]);

    const searched = await list(admin, `?search=${encodeURIComponent(plans[2]!.name)}`);
    expect(searched.items.map(({ trainingPlanId }) => trainingPlanId)).toEqual([plans[2]!.id]);
    const second = await list(admin, '?pageSize=2&page=2&sortBy=dueDate');
    expect(second.items).toHaveLength(1);
  });

  it('is read by the TENANT and GLOBAL admins who reach the user too', async () => {
    expect((await list(await signedIn(testApp.app, demo.tenantAdmin))).total).toBe(3);
    expect((await list(await signedIn(testApp.app, demo.root))).total).toBe(3);
  });

  it('answers 404 for a user out of reach or unknown, 400 for a bad filter, 401 without a session', async () => {
    const globex = await signedIn(testApp.app, demo.globexAdmin);
    const consulting = await signedIn(testApp.app, demo.consultingAdmin);
    expect((await globex.get(`/api/users/${learnerId}/enrolments`)).statusCode).toBe(404);
    expect((await consulting.get(`/api/users/${learnerId}/enrolments`)).statusCode).toBe(404);
    expect((await admin.get('/api/users/00000000-0000-4000-8000-000000000000/enrolments')).statusCode).toBe(404);
    expect((await admin.get(`/api/users/${learnerId}/enrolments?status=LATE`)).statusCode).toBe(400);
    expect((await admin.get('/api/users/not-a-uuid/enrolments')).statusCode).toBe(400);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/users/${learnerId}/enrolments` })).statusCode).toBe(401);
  });
});
