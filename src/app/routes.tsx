import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { selectSessionStatus } from '../machines/session.machine';
import { useSessionActor, type ConsoleActors } from '../views/actors';
import { lazyView } from '../views/lazy-view';
import { LoginView } from '../views/login/LoginView';
import { LayoutLoading } from '../views/layout/LayoutLoading';
import { LoadBoundary } from '../views/pages/LoadBoundary';
import { LoadingScreen } from '../views/pages/LoadingScreen';
import { screenCodeAt } from './screen-code';

/**
 * Everything behind the sign-in (the layout, the menu, every screen) is a chunk of its own: the sign-in page never
 * fetches it; see {@link preloadSignedIn} for when it is fetched ahead.
 */
const signedInConsole = () => import('./signed-in-console');
const SignedInConsole = lazyView(() => signedInConsole().then((module) => module.SignedInConsole));

/**
 * Once a session is known (restored at start, or just signed in): the signed-in console's code, its machines and the
 * code of the screen at `path`, all fetched at once rather than one after the other as rendering would discover them.
 */
export function preloadSignedIn(path: string, { machines }: Pick<ConsoleActors, 'machines'>) {
  const ignore = () => undefined;
  signedInConsole().catch(ignore);
  screenCodeAt(path)?.().catch(ignore);
  Promise.resolve(machines()).catch(ignore);
}

/**
 * Signed out, every path leads to /login. Signed in, /login leads to / and / to /home;
 * an unknown path goes to /login, which then leads home.
 */
export function AppRoutes() {
  const status = useSelector(useSessionActor(), selectSessionStatus);
  if (status === 'restoring') return <LoadingScreen />;
  if (status === 'signedOut') {
    return (
      <Switch>
        <Route path="/login">
          <LoginView />
        </Route>
        <Route>
          <Redirect to="/login" replace />
        </Route>
      </Switch>
    );
  }
  // While the signed-in console's code arrives: its frame, and the loading line where the page will be.
  return (
    <LoadBoundary>
      <Suspense fallback={<LayoutLoading />}>
        <SignedInConsole />
      </Suspense>
    </LoadBoundary>
  );
}
