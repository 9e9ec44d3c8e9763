import { describe, expect, it } from 'vitest';
import { assign, createMachine, type AnyStateMachine } from 'xstate';
import { provideConsoleMachines, type ProvideConsoleMachines } from '../../../src/app/console-machines';
import type { ListContext } from '../../../src/machines/list.machine';
import { listWalk } from './list.walk';
import { describeFailure, runWalks } from './walk';

/** The list machine with one rule broken: Refresh goes back to page 1 (the product keeps the page). */
const resettingPageOnRefresh = (machine: AnyStateMachine) =>
  createMachine(
    {
      ...machine.config,
      on: {
        ...machine.config.on,
        'list.refresh': {
          target: '.loading',
          reenter: true,
          actions: assign({ query: ({ context }: { context: ListContext }) => ({ ...context.query, page: 1 }) }),
        },
      },
    } as typeof machine.config,
    machine.implementations as never,
  );

/** The console whose companies list is the broken one; every other machine is the console's own. */
const brokenConsole: ProvideConsoleMachines = (dependencies) => {
  const runtime = provideConsoleMachines(dependencies);
  const { resources } = runtime.machines;
  const companies = { ...resources.companies, list: resettingPageOnRefresh(resources.companies.list) as typeof resources.companies.list };
  return { ...runtime, machines: { ...runtime.machines, resources: { ...resources, companies } } };
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
});
