import { act, screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { storageKeys } from '../../../src/api/storage';
import type { SessionContext } from '../../../src/machines/session.machine';
import { sessionModel } from '../../support/models/session';
import type { GraphEvent } from '../../support/paths/model';
import { sessionUi, type SessionHarness } from '../ui/session.ui';
import type { WalkSpec } from './walk';

/** Who the screen names, as the sign-in, the server's answers and the user's own changes said it. */
interface Person {
  name: string;
  surname: string;
  /** The root admin acting in a tenant (the banner), by name. */
  assumedBy: string | null;
}

/**
 * The session as a user sees it, in the product's words (docs/test-plans/session.md's requirements): who is signed
 * in (none: the sign-in page), the root admin kept aside while a tenant is assumed, and whether the browser keeps a
 * token (cleared as soon as the user signs out, before the server answers).
 */
export interface SessionReference {
  who: Person | null;
  root: Person | null;
  /** Signed out by the user, the server not told yet: the session still holds the token the sign-out sends. */
  leaving: boolean;
  /**
   * The sign-in's step after the password, while nobody is in the console yet: a code asked, the forced set-up, or
   * its recovery codes shown (the session opened and kept, the console not shown until the user has kept them).
   */
  step: 'code' | 'setup' | 'codes' | null;
  /** Who the forced set-up signed in, shown once the recovery codes are kept. */
  pending: Person | null;
}

type Described = { user: { name: string; surname: string }; assumedBy?: { name: string } | null };
const personOf = ({ user, assumedBy }: Described): Person => ({
  name: user.name,
  surname: user.surname,
  assumedBy: assumedBy?.name ?? null,
});

export const sessionReference = {
  initial: (): SessionReference => ({ who: null, root: null, leaving: false, step: null, pending: null }),
  step(state: SessionReference, label: string, event: GraphEvent): SessionReference {
    const output = event.output as { session?: { state: Described }; rootSession?: { state: Described } | null } & Described;
    switch (label) {
      case 'restore: a GLOBAL session':
      case 'restore: an assumed tenant':
      case 'restore: a company admin with videos':
        return { ...state, who: personOf(output.session!.state), root: output.rootSession ? personOf(output.rootSession.state) : null };
      case 'login: a code is asked':
        return { ...state, step: 'code' };
      case 'login: set-up is asked':
        return { ...state, step: 'setup' };
      case 'confirm: ok':
        return { ...state, step: 'codes', pending: personOf(output) };
      case 'recovery codes kept':
        return { ...state, who: state.pending, root: null, step: null, pending: null };
      // Back on the sign-in page: the user's choice, an expired step, too many codes.
      case 'back to the password':
      case 'code: expired':
      case 'code: 429':
      case 'set-up: expired':
      case 'confirm: expired':
        return { ...state, step: null };
      case 'code: ok':
        return { ...state, who: personOf(output), root: null, step: null };
      case 'login: ok':
      case 'assume: ok':
        return { ...state, who: personOf(output), root: label === 'assume: ok' ? state.who : null };
      case 'me: ok':
      case 'me: ok (assumed tenant)':
      case 'me: ok (company admin)':
        return { ...state, who: personOf(output) };
      case 'profile saved':
      case 'profile saved (assumed tenant)':
      case 'profile saved (company admin)':
        return { ...state, who: personOf(event.me as Described) };
      // Going back to root: the root session comes back whatever the server says about the assumed one.
      case 'revoke: ok':
      case 'revoke: offline':
        return { ...state, who: state.root, root: null };
      // Signed out: a refused check, a call refused, the user's own sign-out (before the server answers).
      case 'me: 401':
      case 'a call answers 401':
        return { ...state, who: null, root: null };
      case 'log out':
        return { ...state, who: null, root: null, leaving: true };
      case 'logout: ok':
      case 'logout: offline':
        return { ...state, leaving: false };
      default:
        // restore: nothing stored / storage unreadable, sign in, login: 401 / 429 / offline, me: 500 / offline (a
        // check that fails otherwise than 401 keeps the user signed in), assume Acme Learning, assume: 404, back to
        // root, and the second step's own moves (send a code, a wrong or unreachable one, the key asked again):
        // who is signed in stays as it was.
        return state;
    }
  },
  check(state: SessionReference, { console: c }: SessionHarness, snapshot: AnyMachineSnapshot) {
    const { session, rootSession } = snapshot.context as SessionContext;
    if (snapshot.matches('restoring')) return;
    const header = screen.queryByTestId('sidebar-header');
    // A storage the browser refuses (restore: storage unreadable) has no token to look at.
    let token: string | null | undefined;
    try {
      token = c.store.getItem(storageKeys.token);
    } catch {
      token = undefined;
    }
    if (!state.who) {
      expect(header, 'the sign-in page, no console frame').toBeNull();
      if (state.step === 'codes') {
        expect(session?.state.user.name, 'the session the set-up opened').toBe(state.pending?.name);
        expect(screen.getByRole('button', { name: 'I have kept the codes' })).toBeTruthy();
        return;
      }
      if (!state.leaving) expect(session, 'nobody is signed in').toBeNull();
      if (token !== undefined) expect(token, 'no token kept').toBeNull();
      if (state.step === 'code') expect(screen.getByRole('button', { name: 'Back to the password' })).toBeTruthy();
      else if (state.step === 'setup') expect(screen.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeTruthy();
      else expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
      return;
    }
    const { name, surname, assumedBy } = state.who;
    expect(session?.state.user.name, "the session's user").toBe(name);
    expect(header?.textContent, 'the console names the user').toContain(`${name} ${surname}`);
    if (token !== undefined) expect(token, 'the token is kept').not.toBeNull();
    const banner = screen.queryByTestId('assumed-tenant-banner');
    if (assumedBy) expect(banner?.textContent, 'the banner names the root admin').toContain(`as ${assumedBy}.`);
    else expect(banner, 'no assumed-tenant banner').toBeNull();
    expect(rootSession?.state.user.name ?? null, 'the root admin kept aside').toBe(state.root?.name ?? null);
  },
};

/** Opens a page the user goes to before an action (the path tests open the console there; a walk is already elsewhere). */
const goTo =
  (address: string) =>
  async ({ console: c }: SessionHarness) => {
    if (c.history.current() !== address) act(() => c.history.navigate(address));
  };

/** The session: restored or signed in on the sign-in page, then the console's frame, the tenants page and the settings. */
export const sessionWalk: WalkSpec<SessionHarness, SessionReference> = {
  model: sessionModel,
  scenario: 'session',
  ui: sessionUi,
  reference: sessionReference,
  file: 'test/qa/walks/session.walk.test.tsx',
  skip: {
    ...Object.fromEntries(
      ['profile saved', 'profile saved (assumed tenant)', 'profile saved (company admin)'].map((label) => [
        label,
        "the executor waits for the settings page to read the user (GET users/me); a second save in a walk finds that answer in the console's cache and makes no call: the path tests save once per path",
      ]),
    ),
    'video token refreshed':
      'the player asks for a new video token when a company admin with videos opens a content page whose token expired: the UI path test opens the console there; a walk does not reach that page',
  },
  prepare: {
    'assume Acme Learning': goTo('/tenants'),
    // From the home page the sidebar's Users link loads the users (from the users page it would load nothing).
    'a call answers 401': goTo('/home'),
  },
};
