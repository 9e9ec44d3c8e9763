import { describe, expect, it } from 'vitest';
import { drive } from './graph-paths';
import { exploreModel, modelCoverage, type MachineModel } from './model';

/**
 * The path tests of one machine, from its model: every path of its plan (the paths `docs/test-plans/<name>.md`
 * lists and `test/qa/ui` plays in the console) driven on the machine alone with its invoked actors controlled,
 * the invariants checked at every step; then that those paths take every state and transition the machine defines.
 */
export function describeMachinePaths(model: MachineModel) {
  describe(`${model.name} machine: plan paths`, () => {
    for (const { scenario, graph, options } of exploreModel(model)) {
      const prefix = model.scenarios.length > 1 ? `${scenario.name}: ` : '';
      it.each(graph.planPaths.map((path) => [`${prefix}${graph.describePath(path)}`, path] as const))('%s', (_, path) => drive(path, options));
    }

    it('the plan reaches every state and transition the machine defines', async () => {
      const { total, reachable } = await modelCoverage(model);
      expect([...total.states].filter((state) => !reachable.states.has(state))).toEqual([]);
      expect([...total.transitions].filter((transition) => !reachable.transitions.has(transition))).toEqual([]);
    });

    it('labels each event once and offers only events the machine knows', () => {
      for (const { events } of model.scenarios) {
        const labels = events.map(([label]) => label);
        expect(new Set(labels).size).toBe(labels.length);
        const known = new Set([...model.machine.root.events, ...model.machine.root.ownEvents]);
        for (const [label, event] of events) {
          if (!event.type.startsWith('xstate.')) expect(known.has(event.type), label).toBe(true);
        }
      }
    });
  });
}
