import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrolments, groupMembers, planAssignments, users, xapiStatements, type Company } from '../../../../server/db/schema';
import { created, errorFields, planPath } from '../../../support/server/catalogue';
import { demo, useTestApp } from '../../../support/server/harness';
import { allPages, auditEntriesFor, demoWorld, newLearners, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

// Learning delivery (issue 27): groups, their members, assignments of published plans and the enrolments they give.
const testApp = useTestApp();

const unknownId = '00000000-0000-4000-8000-000000000000';
type Stored = Record<string, unknown> & { id: string; version: number };
const label = () => randomBytes(4).toString('hex');
const past = '2020-01-31T17:00:00.000Z';
const soon = '2099-06-30T17:00:00.000Z';
const later = '2099-12-31T17:00:00.000Z';

let world: DemoWorld;
let admin: Api;
let tenantAdmin: Api;

/** New learners of a company: their ids. */
const newUsers = async (company: Company, count: number) =>
  (await newLearners(testApp.db, company, count, 'Delivery')).map((row) => row.id);

const group = async (name = `Group ${label()}`, description?: string) =>
  created<Stored & { memberCount: number }>(await admin.post('/api/groups', { name, ...(description ? { description } : {}) }));
const publishedPlan = async () =>
  created<Stored>(await admin.post('/api/training-plans', { name: `Plan ${label()}`, status: 'PUBLISHED' }));
const addMembers = (groupId: string, userIds: string[]) => admin.post(`/api/groups/${groupId}/members`, { userIds });
const assign = (planId: string, body: object) => admin.post(`${planPath(planId)}/assignments`, body);

/** The plan's enrolments as stored: learner → due date. */
async function enrolled(planId: string) {
  const rows = await testApp.db
    .select({ userId: enrolments.userId, dueDate: enrolments.dueDate })
    .from(enrolments)
    .where(eq(enrolments.trainingPlanId, planId));
  return Object.fromEntries(rows.map((row) => [row.userId, row.dueDate?.toISOString() ?? null]));
}

beforeAll(async () => {
  world = await demoWorld(testApp.db);
  admin = await signedIn(testApp.app, demo.companyAdmin);
  tenantAdmin = await signedIn(testApp.app, demo.tenantAdmin);
});

describe('groups', () => {
  it('creates, reads, updates and deletes a group of the caller’s company, each change audited', async () => {
    const name = `Warehouse ${label()}`;
    const response = await admin.post('/api/groups', { name, description: 'Night shift' });
    expect(response.statusCode).toBe(201);
    const stored = response.json<Stored>();
    expect(stored).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      version: 1,
      name,
      description: 'Night shift',
      memberCount: 0,
      companyId: world.acmeRobotics.id,
      tenantId: world.acme.id,
    });
    expect((await admin.get(`/api/groups/${stored.id}`)).json()).toEqual(stored);

    const updated = await admin.put(`/api/groups/${stored.id}`, { name: `${name} B`, description: '', version: 1 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: `${name} B`, description: null, version: 2 });
    expect((await admin.put(`/api/groups/${stored.id}`, { name, version: 1 })).statusCode).toBe(409);

    expect((await admin.delete(`/api/groups/${stored.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/groups/${stored.id}`)).statusCode).toBe(404);
    expect((await auditEntriesFor(testApp.db, [stored.id])).map((entry) => [entry.action, entry.entity])).toEqual([
      ['CREATE', 'group'],
      ['UPDATE', 'group'],
      ['DELETE', 'group'],
    ]);
  });

  it('refuses a second group of the same name in the company (409 on name)', async () => {
    const first = await group();
    const second = await admin.post('/api/groups', { name: first.name });
    expect(second.statusCode).toBe(409);
    expect(errorFields(second)).toEqual(['name']);
  });

  it('lists a page, sorted and searched by name and description', async () => {
    const tag = label();
    await group(`B ${tag}`);
    await group(`A ${tag}`, 'first');
    await group(`C other`, `about ${tag}`);
    const page = (await admin.get(`/api/groups?search=${tag}&sortBy=name&sortOrder=asc&pageSize=2`)).json();
    expect(page.total).toBe(3);
    expect(page.items.map((item: { name: string }) => item.name)).toEqual([`A ${tag}`, `B ${tag}`]);
  });

  it.each([
    ['no name', {}, 'name'],
    ['a blank name', { name: '  ' }, 'name'],
    ['a huge name', { name: 'x'.repeat(201) }, 'name'],
    ['a NUL in the name', { name: 'a\u0000b' }, 'name'],
    ['an owner company', { name: 'G', companyId: unknownId }, 'companyId'],
  ])('answers 400 for %s', async (_label, body, field) => {
    const response = await admin.post('/api/groups', body);
    expect(response.statusCode).toBe(400);
    expect(errorFields(response)).toContain(field);
  });

  it('is for COMPANY admins: TENANT gets 403', async () => {
    expect((await tenantAdmin.get('/api/groups')).statusCode).toBe(403);
    expect((await tenantAdmin.post('/api/groups', { name: 'T' })).statusCode).toBe(403);
  });
});

describe('group members', () => {
  it('adds users of the company once, lists, searches and removes them, audited on the group', async () => {
    const team = await group();
    const [first, second] = await newUsers(world.acmeRobotics, 2);
    const added = await addMembers(team.id, [first!, second!, first!]);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ groupId: team.id, added: [first, second].sort() });
    expect((await addMembers(team.id, [first!])).json()).toEqual({ groupId: team.id, added: [] });

    const list = (await admin.get(`/api/groups/${team.id}/members?search=Learner1`)).json();
    expect(list).toMatchObject({ total: 1, items: [{ userId: second, name: 'Learner1' }] });
    expect((await admin.get(`/api/groups/${team.id}`)).json().memberCount).toBe(2);

    expect((await admin.delete(`/api/groups/${team.id}/members/${first}`)).statusCode).toBe(204);
    expect((await admin.delete(`/api/groups/${team.id}/members/${first}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/groups/${team.id}/members`)).json().items.map((item: { userId: string }) => item.userId)).toEqual([
      second,
    ]);
    const audit = await auditEntriesFor(testApp.db, [team.id]);
    expect(audit.map((entry) => [entry.action, entry.details])).toEqual([
      ['CREATE', expect.anything()],
      ['UPDATE', { changed: ['members'], added: [first, second].sort() }],
      ['UPDATE', { changed: ['members'], removed: [first] }],
    ]);
  });

  it.each([
    ['another company’s user', () => [world.globexLearner.id]],
    ['a user of a sister company', () => [world.acmeFoodsAdmin.id]],
    ['a TENANT admin', () => [world.tenantAdmin.id]],
    ['an unknown id', () => [unknownId]],
  ])('answers 400 on userIds for %s and adds nobody', async (_label, ids) => {
    const team = await group();
    const [own] = await newUsers(world.acmeRobotics, 1);
    const response = await addMembers(team.id, [own!, ...ids()]);
    expect(response.statusCode).toBe(400);
    expect(errorFields(response)).toEqual(['userIds']);
    expect(await testApp.db.select().from(groupMembers).where(eq(groupMembers.groupId, team.id))).toEqual([]);
  });

  it.each([
    ['no ids', { userIds: [] }],
    ['a non-uuid', { userIds: ['nope'] }],
    ['a NUL', { userIds: ['\u0000'] }],
    ['too many ids', { userIds: Array.from({ length: 501 }, () => unknownId) }],
    ['another field', { userIds: [unknownId], role: 'x' }],
  ])('answers 400 for %s', async (_label, body) => {
    const team = await group();
    expect((await admin.post(`/api/groups/${team.id}/members`, body)).statusCode).toBe(400);
  });

  it('answers 404 for an unknown or another company’s group', async () => {
    const other = await signedIn(testApp.app, demo.consultingAdmin);
    const foreign = created<Stored>(await other.post('/api/groups', { name: `Foreign ${label()}` }));
    const [own] = await newUsers(world.acmeRobotics, 1);
    for (const id of [unknownId, foreign.id]) {
      expect((await addMembers(id, [own!])).statusCode).toBe(404);
      expect((await admin.get(`/api/groups/${id}/members`)).statusCode).toBe(404);
      expect((await admin.delete(`/api/groups/${id}/members/${own}`)).statusCode).toBe(404);
    }
  });
});

describe('assignments and enrolments', () => {
  it('assigns only a PUBLISHED plan (409 for a DRAFT), and asks for a target', async () => {
    const draft = created<Stored>(await admin.post('/api/training-plans', { name: `Draft ${label()}` }));
    const [learner] = await newUsers(world.acmeRobotics, 1);
    const refused = await assign(draft.id, { userIds: [learner] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PLAN_NOT_PUBLISHED');
    const plan = await publishedPlan();
    const empty = await assign(plan.id, {});
    expect(empty.statusCode).toBe(400);
    expect(errorFields(empty)).toEqual(['userIds']);
    expect(
      await testApp.db
        .select()
        .from(planAssignments)
        .where(inArray(planAssignments.trainingPlanId, [draft.id, plan.id])),
    ).toEqual([]);
  });

  it('enrols each learner reached once, with the earliest due date; lists assignments and enrolments', async () => {
    const plan = await publishedPlan();
    const team = await group();
    const [both, onlyGroup, onlyUser] = await newUsers(world.acmeRobotics, 3);
    await addMembers(team.id, [both!, onlyGroup!]);

    const toGroup = await assign(plan.id, { groupIds: [team.id], dueDate: later });
    expect(toGroup.statusCode).toBe(201);
    const toUsers = await assign(plan.id, { userIds: [both, onlyUser], dueDate: soon });
    expect(toUsers.json().items).toHaveLength(2);
    expect(await enrolled(plan.id)).toEqual({ [both!]: soon, [onlyGroup!]: later, [onlyUser!]: soon });

    const assignments = (await admin.get(`${planPath(plan.id)}/assignments`)).json();
    const summary = (item: Record<string, unknown>) => [item.target, item.targetName, item.dueDate, item.learnerCount];
    expect(assignments.items.map(summary).sort()).toEqual([
      ['GROUP', team.name, later, 2],
      ['USER', expect.stringMatching(/^Learner0 Delivery/), soon, 1],
      ['USER', expect.stringMatching(/^Learner2 Delivery/), soon, 1],
    ]);
    const audit = await auditEntriesFor(
      testApp.db,
      assignments.items.map((item: { id: string }) => item.id),
    );
    expect(audit.map((entry) => [entry.action, entry.entity])).toEqual(Array(3).fill(['CREATE', 'assignment']));

    const list = (await admin.get(`${planPath(plan.id)}/enrolments?sortBy=dueDate&sortOrder=desc`)).json();
    expect(list.total).toBe(3);
    expect(list.items[0]).toEqual({
      id: expect.any(String),
      enrolledAt: expect.any(String),
      trainingPlanId: plan.id,
      userId: onlyGroup,
      name: 'Learner1',
      surname: expect.any(String),
      email: expect.stringContaining('@example.com'),
      status: 'NOT_STARTED',
      dueDate: later,
      startedAt: null,
      completedAt: null,
      progress: 0,
      lastActivityAt: null,
    });
    const searched = (await admin.get(`${planPath(plan.id)}/enrolments?search=Learner2`)).json();
    expect(searched.items.map((item: { userId: string }) => item.userId)).toEqual([onlyUser]);
    expect((await admin.get(`${planPath(plan.id)}/enrolments?search=nobody-at-all`)).json()).toMatchObject({ items: [], total: 0 });
  });

  it('follows the group: a later member gets the plan, one leaving loses it unless assigned otherwise', async () => {
    const plan = await publishedPlan();
    const team = await group();
    const [stays, joins, direct] = await newUsers(world.acmeRobotics, 3);
    await addMembers(team.id, [stays!, direct!]);
    await assign(plan.id, { groupIds: [team.id] });
    await assign(plan.id, { userIds: [direct] });
    await addMembers(team.id, [joins!]);
    expect(Object.keys(await enrolled(plan.id)).sort()).toEqual([stays, joins, direct].sort());

    await admin.delete(`/api/groups/${team.id}/members/${stays}`);
    await admin.delete(`/api/groups/${team.id}/members/${direct}`);
    expect(Object.keys(await enrolled(plan.id)).sort()).toEqual([joins, direct].sort());

    expect((await admin.delete(`/api/groups/${team.id}`)).statusCode).toBe(204);
    expect(Object.keys(await enrolled(plan.id))).toEqual([direct]);
  });

  it('keeps the enrolments of a plan set back to DRAFT; removing an assignment removes what only it gave', async () => {
    const plan = await publishedPlan();
    const [learner, other] = await newUsers(world.acmeRobotics, 2);
    const first = (await assign(plan.id, { userIds: [learner, other] }))
      .json()
      .items.find((item: { userId: string }) => item.userId === other);
    const second = (await assign(plan.id, { userIds: [learner], dueDate: soon })).json().id;
    expect(await enrolled(plan.id)).toEqual({ [learner!]: soon, [other!]: null });

    const back = await admin.put(planPath(plan.id), { name: plan.name, status: 'DRAFT', version: plan.version });
    expect(back.statusCode).toBe(200);
    expect(await enrolled(plan.id)).toEqual({ [learner!]: soon, [other!]: null });

    expect((await admin.delete(`${planPath(plan.id)}/assignments/${second}`)).statusCode).toBe(204);
    expect(await enrolled(plan.id)).toEqual({ [learner!]: null, [other!]: null });
    expect((await admin.delete(`${planPath(plan.id)}/assignments/${second}`)).statusCode).toBe(404);
    expect((await admin.delete(`${planPath(plan.id)}/assignments/${first.id}`)).statusCode).toBe(204);
    expect(await enrolled(plan.id)).toEqual({ [learner!]: null });
    expect((await auditEntriesFor(testApp.db, [second])).map((entry) => entry.action)).toEqual(['CREATE', 'DELETE']);
  });

  it('enrols the whole company, users created later included, and a user moved to another company leaves', async () => {
    const plan = await publishedPlan();
    expect((await assign(plan.id, { wholeCompany: true, dueDate: past })).statusCode).toBe(201);
    const companyUsers = await testApp.db.select({ id: users.id }).from(users).where(eq(users.companyId, world.acmeRobotics.id));
    expect(Object.keys(await enrolled(plan.id)).sort()).toEqual(companyUsers.map((row) => row.id).sort());

    const [newcomer] = await newUsers(world.acmeRobotics, 1);
    expect((await enrolled(plan.id))[newcomer!]).toBe(past);
    await testApp.db.update(users).set({ companyId: world.acmeFoods.id }).where(eq(users.id, newcomer!));
    expect((await enrolled(plan.id))[newcomer!]).toBeUndefined();
  });

  it('filters enrolments by status: OVERDUE once the due date has passed, NOT_STARTED before', async () => {
    const plan = await publishedPlan();
    const [late, onTime, noDate] = await newUsers(world.acmeRobotics, 3);
    await assign(plan.id, { userIds: [late], dueDate: past });
    await assign(plan.id, { userIds: [onTime], dueDate: later });
    await assign(plan.id, { userIds: [noDate] });
    const ids = async (query: string) =>
      (await allPages<{ userId: string; status: string }>(admin, `${planPath(plan.id)}/enrolments${query}`)).map((item) => [
        item.userId,
        item.status,
      ]);
    expect(await ids('?status=OVERDUE')).toEqual([[late, 'OVERDUE']]);
    expect((await ids('?status=NOT_STARTED')).sort()).toEqual(
      [
        [onTime, 'NOT_STARTED'],
        [noDate, 'NOT_STARTED'],
      ].sort(),
    );
    expect(await ids('?status=COMPLETED')).toEqual([]);
    expect((await admin.get(`${planPath(plan.id)}/enrolments?status=DONE`)).statusCode).toBe(400);
  });

  it.each([
    ['another company’s user', () => ({ userIds: [world.globexLearner.id] }), 'userIds'],
    ['a sister company’s user', () => ({ userIds: [world.acmeFoodsAdmin.id] }), 'userIds'],
    ['an unknown group', () => ({ groupIds: [unknownId] }), 'groupIds'],
    ['a due date that is not a date', () => ({ wholeCompany: true, dueDate: 'tomorrow' }), 'dueDate'],
    ['a due date out of range', () => ({ wholeCompany: true, dueDate: '0001-01-01T00:00:00Z' }), 'dueDate'],
    ['a NUL in a user id', () => ({ userIds: ['\u0000'] }), 'userIds.0'],
    ['wholeCompany not a boolean', () => ({ wholeCompany: 'yes' }), 'wholeCompany'],
  ])('answers 400 for %s and writes nothing', async (_label, body, field) => {
    const plan = await publishedPlan();
    const response = await assign(plan.id, body());
    expect(response.statusCode).toBe(400);
    expect(errorFields(response)).toContain(field);
    expect(await testApp.db.select().from(planAssignments).where(eq(planAssignments.trainingPlanId, plan.id))).toEqual([]);
  });

  it('answers 400 for another company’s group', async () => {
    const other = await signedIn(testApp.app, demo.consultingAdmin);
    const foreign = created<Stored>(await other.post('/api/groups', { name: `Foreign ${label()}` }));
    const plan = await publishedPlan();
    const response = await assign(plan.id, { groupIds: [foreign.id] });
    expect(response.statusCode).toBe(400);
    expect(errorFields(response)).toEqual(['groupIds']);
  });

  it('answers 404 for an unknown plan, an assignment of another plan, and 403 for TENANT', async () => {
    const plan = await publishedPlan();
    const otherPlan = await publishedPlan();
    const [learner] = await newUsers(world.acmeRobotics, 1);
    const assignment = (await assign(otherPlan.id, { userIds: [learner] })).json().id;
    expect((await assign(unknownId, { wholeCompany: true })).statusCode).toBe(404);
    expect((await admin.get(`${planPath(unknownId)}/enrolments`)).statusCode).toBe(404);
    expect((await admin.delete(`${planPath(plan.id)}/assignments/${assignment}`)).statusCode).toBe(404);
    expect(await enrolled(otherPlan.id)).toEqual({ [learner!]: null });
    expect((await tenantAdmin.get(`${planPath(plan.id)}/enrolments`)).statusCode).toBe(403);
  });

  it('gives plans and items a stable activity ID', async () => {
    const plan = await publishedPlan();
    expect((await admin.get(planPath(plan.id))).json().activityId).toBe(`tag:learning-admin-console,2026:plan/${plan.id}`);
  });
});

/** A published plan assigned to two new groups, and 12 new learners, all members of the second. */
async function twoAssignedTeams() {
  const plan = await publishedPlan();
  const [teamA, teamB] = [await group(), await group()];
  await assign(plan.id, { groupIds: [teamA.id, teamB.id] });
  const learners = await newUsers(world.acmeRobotics, 12);
  await addMembers(teamB.id, learners);
  return { plan, teamA, teamB, learners };
}

describe('concurrent changes of assignments and memberships', () => {
  it('leaves exactly one enrolment per learner reached, with the earliest due date, whatever the order', async () => {
    const plan = await publishedPlan();
    const otherPlan = await publishedPlan();
    const [teamA, teamB] = [await group(), await group()];
    const learners = await newUsers(world.acmeRobotics, 16);
    const leavers = learners.slice(0, 4);
    await addMembers(teamB.id, leavers);

    // All at once: the groups assigned, members added to both groups one request each, direct assignments, leavers.
    const requests = [
      assign(plan.id, { groupIds: [teamA.id], dueDate: later }),
      assign(plan.id, { groupIds: [teamB.id], dueDate: soon }),
      assign(otherPlan.id, { groupIds: [teamA.id, teamB.id] }),
      ...learners.map((id, index) => addMembers(index % 2 ? teamA.id : teamB.id, [id])),
      ...learners.slice(8).map((id) => assign(plan.id, { userIds: [id], dueDate: past })),
      ...leavers.map((id) => admin.delete(`/api/groups/${teamB.id}/members/${id}`)),
    ];
    const statuses = (await Promise.all(requests)).map((response) => response.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);

    // What the assignments and memberships now say, computed here.
    const members = await testApp.db
      .select({ groupId: groupMembers.groupId, userId: groupMembers.userId })
      .from(groupMembers)
      .where(inArray(groupMembers.groupId, [teamA.id, teamB.id]));
    const expected = (planId: string) => {
      const due = new Map<string, string | null>();
      const reach = (userId: string, date: string | null) => {
        const known = due.get(userId);
        due.set(userId, known === undefined ? date : known === null ? date : date === null ? known : known < date ? known : date);
      };
      if (planId === plan.id) {
        members.forEach((member) => reach(member.userId, member.groupId === teamA.id ? later : soon));
        learners.slice(8).forEach((id) => reach(id, past));
      } else {
        members.forEach((member) => reach(member.userId, null));
      }
      return Object.fromEntries(due);
    };
    expect(await enrolled(plan.id)).toEqual(expected(plan.id));
    expect(await enrolled(otherPlan.id)).toEqual(expected(otherPlan.id));
    const rows = await testApp.db
      .select({ userId: enrolments.userId })
      .from(enrolments)
      .where(and(eq(enrolments.trainingPlanId, plan.id), inArray(enrolments.userId, learners)));
    expect(new Set(rows.map((row) => row.userId)).size).toBe(rows.length);
  });

  it('deletes users while they are added to groups and assigned, without a deadlock or a 500', async () => {
    const { plan, teamA, teamB, learners } = await twoAssignedTeams();

    // Each user deleted alone, and named with the others by one request of each kind: rows locked in many orders.
    const requests = [
      addMembers(teamA.id, learners),
      assign(plan.id, { userIds: learners, dueDate: soon }),
      ...learners.flatMap((id) => [
        admin.delete(`/api/users/${id}`),
        addMembers(teamA.id, [id]),
        admin.delete(`/api/groups/${teamB.id}/members/${id}`),
        assign(plan.id, { userIds: [id], dueDate: soon }),
      ]),
      addMembers(teamA.id, [...learners].reverse()),
    ];
    const statuses = (await Promise.all(requests)).map((response) => response.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    // Every user is gone, and with them every membership and enrolment.
    expect(await testApp.db.select({ id: users.id }).from(users).where(inArray(users.id, learners))).toEqual([]);
    expect(await enrolled(plan.id)).toEqual({});
  });

  it('removes a membership and an assignment once under 100 parallel identical requests, one audit row each', async () => {
    const plan = await publishedPlan();
    const team = await group();
    const [learner] = await newUsers(world.acmeRobotics, 1);
    await addMembers(team.id, [learner!]);
    const assignment = (await assign(plan.id, { userIds: [learner!] })).json().id as string;
    const times = (send: () => Promise<{ statusCode: number }>) => Promise.all(Array.from({ length: 100 }, send));
    const tally = (responses: { statusCode: number }[]) =>
      Object.fromEntries([204, 404].map((status) => [status, responses.filter((response) => response.statusCode === status).length]));

    const [members, assignments] = await Promise.all([
      times(() => admin.delete(`/api/groups/${team.id}/members/${learner}`)),
      times(() => admin.delete(`${planPath(plan.id)}/assignments/${assignment}`)),
    ]);
    expect(tally(members)).toEqual({ 204: 1, 404: 99 });
    expect(tally(assignments)).toEqual({ 204: 1, 404: 99 });
    const audit = await auditEntriesFor(testApp.db, [team.id, assignment]);
    expect(audit.filter((entry) => (entry.details as { removed?: string[] }).removed)).toHaveLength(1);
    expect(audit.filter((entry) => entry.action === 'DELETE')).toHaveLength(1);
    expect(await enrolled(plan.id)).toEqual({});
    // Another tenant's user, or one never a member: nothing to remove.
    for (const id of [world.globexLearner.id, unknownId]) {
      expect((await admin.delete(`/api/groups/${team.id}/members/${id}`)).statusCode).toBe(404);
    }
  });

  it('deletes groups and users while their assignments are removed, without a deadlock or a 500', async () => {
    const plan = await publishedPlan();
    const learners = await newUsers(world.acmeRobotics, 8);
    const teams = [await group(), await group(), await group(), await group()];
    for (const [index, team] of teams.entries()) await addMembers(team.id, learners.slice(index * 2, index * 2 + 4));
    const byGroup = (await assign(plan.id, { groupIds: teams.map((team) => team.id), dueDate: soon })).json().items;
    const byUser = (await assign(plan.id, { userIds: learners, dueDate: later })).json().items;
    const assignmentOf = (field: 'groupId' | 'userId', id: string) =>
      [...byGroup, ...byUser].find((item: Record<string, string>) => item[field] === id).id as string;

    // Each assignment removed while the group or user it names is deleted: parent and child rows locked both ways,
    // and each membership is a child of a group and of a user deleted at the same time.
    const requests = [
      ...teams.flatMap((team) => [
        admin.delete(`${planPath(plan.id)}/assignments/${assignmentOf('groupId', team.id)}`),
        admin.delete(`/api/groups/${team.id}`),
      ]),
      ...learners.flatMap((id) => [
        admin.delete(`/api/users/${id}`),
        admin.delete(`${planPath(plan.id)}/assignments/${assignmentOf('userId', id)}`),
      ]),
    ];
    const statuses = (await Promise.all(requests)).map((response) => response.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(await testApp.db.select().from(planAssignments).where(eq(planAssignments.trainingPlanId, plan.id))).toEqual([]);
    expect(await enrolled(plan.id)).toEqual({});
  });

  it('deletes users in bulk while they are added to groups and assigned, one by one and in bulk, without a 500', async () => {
    const { plan, teamA, teamB, learners } = await twoAssignedTeams();
    const [firstHalf, secondHalf] = [learners.slice(0, 6), learners.slice(6)];

    // Two bulk deletes over the same users in opposite orders, against writes naming them one by one and all at once.
    const requests = [
      admin.post('/api/users/bulk', { action: 'delete', ids: [...secondHalf, ...firstHalf] }),
      admin.post('/api/users/bulk', { action: 'addToGroup', groupId: teamA.id, ids: learners }),
      ...learners.flatMap((id) => [addMembers(teamA.id, [id]), admin.delete(`/api/groups/${teamB.id}/members/${id}`)]),
      admin.post('/api/users/bulk', { action: 'assignPlan', planId: plan.id, ids: [...learners].reverse() }),
      admin.post('/api/users/bulk', { action: 'delete', ids: [...learners].reverse() }),
    ];
    const statuses = (await Promise.all(requests)).map((response) => response.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(await testApp.db.select({ id: users.id }).from(users).where(inArray(users.id, learners))).toEqual([]);
    expect(await enrolled(plan.id)).toEqual({});
  });
});

describe('the demo data', () => {
  it('has two groups in the demo company and the published plan assigned to one, with a due date, enrolling its members', async () => {
    const listed = (await admin.get('/api/groups?search=e&sortBy=name&pageSize=100')).json();
    const seeded = listed.items.filter((item: { name: string }) => ['New hires', 'Warehouse team'].includes(item.name));
    expect(seeded.map((item: { name: string; memberCount: number }) => [item.name, item.memberCount])).toEqual([
      ['New hires', 5],
      ['Warehouse team', 5],
    ]);
    const plans = (await admin.get('/api/training-plans?search=New hire onboarding')).json().items;
    const assignments = (await admin.get(`${planPath(plans[0].id)}/assignments`)).json().items;
    // Seeded in one transaction, the two share their creation time: the list orders them by id then.
    const byTarget = [...assignments].sort((a: { target: string }, b: { target: string }) => a.target.localeCompare(b.target));
    expect(byTarget.map((item: Record<string, unknown>) => [item.target, item.targetName, item.learnerCount])).toEqual([
      ['GROUP', 'New hires', 5],
      ['USER', expect.any(String), 1],
    ]);
    expect(assignments.every((item: { dueDate: string | null }) => item.dueDate !== null)).toBe(true);
    const learners = (await admin.get(`${planPath(plans[0].id)}/enrolments`)).json();
    expect(learners.total).toBe(6);
    expect((await admin.get(`${planPath(plans[0].id)}/enrolments?status=OVERDUE`)).json().total).toBe(1);
  });

  it('exports the plan’s learners as CSV with the list’s search, sort and status, headed in the language asked', async () => {
    const plans = (await admin.get('/api/training-plans?search=New hire onboarding')).json().items;
    const exported = await admin.get(`${planPath(plans[0].id)}/enrolments/export?status=COMPLETED&sortBy=progress&lang=it`);
    const rows = parse(exported.body, { bom: true }) as string[][];
    const everyone = parse((await admin.get(`${planPath(plans[0].id)}/enrolments/export`)).body, { bom: true }) as string[][];

    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="learners-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(rows[0]).toEqual([
      'Nome',
      'Cognome',
      'Email',
      'Stato',
      'Avanzamento',
      'Scadenza',
      'Iniziato',
      'Completato',
      'Ultima attività',
      'Iscritto',
    ]);
    expect(rows.slice(1).map((row) => [row[3], row[4]])).toEqual([
      ['COMPLETED', '1'],
      ['COMPLETED', '1'],
    ]);
    expect(everyone).toHaveLength(7);
    expect((await admin.get(`${planPath(unknownId)}/enrolments/export`)).statusCode).toBe(404);
    expect((await admin.get(`${planPath(plans[0].id)}/enrolments/export?status=DONE`)).statusCode).toBe(400);
    expect((await tenantAdmin.get(`${planPath(plans[0].id)}/enrolments/export`)).statusCode).toBe(403);
  });

  it('has a few weeks of a learner app’s statements that moved the enrolments, under a credential of their own', async () => {
    const plans = (await admin.get('/api/training-plans?search=New hire onboarding')).json().items;
    const learners = await allPages<{ status: string; progress: number; lastActivityAt: string | null; email: string }>(
      admin,
      `${planPath(plans[0].id)}/enrolments?sortBy=progress&sortOrder=desc`,
    );
    const statements = await testApp.db
      .select({ actor: xapiStatements.actorMbox, timestamp: xapiStatements.timestamp })
      .from(xapiStatements)
      .where(eq(xapiStatements.companyId, world.acmeRobotics.id));
    const credentials = (await admin.get('/api/lrs-credentials')).json().items as { label: string }[];

    // Two learners share progress 0: the list orders them by id then, so the pairs are compared in one order here.
    const byStatus = (pairs: (string | number)[][]) => pairs.sort((a, b) => String(a).localeCompare(String(b)));
    expect(byStatus(learners.map((learner) => [learner.status, learner.progress]))).toEqual(
      byStatus([
        ['COMPLETED', 1],
        ['COMPLETED', 1],
        ['IN_PROGRESS', 0.5],
        ['OVERDUE', 0.25],
        ['IN_PROGRESS', 0],
        ['NOT_STARTED', 0],
      ]),
    );
    // Every statement names an enrolled learner; the oldest three weeks back.
    expect(new Set(statements.map((statement) => statement.actor))).toEqual(
      new Set(learners.filter((learner) => learner.lastActivityAt).map((learner) => `mailto:${learner.email}`)),
    );
    const oldest = Math.min(...statements.map((statement) => statement.timestamp.getTime()));
    expect(Date.now() - oldest).toBeGreaterThan(20 * 24 * 60 * 60 * 1000);
    expect(credentials.map((credential) => credential.label)).toContain('Demo learner app');
  });
});
