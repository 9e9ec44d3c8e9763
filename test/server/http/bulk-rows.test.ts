import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthSession } from '../../../server/auth/auth-session';
import { rateLimitCounters } from '../../../server/db/schema';
import { bearer, demo, useTestApp } from '../../support/server/harness';
import { signedIn, type Api } from '../../support/server/resources';

const exportRowsPerSession = 30;
const testApp = useTestApp({
  bulkWork: {
    rows: { windowSeconds: 600, importRowsPerSession: 10, importRowsPerTenant: 15, exportRowsPerSession, exportRowsPerTenant: 1_000_000 },
    perTenant: 8,
    total: 16,
    maxWaitMs: 10_000,
  },
});

const rows = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    line: index + 2,
    name: 'Ada',
    surname: 'Byron',
    email: `rows.${randomBytes(4).toString('hex')}@example.com`,
  }));
const dryRun = (api: Api, count: number) => api.post('/api/users/import', { dryRun: true, rows: rows(count) });
const sessionIdOf = async (api: Api) =>
  ((await testApp.app.gate.sessionOf({ headers: bearer(api.token) } as unknown as FastifyRequest)) as AuthSession).sessionId;

describe('bulk work: rows counted per session and per tenant (issue 26)', () => {
  let globexAdmin: Api;
  beforeAll(async () => {
    globexAdmin = await signedIn(testApp.app, demo.globexAdmin);
  });

  it("weighs import and dry-run rows per session and per tenant, and another tenant's budget is its own", async () => {
    const first = await signedIn(testApp.app, demo.tenantAdmin);
    const second = await signedIn(testApp.app, demo.tenantAdmin);

    const sixRows = await dryRun(first, 6);
    const sixMore = await dryRun(first, 6); // the session's 12th row: over its 10 (a refused batch's rows count too)
    const threeRows = await dryRun(second, 3); // the tenant's 15th
    const oneMore = await second.post('/api/users/import', { rows: rows(1) }); // the tenant's 16th, the session's 4th
    const otherTenant = await dryRun(globexAdmin, 6);

    expect(sixRows.statusCode, sixRows.body).toBe(200);
    expect(sixMore.statusCode).toBe(429);
    expect(Number(sixMore.headers['retry-after'])).toBeGreaterThan(1);
    expect(Number(sixMore.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect(sixMore.json().message).toMatch(/rows/);
    expect(threeRows.statusCode, threeRows.body).toBe(200);
    expect(oneMore.statusCode).toBe(429);
    expect(otherTenant.statusCode, otherTenant.body).toBe(200);
  });

  it('counts the rows of parallel batches of many sessions exactly', async () => {
    // GLOBAL sessions that assumed no tenant share the platform's budget: 15 rows, so three batches of four.
    const roots = await Promise.all(Array.from({ length: 6 }, () => signedIn(testApp.app, demo.root)));

    const answers = await Promise.all(roots.map((root) => dryRun(root, 4)));

    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it('weighs an export by the rows it sends, per session', async () => {
    const companyAdmin = await signedIn(testApp.app, demo.companyAdmin);
    const { total } = (await companyAdmin.get('/api/users?pageSize=1')).json<{ total: number }>();

    const statuses: number[] = [];
    while (statuses.length < 40 && !statuses.includes(429)) statuses.push((await companyAdmin.get('/api/users/export')).statusCode);
    const counter = await testApp.db
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.counterKey, `rows:export:session:${await sessionIdOf(companyAdmin)}`));
    const otherTenant = await globexAdmin.get('/api/users/export');

    expect(total).toBeGreaterThan(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(Math.floor(exportRowsPerSession / total));
    expect(statuses.at(-1)).toBe(429);
    expect(counter[0]!.hits).toBe(total * statuses.length);
    expect(otherTenant.statusCode).toBe(200);
  });
});
