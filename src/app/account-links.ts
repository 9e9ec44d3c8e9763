import { fromPromise } from 'xstate';
import type { AccountLinksApi } from '../api/account-links';
import { accountLinkMachine } from '../machines/account-link.machine';
import type { OutcomeActions } from './outcomes';

/** The signed-out pages of invitations and password resets, on the API's public calls. */
export function provideAccountLinkMachine(api: AccountLinksApi, outcomes: OutcomeActions) {
  return accountLinkMachine.provide({
    actors: {
      verifyLink: fromPromise(({ input }) => api.verify(input.kind, input.token)),
      setPassword: fromPromise(({ input: { kind, token, password } }) => api.setPassword(kind, { token, password })),
      requestReset: fromPromise(({ input }) => api.requestReset(input.email)),
    },
    actions: outcomes,
  });
}
