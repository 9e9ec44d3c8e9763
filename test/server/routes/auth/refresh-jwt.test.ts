import { eq } from 'drizzle-orm';
import { decodeJwt, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../../server/app';
import { videoServiceAudience } from '../../../../contract/video-tokens';
import { appSettings } from '../../../../server/db/schema';
import { bearer, demo, signIn, useTestApp } from '../../../support/server/harness';

const testApp = useTestApp();

const refreshJwt = (token: string) => testApp.app.inject({ method: 'POST', url: '/api/auth/refresh-jwt', headers: bearer(token) });

async function storedSecret() {
  const [setting] = await testApp.db.select().from(appSettings).where(eq(appSettings.key, 'video_token_secret'));
  return new TextEncoder().encode(setting!.value);
}

describe('POST /api/auth/refresh-jwt', () => {
  it('issues a 15-minute HS256 token for the video service, signed with the shared secret', async () => {
    const login = await signIn(testApp.app, demo.companyAdmin);
    const before = Math.floor(Date.now() / 1000);

    const response = await refreshJwt(login.token);

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      success: true,
      jwtTokens: { vinapse: { token: expect.any(String), expiresAt: expect.any(String) } },
    });
    const { payload, protectedHeader } = await jwtVerify(body.jwtTokens.vinapse.token, await storedSecret(), {
      audience: videoServiceAudience,
    });
    const me = (await testApp.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(login.token) })).json();
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toMatchObject({ sub: me.user.id, tenant: 'acme-robotics', course: me.company.id, aud: 'video-service' });
    expect(payload.exp! - before).toBeGreaterThanOrEqual(15 * 60 - 1);
    expect(payload.exp! - before).toBeLessThanOrEqual(15 * 60 + 1);
    expect(new Date(body.jwtTokens.vinapse.expiresAt).getTime()).toBe(payload.exp! * 1000);
  });

  it('accepts an empty JSON body, as the console sends it', async () => {
    const { token } = await signIn(testApp.app, demo.companyAdmin);

    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-jwt',
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });

    expect(response.statusCode).toBe(200);
  });

  it('signs the login token with the same secret', async () => {
    const login = await signIn(testApp.app, demo.tenantAdmin);
    const { jwtTokens } = login as unknown as { jwtTokens: { vinapse: { token: string } } };

    const { payload } = await jwtVerify(jwtTokens.vinapse.token, await storedSecret(), { audience: videoServiceAudience });

    expect(payload).toMatchObject({ sub: login.user.id, tenant: 'acme', course: null });
  });

  it('answers 409 with success false without a video configuration', async () => {
    const { token } = await signIn(testApp.app, demo.root);

    const response = await refreshJwt(token);

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      success: false,
      error: 'Conflict',
      code: 'VIDEO_NOT_CONFIGURED',
      message: expect.any(String),
    });
  });

  it('requires a session', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/refresh-jwt' });

    expect(response.statusCode).toBe(401);
  });

  it('shares the stored secret between instances, unless VIDEO_TOKEN_SECRET overrides it', async () => {
    const secondInstance = await buildApp({ db: testApp.db });
    const configured = await buildApp({ db: testApp.db, videoTokenSecret: 'configured-secret-for-tests' });
    try {
      const { token } = await signIn(secondInstance, demo.companyAdmin);
      const refreshOn = async (app: App) =>
        (await app.inject({ method: 'POST', url: '/api/auth/refresh-jwt', headers: bearer(token) })).json();
      const fromSecond = await refreshOn(secondInstance);
      const fromConfigured = await refreshOn(configured);

      await expect(jwtVerify(fromSecond.jwtTokens.vinapse.token, await storedSecret())).resolves.toBeTruthy();
      const configuredSecret = new TextEncoder().encode('configured-secret-for-tests');
      await expect(jwtVerify(fromConfigured.jwtTokens.vinapse.token, configuredSecret)).resolves.toBeTruthy();
      expect(decodeJwt(fromConfigured.jwtTokens.vinapse.token).tenant).toBe('acme-robotics');
    } finally {
      await secondInstance.close();
      await configured.close();
    }
  });
});
