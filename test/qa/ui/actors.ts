import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, InspectionEvent } from 'xstate';
import { executionRecord } from '../../support/paths/graph-paths';

const machineOf = (actor: unknown): AnyStateMachine | undefined => {
  const logic = (actor as unknown as { logic?: AnyStateMachine }).logic;
  return logic && 'root' in logic ? logic : undefined;
};

/**
 * Watches every actor the console starts (given to it as its inspector): which ones run, by machine id, and
 * the states and transitions each machine's actors really went through.
 */
export function actorRecorder() {
  const started: AnyActorRef[] = [];
  const records = new Map<string, ReturnType<typeof executionRecord>>();
  const histories = new Map<AnyActorRef, AnyMachineSnapshot[]>();
  const recordOf = (machineId: string) => {
    if (!records.has(machineId)) records.set(machineId, executionRecord());
    return records.get(machineId)!;
  };
  const inspect = (event: InspectionEvent) => {
    const machine = machineOf(event.actorRef);
    if (!machine) return;
    if (event.type === '@xstate.actor') started.push(event.actorRef as AnyActorRef);
    if (event.type === '@xstate.snapshot') {
      const actor = event.actorRef as AnyActorRef;
      if (!histories.has(actor)) histories.set(actor, []);
      histories.get(actor)!.push(event.snapshot as AnyMachineSnapshot);
    }
    recordOf(machine.id).inspect(event);
  };
  return {
    inspect,
    /** The latest actor of this machine started by the console or a view (not one invoked by another actor). */
    latest(machineId: string): AnyActorRef | undefined {
      return started.findLast((actor) => machineOf(actor)?.id === machineId && actor._parent === undefined);
    },
    /** The first actor of this machine started by the console or a view: the one a screen started before it moved on. */
    first(machineId: string): AnyActorRef | undefined {
      return started.find((actor) => machineOf(actor)?.id === machineId && actor._parent === undefined);
    },
    /** Every actor of this machine, invoked ones included, oldest first. */
    all: (machineId: string) => started.filter((actor) => machineOf(actor)?.id === machineId),
    /** Every snapshot this actor had, oldest first (its initial one included): states it left at once are among them. */
    snapshots: (actor: AnyActorRef) => histories.get(actor) ?? [],
    /** What this machine's actors executed. */
    executed: (machineId: string) => recordOf(machineId),
  };
}

export type ActorRecorder = ReturnType<typeof actorRecorder>;
