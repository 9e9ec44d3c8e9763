import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { VideoAccess } from '../../src/domain/video';
import { selectVideoAccess, selectVideoFailure, videoAccessMachine } from '../../src/machines/video-access.machine';
import { access, noConfiguration, refreshRefused } from '../support/fixtures/catalogue';

/** The player's token machine, `obtain` answering each request in turn. */
function player(obtain: () => Promise<VideoAccess>) {
  const obtainVideoAccess = vi.fn(obtain);
  const actor = createActor(videoAccessMachine.provide({ actors: { obtainVideoAccess: fromPromise(() => obtainVideoAccess()) } })).start();
  const settled = () => waitFor(actor, (snapshot) => !snapshot.hasTag('busy'), { timeout: 1000 });
  return { actor, obtainVideoAccess, settled };
}

describe('video access: the token of a player', () => {
  it('gives the player no token and no failure while the token is on its way, then the token', async () => {
    const { actor, settled } = player(async () => access);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(selectVideoAccess(actor.getSnapshot())).toBeNull();
    expect(selectVideoFailure(actor.getSnapshot())).toBeNull();
    await settled();
    expect(selectVideoAccess(actor.getSnapshot())).toEqual(access);
    expect(selectVideoFailure(actor.getSnapshot())).toBeNull();
  });

  it('says why there is no token, asks again only on retry, and forgets the failure once a token comes', async () => {
    const { actor, obtainVideoAccess, settled } = player(() => Promise.reject(noConfiguration));
    await settled();
    expect(selectVideoFailure(actor.getSnapshot())).toEqual(noConfiguration);
    expect(selectVideoAccess(actor.getSnapshot())).toBeNull();
    expect(obtainVideoAccess).toHaveBeenCalledTimes(1);

    obtainVideoAccess.mockRejectedValueOnce(refreshRefused);
    actor.send({ type: 'video.retry' });
    expect(selectVideoFailure(actor.getSnapshot())).toBeNull();
    await settled();
    expect(selectVideoFailure(actor.getSnapshot())).toEqual(refreshRefused);

    obtainVideoAccess.mockResolvedValueOnce(access);
    actor.send({ type: 'video.retry' });
    await settled();
    expect(selectVideoAccess(actor.getSnapshot())).toEqual(access);
    expect(actor.getSnapshot().context).toEqual({ access, failure: null });
    expect(obtainVideoAccess).toHaveBeenCalledTimes(3);
  });

  it('keeps the token it has: a retry asks nothing more', async () => {
    const { actor, obtainVideoAccess, settled } = player(async () => access);
    await settled();
    actor.send({ type: 'video.retry' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(obtainVideoAccess).toHaveBeenCalledTimes(1);
  });
});
