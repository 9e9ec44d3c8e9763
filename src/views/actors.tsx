import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { notificationsMachine } from '../machines/notifications.machine';
import type { sessionMachine } from '../machines/session.machine';

export interface ConsoleActors {
  session: ActorRefFrom<typeof sessionMachine>;
  notifications: ActorRefFrom<typeof notificationsMachine>;
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
