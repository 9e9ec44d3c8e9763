import { describe, expect, it } from 'vitest';
import { contentWizardMachine, type ContentWizardContext } from '../../src/machines/content-wizard.machine';
import { contentWizardModel } from '../support/models/content-wizard';
import { definedByMachine, drive, executionRecord, explore, type DriveOptions } from '../support/paths/graph-paths';

const [scenario] = contentWizardModel.scenarios;
const { shortestPaths, transitionPaths, describeEvent, describePath } = explore(contentWizardMachine, scenario!);

const options: DriveOptions = {
  input: scenario!.input,
  describeEvent,
  serializeState: scenario!.serializeState,
  provide: contentWizardModel.provide,
};

describe('content wizard: shortest paths', () => {
  it.each(shortestPaths.map((path) => [describePath(path), path] as const))('%s', (_, path) => drive(path, options));
});

describe('content wizard: every transition', () => {
  it.each(transitionPaths.map((path) => [describePath(path), path] as const))('%s', (_, path) => drive(path, options));

  it('reaches the clamped heights, and a video id only from the uploader', () => {
    const heights = new Set(shortestPaths.map((path) => (path.state.context as ContentWizardContext).frameHeight));
    expect([...heights].sort((a, b) => a - b)).toEqual([300, 450, 600, 720, 1200]);
    const uuids = new Set(shortestPaths.map((path) => (path.state.context as ContentWizardContext).externalUuid));
    expect([...uuids].sort()).toEqual([null, 'video-1'].sort());
  });

  it('together execute every state and every transition the machine defines', async () => {
    const executed = executionRecord();
    for (const path of transitionPaths) await drive(path, { ...options, inspect: executed.inspect });
    const defined = definedByMachine(contentWizardMachine);
    expect(executed.states).toEqual(defined.states);
    expect(executed.transitions).toEqual(defined.transitions);
  });
});
