import { describe, expect, it } from 'vitest';
import { passwordProblem } from '../../../server/auth/password-policy';
import { demo, useTestApp } from '../../support/server/harness';
import { demoWorld, signedIn } from '../../support/server/resources';

const testApp = useTestApp();

const rules = (response: { json(): { errors?: { field: string; rule: string }[] } }) =>
  (response.json().errors ?? []).map(({ field, rule }) => `${field}:${rule}`);

describe('the rules of a new password', () => {
  it("refuse the list's common passwords whatever their case, and the account's own address", () => {
    expect(passwordProblem('Password1')).toBe('common');
    expect(passwordProblem('QWERTYUIOP')).toBe('common');
    expect(passwordProblem('Demo-2026!')).toBeNull();
    expect(passwordProblem('ada.lovelace@example.com', 'Ada.Lovelace@example.com')).toBe('email');
    expect(passwordProblem('ada.lovelace', 'ada.lovelace@example.com')).toBe('email');
    expect(passwordProblem('ada.lovelace-1815', 'ada.lovelace@example.com')).toBeNull();
  });

  it("hold on the user form, create and update, and keep the user's password as it was", async () => {
    const admin = await signedIn(testApp.app, demo.tenantAdmin);
    const common = await admin.post('/api/users', { name: 'Weak', surname: 'Password', email: 'weak@example.com', password: 'Password1' });
    expect(common.statusCode).toBe(400);
    expect(rules(common)).toEqual(['password:commonPassword']);
    const own = await admin.post('/api/users', {
      name: 'Own',
      surname: 'Address',
      email: 'own.address@example.com',
      password: 'own.address@example.com',
    });
    expect(rules(own)).toEqual(['password:isEmail']);

    const learner = (await demoWorld(testApp.db)).learner;
    const current = (await admin.get(`/api/users/${learner.id}`)).json();
    const update = await admin.put(`/api/users/${learner.id}`, {
      name: current.name,
      surname: current.surname,
      email: current.email,
      password: 'iloveyou',
      version: current.version,
    });
    expect(rules(update)).toEqual(['password:commonPassword']);
    expect((await admin.get(`/api/users/${learner.id}`)).json().version).toBe(current.version);
  });

  it('hold on one’s own password in the settings, without counting as a failed sign-in', async () => {
    const own = await signedIn(testApp.app, demo.companyAdmin);
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const response = await own.put('/api/users/me/password', { currentPassword: demo.password, newPassword: 'qwertyuiop' });
      expect(response.statusCode).toBe(400);
      expect(rules(response)).toEqual(['newPassword:commonPassword']);
    }
    expect(
      (await own.put('/api/users/me/password', { currentPassword: demo.password, newPassword: 'Sturdy-Choice-2026' })).statusCode,
    ).toBe(204);
  });
});
