import { describe, expect, it } from 'vitest';
import { defaultMailRetry } from '../../../../server/mail/mail-queue';
import { demo, useTestApp } from '../../../support/server/harness';
import { demoWorld, signedIn } from '../../../support/server/resources';

// The server of DATABASE_URL without SMTP_URL: mail is off.
const testApp = useTestApp({ mail: { enabled: false, retry: defaultMailRetry } });

describe('with mail off', () => {
  it('says so to the sign-in page, and refuses whatever would send a mail with 409 MAIL_NOT_CONFIGURED', async () => {
    const options = await testApp.app.inject({ method: 'GET', url: '/api/auth/options' });
    expect(options.json()).toMatchObject({ mail: false });

    const forgot = await testApp.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: demo.companyAdmin } });
    expect(forgot.statusCode).toBe(409);
    expect(forgot.json().code).toBe('MAIL_NOT_CONFIGURED');

    const admin = await signedIn(testApp.app, demo.tenantAdmin);
    const email = 'not.invited@example.com';
    const created = await admin.post('/api/users', { name: 'Not', surname: 'Invited', email, sendInvitation: true });
    expect(created.statusCode).toBe(409);
    expect(created.json().code).toBe('MAIL_NOT_CONFIGURED');
    expect((await admin.get(`/api/users?search=${email}`)).json().total).toBe(0);

    const pending = (await demoWorld(testApp.db)).learner.id;
    expect((await admin.post(`/api/users/${pending}/invitation`, {})).json().code).toBe('MAIL_NOT_CONFIGURED');
    expect((await admin.post('/api/users/invitations', { userIds: [pending] })).json().code).toBe('MAIL_NOT_CONFIGURED');
    const imported = await admin.post('/api/users/import', {
      rows: [{ line: 2, name: 'A', surname: 'B', email: 'imp@example.com' }],
      sendInvitations: true,
    });
    expect(imported.statusCode).toBe(409);
    expect(
      (await admin.post('/api/users/import', { rows: [{ line: 2, name: 'A', surname: 'B', email: 'imp@example.com' }] })).statusCode,
    ).toBe(200);
  });
});
