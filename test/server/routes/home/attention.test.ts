import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrolments } from '../../../../server/db/schema';
import { created, planPath } from '../../../support/server/catalogue';
import { demo, useTestApp } from '../../../support/server/harness';
import { demoWorld, newLearners, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

// Issue 27: /home names what needs a COMPANY admin's attention, overdue learners and published plans nobody is assigned to.
const testApp = useTestApp();

interface Attention {
  overdue: {
    total: number;
    learners: { enrolmentId: string; userId: string; email: string; trainingPlanId: string; planName: string; dueDate: string }[];
  };
  unassignedPlans: { total: number; plans: { id: string; name: string }[] };
}

let world: DemoWorld;
let admin: Api;
let consultingAdmin: Api;

const attention = async (api: Api) => {
  const response = await api.get('/api/home/attention');
  expect(response.statusCode).toBe(200);
  return response.json<Attention>();
};
const publishedPlan = async (api: Api) =>
  created<{ id: string; name: string }>(
    await api.post('/api/training-plans', { name: `Attention ${randomBytes(3).toString('hex')}`, status: 'PUBLISHED' }),
  );

beforeAll(async () => {
  world = await demoWorld(testApp.db);
  admin = await signedIn(testApp.app, demo.companyAdmin);
  consultingAdmin = await signedIn(testApp.app, demo.consultingAdmin);
});

describe('GET /api/home/attention', () => {
  it('counts and names overdue learners (earliest due first) and the published plans nobody is assigned to', async () => {
    const before = await attention(admin);
    const plan = await publishedPlan(admin);
    const afterPlan = await attention(admin);
    expect(afterPlan.unassignedPlans.total).toBe(before.unassignedPlans.total + 1);
    expect(afterPlan.overdue.total).toBe(before.overdue.total);

    const [late, onTime, finished] = await newLearners(testApp.db, world.acmeRobotics, 3, 'Attention');
    // Earlier than any demo due date: the late learner comes first.
    expect(
      (await admin.post(`${planPath(plan.id)}/assignments`, { userIds: [late!.id, finished!.id], dueDate: '2001-01-01T00:00:00.000Z' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await admin.post(`${planPath(plan.id)}/assignments`, { userIds: [onTime!.id], dueDate: '2099-01-01T00:00:00.000Z' })).statusCode,
    ).toBe(201);
    // A completed learner is never overdue, whatever the due date.
    await testApp.db.update(enrolments).set({ completedAt: new Date(), progress: 1 }).where(eq(enrolments.userId, finished!.id));

    const after = await attention(admin);
    expect(after.unassignedPlans.total).toBe(before.unassignedPlans.total);
    expect(after.unassignedPlans.plans.map(({ id }) => id)).not.toContain(plan.id);
    expect(after.overdue.total).toBe(before.overdue.total + 1);
    expect(after.overdue.learners[0]).toMatchObject({
      userId: late!.id,
      email: late!.email,
      trainingPlanId: plan.id,
      planName: plan.name,
      dueDate: '2001-01-01T00:00:00.000Z',
    });
    expect(after.overdue.learners.length).toBeLessThanOrEqual(5);
    expect(after.overdue.learners.map(({ userId }) => userId)).not.toContain(finished!.id);
  });

  it("names only the caller's company: another company's overdue learner and unassigned plan are not counted", async () => {
    const before = await attention(admin);
    const foreignBefore = await attention(consultingAdmin);
    const plan = await publishedPlan(consultingAdmin);
    const [learner] = await newLearners(testApp.db, world.globexConsulting, 1, 'Foreign');
    expect(
      (await consultingAdmin.post(`${planPath(plan.id)}/assignments`, { userIds: [learner!.id], dueDate: '2000-01-01T00:00:00.000Z' }))
        .statusCode,
    ).toBe(201);
    await publishedPlan(consultingAdmin);

    const after = await attention(admin);
    expect(after.overdue.total).toBe(before.overdue.total);
    expect(after.unassignedPlans.total).toBe(before.unassignedPlans.total);
    expect(after.overdue.learners.map(({ userId }) => userId)).not.toContain(learner!.id);
    const foreign = await attention(consultingAdmin);
    expect(foreign.overdue.total).toBe(foreignBefore.overdue.total + 1);
    expect(foreign.overdue.learners[0]!.userId).toBe(learner!.id);
    expect(foreign.unassignedPlans.total).toBe(foreignBefore.unassignedPlans.total + 1);
  });

  it('is for COMPANY admins: 403 for TENANT and GLOBAL admins, 401 without a session', async () => {
    expect((await (await signedIn(testApp.app, demo.tenantAdmin)).get('/api/home/attention')).statusCode).toBe(403);
    expect((await (await signedIn(testApp.app, demo.root)).get('/api/home/attention')).statusCode).toBe(403);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/home/attention' })).statusCode).toBe(401);
  });
});
