import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ResourceName } from '../domain/resource';
import type { formMachine } from '../machines/form.machine';
import type { listMachine } from '../machines/list.machine';
import type { notificationsMachine } from '../machines/notifications.machine';
import type { sessionMachine } from '../machines/session.machine';

/** A resource's list and form machines, given their API calls by src/app. */
export interface ResourceMachines {
  list: typeof listMachine;
  form: typeof formMachine;
}

export interface ConsoleActors {
  session: ActorRefFrom<typeof sessionMachine>;
  notifications: ActorRefFrom<typeof notificationsMachine>;
  resources: Record<ResourceName, ResourceMachines>;
}

const ActorsContext = createContext<ConsoleActors | null>(null);

export const ActorsProvider = ActorsContext.Provider;

function useActors(): ConsoleActors {
  const actors = useContext(ActorsContext);
  if (!actors) throw new Error('Views need an <ActorsProvider>.');
  return actors;
}

export const useSessionActor = () => useActors().session;
export const useNotificationsActor = () => useActors().notifications;
export const useResourceMachines = (resource: ResourceName) => useActors().resources[resource];
