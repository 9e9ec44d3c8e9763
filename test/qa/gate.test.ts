import { describe, expect, it } from 'vitest';
import { createMachine, type AnyStateMachine } from 'xstate';
import { listMachine } from '../../src/machines/list.machine';
import { gateFailures, type GateInput } from './gate';
import { definedByMachine } from '../support/paths/graph-paths';
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

const giveUpTransition = 'list.failure —list.giveUp→ list.ready.empty';
const labels = listModel.scenarios.flatMap((scenario) => scenario.events.map(([label]) => label));

/**
 * What the gate is given when the console's actors executed what today's list machine defines (but what its model
 * declares unreachable), as the list's own UI path tests show, for a machine that may define more.
 */
function gateInput(machine: AnyStateMachine, unreachable: Record<string, string> = listModel.unreachable ?? {}): GateInput {
  const today = definedByMachine(listMachine);
  const declared = listModel.unreachable ?? {};
  const executed = {
    states: new Set([...today.states].filter((state) => !(state in declared))),
    transitions: new Set([...today.transitions].filter((transition) => !(transition in declared))),
  };
  const shown = [...executed.states];
  return {
    total: definedByMachine(machine),
    unreachable,
    executed,
    events: labels,
    executors: labels,
    shownStates: shown,
    assertions: shown,
  };
}

describe('the coverage gate', () => {
  it('passes the list machine as its UI path tests cover it', () => {
    expect(gateFailures(gateInput(listMachine))).toEqual([]);
  });

  it('fails when a transition is added to the machine without a UI executor for its event nor a UI path taking it', () => {
    const input = gateInput(withGiveUp);
    expect(gateFailures({ ...input, events: [...labels, 'give up'] })).toEqual([
      'event "give up" has no executor in the UI tests',
      `transition ${giveUpTransition} was not executed in the UI (take it in a path, or declare it unreachable with the reason)`,
    ]);
  });

  it('fails on the transition alone once the event has an executor that no path runs', () => {
    const input = gateInput(withGiveUp);
    expect(gateFailures({ ...input, events: [...labels, 'give up'], executors: [...labels, 'give up'] })).toEqual([
      `transition ${giveUpTransition} was not executed in the UI (take it in a path, or declare it unreachable with the reason)`,
    ]);
  });

  it('fails when a reached state has no UI assertion or was never reached in the UI', () => {
    const input = gateInput(listMachine);
    const failures = gateFailures({
      ...input,
      executed: {
        states: new Set([...input.executed.states].filter((state) => state !== 'ready.empty')),
        transitions: input.executed.transitions,
      },
      assertions: [...input.assertions].filter((state) => state !== 'ready.empty'),
    });
    expect(failures).toEqual([
      'state "ready.empty" has no UI assertion',
      'state ready.empty was not executed in the UI (take it in a path, or declare it unreachable with the reason)',
    ]);
  });

  it('passes a transition no path takes once it is declared unreachable with its reason, and fails the declaration when it stops holding', () => {
    const declared = { ...listModel.unreachable, [giveUpTransition]: 'no screen offers giving up' };
    expect(gateFailures(gateInput(withGiveUp, declared))).toEqual([]);

    const taken = gateInput(withGiveUp, declared);
    taken.executed.transitions.add(giveUpTransition);
    expect(gateFailures(taken)).toEqual([`transition ${giveUpTransition} is declared unreachable but a path takes it`]);

    const gone = { ...listModel.unreachable, 'list.failure —list.shrug→ list.ready.empty': 'not in the machine' };
    expect(gateFailures(gateInput(listMachine, gone))).toEqual([
      '"list.failure —list.shrug→ list.ready.empty" is declared unreachable but the machine does not define it',
    ]);
  });
});
