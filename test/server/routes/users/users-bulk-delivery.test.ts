import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrolments, groupMembers, planAssignments } from '../../../../server/db/schema';
import { created, errorFields } from '../../../support/server/catalogue';
import { bearer, demo, useTestApp } from '../../../support/server/harness';
import { auditEntriesFor, demoWorld, newLearners, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

/** `POST /api/users/bulk` with `addToGroup` and `assignPlan` (issue 29): the one-row delivery rules, on many users. */
const testApp = useTestApp();

type Stored = { id: string };
const label = () => randomBytes(4).toString('hex');
const due = '2099-06-30T17:00:00.000Z';

let world: DemoWorld;
let admin: Api & { userId: string };

const newGroup = async (api: Api = admin) => created<Stored>(await api.post('/api/groups', { name: `Bulk group ${label()}` }));
const newPlan = async (status: 'PUBLISHED' | 'DRAFT' = 'PUBLISHED', api: Api = admin) =>
  created<Stored>(await api.post('/api/training-plans', { name: `Bulk plan ${label()}`, status }));
const learners = async (count: number) => (await newLearners(testApp.db, world.acmeRobotics, count, 'Bulkdelivery')).map(({ id }) => id);

const membersOf = async (groupId: string) =>
  (await testApp.db.select({ userId: groupMembers.userId }).from(groupMembers).where(eq(groupMembers.groupId, groupId)))
    .map((row) => row.userId)
    .sort();
const assignmentsOf = (planId: string) =>
  testApp.db
    .select({ id: planAssignments.id, userId: planAssignments.userId, dueDate: planAssignments.dueDate })
    .from(planAssignments)
    .where(eq(planAssignments.trainingPlanId, planId));
const enrolledIn = async (planId: string) =>
  (await testApp.db.select({ userId: enrolments.userId }).from(enrolments).where(eq(enrolments.trainingPlanId, planId)))
    .map((row) => row.userId)
    .sort();

beforeAll(async () => {
  world = await demoWorld(testApp.db);
  admin = await signedIn(testApp.app, demo.companyAdmin);
});

describe('bulk add to a group', () => {
  it('adds the users, skips members as UNCHANGED and another company’s user as not found, one audit row of the group', async () => {
    const group = await newGroup();
    const [member, fresh, other] = await learners(3);
    await admin.post(`/api/groups/${group.id}/members`, { userIds: [member] });
    const foreign = world.globexLearner.id;

    const response = await admin.post('/api/users/bulk', { action: 'addToGroup', groupId: group.id, ids: [member, fresh, foreign, other] });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      action: 'addToGroup',
      requested: 4,
      succeeded: 2,
      skipped: [
        { id: member, code: 'UNCHANGED', message: expect.any(String) },
        { id: foreign, code: 'USER_NOT_FOUND', message: expect.any(String) },
      ],
    });
    expect(await membersOf(group.id)).toEqual([member, fresh, other].sort());
    const audit = await auditEntriesFor(testApp.db, [group.id]);
    expect(audit.map((entry) => entry.details)).toContainEqual({ changed: ['members'], added: [fresh, other].sort() });
    expect(audit.filter((entry) => entry.action === 'UPDATE')).toHaveLength(2);
  });

  it('adds every user the list query matches', async () => {
    const group = await newGroup();
    const ids = await learners(2);
    const surname = (await admin.get(`/api/users/${ids[0]}`)).json<{ surname: string }>().surname;

    const response = await admin.post('/api/users/bulk', { action: 'addToGroup', groupId: group.id, query: { search: surname } });

    expect(response.json()).toMatchObject({ requested: 2, succeeded: 2, skipped: [] });
    expect(await membersOf(group.id)).toEqual([...ids].sort());
  });

  it('answers 404 for another company’s group or an unknown one, adding nobody', async () => {
    const foreign = await newGroup(await signedIn(testApp.app, demo.consultingAdmin));
    const ids = await learners(1);
    for (const groupId of [foreign.id, crypto.randomUUID()]) {
      const response = await admin.post('/api/users/bulk', { action: 'addToGroup', groupId, ids });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('GROUP_NOT_FOUND');
    }
    expect(await membersOf(foreign.id)).toEqual([]);
  });

  it('leaves one membership per user and one audit row under 100 parallel identical requests', async () => {
    const group = await newGroup();
    const ids = await learners(3);

    const responses = await Promise.all(
      Array.from({ length: 100 }, () => admin.post('/api/users/bulk', { action: 'addToGroup', groupId: group.id, ids })),
    );

    expect(responses.map((response) => response.statusCode).filter((status) => status !== 200)).toEqual([]);
    expect(responses.filter((response) => response.json().succeeded === 3)).toHaveLength(1);
    expect(responses.filter((response) => response.json().succeeded === 0)).toHaveLength(99);
    expect(await membersOf(group.id)).toEqual([...ids].sort());
    expect((await auditEntriesFor(testApp.db, [group.id])).filter((entry) => entry.action === 'UPDATE')).toHaveLength(1);
  });
});

describe('bulk assign a plan', () => {
  it('assigns the plan with its due date, one audited assignment per user; skips the assigned and the foreign', async () => {
    const plan = await newPlan();
    const [assigned, fresh] = await learners(2);
    await admin.post(`/api/training-plans/${plan.id}/assignments`, { userIds: [assigned] });
    const foreign = world.globexLearner.id;

    const response = await admin.post('/api/users/bulk', {
      action: 'assignPlan',
      planId: plan.id,
      dueDate: due,
      ids: [assigned, fresh, foreign],
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      action: 'assignPlan',
      requested: 3,
      succeeded: 1,
      skipped: [
        { id: assigned, code: 'UNCHANGED' },
        { id: foreign, code: 'USER_NOT_FOUND' },
      ],
    });
    const rows = await assignmentsOf(plan.id);
    expect(rows.map((row) => [row.userId, row.dueDate?.toISOString() ?? null]).sort()).toEqual(
      [
        [assigned, null],
        [fresh, due],
      ].sort(),
    );
    expect(await enrolledIn(plan.id)).toEqual([assigned, fresh].sort());
    const made = rows.find((row) => row.userId === fresh)!;
    expect((await auditEntriesFor(testApp.db, [made.id])).map((entry) => [entry.action, entry.entity, entry.details])).toEqual([
      ['CREATE', 'assignment', { changed: ['target', 'userId', 'dueDate'], trainingPlanId: plan.id }],
    ]);
  });

  it('refuses a DRAFT plan with 409 and another company’s plan with 404, assigning nothing', async () => {
    const draft = await newPlan('DRAFT');
    const foreign = await newPlan('PUBLISHED', await signedIn(testApp.app, demo.consultingAdmin));
    const ids = await learners(1);

    const refused = await admin.post('/api/users/bulk', { action: 'assignPlan', planId: draft.id, ids });
    const hidden = await admin.post('/api/users/bulk', { action: 'assignPlan', planId: foreign.id, ids });

    expect([refused.statusCode, refused.json().code]).toEqual([409, 'PLAN_NOT_PUBLISHED']);
    expect([hidden.statusCode, hidden.json().code]).toEqual([404, 'TRAINING_PLAN_NOT_FOUND']);
    expect(
      await testApp.db
        .select()
        .from(planAssignments)
        .where(inArray(planAssignments.trainingPlanId, [draft.id, foreign.id])),
    ).toEqual([]);
  });

  it('leaves one assignment and one enrolment per user under 100 parallel identical requests', async () => {
    const plan = await newPlan();
    const ids = await learners(3);

    const responses = await Promise.all(
      Array.from({ length: 100 }, () => admin.post('/api/users/bulk', { action: 'assignPlan', planId: plan.id, ids })),
    );

    expect(responses.map((response) => response.statusCode).filter((status) => status !== 200)).toEqual([]);
    expect(responses.filter((response) => response.json().succeeded === 3)).toHaveLength(1);
    expect((await assignmentsOf(plan.id)).map((row) => row.userId).sort()).toEqual([...ids].sort());
    expect(await enrolledIn(plan.id)).toEqual([...ids].sort());
  });

  it('answers parallel duplicates with one Idempotency-Key once', async () => {
    const plan = await newPlan();
    const ids = await learners(2);
    const send = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/users/bulk',
        headers: { ...bearer(admin.token), 'idempotency-key': `assign-${ids[0]}` },
        payload: { action: 'assignPlan', planId: plan.id, ids },
      });

    const responses = await Promise.all([send(), send(), send()]);

    for (const response of responses.filter((response) => response.statusCode === 200))
      expect(response.json()).toMatchObject({ succeeded: 2 });
    for (const response of responses.filter((response) => response.statusCode !== 200)) expect(response.statusCode).toBe(409);
    expect(await assignmentsOf(plan.id)).toHaveLength(2);
  });
});

describe('bulk delivery actions: who and what', () => {
  it('is for COMPANY admins: a TENANT admin gets 403', async () => {
    const tenantAdmin = await signedIn(testApp.app, demo.tenantAdmin);
    const group = await newGroup();
    const ids = await learners(1);
    expect((await tenantAdmin.post('/api/users/bulk', { action: 'addToGroup', groupId: group.id, ids })).statusCode).toBe(403);
    expect((await tenantAdmin.post('/api/users/bulk', { action: 'assignPlan', planId: group.id, ids })).statusCode).toBe(403);
    expect(await membersOf(group.id)).toEqual([]);
  });

  it.each([
    ['addToGroup without its group', { action: 'addToGroup' }, 'groupId'],
    ['assignPlan without its plan', { action: 'assignPlan', dueDate: due }, 'planId'],
    ['a group with another action', { action: 'disable', groupId: crypto.randomUUID() }, 'groupId'],
    ['a plan with addToGroup', { action: 'addToGroup', groupId: crypto.randomUUID(), planId: crypto.randomUUID() }, 'planId'],
    ['a due date that is no date', { action: 'assignPlan', planId: crypto.randomUUID(), dueDate: 'soon' }, 'dueDate'],
    ['a group id that is no uuid', { action: 'addToGroup', groupId: 'x' }, 'groupId'],
  ])('refuses %s with 400 naming the field', async (_, body, field) => {
    const ids = await learners(1);
    const response = await admin.post('/api/users/bulk', { ids, ...body });
    expect(response.statusCode).toBe(400);
    expect(errorFields(response)).toContain(field);
  });
});
