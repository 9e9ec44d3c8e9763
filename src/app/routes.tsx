import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Redirect, Route, Switch } from 'wouter';
import { selectSessionStatus } from '../machines/session.machine';
import { useSessionActor, type ConsoleActors } from '../views/actors';
import { lazyView } from '../views/lazy-view';
import { LoginView } from '../views/login/LoginView';
import { NotificationAlerts } from '../views/notifications/Notifications';
import { StartFailure } from '../views/pages/StartFailure';
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
 * Once the user starts filling the sign-in form in (not at the page's start: the sign-in page's first visit fetches
 * only what it needs), the code of what follows: a notification's (a refused sign-in), the signed-in console's.
 */
function prefetchSignIn() {
  const ignore = () => undefined;
  NotificationAlerts.preload().catch(ignore);
  signedInConsole().catch(ignore);
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
          <LoginView onStarted={prefetchSignIn} />
        </Route>
        <Route>
          <Redirect to="/login" replace />
        </Route>
      </Switch>
    );
  }
  // While the signed-in console's code (and MUI with it) arrives: the start's spinner; if it cannot come, Reload.
  return (
    <ErrorBoundary fallback={<StartFailure />}>
      <Suspense fallback={<LoadingScreen />}>
        <SignedInConsole />
      </Suspense>
    </ErrorBoundary>
  );
}
