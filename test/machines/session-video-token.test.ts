import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { companyLogin, fakeSessionMachine, restoring, stored } from '../support/fixtures/session';

const vinapse = { token: 'video-2', expiresAt: '2030-01-01T00:00:00.000Z' };

describe('session: the video token', () => {
  it('keeps a refreshed token with the session and stores it', async () => {
    const { machine, effects } = fakeSessionMachine({ restoreSession: restoring(companyLogin), fetchMe: () => new Promise(() => {}) });
    const actor = createActor(machine, { input: {} }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('signedIn'));
    actor.send({ type: 'session.videoTokenRefreshed', vinapse });
    const expected = { ...stored(companyLogin), state: { ...stored(companyLogin).state, jwtTokens: { vinapse } } };
    expect(actor.getSnapshot().context.session).toEqual(expected);
    expect(effects.storeSession).toHaveBeenLastCalledWith(expected);
  });

  it('ignores a token while signed out', () => {
    const { machine, effects } = fakeSessionMachine();
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'session.videoTokenRefreshed', vinapse });
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(effects.storeSession).not.toHaveBeenCalled();
  });
});
