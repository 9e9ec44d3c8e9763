import type { ActorRefFrom } from 'xstate';
import type { orderedListMachine } from '../../machines/ordered-list.machine';

export type OrderedActor = ActorRefFrom<typeof orderedListMachine>;
