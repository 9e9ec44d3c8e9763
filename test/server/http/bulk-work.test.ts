import { EventEmitter } from 'node:events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthSession } from '../../../server/auth/auth-session';
import { ApiError } from '../../../server/http/api-error';
import { tenantTurns, type BulkKind } from '../../../server/http/bulk-work';
import { buildApp } from '../../../server/app';
import { bearer, demo, generousRateLimits, useTestApp } from '../../support/server/harness';
import { apiAs, signedIn, type Api } from '../../support/server/resources';

// Turns wide enough that a held claim never makes another session wait for its tenant's turn.
const testApp = useTestApp({ bulkWork: { perTenant: 8, total: 16, maxWaitMs: 10_000 } });

const dryRun = (api: Api) =>
  api.post('/api/users/import', { dryRun: true, rows: [{ line: 2, name: 'Ada', surname: 'Byron', email: 'ada.byron@example.com' }] });

/**
 * Bulk work begun for `api`'s session outside any request, held until `end()`: the claim a slow import or export of
 * that session would hold, without depending on how long either takes.
 */
async function held(api: Api, kind: BulkKind) {
  const request = { headers: bearer(api.token) } as unknown as FastifyRequest;
  const session = (await testApp.app.gate.sessionOf(request)) as AuthSession;
  const raw = new EventEmitter();
  const holding = { session, log: testApp.app.log } as unknown as FastifyRequest;
  const begun = testApp.app.bulkWork.begin(holding, { raw } as unknown as FastifyReply, kind, 1);
  return { begun, end: async () => (await begun)() };
}

describe('bulk work: one import batch and one export in flight per session (issue 26)', () => {
  let tenantAdmin: Api;
  beforeAll(async () => {
    tenantAdmin = await signedIn(testApp.app, demo.tenantAdmin);
  });

  it('lets exactly one of many parallel claims of a session through; the others are 429 with Retry-After', async () => {
    const api = await signedIn(testApp.app, demo.tenantAdmin);
    const claims = await Promise.all(Array.from({ length: 8 }, () => held(api, 'import')));

    const settled = await Promise.allSettled(claims.map(({ begun }) => begun));

    expect(settled.filter(({ status }) => status === 'fulfilled')).toHaveLength(1);
    const refusals = settled.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as ApiError] : []));
    expect(refusals).toHaveLength(7);
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(ApiError);
      expect(refusal.statusCode).toBe(429);
      expect(Number(refusal.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    for (const outcome of settled) if (outcome.status === 'fulfilled') await outcome.value();
  });

  it('refuses parallel import batches and dry runs of a session while one is in flight, and takes the next once it ends', async () => {
    const api = await signedIn(testApp.app, demo.tenantAdmin);
    const importing = await held(api, 'import');
    await importing.begun;

    const answers = await Promise.all([dryRun(api), dryRun(api), dryRun(api), api.post('/api/users/import', { rows: [{ line: 2 }] })]);
    const otherSession = await dryRun(tenantAdmin);
    const export_ = await api.get('/api/users/export');

    expect(answers.map((answer) => answer.statusCode)).toEqual([429, 429, 429, 429]);
    expect(answers[0]!.headers['retry-after']).toBe('1');
    expect(answers[0]!.json()).toMatchObject({ statusCode: 429, message: expect.stringMatching(/already has an import in progress/) });
    // Another session of the same user, and an export of this one, are other bulk work.
    expect(otherSession.statusCode, otherSession.body).toBe(200);
    expect(export_.statusCode, export_.body).toBe(200);

    await importing.end();
    expect((await dryRun(api)).statusCode).toBe(200);
  });

  it('refuses a second export of a session while one is in flight, of a list or of selected rows', async () => {
    const api = await signedIn(testApp.app, demo.tenantAdmin);
    const [company] = (await api.get('/api/companies')).json().items as { id: string }[];
    const exporting = await held(api, 'export');
    await exporting.begun;

    const answers = await Promise.all([
      api.get('/api/users/export'),
      api.get('/api/companies/export'),
      api.post('/api/companies/export', { ids: [company!.id] }),
      dryRun(api),
    ]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([429, 429, 429, 200]);
    await exporting.end();
    expect((await api.get('/api/companies/export')).statusCode).toBe(200);
  });

  it('holds the claim for every instance of the API on the database', async () => {
    const other = await buildApp({ db: testApp.db, rateLimits: generousRateLimits });
    try {
      const api = await signedIn(testApp.app, demo.tenantAdmin);
      const sameSessionElsewhere = apiAs(other, api.token);
      const importing = await held(api, 'import');
      await importing.begun;

      const answers = await Promise.all([dryRun(sameSessionElsewhere), dryRun(sameSessionElsewhere)]);

      expect(answers.map((answer) => answer.statusCode)).toEqual([429, 429]);
      await importing.end();
      expect((await dryRun(sameSessionElsewhere)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('gives the claim back when a request ends, however it ends', async () => {
    const api = await signedIn(testApp.app, demo.tenantAdmin);

    const refused = await api.post('/api/users/import', { dryRun: true, rows: [{ line: 2, name: 'x'.repeat(5000) }] });
    const failed = await api.post('/api/users/import', { rows: [{ line: 2, email: 'nope' }] });
    // One after another, each sent as soon as the previous answer is in (as the console sends a file's batches).
    const sequential = [];
    for (let round = 0; round < 3; round += 1) sequential.push((await dryRun(api)).statusCode);
    for (let round = 0; round < 3; round += 1) sequential.push((await api.get('/api/users/export')).statusCode);

    expect(refused.statusCode).toBe(400);
    expect(failed.statusCode).toBe(200);
    expect(sequential).toEqual([200, 200, 200, 200, 200, 200]);
  });
});

describe('bulk work: turns per tenant (issue 26)', () => {
  it('runs at most perTenant of one tenant and total in all, first come first served, skipping a tenant at its cap', async () => {
    const turns = tenantTurns(1, 2);
    const order: string[] = [];
    const take = (tenant: string, name: string) =>
      turns.take(tenant, 60_000).then((end) => {
        order.push(name);
        return end;
      });

    const a1 = await take('a', 'a1');
    const a2 = take('a', 'a2');
    // b is not held up by a2, which cannot run while a1 does.
    const b1 = await take('b', 'b1');
    const c1 = take('c', 'c1');
    const b2 = take('b', 'b2');
    await new Promise((resolve) => setImmediate(resolve));

    expect(order).toEqual(['a1', 'b1']);
    expect(turns.running()).toBe(2);
    a1();
    const a2End = await a2;
    expect(order).toEqual(['a1', 'b1', 'a2']);
    a2End();
    const c1End = await c1;
    expect(order).toEqual(['a1', 'b1', 'a2', 'c1']);
    b1();
    const b2End = await b2;
    expect(order).toEqual(['a1', 'b1', 'a2', 'c1', 'b2']);
    c1End();
    b2End();
    expect(turns.running()).toBe(0);
  });

  it('refuses a turn waited for too long with 429, and ending a turn twice frees it once', async () => {
    const turns = tenantTurns(1, 4);
    const first = await turns.take('a', 1000);

    await expect(turns.take('a', 5)).rejects.toMatchObject({ statusCode: 429 });
    first();
    first();
    const second = await turns.take('a', 1000);
    const third = turns.take('a', 5);
    await expect(third).rejects.toMatchObject({ statusCode: 429 });
    expect(turns.running()).toBe(1);
    second();
  });
});
