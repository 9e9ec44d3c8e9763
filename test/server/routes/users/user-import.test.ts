import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../../../server/db/schema';
import { bearer, demo, useTestApp } from '../../../support/server/harness';
import { assumed, auditEntriesFor, demoWorld, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

/** The statements the app sends, to tell a dry run's reads from writes. */
const statements: string[] = [];
const testApp = useTestApp({}, { logQuery: (query) => void statements.push(query) });

interface Row {
  line: number;
  name?: string;
  surname?: string;
  email?: string;
  company?: string;
  scope?: string;
  admin?: boolean;
  enabled?: boolean;
}
interface Result {
  line: number;
  outcome: 'created' | 'skipped' | 'failed';
  id?: string;
  field?: string;
  message?: string;
}

const unique = () => randomBytes(4).toString('hex');
const row = (line: number, overrides: Partial<Row> = {}): Row => ({
  line,
  name: 'Valentina',
  surname: 'Fabbri',
  email: `import.${unique()}@example.com`,
  ...overrides,
});

const importing = async (api: Api, rows: Row[], dryRun = false) => {
  const response = await api.post('/api/users/import', { rows, dryRun });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ dryRun: boolean; results: Result[] }>().results;
};
const storedWith = (emails: string[]) =>
  testApp.db
    .select()
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        emails.map((email) => email.toLowerCase()),
      ),
    );

/** The dry runs audited for an actor, oldest first. */
const previews = (actorUserId: string) =>
  testApp.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'PREVIEW'), eq(auditLog.actorUserId, actorUserId)))
    .orderBy(auditLog.at);

describe('POST /api/users/import', () => {
  let world: DemoWorld;
  let root: Api;
  let tenantAdmin: Api;
  let companyAdmin: Api;
  beforeAll(async () => {
    world = await demoWorld(testApp.db);
    root = await signedIn(testApp.app, demo.root);
    tenantAdmin = await signedIn(testApp.app, demo.tenantAdmin);
    companyAdmin = await signedIn(testApp.app, demo.companyAdmin);
  });

  it('creates the rows that pass with the rules of a create, and says why the others failed', async () => {
    const rows = [
      row(2, { admin: true, enabled: false }),
      row(3, { company: '  acme robotics s.p.a. ' }),
      row(4, { email: 'not-an-email' }),
      row(5, { name: '   ' }),
      row(6, { surname: 'x'.repeat(101) }),
      row(7, { scope: 'ROOT' }),
    ];

    const results = await importing(tenantAdmin, rows);

    expect(results).toEqual([
      { line: 2, outcome: 'created', id: expect.any(String) },
      { line: 3, outcome: 'created', id: expect.any(String) },
      {
        line: 4,
        outcome: 'failed',
        field: 'email',
        rule: 'format',
        params: { format: 'email' },
        message: expect.stringMatching(/format|email/),
      },
      { line: 5, outcome: 'failed', field: 'name', rule: 'minLength', params: { limit: 1 }, message: expect.any(String) },
      { line: 6, outcome: 'failed', field: 'surname', rule: 'maxLength', params: { limit: 100 }, message: expect.stringMatching(/100/) },
      { line: 7, outcome: 'failed', field: 'scope', rule: 'oneOf', message: expect.stringMatching(/GLOBAL, TENANT, COMPANY/) },
    ]);
    const stored = await storedWith(rows.map((sent) => sent.email!));
    expect(stored).toHaveLength(2);
    expect(stored.find((user) => user.email === rows[0]!.email)).toMatchObject({
      scope: 'TENANT',
      tenantId: world.acme.id,
      companyId: null,
      admin: true,
      enabled: false,
      status: 'PENDING',
      passwordHash: null,
    });
    expect(stored.find((user) => user.email === rows[1]!.email)).toMatchObject({
      scope: 'COMPANY',
      tenantId: world.acme.id,
      companyId: world.acmeRobotics.id,
    });
    const audit = await auditEntriesFor(
      testApp.db,
      stored.map((user) => user.id),
    );
    expect(audit.map((entry) => entry.action)).toEqual(['CREATE', 'CREATE']);
  });

  it('skips emails already in use, in any case and any tenant, so a file imported again creates nothing twice', async () => {
    const rows = [row(2), row(3), row(4, { email: world.globexLearner.email.toUpperCase() })];

    const first = await importing(tenantAdmin, rows);
    const again = await importing(
      tenantAdmin,
      rows.map((sent) => ({ ...sent, email: sent.email!.toUpperCase() })),
    );

    expect(first.map((result) => result.outcome)).toEqual(['created', 'created', 'skipped']);
    const inUse = { outcome: 'skipped', field: 'email', rule: 'unique', message: 'already in use' };
    // Issue 26: another tenant's address is refused in words that do not say it exists there.
    const unavailable = { outcome: 'skipped', field: 'email', rule: 'unavailable', message: 'cannot be used for a new user' };
    expect(first[2]).toEqual({ line: 4, ...unavailable });
    expect(again).toEqual([
      { line: 2, ...inUse },
      { line: 3, ...inUse },
      { line: 4, ...unavailable },
    ]);
    expect(await storedWith(rows.map((sent) => sent.email!))).toHaveLength(3);
  });

  it('fails the repeats of an email inside the file, naming the line of the first', async () => {
    const email = `twice.${unique()}@example.com`;

    const results = await importing(tenantAdmin, [row(2, { email }), row(9, { email: ` ${email.toUpperCase()} ` })]);

    expect(results[0]!.outcome).toBe('created');
    expect(results[1]).toEqual({
      line: 9,
      outcome: 'failed',
      field: 'email',
      rule: 'duplicate',
      params: { line: 2 },
      message: 'appears more than once in the file (line 2)',
    });
  });

  it('checks a dry run as the import with reads only, and audits it with its counts', async () => {
    const rows = [row(2), row(3, { company: 'Globex Energy Ltd' }), row(4, { email: demo.learner }), row(5, { email: 'nope' })];
    const before = await previews(world.tenantAdmin.id);
    statements.length = 0;

    const preview = await importing(tenantAdmin, rows, true);

    expect(preview).toEqual([
      { line: 2, outcome: 'created' },
      { line: 3, outcome: 'failed', field: 'company', rule: 'notFound', message: 'not found' },
      { line: 4, outcome: 'skipped', field: 'email', rule: 'unique', message: 'already in use' },
      expect.objectContaining({ line: 5, outcome: 'failed', field: 'email' }),
    ]);
    // Issue 26: nothing inserted and rolled back; the one write is the audit row.
    const writes = statements.filter(
      (statement) => /^\s*(insert|update|delete)\b/i.test(statement) && !/rate_limit|bulk_work|idempotency/.test(statement),
    );
    expect(writes).toEqual([expect.stringMatching(/^insert into "audit_log"/i)]);
    expect(statements.some((statement) => /rollback/i.test(statement))).toBe(false);
    expect(await storedWith(rows.map((sent) => sent.email!))).toHaveLength(1);
    const audited = (await previews(world.tenantAdmin.id)).slice(before.length);
    expect(audited).toEqual([
      expect.objectContaining({
        action: 'PREVIEW',
        entity: 'user',
        entityId: null,
        tenantId: world.acme.id,
        details: { import: true, rows: 4, conflicts: 1, failed: 2 },
      }),
    ]);
  });

  it("does not tell a dry run whether an address outside the caller's reach exists, in parallel and across tenants", async () => {
    const globexAdmin = await signedIn(testApp.app, demo.globexAdmin);
    const fresh = row(2);
    const elsewhere = [row(3, { email: world.learner.email }), row(4, { email: demo.root }), row(5, { email: world.globexLearner.email })];

    // Each admin previews the others' addresses, at once: every one answers as a fresh address would.
    const [acmeView, globexView] = await Promise.all([
      importing(tenantAdmin, [fresh, elsewhere[1]!, elsewhere[2]!], true),
      importing(globexAdmin, [fresh, elsewhere[0]!, elsewhere[1]!], true),
    ]);

    expect(acmeView).toEqual([
      { line: 2, outcome: 'created' },
      { line: 4, outcome: 'created' },
      { line: 5, outcome: 'created' },
    ]);
    expect(globexView).toEqual([
      { line: 2, outcome: 'created' },
      { line: 3, outcome: 'created' },
      { line: 4, outcome: 'created' },
    ]);
    // Its own tenant's address is a conflict it may see.
    expect(await importing(globexAdmin, [elsewhere[2]!], true)).toEqual([
      { line: 5, outcome: 'skipped', field: 'email', rule: 'unique', message: 'already in use' },
    ]);
    expect(await storedWith([fresh.email!])).toEqual([]);
  });

  it('drops a U+FEFF inside a name or surname (import, create, update)', async () => {
    const [imported] = await importing(tenantAdmin, [row(2, { name: 'Ma\uFEFFrio', surname: '\uFEFFRossi\uFEFFBianchi' })]);
    const created = await tenantAdmin.post('/api/users', {
      name: 'Lu\uFEFFca',
      surname: 'Ve\uFEFFrdi',
      email: `bom.${unique()}@example.com`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { email } = created.json<{ email: string }>();
    const updated = await tenantAdmin.put(`/api/users/${created.json().id}`, {
      name: 'Lu\uFEFF\uFEFFca',
      surname: 'Verdi\uFEFF',
      email,
      version: 1,
    });

    expect(updated.statusCode, updated.body).toBe(200);
    const stored = await testApp.db
      .select({ name: users.name, surname: users.surname })
      .from(users)
      .where(inArray(users.id, [imported!.id!, created.json().id]));
    expect(stored.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Luca', surname: 'Verdi' },
      { name: 'Mario', surname: 'RossiBianchi' },
    ]);
  });

  describe('keeps every admin in its reach', () => {
    it("refuses another tenant's company, by id or by name, to a TENANT admin", async () => {
      const results = await importing(tenantAdmin, [
        row(2, { company: world.globexEnergy.id }),
        row(3, { company: world.globexConsulting.name }),
        row(4, { company: 'No Such Company' }),
        row(5, { scope: 'GLOBAL' }),
      ]);

      expect(results).toEqual([
        { line: 2, outcome: 'failed', field: 'company', rule: 'notFound', message: 'not found' },
        { line: 3, outcome: 'failed', field: 'company', rule: 'notFound', message: 'not found' },
        { line: 4, outcome: 'failed', field: 'company', rule: 'notFound', message: 'not found' },
        { line: 5, outcome: 'failed', field: 'scope', rule: 'notAllowed', message: 'not allowed' },
      ]);
    });

    it('keeps a COMPANY admin to its own company and scope', async () => {
      const own = row(2);
      const results = await importing(companyAdmin, [
        own,
        row(3, { company: world.acmeFoods.name }),
        row(4, { scope: 'TENANT' }),
        row(5, { company: world.acmeRobotics.id, scope: 'company' }),
      ]);

      expect(results.map(({ outcome, field }) => [outcome, field])).toEqual([
        ['created', undefined],
        ['failed', 'company'],
        ['failed', 'scope'],
        ['created', undefined],
      ]);
      const [stored] = await storedWith([own.email!]);
      expect(stored).toMatchObject({ scope: 'COMPANY', companyId: world.acmeRobotics.id, tenantId: world.acme.id });
    });

    it('lets a GLOBAL admin place users in any tenant by company, and in a tenant it assumed', async () => {
      const globalUser = row(2, { scope: 'GLOBAL' });
      const globexUser = row(3, { company: 'globex energy ltd' });
      const results = await importing(root, [globalUser, globexUser, row(4, { scope: 'TENANT' })]);

      expect(results.map(({ outcome, field }) => [outcome, field])).toEqual([
        ['created', undefined],
        ['created', undefined],
        ['failed', 'scope'],
      ]);
      expect(await storedWith([globexUser.email!])).toMatchObject([{ tenantId: world.globex.id, companyId: world.globexEnergy.id }]);

      const inAcme = await assumed(testApp.app, world.acme.id);
      const tenantUser = row(2, { scope: 'TENANT' });
      expect((await importing(inAcme, [tenantUser, row(3, { company: world.globexEnergy.id })])).map((result) => result.outcome)).toEqual([
        'created',
        'failed',
      ]);
      expect(await storedWith([tenantUser.email!])).toMatchObject([{ scope: 'TENANT', tenantId: world.acme.id }]);
    });

    it('is refused to a user who is not signed in', async () => {
      const response = await testApp.app.inject({ method: 'POST', url: '/api/users/import', payload: { rows: [row(2)] } });

      expect(response.statusCode).toBe(401);
    });
  });

  describe('hostile input', () => {
    it('refuses a batch with a NUL or a huge cell whole (400), writing nothing', async () => {
      const good = row(2);
      for (const bad of [row(3, { name: 'Null\u0000Byte' }), row(3, { surname: 'y'.repeat(5000) })]) {
        const response = await tenantAdmin.post('/api/users/import', { rows: [good, bad] });

        expect(response.statusCode).toBe(400);
        expect(response.json().errors[0].field).toMatch(/^rows\.1\./);
      }
      const tooMany = await tenantAdmin.post('/api/users/import', { rows: Array.from({ length: 501 }, (_, index) => row(index + 2)) });
      expect(tooMany.statusCode).toBe(400);
      expect(await storedWith([good.email!])).toEqual([]);
    });

    it('keeps unicode names and emails as sent', async () => {
      const email = `zoë.ørsted.${unique()}@example.com`;
      const results = await importing(tenantAdmin, [row(2, { name: 'Zoë 👩‍🔬', surname: 'Ørsted-Łukasiewicz 山田', email })]);

      if (results[0]!.outcome === 'created') {
        expect(await storedWith([email])).toMatchObject([{ name: 'Zoë 👩‍🔬', surname: 'Ørsted-Łukasiewicz 山田' }]);
      } else {
        // The create rule of POST /api/users decides whether such an address is an email; the import says the same.
        const create = await tenantAdmin.post('/api/users', { name: 'Zoë', surname: 'Ørsted', email });
        expect(create.statusCode).toBe(400);
        expect(results[0]).toMatchObject({ outcome: 'failed', field: 'email' });
      }
    });

    it('creates each user once when the same file is imported in parallel', async () => {
      const rows = Array.from({ length: 40 }, (_, index) => row(index + 2));
      // Six sessions: one session has one import batch in flight at a time (bulk-work.test.ts).
      const admins = await Promise.all(Array.from({ length: 6 }, () => signedIn(testApp.app, demo.tenantAdmin)));

      const answers = await Promise.all(admins.map((admin) => admin.post('/api/users/import', { rows })));

      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
      const outcomes = answers.flatMap((answer) => answer.json<{ results: Result[] }>().results);
      expect(outcomes.filter((result) => result.outcome === 'created')).toHaveLength(rows.length);
      expect(outcomes.filter((result) => result.outcome === 'skipped')).toHaveLength(rows.length * 5);
      expect(await storedWith(rows.map((sent) => sent.email!))).toHaveLength(rows.length);
    });
  });

  it('answers a repeat with the same Idempotency-Key with the first answer, creating nothing again', async () => {
    const rows = [row(2), row(3)];
    const send = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/users/import',
        headers: bearer(tenantAdmin.token),
        payload: { rows },
      });
    const key = `import-${unique()}`;
    const withKey = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/users/import',
        headers: { ...bearer(tenantAdmin.token), 'idempotency-key': key },
        payload: { rows },
      });

    const first = await withKey();
    const repeat = await withKey();
    const withoutTheKey = await send();

    expect(first.json().results.map((result: Result) => result.outcome)).toEqual(['created', 'created']);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toEqual(first.json());
    expect(withoutTheKey.json().results.map((result: Result) => result.outcome)).toEqual(['skipped', 'skipped']);
    const stored = await testApp.db.select().from(users).where(eq(users.email, rows[0]!.email!));
    expect(stored).toHaveLength(1);
  });
});
