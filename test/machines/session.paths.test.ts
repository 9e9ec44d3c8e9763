import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorLogic, type AnyTransitionDefinition, type EventFromLogic, type StateValue } from 'xstate';
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths, getStateNodes, type AdjacencyMap, type StatePath } from 'xstate/graph';
import type { Credentials, LoginResponse, MeResponse } from '../../src/domain/session';
import { sessionMachine, type RestoredSession, type SessionSnapshot } from '../../src/machines/session.machine';
import { assumedLogin, globalLogin, globalState, meAnswer, offline, stored, unauthorized } from './session-fixtures';

type SessionMachineEvent = EventFromLogic<typeof sessionMachine>;
type SessionPath = StatePath<SessionSnapshot, SessionMachineEvent>;

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string, failure: unknown) => ({ type: `xstate.error.actor.${id}`, error: failure });

/** What a user or the injected effects can do: user events with payloads, and each outcome of each invoked actor. */
const labelled: Array<[string, object]> = [
  ['login', { type: 'session.login', email: 'global@example.com', password: 'secret' }],
  ['assume', { type: 'session.assume', tenantId: 'tenant-1' }],
  ['logout', { type: 'session.logout' }],
  ['unauthorized', { type: 'session.unauthorized' }],
  ['restore: found', done('restoreSession', { session: stored(globalLogin), rootSession: null })],
  ['restore: nothing', done('restoreSession', null)],
  ['restore: unreadable', error('restoreSession', new Error('storage unavailable'))],
  ['login: ok', done('login', globalLogin)],
  ['login: 401', error('login', unauthorized)],
  ['me: ok', done('fetchMe', meAnswer(globalState, 'Grazia'))],
  ['me: 401', error('fetchMe', unauthorized)],
  ['me: offline', error('fetchMe', offline)],
  ['assume: ok', done('assume', assumedLogin)],
  ['assume: 404', error('assume', { kind: 'http', status: 404, message: 'Tenant not found' })],
  ['logout: ok', done('logout', undefined)],
  ['logout: offline', error('logout', offline)],
];
const events = labelled.map(([, event]) => event) as SessionMachineEvent[];
const labels = new Map(labelled.map(([label, event]) => [event, label]));

const serializeState = (snapshot: SessionSnapshot) => JSON.stringify({ value: snapshot.value, context: snapshot.context });
const traversal = { events, serializeState };

const describeEvent = (event: SessionMachineEvent) => labels.get(event) ?? event.type;
const describePath = (path: SessionPath) =>
  path.steps.slice(1).map((step) => describeEvent(step.event)).join(' → ') || 'start';

/**
 * Runs a path on the real machine. Each invoked actor is a fake whose promise stays open until the path says
 * how it ends (`xstate.done.actor.*` resolves it with the output, `xstate.error.actor.*` rejects it).
 */
async function drive(path: SessionPath) {
  const open = new Map<string, { resolve: (value: unknown) => void; reject: (reason: unknown) => void }>();
  const invoked = <TOutput, TInput = void>(id: string) =>
    fromPromise<TOutput, TInput>(() => new Promise<TOutput>((resolve, reject) => open.set(id, { resolve: resolve as (value: unknown) => void, reject })));
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        restoreSession: invoked<RestoredSession | null>('restoreSession'),
        login: invoked<LoginResponse, Credentials>('login'),
        assume: invoked<LoginResponse, { tenantId: string }>('assume'),
        logout: invoked<void, { token: string }>('logout'),
        fetchMe: invoked<MeResponse>('fetchMe'),
      },
    }),
  ).start();

  for (const [index, { event, state }] of path.steps.entries()) {
    if (index > 0) {
      const settles = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
      if (settles) {
        const [, outcome, id] = settles as unknown as [string, 'done' | 'error', string];
        const invocation = open.get(id);
        expect(invocation, `${id} is running`).toBeDefined();
        open.delete(id);
        if (outcome === 'done') invocation?.resolve((event as unknown as { output: unknown }).output);
        else invocation?.reject((event as unknown as { error: unknown }).error);
      } else {
        actor.send(event);
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(actor.getSnapshot().value, `after ${describeEvent(event)}`).toEqual(state.value);
    expect(actor.getSnapshot().context, `after ${describeEvent(event)}`).toEqual(state.context);
  }
  actor.stop();
}

const shortestPaths = getShortestPaths(sessionMachine, traversal);

describe('session machine: shortest paths', () => {
  it.each(shortestPaths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
    await drive(path);
  });

  it('reach every state of the machine', () => {
    const leafOf = (value: StateValue): string =>
      typeof value === 'string' ? value : Object.entries(value).map(([key, child]) => `${key}.${leafOf(child!)}`)[0]!;
    const atomicStates = getStateNodes(sessionMachine.root).filter((node) => node.type === 'atomic');
    const reached = new Set(shortestPaths.map((path) => leafOf(path.state.value)));
    expect([...reached].sort()).toEqual(atomicStates.map((node) => node.path.join('.')).sort());
  });
});

describe('session machine: every transition', () => {
  const pathTo = new Map(shortestPaths.map((path) => [serializeState(path.state), path]));
  // getAdjacencyMap's signature has no place for the machine's emitted events, hence the widening.
  const adjacency: AdjacencyMap<SessionSnapshot, SessionMachineEvent> = getAdjacencyMap(sessionMachine as AnyActorLogic, traversal);
  const transitions = adjacencyMapToArray(adjacency)
    .filter(({ state, nextState }) => serializeState(nextState) !== serializeState(state))
    .map(({ state, event, nextState }): SessionPath => {
      const head = pathTo.get(serializeState(state))!;
      return { state: nextState, weight: head.weight + 1, steps: [...head.steps, { event, state: nextState }] };
    });

  it('take every transition the machine defines, each guarded branch included', () => {
    const describeTransition = ({ source, eventType, target }: AnyTransitionDefinition) =>
      `${source.id} —${eventType}→ ${target?.map((node) => node.id).join(',') ?? 'itself'}`;
    const defined = getStateNodes(sessionMachine.root)
      .flatMap((node) => [...node.transitions.values()].flat())
      .filter(({ target, actions }) => target || actions.length > 0)
      .map(describeTransition);
    const taken = transitions.flatMap(({ steps }) =>
      sessionMachine.getTransitionData(steps.at(-2)!.state, steps.at(-1)!.event).map(describeTransition),
    );
    expect(new Set(taken)).toEqual(new Set(defined));
  });

  it.each(transitions.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
    await drive(path);
  });
});
