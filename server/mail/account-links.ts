/**
 * The console's pages that one-time links open (built by the console; the token travels in the fragment, so it never
 * reaches a server's log or a Referer): `/invitation#token=…` and `/reset-password#token=…`.
 */
export interface AccountLinks {
  invitation(token: string): string;
  passwordReset(token: string): string;
}

export function accountLinks(consoleOrigin: () => string): AccountLinks {
  const link = (page: string, token: string) => `${consoleOrigin().replace(/\/+$/, '')}/${page}#token=${encodeURIComponent(token)}`;
  return {
    invitation: (token) => link('invitation', token),
    passwordReset: (token) => link('reset-password', token),
  };
}
