import { describe, expect, it } from 'vitest';
import { assign, createMachine, type AnyStateMachine } from 'xstate';
import { provideConsoleMachines, type ProvideConsoleMachines } from '../../../src/app/console-machines';
import type { ListContext } from '../../../src/machines/list.machine';
import { contentWizardWalk } from './content-wizard.walk';
import { listWalk } from './list.walk';
import { describeFailure, runWalks } from './walk';

/** The machine with `changes` to its root's `on` or states' configs; its implementations as they were. */
const changed = <Machine extends AnyStateMachine>(machine: Machine, changes: { on?: object; states?: object }) =>
  createMachine(
    {
      ...machine.config,
      on: { ...machine.config.on, ...changes.on },
      states: { ...machine.config.states, ...changes.states },
    } as typeof machine.config,
    machine.implementations as never,
  ) as unknown as Machine;

/** The list machine with one rule broken: Refresh goes back to page 1 (the product keeps the page). */
const resettingPageOnRefresh = (machine: AnyStateMachine) =>
  changed(machine, {
    on: {
      'list.refresh': {
        target: '.loading',
        reenter: true,
        actions: assign({ query: ({ context }: { context: ListContext }) => ({ ...context.query, page: 1 }) }),
      },
    },
  });

/** The console whose companies list is the broken one; every other machine is the console's own. */
const brokenConsole: ProvideConsoleMachines = (dependencies) => {
  const runtime = provideConsoleMachines(dependencies);
  const { resources } = runtime.machines;
  const companies = { ...resources.companies, list: resettingPageOnRefresh(resources.companies.list) };
  return { ...runtime, machines: { ...runtime.machines, resources: { ...resources, companies } } };
};

/**
 * The console whose content wizard shows a refused token again on Retry without preparing the uploader (without
 * asking for a token): the same screen after it, but not the state it passes through.
 */
const retryingNothing: ProvideConsoleMachines = (dependencies) => {
  const runtime = provideConsoleMachines(dependencies);
  const { video } = runtime.machines;
  const wizard = changed(video.wizard, { states: { tokenFailed: { on: { 'wizard.retry': { target: 'tokenFailed', reenter: true } } } } });
  return { ...runtime, machines: { ...runtime.machines, video: { ...video, wizard } } };
};

/** A seed whose first failing walk is longer than the shortest one: shrinking has something to do. */
const seed = 3;

describe('the random walks runner', () => {
  it('finds a list that goes back to page 1 on Refresh, shrinks the walk to a few steps, and names the seed and the replay', async () => {
    const report = await runWalks(listWalk, { walks: 20, maxSteps: 10, seed, settle: 3_000 }, brokenConsole);
    expect(report.failure, 'the broken rule is found').toBeDefined();
    const { first, labels, message } = report.failure!;
    console.info(describeFailure(report));
    // The shortest walks that show it: reach page 2 (the address, or the next-page button once a page came), then Refresh.
    expect(labels.at(-1)).toBe('refresh');
    expect(labels.length).toBeLessThanOrEqual(3);
    expect(labels.length, `shrunk from ${first.join(' → ')}`).toBeLessThan(first.length);
    expect(message).toMatch(/after step \d+ .*refresh/);
    const text = describeFailure(report);
    expect(text).toContain(`seed ${seed}`);
    expect(text).toContain(`WALK_SEED=${seed} `);
    expect(text).toContain(`WALK_PATH='${JSON.stringify(labels)}'`);

    // The printed sequence replays the failure on the broken console, and passes on the console itself.
    const replayed = await runWalks(listWalk, { walks: 1, maxSteps: 10, seed, settle: 3_000, path: labels }, brokenConsole);
    expect(replayed.failure?.labels).toEqual(labels);
    const fixed = await runWalks(listWalk, { walks: 1, maxSteps: 10, seed, settle: 3_000, path: labels });
    expect(fixed.failure).toBeUndefined();
  });

  it('checks that a step passes through the momentary state it leaves at once, and names the variant in the replay', async () => {
    // Without a video configuration, preparing the uploader ends at once: the token is refused without a call.
    const walk = {
      walks: 1,
      maxSteps: 10,
      seed,
      settle: 3_000,
      path: ['details: a video created', 'retry'],
      variant: 'no video configuration',
    };
    const broken = await runWalks(contentWizardWalk, walk, retryingNothing);
    expect(broken.failure?.message).toMatch(
      /^after step 2 \(.*retry\), then at once token: no configuration: .*went through \{"value":"preparingUpload"/s,
    );
    expect(broken.replay).toContain(`WALK_VARIANT='no video configuration' WALK_SEED=${seed} `);
    const fixed = await runWalks(contentWizardWalk, walk);
    expect(fixed.failure).toBeUndefined();
  });
});
