import { createHash, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import XAPI from '@xapi/xapi';
import { eq } from 'drizzle-orm';
import { CompactSign, importPKCS8 } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { xapiAttachments, xapiStatements } from '../../../../server/db/schema';
import { created } from '../../../support/server/catalogue';
import { demo, useTestApp } from '../../../support/server/harness';
import { demoWorld, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

// Statement attachments and signed statements (xAPI 1.0.3, Data 2.4.11, 2.6, Communication 1.5.2): multipart/mixed
// writes, kept by SHA-2 in the company's store, answered again with attachments=true; hostile bodies write nothing.
const testApp = useTestApp();

interface Credential {
  key: string;
  secret: string;
}

let world: DemoWorld;
let admin: Api;
let acmeLrs: Credential;
let globexLrs: Credential;

const label = () => randomBytes(4).toString('hex');
const sha256 = (content: string | Buffer) => createHash('sha256').update(content).digest('hex');
const basic = (credential: Credential) => `Basic ${Buffer.from(`${credential.key}:${credential.secret}`).toString('base64')}`;

const statement = (attachments: Record<string, unknown>[] = []): Record<string, unknown> => ({
  id: randomUUID(),
  actor: { objectType: 'Agent', mbox: `mailto:someone.${label()}@example.com` },
  verb: { id: 'http://adlnet.gov/expapi/verbs/experienced', display: { 'en-US': 'experienced' } },
  object: { objectType: 'Activity', id: `http://example.com/activities/${label()}` },
  ...(attachments.length > 0 ? { attachments } : {}),
});
const declared = (content: string | Buffer, overrides: Record<string, unknown> = {}) => ({
  usageType: 'http://example.com/attachment-usage/test',
  display: { 'en-US': 'A test attachment' },
  contentType: 'text/plain',
  length: Buffer.byteLength(content),
  sha2: sha256(content),
  ...overrides,
});

interface Part {
  headers: Record<string, string>;
  content: string | Buffer;
}
const boundary = 'test-boundary-314159';
const jsonPart = (body: unknown): Part => ({ headers: { 'Content-Type': 'application/json' }, content: JSON.stringify(body) });
const filePart = (content: string | Buffer, headers: Record<string, string> = {}): Part => ({
  headers: { 'Content-Type': 'text/plain', 'Content-Transfer-Encoding': 'binary', 'X-Experience-API-Hash': sha256(content), ...headers },
  content,
});
function multipart(parts: Part[]) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const headers = Object.entries(part.headers).map(([name, value]) => `${name}: ${value}\r\n`);
    chunks.push(Buffer.from(`--${boundary}\r\n${headers.join('')}\r\n`), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function send(
  method: 'POST' | 'PUT',
  body: Buffer | string,
  options: { contentType?: string; query?: string; credential?: Credential } = {},
) {
  return testApp.app.inject({
    method,
    url: `/api/xapi/statements${options.query ?? ''}`,
    headers: {
      authorization: basic(options.credential ?? acmeLrs),
      'x-experience-api-version': '1.0.3',
      'content-type': options.contentType ?? `multipart/mixed; boundary=${boundary}`,
    },
    payload: body,
  });
}

const counts = async (companyId: string) => ({
  statements: (await testApp.db.select({ id: xapiStatements.id }).from(xapiStatements).where(eq(xapiStatements.companyId, companyId)))
    .length,
  attachments: (
    await testApp.db.select({ sha2: xapiAttachments.sha2 }).from(xapiAttachments).where(eq(xapiAttachments.companyId, companyId))
  ).length,
});

/** A JWS of the statement, as a learning tool signs one (Data 2.6). */
async function signed(body: Record<string, unknown>, algorithm = 'RS256', payload: unknown = body) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = await importPKCS8(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), algorithm);
  return new CompactSign(Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload)))
    .setProtectedHeader({ alg: algorithm })
    .sign(key);
}
const signatureDeclared = (jws: string, contentType = 'application/octet-stream') =>
  declared(jws, { usageType: 'http://adlnet.gov/expapi/attachments/signature', contentType });

beforeAll(async () => {
  world = await demoWorld(testApp.db);
  admin = await signedIn(testApp.app, demo.companyAdmin);
  const globexAdmin = await signedIn(testApp.app, demo.consultingAdmin);
  acmeLrs = created<Credential>(await admin.post('/api/lrs-credentials', { label: `App ${label()}` }));
  globexLrs = created<Credential>(await globexAdmin.post('/api/lrs-credentials', { label: `App ${label()}` }));
});

describe('attachments sent by a learner app (@xapi/xapi)', () => {
  it('stores a statement with its attachment and answers it again as multipart/mixed with attachments=true', async () => {
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const address = testApp.app.server.address() as { port: number };
    const xapi = new XAPI({
      endpoint: `http://127.0.0.1:${address.port}/api/xapi/`,
      auth: XAPI.toBasicAuth(acmeLrs.key, acmeLrs.secret),
      version: '1.0.3',
      adapter: 'fetch',
    });
    const text = `Certificate of completion ${label()}`;
    const body = statement([declared(text, { usageType: XAPI.AttachmentUsages.CERTIFICATE_OF_COMPLETION })]);
    const [id] = (await xapi.sendStatement({ statement: body as never, attachments: [new TextEncoder().encode(text).buffer] })).data;
    expect(id).toBe(body.id);

    const [stored] = await testApp.db
      .select()
      .from(xapiAttachments)
      .where(eq(xapiAttachments.sha2, sha256(text)));
    expect(stored).toMatchObject({ companyId: world.acmeRobotics.id, contentType: 'text/plain', length: text.length });
    expect(stored!.content.toString('utf8')).toBe(text);

    const read = await xapi.getStatement({ statementId: id!, attachments: true });
    const [json, content] = read.data as unknown as [Record<string, unknown>, string];
    expect(json).toMatchObject({ id, attachments: [{ sha2: sha256(text) }] });
    expect(content).toBe(text);
    // Without attachments=true: the JSON alone.
    expect((await xapi.getStatement({ statementId: id! })).data).toMatchObject({ id });
  });

  it('takes a PUT with attachments, a batch sharing one content, and keeps one row per hash', async () => {
    const text = `Shared ${label()}`;
    const first = statement([declared(text)]);
    const second = statement([declared(text)]);
    expect((await send('POST', multipart([jsonPart([first, second]), filePart(text)]))).statusCode).toBe(200);
    const third = statement([declared(text)]);
    const put = await send('PUT', multipart([jsonPart(third), filePart(text)]), { query: `?statementId=${String(third.id)}` });
    expect(put.statusCode).toBe(204);
    expect(
      await testApp.db
        .select()
        .from(xapiAttachments)
        .where(eq(xapiAttachments.sha2, sha256(text))),
    ).toHaveLength(1);
  });

  it('takes an attachment with a fileUrl as JSON, without a part', async () => {
    const response = await send('POST', JSON.stringify(statement([declared('elsewhere', { fileUrl: 'http://example.com/file.txt' })])), {
      contentType: 'application/json',
    });
    expect(response.statusCode).toBe(200);
  });

  it('keeps another company’s attachments out of reach: the same hash is another row, its content not answered across', async () => {
    const text = `Private ${label()}`;
    const mine = statement([declared(text)]);
    expect((await send('POST', multipart([jsonPart(mine), filePart(text)]))).statusCode).toBe(200);
    const theirs = await testApp.app.inject({
      method: 'GET',
      url: `/api/xapi/statements?statementId=${String(mine.id)}&attachments=true`,
      headers: { authorization: basic(globexLrs), 'x-experience-api-version': '1.0.3' },
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain(text);
    expect((await counts(world.globexConsulting.id)).attachments).toBe(0);
  });
});

describe('signed statements', () => {
  it.each(['RS256', 'RS384', 'RS512'])('stores a statement signed with %s', async (algorithm) => {
    const body = statement();
    const jws = await signed(body, algorithm);
    const response = await send(
      'POST',
      multipart([
        jsonPart({ ...body, attachments: [signatureDeclared(jws)] }),
        filePart(jws, { 'Content-Type': 'application/octet-stream' }),
      ]),
    );
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['another algorithm (PS256)', async (body: Record<string, unknown>) => ({ jws: await signed(body, 'PS256') })],
    [
      'a payload that is not the statement',
      async (body: Record<string, unknown>) => ({
        jws: await signed(body, 'RS256', { ...body, verb: { id: 'http://example.com/other' } }),
      }),
    ],
    [
      'a payload that is not JSON',
      async (body: Record<string, unknown>) => ({ jws: await signed(body, 'RS256', `${JSON.stringify(body)}'`) }),
    ],
    ['not a JWS', async () => ({ jws: 'not-a-signature' })],
    [
      'a signature declared as text/plain',
      async (body: Record<string, unknown>) => ({ jws: await signed(body), contentType: 'text/plain' }),
    ],
  ])('refuses a signature with %s (400, nothing stored)', async (_label, make) => {
    const body = statement();
    const { jws, contentType } = (await make(body)) as { jws: string; contentType?: string };
    const before = await counts(world.acmeRobotics.id);
    const response = await send(
      'POST',
      multipart([jsonPart({ ...body, attachments: [signatureDeclared(jws, contentType)] }), filePart(jws)]),
    );
    expect(response.statusCode).toBe(400);
    expect(await counts(world.acmeRobotics.id)).toEqual(before);
  });
});

describe('hostile multipart bodies', () => {
  const text = 'The attachment';
  it.each<[string, () => { body: Buffer | string; contentType?: string }]>([
    [
      'an attachment without fileUrl sent as JSON',
      () => ({ body: JSON.stringify(statement([declared(text)])), contentType: 'application/json' }),
    ],
    ['a missing part', () => ({ body: multipart([jsonPart(statement([declared(text), declared('another')])), filePart(text)]) })],
    [
      'a part with the wrong hash',
      () => ({ body: multipart([jsonPart(statement([declared(text)])), filePart('tampered', { 'X-Experience-API-Hash': sha256(text) })]) }),
    ],
    ['a part nobody declared', () => ({ body: multipart([jsonPart(statement([declared(text)])), filePart(text), filePart('extra')]) })],
    [
      'a part without its hash header',
      () => ({
        body: multipart([
          jsonPart(statement([declared(text)])),
          { headers: { 'Content-Type': 'text/plain', 'Content-Transfer-Encoding': 'binary' }, content: text },
        ]),
      }),
    ],
    [
      'a part not binary',
      () => ({ body: multipart([jsonPart(statement([declared(text)])), filePart(text, { 'Content-Transfer-Encoding': 'base64' })]) }),
    ],
    ['a first part that is not JSON', () => ({ body: multipart([filePart(text), jsonPart(statement([declared(text)]))]) })],
    ['no boundary', () => ({ body: multipart([jsonPart(statement())]), contentType: 'multipart/mixed' })],
    [
      'another boundary than the body’s',
      () => ({ body: multipart([jsonPart(statement())]), contentType: 'multipart/mixed; boundary=other' }),
    ],
    [
      'multipart/form-data',
      () => ({
        body: multipart([jsonPart(statement([declared(text)])), filePart(text)]),
        contentType: `multipart/form-data; boundary=${boundary}`,
      }),
    ],
    [
      'a NUL in a part’s Content-Type',
      () => ({ body: multipart([jsonPart(statement([declared(text)])), filePart(text, { 'Content-Type': 'text/pl\u0000ain' })]) }),
    ],
    ['a NUL in the statements', () => ({ body: multipart([jsonPart({ ...statement(), verb: { id: 'http://example.com/\u0000' } })]) })],
    [
      'a 10 MB attachment',
      () => {
        const huge = Buffer.alloc(10 * 1024 * 1024, 'x');
        return { body: multipart([jsonPart(statement([declared(huge)])), filePart(huge)]) };
      },
    ],
    ['a truncated body', () => ({ body: multipart([jsonPart(statement([declared(text)])), filePart(text)]).subarray(0, 200) })],
  ])('refuses %s with a 4xx and writes nothing', async (_label, make) => {
    const before = await counts(world.acmeRobotics.id);
    const { body, contentType } = make();
    const response = await send('POST', body, contentType ? { contentType } : {});
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await counts(world.acmeRobotics.id)).toEqual(before);
  });
});
