import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { auditLog, companies, contents } from '../../../server/db/schema';
import type { VideoService } from '../../../server/video-service/video-service';
import { videoTokens } from '../../../server/video-service/video-tokens';
import { bearer, demo, signIn, useTestApp } from '../../support/server/harness';
import { uniqueName } from '../../support/server/test-database';
import { readRecord, sampleMp4, startVideoService, testSecret, viewerToken, waitFor } from '../../support/server/video-service-harness';

const testApp = useTestApp({ videoTokenSecret: testSecret });
let videoService: VideoService;
let videoDir: string;
let acmeRobotics: { id: string; tenantId: string };
let acmeFoods: { id: string; tenantId: string };

beforeAll(async () => {
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = testApp.app.server.address() as AddressInfo;
  videoDir = path.join(inject('testDatabase').runDir, uniqueName('videos'));
  await mkdir(videoDir, { recursive: true });
  videoService = await startVideoService({
    videoDir,
    callbackUrl: `http://127.0.0.1:${port}/api/video-callbacks/processed`,
    callbackRetryDelaysMs: [50, 100, 200, 400, 800, 1600, 3200],
  });
  const companyNamed = async (name: string) =>
    (await testApp.db.select({ id: companies.id, tenantId: companies.tenantId }).from(companies).where(eq(companies.name, name)))[0]!;
  acmeRobotics = await companyNamed('Acme Robotics S.p.A.');
  acmeFoods = await companyNamed('Acme Foods S.r.l.');
});
afterAll(async () => {
  await videoService?.close();
});

async function newVideoContent(company = acmeRobotics, externalUuid: string | null = null) {
  const [content] = await testApp.db
    .insert(contents)
    .values({ tenantId: company.tenantId, companyId: company.id, title: 'Lecture', type: 'Video', renderType: 'REFERENCE', externalUuid })
    .returning();
  return content!;
}

const contentById = async (id: string) => (await testApp.db.select().from(contents).where(eq(contents.id, id)))[0]!;

const serviceToken = (tenant = 'acme-robotics') => videoTokens(testSecret).callbackToken(tenant);

const postProcessed = (body: object, authorization?: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/video-callbacks/processed',
    headers: authorization ? { authorization } : {},
    payload: body,
  });

describe('the video service reporting to the API', () => {
  it('sets READY on the content once the console has stored the video id, retrying until then', async () => {
    const login = await signIn(testApp.app, demo.companyAdmin);
    const refresh = await testApp.app.inject({ method: 'POST', url: '/api/auth/refresh-jwt', headers: bearer(login.token) });
    const { token } = refresh.json().jwtTokens.vinapse;
    const { tenant, course } = decodeJwt(token) as { tenant: string; course: string };
    const content = await newVideoContent();

    const upload = await videoService.inject({
      method: 'POST',
      url: `/videos?courseId=${course}`,
      headers: { host: `${tenant}.localhost:3001`, authorization: `Bearer ${token}`, 'content-type': 'video/mp4' },
      payload: sampleMp4(),
    });
    expect(upload.statusCode).toBe(201);
    const { uuid } = upload.json();
    await waitFor(async () => ((await readRecord(videoDir, uuid)).status === 'READY' ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await readRecord(videoDir, uuid)).reportedAt).toBeNull();
    expect((await contentById(content.id)).status).toBe('DRAFT');

    await testApp.db.update(contents).set({ externalUuid: uuid, status: 'PENDING_PROCESSING' }).where(eq(contents.id, content.id));

    const updated = await waitFor(async () => {
      const current = await contentById(content.id);
      return current.status === 'READY' ? current : undefined;
    });
    expect(updated.version).toBe(content.version + 1);
    await waitFor(async () => ((await readRecord(videoDir, uuid)).reportedAt ? true : undefined));
    const audit = await testApp.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'content'), eq(auditLog.entityId, content.id)));
    expect(audit).toEqual([
      expect.objectContaining({
        actorUserId: null,
        action: 'UPDATE',
        tenantId: acmeRobotics.tenantId,
        companyId: acmeRobotics.id,
        details: { actor: 'video-service', fields: ['status'], status: 'READY', externalUuid: uuid },
      }),
    ]);
  });

  it('sets FAILED for a file that is not a video', async () => {
    const content = await newVideoContent();
    const upload = await videoService.inject({
      method: 'POST',
      url: `/videos?courseId=${acmeRobotics.id}`,
      headers: {
        host: 'acme-robotics.localhost:3001',
        authorization: `Bearer ${await viewerToken({ course: acmeRobotics.id })}`,
        'content-type': 'video/mp4',
      },
      payload: Buffer.from('definitely not an mp4 file'),
    });
    await testApp.db
      .update(contents)
      .set({ externalUuid: upload.json().uuid, status: 'PENDING_PROCESSING' })
      .where(eq(contents.id, content.id));

    const failed = await waitFor(async () => {
      const current = await contentById(content.id);
      return current.status === 'FAILED' ? current : undefined;
    });
    expect(failed.status).toBe('FAILED');
  });
});

describe('POST /api/video-callbacks/processed', () => {
  it('answers 204 to the video service and is idempotent', async () => {
    const uuid = randomUUID();
    const content = await newVideoContent(acmeRobotics, uuid);

    const first = await postProcessed({ externalUuid: uuid, status: 'READY' }, `Bearer ${await serviceToken()}`);
    const again = await postProcessed({ externalUuid: uuid, status: 'READY' }, `Bearer ${await serviceToken()}`);

    expect(first.statusCode).toBe(204);
    expect(again.statusCode).toBe(204);
    expect((await contentById(content.id)).version).toBe(content.version + 1);
    const audit = await testApp.db.select().from(auditLog).where(eq(auditLog.entityId, content.id));
    expect(audit).toHaveLength(1);
  });

  it("uses the tenant's video tenant for a company without its own", async () => {
    const uuid = randomUUID();
    const content = await newVideoContent(acmeFoods, uuid);

    const wrong = await postProcessed({ externalUuid: uuid, status: 'READY' }, `Bearer ${await serviceToken('acme-robotics')}`);
    const right = await postProcessed({ externalUuid: uuid, status: 'READY' }, `Bearer ${await serviceToken('acme')}`);

    expect(wrong.statusCode).toBe(404);
    expect(right.statusCode).toBe(204);
    expect((await contentById(content.id)).status).toBe('READY');
  });

  it('answers 404 for an unknown video, and for a video of another tenant, changing nothing', async () => {
    const uuid = randomUUID();
    const content = await newVideoContent(acmeRobotics, uuid);

    const unknown = await postProcessed({ externalUuid: randomUUID(), status: 'READY' }, `Bearer ${await serviceToken()}`);
    const foreign = await postProcessed({ externalUuid: uuid, status: 'READY' }, `Bearer ${await serviceToken('globex-consulting')}`);

    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'VIDEO_NOT_REFERENCED',
      message: 'No content refers to this video',
    });
    expect(foreign.statusCode).toBe(404);
    expect((await contentById(content.id)).status).toBe('DRAFT');
  });

  const now = () => Math.floor(Date.now() / 1000);
  const signed = (claims: object, build: (jwt: SignJWT) => SignJWT, secret = testSecret) =>
    build(new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' })).sign(new TextEncoder().encode(secret));
  const serviceLike = (jwt: SignJWT) =>
    jwt
      .setAudience('console-api')
      .setIssuer('video-service')
      .setExpirationTime(now() + 60);

  it.each([
    ['no token', async () => undefined],
    ['a token that is not a JWT', async () => 'Bearer nonsense'],
    ['a forged token', async () => `Bearer ${await signed({ tenant: 'acme-robotics' }, serviceLike, 'guessed-secret')}`],
    ["a user's video token", async () => `Bearer ${await viewerToken({ course: null })}`],
    [
      'an expired token',
      async () => `Bearer ${await signed({ tenant: 'acme-robotics' }, (jwt) => serviceLike(jwt).setExpirationTime(now() - 5))}`,
    ],
    ['a token without a tenant', async () => `Bearer ${await signed({}, serviceLike)}`],
    [
      'a token of another issuer',
      async () => `Bearer ${await signed({ tenant: 'acme-robotics' }, (jwt) => serviceLike(jwt).setIssuer('someone'))}`,
    ],
    [
      'a token without expiry',
      async () => `Bearer ${await signed({ tenant: 'acme-robotics' }, (jwt) => jwt.setAudience('console-api').setIssuer('video-service'))}`,
    ],
  ])('refuses %s with 401, changing nothing', async (_name, authorization) => {
    const uuid = randomUUID();
    const content = await newVideoContent(acmeRobotics, uuid);

    const response = await postProcessed({ externalUuid: uuid, status: 'READY' }, await authorization());

    expect(response.statusCode).toBe(401);
    expect(response.json().statusCode).toBe(401);
    expect((await contentById(content.id)).status).toBe('DRAFT');
  });

  it('refuses a session bearer token: the route is for the video service only', async () => {
    const { token } = await signIn(testApp.app, demo.companyAdmin);

    const response = await postProcessed({ externalUuid: randomUUID(), status: 'READY' }, `Bearer ${token}`);

    expect(response.statusCode).toBe(401);
  });

  it.each([
    { externalUuid: randomUUID(), status: 'DONE' },
    { externalUuid: randomUUID() },
    { externalUuid: '', status: 'READY' },
    { externalUuid: randomUUID(), status: 'READY', extra: true },
  ])('answers 400 to the malformed body %j', async (body) => {
    const response = await postProcessed(body, `Bearer ${await serviceToken()}`);

    expect(response.statusCode).toBe(400);
  });
});
