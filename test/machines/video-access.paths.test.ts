import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { VideoAccess } from '../../src/domain/video';
import { videoAccessMachine, type VideoAccessContext } from '../../src/machines/video-access.machine';
import { access, noConfiguration, refreshRefused } from '../support/fixtures/catalogue';
import { definedByMachine, done, drive, error, executionRecord, explore, type DriveOptions } from '../support/paths/graph-paths';

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const { access: obtained, failure } = snapshot.context as VideoAccessContext;
  return JSON.stringify({ value: snapshot.value, token: obtained?.token ?? null, failure: failure?.kind ?? null });
};

const { shortestPaths, transitionPaths, describeEvent, describePath } = explore(videoAccessMachine, {
  events: [
    ['retry', { type: 'video.retry' }],
    ['token: ok', done('obtainVideoAccess', access)],
    ['token: no configuration', error('obtainVideoAccess', noConfiguration)],
    ['token: refresh refused', error('obtainVideoAccess', refreshRefused)],
    ['token: aborted', error('obtainVideoAccess', { kind: 'aborted' })],
  ],
  serializeState,
});

const options: DriveOptions = {
  describeEvent,
  serializeState,
  provide: (invoked) => videoAccessMachine.provide({ actors: { obtainVideoAccess: invoked<VideoAccess, void>() } }),
};

describe('video access (the player token): paths', () => {
  it.each(shortestPaths.map((path) => [`shortest: ${describePath(path)}`, path] as const))('%s', (_, path) => drive(path, options));
  it.each(transitionPaths.map((path) => [`transition: ${describePath(path)}`, path] as const))('%s', (_, path) => drive(path, options));

  it('together execute every state and every transition the machine defines', async () => {
    const executed = executionRecord();
    for (const path of transitionPaths) await drive(path, { ...options, inspect: executed.inspect });
    const defined = definedByMachine(videoAccessMachine);
    expect(executed.states).toEqual(defined.states);
    expect(executed.transitions).toEqual(defined.transitions);
  });
});
