import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { auditLog, companies, contents } from '../../../server/db/schema';
import type { VideoService } from '../../../server/video-service/video-service';
import { serviceTokenSigner } from '../../../server/video-service/video-tokens';
import { bearer, demo, signIn, useTestApp, errorBody } from '../../support/server/harness';
import { uniqueName } from '../../support/server/test-database';
import { readRecord, sampleMp4, startVideoService, testSecret, viewerToken, waitFor } from '../../support/server/video-service-harness';

const testApp = useTestApp({ videoTokenSecret: testSecret });
let videoService: VideoService;
let videoDir: string;
let acmeRobotics: { id: string; tenantId: string };
let acmeFoods: { id: string; tenantId: string };
let globexConsulting: { id: string; tenantId: string };

beforeAll(async () => {
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = testApp.app.server.address() as AddressInfo;
  videoDir = path.join(inject('testDatabase').runDir, uniqueName('videos'));
  await mkdir(videoDir, { recursive: true });
  videoService = await startVideoService({
    videoDir,
    callbackUrl: `http://127.0.0.1:${port}/api/video-callbacks/processed`,
    sessionStatusUrl: `http://127.0.0.1:${port}/api/video-callbacks/session-status`,
    callbackRetryDelaysMs: [50, 100, 200, 400, 800, 1600, 3200],
  });
  const companyNamed = async (name: string) =>
    (await testApp.db.select({ id: companies.id, tenantId: companies.tenantId }).from(companies).where(eq(companies.name, name)))[0]!;
  acmeRobotics = await companyNamed('Acme Robotics S.p.A.');
  acmeFoods = await companyNamed('Acme Foods S.r.l.');
  globexConsulting = await companyNamed('Globex Consulting GmbH');
});
afterAll(async () => {
  await videoService?.close();
});

/** A video content of `company` (a DRAFT unless `status` says otherwise, set in the same insert). */
async function newVideoContent(company = acmeRobotics, externalUuid: string | null = null, status?: 'PENDING_PROCESSING') {
  const [content] = await testApp.db
    .insert(contents)
    .values({
      tenantId: company.tenantId,
      companyId: company.id,
      title: 'Lecture',
      type: 'Video',
      renderType: 'REFERENCE',
      externalUuid,
      ...(status ? { status } : {}),
    })
    .returning();
  return content!;
}

/** A video token of the demo COMPANY admin's session, as the console gets it. */
async function companyVideoToken() {
  const login = await signIn(testApp.app, demo.companyAdmin);
  const refresh = await testApp.app.inject({ method: 'POST', url: '/api/auth/refresh-jwt', headers: bearer(login.token) });
  return refresh.json<{ jwtTokens: { vinapse: { token: string } } }>().jwtTokens.vinapse.token;
}

const contentById = async (id: string) => (await testApp.db.select().from(contents).where(eq(contents.id, id)))[0]!;

/** The video service's token for a report on a video of `company` (its course and owning tenant), for `tenant`. */
const serviceToken = (tenant = 'acme-robotics', company = acmeRobotics) =>
  serviceTokenSigner(testSecret).callbackToken(tenant, { course: company.id, owner: company.tenantId });

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
        authorization: `Bearer ${await companyVideoToken()}`,
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

describe('a video reported to the company it was uploaded for only', () => {
  it("leaves another tenant's content pointing at the video waiting, and never plays it there", async () => {
    const token = await companyVideoToken();
    const upload = await videoService.inject({
      method: 'POST',
      url: `/videos?courseId=${acmeRobotics.id}`,
      headers: { host: 'acme-robotics.localhost:3001', authorization: `Bearer ${token}`, 'content-type': 'video/mp4' },
      payload: sampleMp4(),
    });
    const { uuid } = upload.json<{ uuid: string }>();
    // Each waits from its insert on: a status set after it could undo a report that came in between, never sent again.
    const own = await newVideoContent(acmeRobotics, uuid, 'PENDING_PROCESSING');
    const foreign = await newVideoContent(globexConsulting, uuid, 'PENDING_PROCESSING');

    await waitFor(async () => ((await contentById(own.id)).status === 'READY' ? true : undefined));
    await waitFor(async () => ((await readRecord(videoDir, uuid)).reportedAt ? true : undefined));

    expect((await readRecord(videoDir, uuid)).owner).toBe(acmeRobotics.tenantId);
    expect((await contentById(foreign.id)).status).toBe('PENDING_PROCESSING');
    // Globex's admin cannot reach the video at the service either: its token names another tenant and course.
    const consulting = await signIn(testApp.app, demo.consultingAdmin);
    const refresh = await testApp.app.inject({ method: 'POST', url: '/api/auth/refresh-jwt', headers: bearer(consulting.token) });
    const globexToken = refresh.json<{ jwtTokens: { vinapse: { token: string } } }>().jwtTokens.vinapse.token;
    const player = await videoService.inject({
      method: 'GET',
      url: `/course/${globexConsulting.id}/watch/${uuid}?token=${globexToken}`,
      headers: { host: 'globex-consulting.localhost:3001' },
    });
    expect(player.statusCode).toBe(404);
  });
});

describe('a console token after its session ended', () => {
  const uploader = (token: string) =>
    videoService.inject({
      method: 'GET',
      url: `/upload?courseId=${acmeRobotics.id}&lang=en&token=${token}`,
      headers: { host: 'acme-robotics.localhost:3001' },
    });

  it('no longer opens the uploader, uploads nothing and plays nothing once its session has logged out', async () => {
    const login = await signIn(testApp.app, demo.companyAdmin);
    const refresh = await testApp.app.inject({ method: 'POST', url: '/api/auth/refresh-jwt', headers: bearer(login.token) });
    const { token } = refresh.json<{ jwtTokens: { vinapse: { token: string } } }>().jwtTokens.vinapse;
    const uploaded = await videoService.inject({
      method: 'POST',
      url: `/videos?courseId=${acmeRobotics.id}`,
      headers: { host: 'acme-robotics.localhost:3001', authorization: `Bearer ${token}`, 'content-type': 'video/mp4' },
      payload: sampleMp4(),
    });
    const { uuid } = uploaded.json<{ uuid: string }>();
    await waitFor(async () => ((await readRecord(videoDir, uuid)).status === 'READY' ? true : undefined));
    const opened = await uploader(token);
    const player = await videoService.inject({
      method: 'GET',
      url: `/course/${acmeRobotics.id}/watch/${uuid}?token=${token}`,
      headers: { host: 'acme-robotics.localhost:3001' },
    });
    const media = /src="(\/media\/[^"]+)"/.exec(player.body)![1]!.replaceAll('&amp;', '&');

    const loggedOut = await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { token: login.token } });
    const reopened = await uploader(token);
    const reuploaded = await videoService.inject({
      method: 'POST',
      url: `/videos?courseId=${acmeRobotics.id}`,
      headers: { host: 'acme-robotics.localhost:3001', authorization: `Bearer ${token}`, 'content-type': 'video/mp4' },
      payload: sampleMp4(),
    });
    const replayed = await videoService.inject({
      method: 'GET',
      url: `/course/${acmeRobotics.id}/watch/${uuid}?token=${token}`,
      headers: { host: 'acme-robotics.localhost:3001' },
    });

    expect([opened.statusCode, player.statusCode, loggedOut.statusCode]).toEqual([200, 200, 204]);
    expect(reopened.statusCode).toBe(401);
    expect(reopened.body).toContain('The console session this link came from has ended');
    expect(reuploaded.statusCode).toBe(401);
    expect(reuploaded.json()).toMatchObject({ code: 'sessionEnded' });
    expect(replayed.statusCode).toBe(401);
    // The player's own media token ends with the session too, once the answer it reuses is a few seconds old.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    const streamed = await videoService.inject({ method: 'GET', url: media, headers: { host: 'acme-robotics.localhost:3001' } });
    expect(streamed.statusCode).toBe(401);
  }, 60_000);
});

describe('POST /api/video-callbacks/session-status', () => {
  const ask = async (body: object, token?: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/video-callbacks/session-status',
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      payload: body,
    });
  const sessionIdOf = (videoToken: string) => (decodeJwt(videoToken) as { sid: string }).sid;

  it("answers active for an open session with the token's video tenant and course, and false otherwise", async () => {
    const token = await companyVideoToken();
    const sid = sessionIdOf(token);
    const signer = serviceTokenSigner(testSecret);

    const open = await ask({ sessionId: sid, course: acmeRobotics.id }, await signer.callbackToken('acme-robotics'));
    const otherCourse = await ask({ sessionId: sid, course: acmeFoods.id }, await signer.callbackToken('acme-robotics'));
    const otherTenant = await ask({ sessionId: sid, course: acmeRobotics.id }, await signer.callbackToken('globex-consulting'));
    const unknown = await ask({ sessionId: randomUUID(), course: acmeRobotics.id }, await signer.callbackToken('acme-robotics'));
    const notAnId = await ask({ sessionId: "'; drop table sessions; --", course: null }, await signer.callbackToken('acme-robotics'));

    expect(open.json()).toEqual({ active: true });
    for (const answer of [otherCourse, otherTenant, unknown, notAnId]) expect(answer.json()).toEqual({ active: false });
  });

  it('answers 401 without the video service token (a session token included) and 400 to a bad body', async () => {
    const { token } = await signIn(testApp.app, demo.companyAdmin);

    expect((await ask({ sessionId: randomUUID(), course: null })).statusCode).toBe(401);
    expect((await ask({ sessionId: randomUUID(), course: null }, token)).statusCode).toBe(401);
    const signer = serviceTokenSigner(testSecret);
    expect((await ask({ sessionId: randomUUID() }, await signer.callbackToken('acme'))).statusCode).toBe(400);
    expect((await ask({ sessionId: randomUUID(), course: 'x', extra: 1 }, await signer.callbackToken('acme'))).statusCode).toBe(400);
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

    const wrong = await postProcessed({ externalUuid: uuid, status: 'READY' }, `Bearer ${await serviceToken('acme-robotics', acmeFoods)}`);
    const right = await postProcessed({ externalUuid: uuid, status: 'READY' }, `Bearer ${await serviceToken('acme', acmeFoods)}`);

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
    expect(unknown.json()).toEqual(errorBody(404, 'VIDEO_NOT_REFERENCED', 'No content refers to this video'));
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

  it("matches a report on the video's company and owning tenant, not on the label alone", async () => {
    const uuid = randomUUID();
    const content = await newVideoContent(acmeRobotics, uuid);
    const report = async (token: string) => postProcessed({ externalUuid: uuid, status: 'READY' }, `Bearer ${token}`);
    const signer = serviceTokenSigner(testSecret);

    const otherCompany = await report(await signer.callbackToken('acme-robotics', { course: acmeFoods.id, owner: acmeFoods.tenantId }));
    const otherTenant = await report(
      await signer.callbackToken('acme-robotics', { course: acmeRobotics.id, owner: globexConsulting.tenantId }),
    );
    const hostileCourse = await report(await signer.callbackToken('acme-robotics', { course: "x' or 1=1 --", owner: null }));
    const noCourse = await report(await signer.callbackToken('acme-robotics'));

    expect([otherCompany.statusCode, otherTenant.statusCode, hostileCourse.statusCode, noCourse.statusCode]).toEqual([404, 404, 404, 401]);
    expect((await contentById(content.id)).status).toBe('DRAFT');
    expect((await report(await serviceToken())).statusCode).toBe(204);
    expect((await contentById(content.id)).status).toBe('READY');
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
