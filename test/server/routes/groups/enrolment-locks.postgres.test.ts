import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolments, groupMembers, groups, trainingPlans, users } from '../../../../server/db/schema';
import { demo, useTestApp } from '../../../support/server/harness';
import { demoWorld, signedIn, type DemoWorld } from '../../../support/server/resources';

// Migration 0020: two transactions that change who a plan reaches at the same time, one adding a member to a group
// and one assigning the plan to that group, each interleaved by hand. Each recompute reads only after the company's
// advisory lock, which the first holds until it commits: the second then sees the first's row. Without the lock,
// neither recompute would see the other's uncommitted row and the learner would stay unenrolled.
const testApp = useTestApp();

let world: DemoWorld;
const clients: pg.Client[] = [];

async function connected() {
  const client = new pg.Client({ connectionString: testApp.database.serverEnv.DATABASE_URL });
  await client.connect();
  clients.push(client);
  return client;
}

/** Resolves once `pid` (else any backend of the test's database) waits for a lock (asked of the server, no timing involved). */
async function waitingForLock(observer: pg.Client, pid?: number) {
  for (;;) {
    const { rows } = await observer.query<{ waiting: boolean }>(
      "SELECT true AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database() AND ($1::int IS NULL OR pid = $1)",
      [pid ?? null],
    );
    if (rows[0]?.waiting) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

beforeAll(async () => {
  world = await demoWorld(testApp.db);
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.end()));
});

async function fixture() {
  const owner = { tenantId: world.acme.id, companyId: world.acmeRobotics.id };
  const tag = randomBytes(4).toString('hex');
  const [plan] = await testApp.db
    .insert(trainingPlans)
    .values({ ...owner, name: `Locked ${tag}`, status: 'PUBLISHED' })
    .returning({ id: trainingPlans.id });
  const [group] = await testApp.db
    .insert(groups)
    .values({ ...owner, name: `Locked ${tag}` })
    .returning({ id: groups.id });
  const [learner] = await testApp.db
    .insert(users)
    .values({ ...owner, scope: 'COMPANY', name: 'Locked', surname: tag, email: `locked.${tag}@example.com` })
    .returning({ id: users.id });
  return { owner, planId: plan!.id, groupId: group!.id, userId: learner!.id };
}

describe('enrolments under concurrent transactions', () => {
  it.each(['membership first', 'assignment first'])('enrol the learner whichever commits first (%s)', async (order) => {
    const { owner, planId, groupId, userId } = await fixture();
    const [first, second, observer] = [await connected(), await connected(), await connected()];
    const addMember = (client: pg.Client) =>
      client.query('INSERT INTO group_members (group_id, user_id, tenant_id, company_id) VALUES ($1, $2, $3, $4)', [
        groupId,
        userId,
        owner.tenantId,
        owner.companyId,
      ]);
    const assignGroup = (client: pg.Client) =>
      client.query(
        "INSERT INTO plan_assignments (tenant_id, company_id, training_plan_id, target, group_id) VALUES ($1, $2, $3, 'GROUP', $4)",
        [owner.tenantId, owner.companyId, planId, groupId],
      );
    const [early, late] = order === 'membership first' ? [addMember, assignGroup] : [assignGroup, addMember];

    await first.query('BEGIN');
    await early(first);
    await second.query('BEGIN');
    const pid = (await second.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    const blocked = late(second);
    await waitingForLock(observer, pid);
    await first.query('COMMIT');
    await blocked;
    await second.query('COMMIT');

    const rows = await testApp.db.select({ userId: enrolments.userId }).from(enrolments).where(eq(enrolments.trainingPlanId, planId));
    expect(rows).toEqual([{ userId }]);
  });
});

describe('a user moved to another company while a request adds it to a group', () => {
  it('waits for the move and then refuses the user, leaving no membership of another company', async () => {
    const { groupId, userId } = await fixture();
    const admin = await signedIn(testApp.app, demo.companyAdmin);
    const [mover, observer] = [await connected(), await connected()];

    // The move is left uncommitted (the user's row locked, as a console save would hold it) while the request runs.
    await mover.query('BEGIN');
    await mover.query('UPDATE users SET company_id = $1 WHERE id = $2', [world.acmeFoods.id, userId]);
    const adding = admin.post(`/api/groups/${groupId}/members`, { userIds: [userId] });
    await waitingForLock(observer);
    await mover.query('COMMIT');

    const response = await adding;
    expect(response.statusCode).toBe(400);
    expect(await testApp.db.select().from(groupMembers).where(eq(groupMembers.userId, userId))).toEqual([]);
  });
});
