import { assign, setup, type SnapshotFrom } from 'xstate';
import type { Failure } from '../domain/failure';
import { notProvided } from './not-provided';
import { outcomeActions, serverCode, serverMessage, type Notice } from './outcomes';

/**
 * What an admin does to an account or a policy beside a record's form (issue 30): the panel reads its subject (a
 * user's account, a tenant's security policy), and runs one action at a time on it (send the invitation again, reset
 * the second factor, require two-factor sign-in, invite several users), some only once confirmed; each outcome is
 * told, and the subject read again after a success.
 */
export interface AccountActionsInput {
  /** The record the panel is about (a user's or a tenant's id); empty for the platform or a set of users. */
  subject: string;
  /** The notice of each action once done (an i18n key; `{{count}}` the number of results when the output has some). */
  doneKeys: Record<string, string>;
  /** The notice of a failed action; the server's reason is added when it gave one. */
  failedKey: string;
}

export interface ActionRequest {
  subject: string;
  action: string;
  /** What the action sets (a policy's value) or acts on (the users to invite). */
  value?: unknown;
}

export interface AccountActionsContext extends AccountActionsInput {
  /** What was read of the subject. */
  data: unknown;
  /** The action asked for, while it is confirmed or runs. */
  request: ActionRequest | null;
  /** The answer of the last action that ran (a bulk invitation's results per user). */
  result: unknown;
  failure: Failure | null;
}

export type AccountActionsEvent =
  | { type: 'accountActions.retry' }
  | { type: 'accountActions.run'; action: string; value?: unknown }
  | { type: 'accountActions.ask'; action: string; value?: unknown }
  | { type: 'accountActions.confirm' }
  | { type: 'accountActions.cancel' };

const asFailure = (error: unknown) => error as Failure;

const requestOf = (context: AccountActionsContext, event: { action: string; value?: unknown }): ActionRequest => ({
  subject: context.subject,
  action: event.action,
  ...(event.value !== undefined && { value: event.value }),
});

const failedNotice = (failure: Failure, failedKey: string): Notice => {
  const reason = serverMessage(failure);
  return reason
    ? { severity: 'error', messageKey: `${failedKey}Because`, values: { reason }, ...serverCode(failure) }
    : { severity: 'error', messageKey: failedKey, values: { status: String(failure.status) } };
};

/** An output with results per row (a bulk invitation): how many, and how many of each outcome. */
function tallyOf(output: unknown): Record<string, number> | undefined {
  const results = typeof output === 'object' && output !== null ? (output as { results?: unknown }).results : undefined;
  if (!Array.isArray(results)) return undefined;
  const tally: Record<string, number> = { count: results.length, sent: 0, skipped: 0, failed: 0 };
  for (const result of results as { outcome?: unknown }[]) {
    if (typeof result.outcome === 'string') tally[result.outcome] = (tally[result.outcome] ?? 0) + 1;
  }
  return tally;
}

const doneNotice = (context: AccountActionsContext, output: unknown): Notice => {
  const tally = tallyOf(output);
  return {
    severity: 'success',
    messageKey: context.doneKeys[context.request?.action ?? ''] ?? 'accountActions.done',
    ...(tally && { values: tally }),
  };
};

export const accountActionsMachine = setup({
  types: {
    context: {} as AccountActionsContext,
    events: {} as AccountActionsEvent,
    input: {} as AccountActionsInput,
  },
  actors: {
    load: notProvided<unknown, string>('load'),
    runAction: notProvided<unknown, ActionRequest>('runAction'),
  },
  actions: outcomeActions,
}).createMachine({
  id: 'accountActions',
  context: ({ input }) => ({ ...input, data: null, request: null, result: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The subject is read (a bulk invitation reads nothing: at once ready).',
      tags: 'busy',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.subject,
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, failure: null }) },
        onError: { target: 'failure', actions: assign({ failure: ({ event }) => asFailure(event.error) }) },
      },
    },
    failure: {
      description: 'The subject could not be read: Retry.',
      on: { 'accountActions.retry': 'loading' },
    },
    ready: {
      on: {
        'accountActions.run': { target: 'running', actions: assign({ request: ({ context, event }) => requestOf(context, event) }) },
        'accountActions.ask': { target: 'confirming', actions: assign({ request: ({ context, event }) => requestOf(context, event) }) },
      },
    },
    confirming: {
      description: 'An action that cannot be undone waits for the admin to confirm it (the reset of a second factor).',
      on: {
        'accountActions.confirm': 'running',
        'accountActions.cancel': { target: 'ready', actions: assign({ request: null }) },
      },
    },
    running: {
      tags: 'busy',
      invoke: {
        id: 'runAction',
        src: 'runAction',
        input: ({ context }) => context.request!,
        onDone: {
          description: 'Told, then the subject read again: what the action changed shows.',
          target: 'loading',
          actions: [
            assign({ result: ({ event }) => event.output, failure: null }),
            { type: 'notify', params: ({ context, event }) => doneNotice(context, event.output) },
            assign({ request: null }),
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            assign({ failure: ({ event }) => asFailure(event.error), result: null }),
            { type: 'notify', params: ({ context, event }) => failedNotice(asFailure(event.error), context.failedKey) },
            assign({ request: null }),
          ],
        },
      },
    },
  },
});

export type AccountActionsSnapshot = SnapshotFrom<typeof accountActionsMachine>;

export const selectActionsData = (snapshot: AccountActionsSnapshot) => snapshot.context.data;
export const selectActionsResult = (snapshot: AccountActionsSnapshot) => snapshot.context.result;
export const selectActionsBusy = (snapshot: AccountActionsSnapshot) => snapshot.hasTag('busy');
export const selectActionsLoadFailed = (snapshot: AccountActionsSnapshot) => snapshot.matches('failure');
export const selectIsConfirming = (snapshot: AccountActionsSnapshot) => snapshot.matches('confirming');
/** The action being confirmed or run, if any. */
export const selectPendingAction = (snapshot: AccountActionsSnapshot) => snapshot.context.request?.action ?? null;
