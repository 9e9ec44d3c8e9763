import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../../../server/db/schema';
import { bearer, demo, signIn, useTestApp } from '../../../support/server/harness';

const testApp = useTestApp();

const getMe = (token?: string) => testApp.app.inject({ method: 'GET', url: '/api/users/me', headers: token ? bearer(token) : {} });

describe('GET /api/users/me', () => {
  it('returns what login returned, less the token and the video tokens', async () => {
    const login = await signIn(testApp.app, demo.companyAdmin);

    const response = await getMe(login.token);

    expect(response.statusCode).toBe(200);
    const { token: _token, jwtTokens: _jwtTokens, ...expected } = login as Record<string, unknown>;
    expect(response.json()).toEqual(expected);
  });

  it.each([
    ['no Authorization header', {}],
    ['an unknown token', bearer('not-a-real-token')],
    ['a non-bearer scheme', { authorization: 'Basic cm9vdDpwYXNz' }],
  ])('answers 401 for %s', async (_label, headers) => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/users/me', headers });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized', message: expect.any(String) });
  });

  it('rejects an expired session', async () => {
    const { token } = await signIn(testApp.app, demo.tenantAdmin);
    await testApp.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(sql`${sessions.tokenHash} = encode(sha256(convert_to(${token}, 'UTF8')), 'hex')`);

    expect((await getMe(token)).statusCode).toBe(401);
  });

  it('rejects the session of a user disabled after signing in', async () => {
    const { token, user } = await signIn(testApp.app, demo.globexAdmin);
    expect((await getMe(token)).statusCode).toBe(200);

    await testApp.db.update(users).set({ enabled: false }).where(eq(users.id, user.id));

    expect((await getMe(token)).statusCode).toBe(401);
    await testApp.db.update(users).set({ enabled: true }).where(eq(users.id, user.id));
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the token: its very next use is 401, other sessions stay valid', async () => {
    const first = await signIn(testApp.app, demo.companyAdmin);
    const second = await signIn(testApp.app, demo.companyAdmin);

    const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { token: first.token } });

    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await getMe(first.token)).statusCode).toBe(401);
    expect((await getMe(second.token)).statusCode).toBe(200);
  });

  it('writes a LOGOUT audit entry', async () => {
    const { token, user } = await signIn(testApp.app, demo.tenantAdmin);

    await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { token } });

    const entries = await testApp.db.select().from(auditLog).where(eq(auditLog.actorUserId, user.id));
    expect(entries.map((entry) => entry.action)).toContain('LOGOUT');
  });

  it('answers 204 for a token that is unknown or already revoked', async () => {
    const { token } = await signIn(testApp.app, demo.root);
    const logout = () => testApp.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { token } });

    expect((await logout()).statusCode).toBe(204);
    expect((await logout()).statusCode).toBe(204);
    const unknown = await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { token: 'nope' } });
    expect(unknown.statusCode).toBe(204);
  });
});
