import type { ActorRefFrom } from 'xstate';
import type { formMachine } from '../../machines/form.machine';

export type FormActor = ActorRefFrom<typeof formMachine>;
