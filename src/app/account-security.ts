import { fromPromise } from 'xstate';
import type { AccountAdminApi } from '../api/account-admin';
import type { SecurityPolicy } from '../domain/account-security';
import { accountActionsMachine, type ActionRequest } from '../machines/account-actions.machine';
import type { AccountMachines } from '../views/actors';
import type { OutcomeActions } from './outcomes';

const requireTwoFactor = ({ value }: ActionRequest): SecurityPolicy => ({ requireTwoFactor: value === true });

/** An action the panel does not know: a mistake of the view, refused rather than sent. */
const unknownAction = ({ action }: ActionRequest) => Promise.reject(new Error(`Unknown account action ${action}`));

const userIdsOf = ({ value }: ActionRequest) => (Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);

/** The panels of an admin's account actions, each on its calls (the data it reads, the actions it runs). */
export function provideAccountMachines(api: AccountAdminApi, outcomes: OutcomeActions): AccountMachines {
  const panel = (load: (subject: string) => Promise<unknown>, run: Record<string, (request: ActionRequest) => Promise<unknown>>) =>
    accountActionsMachine.provide({
      actors: {
        load: fromPromise(({ input }) => load(input)),
        runAction: fromPromise(({ input }) => (run[input.action] ?? unknownAction)(input)),
      },
      actions: outcomes,
    });
  return {
    user: panel(api.account, {
      sendInvitation: ({ subject }) => api.sendInvitation(subject),
      resetTwoFactor: ({ subject }) => api.resetTwoFactor(subject),
    }),
    tenantPolicy: panel(api.tenantPolicy, {
      requireTwoFactor: (request) => api.setTenantPolicy(request.subject, requireTwoFactor(request)),
    }),
    platformPolicy: panel(api.platformPolicy, {
      requireTwoFactor: (request) => api.setPlatformPolicy(requireTwoFactor(request)),
    }),
    invitations: panel(() => Promise.resolve(null), {
      sendInvitations: (request) => api.sendInvitations(userIdsOf(request)),
    }),
  };
}
