import { describe, expect, it } from 'vitest';
import { createMachine, type AnyStateMachine } from 'xstate';
import { listMachine } from '../../src/machines/list.machine';
import { gateFailures, type GateInput } from './gate';
import { modelCoverage, type MachineModel } from '../support/paths/model';
import { listModel } from '../support/models/list';

/** The list machine with one more transition: from the failure, the user may give up and see an empty list. */
const withGiveUp = createMachine(
  {
    ...listMachine.config,
    states: {
      ...listMachine.config.states,
      failure: {
        ...listMachine.config.states!.failure,
        on: { ...listMachine.config.states!.failure!.on, 'list.giveUp': '#list.ready.empty' },
      },
    },
  } as typeof listMachine.config,
  listMachine.implementations,
) as AnyStateMachine;

const giveUp: MachineModel = {
  ...listModel,
  machine: withGiveUp,
  provide: (invoked) => withGiveUp.provide(listModel.provide(invoked).implementations),
  scenarios: listModel.scenarios.map((scenario) => ({ ...scenario, events: [...scenario.events, ['give up', { type: 'list.giveUp' }]] })),
};

/** The same transition, but no scenario offers its event: the graph never reaches it. */
const withUnofferedGiveUp: MachineModel = { ...giveUp, scenarios: listModel.scenarios };
const giveUpTransition = 'list.failure —list.giveUp→ list.ready.empty';

/** What the gate is given for a model whose UI tests are those of the list machine as it is today. */
async function gateInput(model: MachineModel): Promise<GateInput> {
  const uiCovered = await modelCoverage(listModel);
  const { total, reachable } = await modelCoverage(model);
  const labels = model.scenarios.flatMap((scenario) => scenario.events.map(([label]) => label));
  return {
    total,
    unreachable: model.unreachable ?? {},
    reachable,
    // The UI path tests of today's list machine execute exactly what its graph reaches (their own gate proves it).
    executed: uiCovered.reachable,
    events: labels,
    executors: listModel.scenarios.flatMap((scenario) => scenario.events.map(([label]) => label)),
    shownStates: reachable.states,
    assertions: uiCovered.reachable.states,
  };
}

describe('the coverage gate', () => {
  it('passes the list machine as its UI path tests cover it', async () => {
    expect(gateFailures(await gateInput(listModel))).toEqual([]);
  });

  it('fails when a transition is added to the machine without a UI executor for its event nor a UI path taking it', async () => {
    const failures = gateFailures(await gateInput(giveUp));
    expect(failures).toEqual([
      'event "give up" has no executor in the UI tests',
      'transition list.failure —list.giveUp→ list.ready.empty is reachable but was not executed in the UI',
    ]);
  });

  it('fails on the transition alone once the event has an executor that no path runs', async () => {
    const input = await gateInput(giveUp);
    const failures = gateFailures({ ...input, executors: [...input.executors, 'give up'] });
    expect(failures).toEqual(['transition list.failure —list.giveUp→ list.ready.empty is reachable but was not executed in the UI']);
  });

  it('fails when a reachable state has no UI assertion or was never reached in the UI', async () => {
    const input = await gateInput(listModel);
    const failures = gateFailures({
      ...input,
      executed: {
        states: new Set([...input.executed.states].filter((state) => state !== 'ready.empty')),
        transitions: input.executed.transitions,
      },
      assertions: [...input.assertions].filter((state) => state !== 'ready.empty'),
    });
    expect(failures).toEqual(['state "ready.empty" has no UI assertion', 'state ready.empty is reachable but was not executed in the UI']);
  });

  it('fails on a transition the machine defines that no path can take, whatever the reachability', async () => {
    const input = await gateInput(withUnofferedGiveUp);
    expect(input.reachable.transitions.has(giveUpTransition)).toBe(false);
    expect(gateFailures(input)).toEqual([
      `transition ${giveUpTransition} is defined but no path takes it (reach it, or declare it unreachable with the reason)`,
    ]);
  });

  it('passes such a transition once it is declared unreachable with its reason, and fails the declaration when it stops holding', async () => {
    const declared = { [giveUpTransition]: 'no screen offers giving up' };
    expect(gateFailures(await gateInput({ ...withUnofferedGiveUp, unreachable: declared }))).toEqual([]);

    const reached = await gateInput({ ...giveUp, unreachable: declared });
    expect(gateFailures({ ...reached, executors: [...reached.executors, 'give up'] })).toEqual([
      `transition ${giveUpTransition} is declared unreachable but a path takes it`,
    ]);

    const gone = { 'list.failure —list.shrug→ list.ready.empty': 'not in the machine' };
    expect(gateFailures(await gateInput({ ...listModel, unreachable: gone }))).toEqual([
      '"list.failure —list.shrug→ list.ready.empty" is declared unreachable but the machine does not define it',
    ]);
  });
});
