import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { selectSessionStatus } from '../machines/session.machine';
import { useSessionActor } from '../views/actors';
import { lazyView } from '../views/lazy-view';
import { LoginView } from '../views/login/LoginView';
import { LayoutLoading } from '../views/layout/LayoutLoading';
import { LoadBoundary } from '../views/pages/LoadBoundary';
import { LoadingScreen } from '../views/pages/LoadingScreen';
import { routeCode } from './route-code';

/**
 * Everything behind the sign-in (the layout, the menu, every screen) is a chunk of its own: the sign-in page never
 * fetches it; a signed-in page asks for it at start with the rest of its route's code (`first-load.ts`).
 */
const SignedInConsole = lazyView(() => routeCode.signedInConsole().then((module) => module.SignedInConsole));

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
