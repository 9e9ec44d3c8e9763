import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { created } from '../../../support/server/catalogue';
import { demo, generousRateLimits, useTestApp } from '../../../support/server/harness';
import { signedIn } from '../../../support/server/resources';

// xAPI statements count against the credential's limit by statement: a batch of 50 counts 50 (issue 27).
const testApp = useTestApp({ rateLimits: { ...generousRateLimits, xapiStatementsPerCredential: 120 } });
let headers: Record<string, string>;

const statements = (count: number) =>
  Array.from({ length: count }, () => ({
    id: randomUUID(),
    actor: { mbox: 'mailto:rate.limit@example.com' },
    verb: { id: 'http://adlnet.gov/expapi/verbs/experienced' },
    object: { id: 'http://example.com/rate-limit' },
  }));
const post = (body: unknown) => testApp.app.inject({ method: 'POST', url: '/api/xapi/statements', headers, payload: JSON.stringify(body) });

beforeAll(async () => {
  const admin = await signedIn(testApp.app, demo.companyAdmin);
  const credential = created<{ key: string; secret: string }>(await admin.post('/api/lrs-credentials', { label: 'Rate limited' }));
  headers = {
    authorization: `Basic ${Buffer.from(`${credential.key}:${credential.secret}`).toString('base64')}`,
    'x-experience-api-version': '1.0.3',
    'content-type': 'application/json',
  };
});

it('takes two batches of 50 and refuses the third (150 > 120) with 429 and Retry-After, storing none of it', async () => {
  const first = await post(statements(50));
  const second = await post(statements(50));
  expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
  const third = statements(50);
  const refused = await post(third);
  expect(refused.statusCode).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  const read = await testApp.app.inject({ method: 'GET', url: `/api/xapi/statements?statementId=${third[0]!.id}`, headers });
  expect(read.statusCode).toBe(404);
});
