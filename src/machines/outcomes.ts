import type { Failure } from '../domain/failure';

export type Severity = 'success' | 'info' | 'warning' | 'error';

/** What a machine tells the user once it has decided: an i18n key (with its values), or the server's own words. */
export interface Notice {
  severity: Severity;
  /** An i18n key, shown unless `message` carries the server's own text. */
  messageKey: string;
  values?: Record<string, string | number>;
  message?: string;
  /**
   * The API's stable name for the server's words (`message`, or the `reason` value) and the values they name: the
   * view says them in the user's language when it knows the code, the server's words otherwise.
   */
  code?: string;
  params?: Record<string, string | number>;
}

/** Where a machine's outcome leads: a path of the console; `replace` puts it in place of the current page in the history. */
export interface Destination {
  path: string;
  replace?: boolean;
}

/**
 * The outcomes a machine declares beside its effects: `notify` (a notice for the user) and `navigate` (a page to
 * go to; null stays where the user is). Stubs here; src/app implements them once for every machine, tests
 * provide spies the same way.
 */
export const outcomeActions = {
  notify: (_: unknown, _notice: Notice) => {},
  navigate: (_: unknown, _destination: Destination | null) => {},
};

/** A refusal for too many attempts (429): when it may be tried again, if the API said; `laterKey` otherwise. */
export const throttledNotice = (retryAt: number | undefined, laterKey: string): Notice =>
  retryAt === undefined
    ? { severity: 'error', messageKey: laterKey }
    : { severity: 'error', messageKey: 'login.tooManyAttempts', values: { retryAt } };

/** The server's own words for a failure, when it sent some. */
export const serverMessage = (failure: Failure) => (failure.kind === 'http' ? failure.message : undefined);

/** The API's code for a failure and the values it names, for a notice that carries the server's words. */
export const serverCode = (failure: Failure): Pick<Notice, 'code' | 'params'> =>
  failure.kind === 'http' && failure.code ? { code: failure.code, ...(failure.params && { params: failure.params }) } : {};

/** A deletion the API refused: with its reason when the API gave one. */
export const deleteFailedNotice = (failure: Failure): Notice => {
  const reason = serverMessage(failure);
  return reason
    ? { severity: 'error', messageKey: 'feedback.deleteFailedBecause', values: { reason }, ...serverCode(failure) }
    : { severity: 'error', messageKey: 'feedback.deleteFailed' };
};
