import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AccountActionsContext } from '../../../src/machines/account-actions.machine';
import { pendingAccount, pendingUser } from '../../support/fixtures/account-links';
import { tenantLogin } from '../../support/fixtures/session';
import { accountActionsModel } from '../../support/models/account-actions';
import { openSignedIn, type OpenedConsole } from './console';
import { dialog, dialogButton } from './form-screen';
import { describeUiPaths } from './paths';

interface Harness {
  console: OpenedConsole;
}

const section = () => screen.getByTestId('user-account');
const sectionButton = (name: string) => within(section()).getByRole<HTMLButtonElement>('button', { name });
const accountCall = `users/${pendingUser.id}/account`;
const panelActor = ({ console: c }: Harness) => c.actors.latest('accountActions');

describeUiPaths(accountActionsModel, {
  open: () => {
    const opened = openSignedIn(`/users/${pendingUser.id}`, tenantLogin);
    opened.network.always('GET', `users/${pendingUser.id}`, () => ({ status: 200, body: pendingUser }));
    return { console: opened };
  },
  perform: {
    'read: ok': async ({ console: c }) => (await c.network.next('GET', accountCall)).respond(200, pendingAccount),
    'read: server error': async ({ console: c }) =>
      (await c.network.next('GET', accountCall)).respond(500, { code: 'INTERNAL_ERROR', message: 'Internal Server Error' }),
    retry: async ({ console: c }) => c.user.click(sectionButton('Retry')),
    'resend invitation': async ({ console: c }) => c.user.click(sectionButton('Resend invitation')),
    'reset second factor': async ({ console: c }) => c.user.click(sectionButton('Reset second factor')),
    confirm: async ({ console: c }) => c.user.click(dialogButton('Reset second factor')),
    cancel: async ({ console: c }) => c.user.click(dialogButton('Cancel')),
    'action: done': async (harness) => {
      const { request } = panelActor(harness)!.getSnapshot().context as AccountActionsContext;
      if (request?.action === 'sendInvitation') {
        (await harness.console.network.next('POST', `users/${pendingUser.id}/invitation`)).respond(202, {
          expiresAt: '2026-12-01T10:00:00.000Z',
        });
        await screen.findByText('Invitation sent');
      } else {
        (await harness.console.network.next('DELETE', `users/${pendingUser.id}/two-factor`)).respond(204);
        await screen.findByText('Second factor reset');
      }
    },
    'action: mail off': async (harness) => {
      const { request } = panelActor(harness)!.getSnapshot().context as AccountActionsContext;
      const held =
        request?.action === 'sendInvitation'
          ? await harness.console.network.next('POST', `users/${pendingUser.id}/invitation`)
          : await harness.console.network.next('DELETE', `users/${pendingUser.id}/two-factor`);
      held.respond(409, { code: 'MAIL_NOT_CONFIGURED', message: 'Mail is not configured' });
      await screen.findByText('The action failed: Mail is not configured on this server, so no invitation or reset link can be sent');
    },
  },
  actorUnderTest: panelActor,
  show: {
    loading: (_, snapshot) => {
      if ((snapshot.context as AccountActionsContext).data === null)
        expect(within(section()).getByRole('status').textContent).toBe('Loading…');
      else expect(screen.getByTestId('invitation-state')).toBeTruthy();
    },
    failure: () => {
      expect(within(section()).getByText('The account could not be loaded.')).toBeTruthy();
      expect(sectionButton('Retry').disabled).toBe(false);
    },
    ready: () => {
      expect(screen.getByTestId('invitation-state').textContent).toMatch(/^The user has no password yet. Invitation sent .*, valid until /);
      expect(screen.getByTestId('two-factor-state').textContent).toMatch(/^Two-factor sign-in is on/);
      expect(sectionButton('Resend invitation').disabled).toBe(false);
      expect(sectionButton('Reset second factor').disabled).toBe(false);
    },
    confirming: () => {
      expect(within(dialog()).getByText('Reset the second factor?')).toBeTruthy();
      expect(within(dialog()).getByText(/^Bianca Neri will sign in with the password alone/)).toBeTruthy();
    },
    running: () =>
      expect(within(section()).getByRole<HTMLButtonElement>('button', { name: 'Resend invitation', hidden: true }).disabled).toBe(true),
  },
});
