import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../../server/http/logger';
import { serviceTokenSigner } from '../../../server/video-service/video-tokens';
import { bearer, demo, nextClientIp, postLogin, signIn, useTestApp } from '../../support/server/harness';
import { apiAs, demoWorld } from '../../support/server/resources';

/**
 * The log of a run that exercises failures (failed user writes, failed sign-ins, bad tokens) never holds a password, a
 * password hash, a session token or a JWT: the log is captured as the server writes it, and searched for each secret.
 */
const lines: string[] = [];
const videoTokenSecret = 'log-redaction-test-secret';
const testApp = useTestApp({ logger: loggerOptions('debug', { write: (line) => lines.push(line) }), videoTokenSecret });

const secrets = {
  newUserPassword: 'New-User-Secret-91',
  setByAdmin: 'Set-By-Admin-Secret-92',
  wrongGuess: 'Wrong-Guess-Secret-93',
  wrongCurrent: 'Wrong-Current-Secret-94',
  forgedToken: 'forged-session-token-Zx8Qw2Lm5Np7Rt',
};
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function failUserWrites<T>(work: () => Promise<T>): Promise<T> {
  // A storage failure in the middle of a user write, as a full disk or a lost connection would cause.
  await testApp.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION simulated_failure() RETURNS trigger LANGUAGE plpgsql AS $$
               BEGIN RAISE EXCEPTION 'simulated storage failure'; END $$`),
  );
  await testApp.db.execute(
    sql.raw('CREATE TRIGGER simulated_failure BEFORE INSERT OR UPDATE ON users FOR EACH ROW EXECUTE FUNCTION simulated_failure()'),
  );
  try {
    return await work();
  } finally {
    await testApp.db.execute(sql.raw('DROP TRIGGER simulated_failure ON users'));
    await testApp.db.execute(sql.raw('DROP FUNCTION simulated_failure()'));
  }
}

describe('the server log', () => {
  const sessionTokens: string[] = [];
  const jwts: string[] = [];
  beforeAll(async () => {
    const world = await demoWorld(testApp.db);
    const root = await signIn(testApp.app, demo.root);
    const company = await postLogin(testApp.app, { email: demo.companyAdmin, password: demo.password });
    const companyLogin = company.json<{ token: string; jwtTokens: { vinapse: { token: string } } }>();
    sessionTokens.push(root.token, companyLogin.token);
    jwts.push(companyLogin.jwtTokens.vinapse.token, await serviceTokenSigner(videoTokenSecret).callbackToken('acme-robotics'));
    const rootApi = apiAs(testApp.app, root.token);

    // Failed user writes, with a password in each.
    const created = await failUserWrites(() =>
      rootApi.post('/api/users', { name: 'Log', surname: 'Test', email: 'log.test@example.com', password: secrets.newUserPassword }),
    );
    const learner = (await rootApi.get(`/api/users/${world.learner.id}`)).json();
    const updated = await failUserWrites(() =>
      rootApi.put(`/api/users/${world.learner.id}`, {
        name: learner.name,
        surname: learner.surname,
        email: learner.email,
        password: secrets.setByAdmin,
        version: learner.version,
      }),
    );
    expect([created.statusCode, updated.statusCode]).toEqual([500, 500]);

    // Failed sign-ins and password checks.
    await postLogin(testApp.app, { email: demo.root, password: secrets.wrongGuess });
    await postLogin(testApp.app, { email: 'nobody@example.com', password: secrets.wrongGuess });
    await testApp.app.inject({
      method: 'PUT',
      url: '/api/users/me/password',
      headers: bearer(companyLogin.token),
      payload: { currentPassword: secrets.wrongCurrent, newPassword: secrets.setByAdmin },
      remoteAddress: nextClientIp(),
    });

    // Bad tokens: forged, a JWT where a session token belongs, tokens in query strings, a logout of a real token.
    await testApp.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(secrets.forgedToken) });
    await testApp.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(jwts[0]!) });
    await testApp.app.inject({ method: 'GET', url: `/api/users?token=${root.token}&access_token=${jwts[0]}&jwt=${jwts[1]}` });
    await testApp.app.inject({ method: 'GET', url: `/api/companies?page=1&TOKEN=${secrets.forgedToken}` });
    await testApp.app.inject({ method: 'POST', url: '/api/video-callbacks/processed', headers: bearer(`${jwts[0]}x`), payload: {} });
    await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { token: secrets.forgedToken } });
  });

  it('records the failures it exercised', () => {
    const log = lines.join('');

    expect(lines.filter((line) => line.includes('"unexpected error"'))).toHaveLength(2);
    expect(log).toContain('simulated storage failure');
    expect(log).toContain('insert into \\"users\\"');
    expect(log).toContain('/api/users?token=[redacted]&access_token=[redacted]&jwt=[redacted]');
    expect(log).toContain('/api/companies?page=1&TOKEN=[redacted]');
  });

  it('holds no password, password hash, session token or JWT', () => {
    const log = lines.join('');
    const known = [
      ...Object.values(secrets),
      demo.password,
      ...sessionTokens,
      ...sessionTokens.map(sha256),
      ...jwts,
      // Parts of a JWT are secrets as well (a signature alone is enough to recognise one).
      ...jwts.map((jwt) => jwt.split('.')[2]!),
    ];

    expect(known.filter((secret) => log.includes(secret))).toEqual([]);
    expect(log).not.toMatch(/\$argon2/);
    expect(log).not.toMatch(/eyJ[\w-]*\.[\w-]*\./);
  });
});
