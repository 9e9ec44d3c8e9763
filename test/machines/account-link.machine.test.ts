import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LinkDetails } from '../../src/domain/account-security';
import {
  accountLinkMachine,
  selectLinkDetails,
  selectLinkProblems,
  selectLinkStep,
  type AccountLinkInput,
  type SetPasswordInput,
} from '../../src/machines/account-link.machine';
import {
  commonPassword,
  linkDetails,
  linkGone,
  linkOffline,
  linkToken,
  resetThrottled,
  serverBroken,
} from '../support/fixtures/account-links';
import { recordOutcomes } from '../support/fixtures/outcome';

interface Calls {
  verify?: () => Promise<LinkDetails>;
  setPassword?: (input: SetPasswordInput) => Promise<{ email: string }>;
  requestReset?: (email: string) => Promise<void>;
}

/** A link page's actor, its calls answered by `calls`, its outcomes recorded. */
function page(input: AccountLinkInput, calls: Calls = {}) {
  const verifyLink = vi.fn((_input: unknown) => (calls.verify ?? (async () => linkDetails))());
  const setPassword = vi.fn(calls.setPassword ?? (async () => ({ email: linkDetails.email })));
  const requestReset = vi.fn(calls.requestReset ?? (async () => undefined));
  const { outcomes, actions } = recordOutcomes();
  const actor = createActor(
    accountLinkMachine.provide({
      actors: {
        verifyLink: fromPromise(({ input: given }) => verifyLink(given)),
        setPassword: fromPromise(({ input: given }) => setPassword(given)),
        requestReset: fromPromise(({ input: given }) => requestReset(given.email)),
      },
      actions,
    }),
    { input },
  ).start();
  const settled = () => waitFor(actor, (snapshot) => !snapshot.hasTag('busy'), { timeout: 1000 });
  return { actor, verifyLink, setPassword, requestReset, outcomes, settled, step: () => selectLinkStep(actor.getSnapshot()) };
}

describe('account link: an invitation or a reset link', () => {
  it('checks the link before asking for a password, then sets it with the same token and leads to sign-in', async () => {
    const link = page({ kind: 'invitation', token: linkToken });
    expect(link.step()).toBe('verifying');
    await link.settled();
    expect(link.verifyLink).toHaveBeenCalledWith({ kind: 'invitation', token: linkToken });
    expect(link.step()).toBe('choosing');
    expect(selectLinkDetails(link.actor.getSnapshot())).toEqual(linkDetails);

    link.actor.send({ type: 'accountLink.setPassword', password: 'A-long-secret-2026' });
    await link.settled();
    expect(link.setPassword).toHaveBeenCalledWith({ kind: 'invitation', token: linkToken, password: 'A-long-secret-2026' });
    expect(link.step()).toBe('passwordSet');
    expect(link.outcomes).toEqual([
      { notify: { severity: 'success', messageKey: 'accountLink.invitationAccepted', values: { email: linkDetails.email } } },
      { navigate: { path: '/login', replace: true } },
    ]);
  });

  it('tells a reset apart from an invitation in what it says once the password is set', async () => {
    const link = page({ kind: 'reset', token: linkToken });
    await link.settled();
    link.actor.send({ type: 'accountLink.setPassword', password: 'A-long-secret-2026' });
    await link.settled();
    expect(link.setPassword).toHaveBeenCalledWith(expect.objectContaining({ kind: 'reset' }));
    expect(link.outcomes[0]).toEqual({
      notify: { severity: 'success', messageKey: 'accountLink.passwordReset', values: { email: linkDetails.email } },
    });
  });

  it('asks nothing of the API for an address without a token: the link is not one', () => {
    const link = page({ kind: 'reset', token: null });
    expect(link.step()).toBe('invalid');
    expect(link.verifyLink).not.toHaveBeenCalled();
  });

  it('says a link the API no longer takes is invalid, checked or used, and takes no password then', async () => {
    const checked = page({ kind: 'invitation', token: linkToken }, { verify: () => Promise.reject(linkGone) });
    await checked.settled();
    expect(checked.step()).toBe('invalid');
    expect(checked.actor.getSnapshot().can({ type: 'accountLink.setPassword', password: 'x' })).toBe(false);

    const used = page({ kind: 'invitation', token: linkToken }, { setPassword: () => Promise.reject(linkGone) });
    await used.settled();
    used.actor.send({ type: 'accountLink.setPassword', password: 'A-long-secret-2026' });
    await used.settled();
    expect(used.step()).toBe('invalid');
    expect(used.outcomes).toEqual([]);
  });

  it('offers Retry when the link could not be checked, and checks it again', async () => {
    const link = page({ kind: 'reset', token: linkToken }, { verify: () => Promise.reject(linkOffline) });
    await link.settled();
    expect(link.step()).toBe('unverified');
    link.verifyLink.mockResolvedValueOnce(linkDetails);
    link.actor.send({ type: 'accountLink.retry' });
    await link.settled();
    expect(link.step()).toBe('choosing');
    expect(link.verifyLink).toHaveBeenCalledTimes(2);
  });

  it("puts the API's refusal of the password on its field, and forgets it once a password is taken", async () => {
    const link = page({ kind: 'reset', token: linkToken });
    await link.settled();
    link.setPassword.mockRejectedValueOnce(commonPassword);
    link.actor.send({ type: 'accountLink.setPassword', password: 'password1' });
    await link.settled();
    expect(link.step()).toBe('choosing');
    expect(selectLinkProblems(link.actor.getSnapshot())).toEqual({ password: { server: 'is too common', serverRule: 'commonPassword' } });
    expect(link.outcomes).toEqual([]);

    link.actor.send({ type: 'accountLink.setPassword', password: 'A-long-secret-2026' });
    await link.settled();
    expect(selectLinkProblems(link.actor.getSnapshot())).toEqual({});
    expect(link.step()).toBe('passwordSet');
  });

  it('tells a failure it cannot place on the field, and lets the password be sent again', async () => {
    const link = page({ kind: 'invitation', token: linkToken }, { setPassword: () => Promise.reject(serverBroken) });
    await link.settled();
    link.actor.send({ type: 'accountLink.setPassword', password: 'A-long-secret-2026' });
    await link.settled();
    expect(link.step()).toBe('choosing');
    expect(link.outcomes).toEqual([
      {
        notify: {
          severity: 'error',
          messageKey: 'accountLink.saveFailedBecause',
          values: { reason: 'Internal Server Error' },
          code: 'INTERNAL_ERROR',
        },
      },
    ]);
  });
});

describe('account link: forgot password', () => {
  it('sends the address given and answers the same for any address', async () => {
    const forgot = page({ kind: 'forgot', token: null });
    expect(forgot.step()).toBe('forgot');
    forgot.actor.send({ type: 'accountLink.requestReset', email: 'nobody@example.com' });
    expect(forgot.step()).toBe('requesting');
    await forgot.settled();
    expect(forgot.requestReset).toHaveBeenCalledWith('nobody@example.com');
    expect(forgot.step()).toBe('requested');
    expect(forgot.actor.getSnapshot().context.email).toBe('nobody@example.com');
    expect(forgot.outcomes).toEqual([]);
    forgot.actor.send({ type: 'accountLink.again' });
    expect(forgot.step()).toBe('forgot');
  });

  it('says until when a throttled address must wait, and stays on the form', async () => {
    const forgot = page({ kind: 'forgot', token: null }, { requestReset: () => Promise.reject(resetThrottled) });
    forgot.actor.send({ type: 'accountLink.requestReset', email: 'bianca.neri@example.com' });
    await forgot.settled();
    expect(forgot.step()).toBe('forgot');
    expect(forgot.outcomes).toEqual([
      {
        notify: {
          severity: 'error',
          messageKey: 'accountLink.throttled',
          values: { retryAt: resetThrottled.kind === 'http' && resetThrottled.retryAt },
        },
      },
    ]);
  });

  it('checks no link on the forgot page', () => {
    const forgot = page({ kind: 'forgot', token: linkToken });
    expect(forgot.step()).toBe('forgot');
    expect(forgot.verifyLink).not.toHaveBeenCalled();
  });
});
