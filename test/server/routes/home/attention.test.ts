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
  companies?: {
    total: number;
    items: { id: string; name: string; tenant: { id: string; name: string }; overdue: number; unassignedPlans: number }[];
  };
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

  it('answers a TENANT admin per company of its tenant only, the most overdue first, and a GLOBAL admin across tenants', async () => {
    const tenantAdmin = await signedIn(testApp.app, demo.tenantAdmin);
    const root = await signedIn(testApp.app, demo.root);
    const globexAdmin = await signedIn(testApp.app, demo.globexAdmin);
    const tenantBefore = await attention(tenantAdmin);
    const rootBefore = await attention(root);
    // A Globex company with many overdue learners and an unassigned plan: ahead of everyone for GLOBAL, unseen by Acme's.
    const plan = await publishedPlan(consultingAdmin);
    const learners = await newLearners(testApp.db, world.globexConsulting, 12, 'Overdue');
    expect(
      (
        await consultingAdmin.post(`${planPath(plan.id)}/assignments`, {
          userIds: learners.map(({ id }) => id),
          dueDate: '2000-01-01T00:00:00.000Z',
        })
      ).statusCode,
    ).toBe(201);
    await publishedPlan(consultingAdmin);
    await publishedPlan(admin);

    const tenant = await attention(tenantAdmin);
    expect(tenant.overdue.learners).toEqual([]);
    expect(tenant.unassignedPlans.plans).toEqual([]);
    expect(tenant.unassignedPlans.total).toBe(tenantBefore.unassignedPlans.total + 1);
    expect(tenant.overdue.total).toBe(tenantBefore.overdue.total);
    expect(tenant.companies!.items.every((company) => company.tenant.id === world.acme.id)).toBe(true);
    expect(tenant.companies!.items.map(({ id }) => id)).not.toContain(world.globexConsulting.id);
    expect(tenant.companies!.items.find(({ id }) => id === world.acmeRobotics.id)).toMatchObject({ name: world.acmeRobotics.name });
    const robotics = (await attention(admin)).overdue.total;
    expect(tenant.companies!.items.find(({ id }) => id === world.acmeRobotics.id)!.overdue).toBe(robotics);

    const global = await attention(root);
    expect(global.overdue.total).toBe(rootBefore.overdue.total + 12);
    expect(global.unassignedPlans.total).toBe(rootBefore.unassignedPlans.total + 2);
    expect(global.companies!.items[0]).toMatchObject({ id: world.globexConsulting.id, tenant: { id: world.globex.id } });
    expect(global.companies!.items[0]!.unassignedPlans).toBeGreaterThanOrEqual(1);
    const overdueCounts = global.companies!.items.map(({ overdue }) => overdue);
    expect(overdueCounts).toEqual([...overdueCounts].sort((a, b) => b - a));
    expect(global.companies!.total).toBeGreaterThanOrEqual(global.companies!.items.length);
    expect(global.companies!.items.length).toBeLessThanOrEqual(5);

    // Globex's TENANT admin sees its tenant's company, never Acme's.
    const globex = await attention(globexAdmin);
    expect(globex.companies!.items.map(({ tenant }) => tenant.id)).not.toContain(world.acme.id);
    expect(globex.companies!.items[0]!.id).toBe(world.globexConsulting.id);
    // A COMPANY admin's answer names its own and has no companies.
    expect((await attention(admin)).companies).toBeUndefined();
  });

  it('answers 401 without a session', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/home/attention' })).statusCode).toBe(401);
  });
});
