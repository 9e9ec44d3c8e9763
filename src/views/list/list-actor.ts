import type { ActorRefFrom } from 'xstate';
import type { listMachine } from '../../machines/list.machine';

export type ListActor = ActorRefFrom<typeof listMachine>;
