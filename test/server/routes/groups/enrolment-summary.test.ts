import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrolments, type Company } from '../../../../server/db/schema';
import { created, planPath } from '../../../support/server/catalogue';
import { demo, useTestApp } from '../../../support/server/harness';
import { demoWorld, newLearners, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

// GET /training-plans/{id}/enrolments/summary (issue 27, the Learners tab): counts by status and completions per day.
const testApp = useTestApp();

const unknownId = '00000000-0000-4000-8000-000000000000';
const label = () => randomBytes(4).toString('hex');
const past = '2020-01-31T17:00:00.000Z';
const later = '2099-12-31T17:00:00.000Z';

let world: DemoWorld;
let admin: Api;

const newUsers = async (company: Company, count: number) => (await newLearners(testApp.db, company, count, 'Summary')).map((row) => row.id);

const publishedPlan = async () =>
  created<{ id: string }>(await admin.post('/api/training-plans', { name: `Plan ${label()}`, status: 'PUBLISHED' }));

/** What the learning records would have set (the xAPI statements come in another slice): straight in the database. */
const progress = (planId: string, userId: string, fields: Partial<typeof enrolments.$inferInsert>) =>
  testApp.db
    .update(enrolments)
    .set(fields)
    .where(and(eq(enrolments.trainingPlanId, planId), eq(enrolments.userId, userId)));

beforeAll(async () => {
  world = await demoWorld(testApp.db);
  admin = await signedIn(testApp.app, demo.companyAdmin);
});

describe("a plan's enrolment summary", () => {
  it('counts by the status rule of the enrolments list, with the completion rate and completions per UTC day', async () => {
    const plan = await publishedPlan();
    const [late, started, doneMonday, doneTuesday, doneTuesdayLate, fresh] = await newUsers(world.acmeRobotics, 6);
    expect((await admin.post(`${planPath(plan.id)}/assignments`, { userIds: [late], dueDate: past })).statusCode).toBe(201);
    expect(
      (await admin.post(`${planPath(plan.id)}/assignments`, { userIds: [started, doneMonday, doneTuesday, fresh], dueDate: later }))
        .statusCode,
    ).toBe(201);
    // Completed after its due date had passed: COMPLETED, not OVERDUE (completion wins, as in the list).
    expect((await admin.post(`${planPath(plan.id)}/assignments`, { userIds: [doneTuesdayLate], dueDate: past })).statusCode).toBe(201);
    const at = (iso: string) => new Date(iso);
    await progress(plan.id, started!, { startedAt: at('2026-11-01T08:00:00Z'), progress: 0.5 });
    await progress(plan.id, doneMonday!, { startedAt: at('2026-11-01T08:00:00Z'), completedAt: at('2026-11-02T23:59:00Z'), progress: 1 });
    await progress(plan.id, doneTuesday!, { startedAt: at('2026-11-01T08:00:00Z'), completedAt: at('2026-11-03T00:01:00Z'), progress: 1 });
    await progress(plan.id, doneTuesdayLate!, { completedAt: at('2026-11-03T17:00:00Z'), progress: 1 });

    const response = await admin.get(`${planPath(plan.id)}/enrolments/summary`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      enrolled: 6,
      notStarted: 1,
      inProgress: 1,
      completed: 3,
      overdue: 1,
      completionRate: 0.5,
      completionsByDay: [
        { day: '2026-11-02', completed: 1 },
        { day: '2026-11-03', completed: 2 },
      ],
    });
    // The same counts as the enrolments list filtered by each status.
    for (const [status, count] of [
      ['NOT_STARTED', 1],
      ['IN_PROGRESS', 1],
      ['COMPLETED', 3],
      ['OVERDUE', 1],
    ] as const) {
      expect((await admin.get(`${planPath(plan.id)}/enrolments?status=${status}`)).json().total).toBe(count);
    }
    expect(fresh).toBeDefined();
  });

  it('answers zeros for a plan nobody is assigned', async () => {
    const plan = await publishedPlan();
    expect((await admin.get(`${planPath(plan.id)}/enrolments/summary`)).json()).toEqual({
      enrolled: 0,
      notStarted: 0,
      inProgress: 0,
      completed: 0,
      overdue: 0,
      completionRate: 0,
      completionsByDay: [],
    });
  });

  it('answers 404 for an unknown plan or another company’s, 400 for a bad id, 403 for TENANT, 401 signed out', async () => {
    const plan = await publishedPlan();
    expect((await admin.get(`${planPath(unknownId)}/enrolments/summary`)).statusCode).toBe(404);
    expect((await admin.get(`/api/training-plans/not-a-uuid/enrolments/summary`)).statusCode).toBe(400);
    const consulting = await signedIn(testApp.app, demo.consultingAdmin);
    expect((await consulting.get(`${planPath(plan.id)}/enrolments/summary`)).statusCode).toBe(404);
    const tenantAdmin = await signedIn(testApp.app, demo.tenantAdmin);
    expect((await tenantAdmin.get(`${planPath(plan.id)}/enrolments/summary`)).statusCode).toBe(403);
    expect((await testApp.app.inject({ method: 'GET', url: `${planPath(plan.id)}/enrolments/summary` })).statusCode).toBe(401);
  });
});
