import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrolments, groups, trainingPlans } from '../../../../server/db/schema';
import { created, planPath } from '../../../support/server/catalogue';
import { demo, useTestApp } from '../../../support/server/harness';
import { allPages, demoWorld, newLearners, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

// Completion reports (issue 27): per company for GLOBAL and TENANT admins, per plan and per group for COMPANY admins.
const testApp = useTestApp();

type Counts = {
  enrolled: number;
  notStarted: number;
  inProgress: number;
  completed: number;
  overdue: number;
  completionRate: number | null;
};
type Row = Counts & { id: string; name: string };
const counts = ({ enrolled, notStarted, inProgress, completed, overdue, completionRate }: Counts) => ({
  enrolled,
  notStarted,
  inProgress,
  completed,
  overdue,
  completionRate,
});
const none = { enrolled: 0, notStarted: 0, inProgress: 0, completed: 0, overdue: 0, completionRate: null };
const label = () => randomBytes(4).toString('hex');
const past = new Date('2020-01-31T17:00:00.000Z');

let world: DemoWorld;
let root: Api;
let tenantAdmin: Api;
let companyAdmin: Api;
let consultingAdmin: Api;

beforeAll(async () => {
  world = await demoWorld(testApp.db);
  root = await signedIn(testApp.app, demo.root);
  tenantAdmin = await signedIn(testApp.app, demo.tenantAdmin);
  companyAdmin = await signedIn(testApp.app, demo.companyAdmin);
  consultingAdmin = await signedIn(testApp.app, demo.consultingAdmin);
});

/** A published plan of the demo company assigned to `count` new learners, their enrolments then set by `progress`. */
async function planWithLearners(count: number, progress: (index: number) => Partial<typeof enrolments.$inferInsert>) {
  const tag = label();
  const plan = created<{ id: string }>(await companyAdmin.post('/api/training-plans', { name: `Report ${tag}`, status: 'PUBLISHED' }));
  const learners = await newLearners(testApp.db, world.acmeRobotics, count, 'Reported');
  const ids = learners.map((learner) => learner.id);
  created(await companyAdmin.post(`${planPath(plan.id)}/assignments`, { userIds: ids }));
  for (const [index, id] of ids.entries()) {
    await testApp.db
      .update(enrolments)
      .set(progress(index))
      .where(and(eq(enrolments.trainingPlanId, plan.id), eq(enrolments.userId, id)));
  }
  return { plan, name: `Report ${tag}`, learners: ids };
}

describe('completion per plan (COMPANY)', () => {
  it('counts every status by the enrolments list’s rule, with the completion rate', async () => {
    const started = new Date();
    // 0, 1: not started; 2: started; 3: started and overdue; 4, 5: completed (5 also past its due date).
    const { plan } = await planWithLearners(6, (index) => ({
      startedAt: index >= 2 ? started : null,
      dueDate: index === 3 || index === 5 ? past : null,
      completedAt: index >= 4 ? started : null,
    }));

    const row = (await allPages<Row>(companyAdmin, '/api/reports/plans')).find((item) => item.id === plan.id)!;
    const listed = await allPages<{ status: string }>(companyAdmin, `${planPath(plan.id)}/enrolments`);
    const byStatus = (status: string) => listed.filter((enrolment) => enrolment.status === status).length;

    expect(counts(row)).toEqual({ enrolled: 6, notStarted: 2, inProgress: 1, completed: 2, overdue: 1, completionRate: 2 / 6 });
    // The same rule as the plan's learners list.
    expect([byStatus('NOT_STARTED'), byStatus('IN_PROGRESS'), byStatus('COMPLETED'), byStatus('OVERDUE')]).toEqual([2, 1, 2, 1]);
  });

  it('lists every plan of the company, those nobody is enrolled in with zeros, and only them', async () => {
    const draft = created<{ id: string }>(await companyAdmin.post('/api/training-plans', { name: `Unassigned ${label()}` }));
    const listed = await allPages<Row & { status: string }>(companyAdmin, '/api/reports/plans');
    const ownPlans = await testApp.db
      .select({ id: trainingPlans.id })
      .from(trainingPlans)
      .where(eq(trainingPlans.companyId, world.acmeRobotics.id));

    expect(listed.map((item) => item.id).sort()).toEqual(ownPlans.map((item) => item.id).sort());
    const unassigned = listed.find((item) => item.id === draft.id)!;
    expect({ status: unassigned.status, ...counts(unassigned) }).toEqual({ status: 'DRAFT', ...none });
    const seeded = listed.find((item) => item.name === 'New hire onboarding')!;
    // The demo statements: two learners finished, two under way, one not started, the overdue one stopped early.
    expect(counts(seeded)).toEqual({ enrolled: 6, notStarted: 1, inProgress: 2, completed: 2, overdue: 1, completionRate: 2 / 6 });
  });

  it('sorts by a count or the rate (nobody enrolled last either way), pages and searches by name', async () => {
    const { name } = await planWithLearners(2, (index) => ({ startedAt: new Date(), completedAt: index === 0 ? new Date() : null }));
    const byRate = async (order: string) =>
      (await allPages<Row>(companyAdmin, `/api/reports/plans?sortBy=completionRate&sortOrder=${order}`)).map((item) => item.completionRate);
    const descending = await byRate('desc');
    const ascending = await byRate('asc');
    const page = (await companyAdmin.get('/api/reports/plans?sortBy=enrolled&sortOrder=desc&pageSize=1&page=1')).json();
    const searched = (await companyAdmin.get(`/api/reports/plans?search=${encodeURIComponent(name.slice(-8))}`)).json();

    const rated = (values: (number | null)[]) => values.filter((value): value is number => value !== null);
    expect(rated(descending)).toEqual([...rated(descending)].sort((a, b) => b - a));
    expect(rated(ascending)).toEqual([...rated(ascending)].sort((a, b) => a - b));
    expect(descending.at(-1)).toBeNull();
    expect(ascending.at(-1)).toBeNull();
    expect(descending.indexOf(0.5)).toBeGreaterThanOrEqual(0);
    expect(page.items).toHaveLength(1);
    expect(page.total).toBeGreaterThan(1);
    expect(page.items[0].enrolled).toBe(
      Math.max(...(await allPages<Row>(companyAdmin, '/api/reports/plans')).map((item) => item.enrolled)),
    );
    expect(searched.items.map((item: Row) => [item.name, item.completionRate])).toEqual([[name, 0.5]]);
  });

  it('refuses what a list refuses: an unknown parameter, a page size beyond 100, a search too long (400)', async () => {
    const statuses = [];
    for (const query of ['unknown=1', 'pageSize=101', 'page=0', `search=${'x'.repeat(101)}`, 'sortOrder=up'])
      statuses.push((await companyAdmin.get(`/api/reports/plans?${query}`)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    // An unknown sort is ignored, as in every list: the order is by name.
    const byName = (await allPages<Row>(companyAdmin, '/api/reports/plans?sortBy=password')).map((item) => item.name);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('completion per group (COMPANY)', () => {
  it('counts the members’ enrolments in the plans assigned to the group, not their other plans', async () => {
    const listed = await allPages<Row & { memberCount: number }>(companyAdmin, '/api/reports/groups');
    const byName = Object.fromEntries(listed.map((item) => [item.name, { memberCount: item.memberCount, ...counts(item) }]));
    const ownGroups = await testApp.db.select({ id: groups.id }).from(groups).where(eq(groups.companyId, world.acmeRobotics.id));

    expect(listed.map((item) => item.id).sort()).toEqual(ownGroups.map((item) => item.id).sort());
    // New hires: five members, the onboarding plan assigned to them. Warehouse team: five members, no plan.
    expect(byName['New hires']).toEqual({
      memberCount: 5,
      enrolled: 5,
      notStarted: 1,
      inProgress: 2,
      completed: 2,
      overdue: 0,
      completionRate: 2 / 5,
    });
    expect(byName['Warehouse team']).toEqual({ memberCount: 5, ...none });
  });

  it('follows a completion of a member', async () => {
    const [newHires] = await testApp.db.select().from(groups).where(eq(groups.name, 'New hires'));
    const members = (await companyAdmin.get(`/api/groups/${newHires!.id}/members`)).json().items as { userId: string }[];
    const before = (await allPages<Row>(companyAdmin, '/api/reports/groups')).find((item) => item.name === 'New hires')!;
    const [unfinished] = await testApp.db
      .select({ id: enrolments.id })
      .from(enrolments)
      .where(
        and(
          inArray(
            enrolments.userId,
            members.map((member) => member.userId),
          ),
          isNull(enrolments.completedAt),
        ),
      );
    await testApp.db.update(enrolments).set({ startedAt: new Date(), completedAt: new Date() }).where(eq(enrolments.id, unfinished!.id));

    const row = (await allPages<Row>(companyAdmin, '/api/reports/groups')).find((item) => item.name === 'New hires')!;
    expect([row.completed, row.completionRate]).toEqual([before.completed + 1, (before.completed + 1) / 5]);
  });
});

describe('completion per company (GLOBAL, TENANT)', () => {
  it('gives a TENANT admin its companies only, with their enrolments, and 403 to the reports of a company', async () => {
    const listed = await allPages<Row & { tenant: { id: string } }>(tenantAdmin, '/api/reports/companies');
    const robotics = listed.find((item) => item.id === world.acmeRobotics.id)!;
    const enrolled = await testApp.db.select({ id: enrolments.id }).from(enrolments).where(eq(enrolments.companyId, world.acmeRobotics.id));

    expect(new Set(listed.map((item) => item.tenant.id))).toEqual(new Set([world.acme.id]));
    expect(robotics.enrolled).toBe(enrolled.length);
    expect(counts(listed.find((item) => item.id === world.acmeFoods.id)!)).toEqual(none);
    expect((await tenantAdmin.get('/api/reports/companies?search=Globex')).json()).toEqual({ items: [], total: 0, totalIsEstimate: false });
    expect([(await tenantAdmin.get('/api/reports/plans')).statusCode, (await tenantAdmin.get('/api/reports/groups')).statusCode]).toEqual([
      403, 403,
    ]);
  });

  it('gives GLOBAL every tenant’s companies, and a COMPANY admin 403', async () => {
    const listed = await allPages<Row & { tenant: { id: string } }>(root, '/api/reports/companies');
    expect(new Set(listed.map((item) => item.tenant.id))).toEqual(new Set([world.acme.id, world.globex.id]));
    expect((await companyAdmin.get('/api/reports/companies')).statusCode).toBe(403);
  });

  it('shows another company’s admin none of the demo company’s plans, groups or learners', async () => {
    const plans = await allPages<Row>(consultingAdmin, '/api/reports/plans');
    const groupRows = await allPages<Row>(consultingAdmin, '/api/reports/groups');
    const ownPlans = await testApp.db
      .select({ id: trainingPlans.id })
      .from(trainingPlans)
      .where(eq(trainingPlans.companyId, world.globexConsulting.id));

    expect(plans.map((item) => item.id).sort()).toEqual(ownPlans.map((item) => item.id).sort());
    expect(plans.every((item) => item.enrolled === 0)).toBe(true);
    expect(groupRows).toEqual([]);
  });
});
