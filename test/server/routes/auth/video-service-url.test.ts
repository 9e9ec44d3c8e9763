import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../../server/app';
import { bearer, demo, postLogin, signIn, useTestApp } from '../../../support/server/harness';

const testApp = useTestApp();

/** `vinapseConfig.serviceUrl` (docs/api-contract.md, "Session addition"). */
describe('the video service URL in the session answers', () => {
  const apps: App[] = [];
  const appWith = async (videoServiceUrl?: string | (() => string | undefined)) => {
    const app = await buildApp({ db: testApp.db, videoServiceUrl });
    apps.push(app);
    return app;
  };
  const me = async (app: App, email: string) => {
    const { token } = await signIn(app, email);
    return (await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).json();
  };
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  it("replaces {tenant} with the session's video tenant on login, /users/me and assume", async () => {
    const app = await appWith('https://{tenant}.videos.example.com');
    const root = await signIn(app, demo.root);
    const [globex] = (await app.inject({ method: 'GET', url: '/api/tenants?search=globex', headers: bearer(root.token) })).json().items;

    const login = (await postLogin(app, { email: demo.companyAdmin, password: demo.password })).json();
    const assumed = (
      await app.inject({ method: 'POST', url: '/api/auth/assume', headers: bearer(root.token), payload: { tenantId: globex.id } })
    ).json();

    expect(login.vinapseConfig.serviceUrl).toBe('https://acme-robotics.videos.example.com');
    expect((await me(app, demo.companyAdmin)).vinapseConfig.serviceUrl).toBe('https://acme-robotics.videos.example.com');
    expect((await me(app, demo.tenantAdmin)).vinapseConfig.serviceUrl).toBe('https://acme.videos.example.com');
    expect(assumed.vinapseConfig).toMatchObject({ tenantId: 'globex', serviceUrl: 'https://globex.videos.example.com' });
  });

  it('is null without a video tenant, and when no video service is configured', async () => {
    const configured = await appWith('http://{tenant}.localhost:3001');
    const unconfigured = await appWith();

    expect((await me(configured, demo.root)).vinapseConfig).toEqual({
      enabled: false,
      tenantId: null,
      courseId: null,
      serviceUrl: null,
    });
    expect((await me(unconfigured, demo.companyAdmin)).vinapseConfig).toMatchObject({ enabled: true, serviceUrl: null });
  });

  describe('known only once the video service listens', () => {
    let url: string | undefined;
    let app: App;
    beforeAll(async () => {
      app = await appWith(() => url);
    });

    it('is read when the session is answered, not when the app is built', async () => {
      const before = await me(app, demo.companyAdmin);
      url = 'http://{tenant}.localhost:41234';
      const after = await me(app, demo.companyAdmin);

      expect(before.vinapseConfig.serviceUrl).toBeNull();
      expect(after.vinapseConfig.serviceUrl).toBe('http://acme-robotics.localhost:41234');
    });
  });
});
