import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { beforeAll, describe, expect, it } from 'vitest';

import { jobQueueSchema, queues } from '../../../../server/db/job-queue';
import { demo, nextClientIp, useTestApp } from '../../../support/server/harness';

/**
 * Enumeration of accounts through "Forgot password?": the answer is the same (status, body, headers) and so is the
 * work, whether the address has an account or not. Timing is not asserted (a loaded machine decides it): the test
 * asserts instead that the request sends the same statements, with the same number of values, and computes no hash
 * and reads no account (the queue's worker does, later); it prints the two distributions of answer times.
 */
const statements: { query: string; params: number }[] = [];
let recording = false;
const recorder: Logger = {
  logQuery(query, params) {
    if (recording) statements.push({ query, params: params.length });
  },
};
// No limit is reached here: the limits have their own tests (password-reset.test.ts).
const testApp = useTestApp({ passwordResetLimits: { perAddress: 1000, perClient: 1000 } }, recorder);

const forgot = (email: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email }, remoteAddress: nextClientIp() });

async function recorded(email: string) {
  statements.length = 0;
  recording = true;
  const response = await forgot(email);
  recording = false;
  return { response, statements: [...statements] };
}

const unknownAddress = () => `nobody.${randomBytes(4).toString('hex')}@example.com`;

async function countOf(table: string, where = sql`true`) {
  const result = (await testApp.db.execute(sql`select count(*)::int as count from ${sql.raw(table)} where ${where}`)) as unknown as {
    rows: { count: number }[];
  };
  return result.rows[0]!.count;
}

beforeAll(async () => {
  // The first request builds what every later one reuses (prepared statements, the sender): not part of the comparison.
  await forgot(unknownAddress());
});

describe('a password reset request', () => {
  it('sends the same statements for an account and for an unknown address, and reads no account', async () => {
    const known = await recorded(demo.companyAdmin);
    const unknown = await recorded(unknownAddress());

    expect(known.response.statusCode).toBe(202);
    expect(unknown.response.statusCode).toBe(202);
    expect(unknown.response.body).toBe(known.response.body);
    expect(unknown.statements).toEqual(known.statements);
    expect(known.statements.length).toBeGreaterThan(0);
    expect(known.statements.some(({ query }) => /\bfrom "?users"?\b/i.test(query))).toBe(false);
    expect(known.statements.some(({ query }) => /account_tokens/.test(query))).toBe(false);
  });

  it('queues one job each and creates no link while answering', async () => {
    const tokensBefore = await countOf('account_tokens');
    const jobsBefore = await countOf(`${jobQueueSchema}.job`, sql`name = ${queues.accountRequests}`);

    await forgot(demo.tenantAdmin);
    await forgot(unknownAddress());

    expect(await countOf('account_tokens')).toBe(tokensBefore);
    expect(await countOf(`${jobQueueSchema}.job`, sql`name = ${queues.accountRequests}`)).toBe(jobsBefore + 2);
  });

  it('answers in times of one distribution for both (printed, not asserted)', async () => {
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    for (let round = 0; round < 30; round += 1) {
      for (const kind of round % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)) {
        const started = performance.now();
        const response = await forgot(kind === 'known' ? demo.companyAdmin : unknownAddress());
        times[kind].push(performance.now() - started);
        expect(response.statusCode).toBe(202);
      }
    }
    const summary = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!.toFixed(2);
      return `p10 ${at(0.1)} p50 ${at(0.5)} p90 ${at(0.9)} ms`;
    };
    console.info(`forgot password, 30 each: account ${summary(times.known)}; unknown address ${summary(times.unknown)}`);
    expect(times.known).toHaveLength(30);
  });
});
