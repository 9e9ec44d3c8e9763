import { screen, within } from '@testing-library/react';
import type { AnyActorRef } from 'xstate';
import type { Failure } from '../../../src/domain/failure';
import type { OpenedConsole } from './console';
import type { AutoAnswer, ControlledNetwork, HeldRequest } from './network';

/** The reason phrase the API's error body carries for each status it answers (docs/api-contract.md, "Errors"). */
const reasons: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  409: 'Conflict',
  500: 'Internal Server Error',
};

/** The API's error answer that the HTTP client and API module turn into `failure`. */
export const errorAnswer = (failure: Failure): [number, unknown] => {
  if (failure.kind !== 'http') throw new Error(`an HTTP failure is expected, not ${failure.kind}`);
  const { status, message = '', errors } = failure;
  return [status, { statusCode: status, error: reasons[status] ?? 'Error', message, ...(errors && { errors }) }];
};

/**
 * The console as a path of a machine whose screen starts it once: `actors.latest` is the actor of the screen the
 * path opened, not one a later page starts for the same machine (a plan's form, once created, becomes the new
 * plan's edit page with its own form).
 */
export function firstActorOf(opened: OpenedConsole, machineId: string): OpenedConsole {
  const first = (): AnyActorRef | undefined =>
    opened.actors.all(machineId).find((actor) => (actor as AnyActorRef & { _parent?: unknown })._parent === undefined);
  return { ...opened, actors: { ...opened.actors, latest: (id: string) => (id === machineId ? first() : opened.actors.latest(id)) } };
}

export const dialog = () => screen.getByRole('dialog');
export const dialogButton = (name: string) => within(dialog()).getByRole<HTMLButtonElement>('button', { name });
export const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name, hidden: true });
export const notificationTexts = () => within(screen.getByTestId('notifications')).queryAllByRole('alert').map((alert) => alert.textContent);

/**
 * Answers the next `method path` call only, at once; later ones are held for the path to answer. For a call the
 * screen makes before the machine under test starts (the plan a page loads before its modules table appears).
 */
export function answerOnce(network: ControlledNetwork, method: string, path: string, answer: { status: number; body?: unknown }) {
  let answered = false;
  const rule: AutoAnswer = () => {
    if (answered) return undefined;
    answered = true;
    return answer;
  };
  // `always` answers through the rule; a rule answering nothing leaves the call held (see AutoAnswer).
  network.always(method, path, rule as (request: HeldRequest) => { status: number; body?: unknown });
}
