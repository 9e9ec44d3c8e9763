import { useSelector } from '@xstate/react';
import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { selectSessionStatus } from '../machines/session.machine';
import { useSessionActor } from '../views/actors';
import { lazyView } from '../views/lazy-view';
import { ForgotPasswordPage, LinkPasswordPage } from '../views/login/AccountLinkPages';
import { LoginView } from '../views/login/LoginView';
import { LayoutLoading } from '../views/layout/LayoutLoading';
import { LoadBoundary } from '../views/pages/LoadBoundary';
import { LoadingScreen } from '../views/pages/LoadingScreen';
import { RouterNavigation } from './navigation';
import { routeCode } from './route-code';

/**
 * Everything behind the sign-in (the layout, the menu, every screen) is a chunk of its own: the sign-in page never
 * fetches it; a signed-in page asks for it at start with the rest of its route's code (`first-load.ts`).
 */
const SignedInConsole = lazyView(() => routeCode.signedInConsole().then((module) => module.SignedInConsole));

/**
 * A mail's link's token, from the address's fragment (`#token=…`, never sent to a server), then taken out of the
 * address so that it stays in no history entry.
 */
function useLinkToken(): string | null {
  const [token] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get('token'));
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);
  return token;
}

function InvitationRoute() {
  return <LinkPasswordPage kind="invitation" token={useLinkToken()} />;
}

function ResetPasswordRoute() {
  return <LinkPasswordPage kind="reset" token={useLinkToken()} />;
}

/** The pages a mail's link or the sign-in page leads to, signed in or not: they need no session. */
const publicPages: Record<string, ComponentType> = {
  '/invitation': InvitationRoute,
  '/reset-password': ResetPasswordRoute,
  '/forgot-password': ForgotPasswordPage,
};

/**
 * Whether a frame has been painted since `shown` became true: the next task after the browser's next frame (or a
 * moment, where frames are not drawn: a hidden tab). Until then the signed-in console's chunk, however large, is not
 * evaluated, so the frame's paint never waits for it.
 */
function useFramePainted(shown: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!shown || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => setPainted(true);
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => (timer = setTimeout(done, 0))) : undefined;
    const fallback = setTimeout(done, 250);
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(fallback);
    };
  }, [shown, painted]);
  return painted;
}

/**
 * Signed out, every path leads to /login. Signed in, /login leads to / and / to /home;
 * an unknown path goes to /login, which then leads home.
 */
export function AppRoutes() {
  const status = useSelector(useSessionActor(), selectSessionStatus);
  const [location] = useLocation();
  const framePainted = useFramePainted(status === 'signedIn');
  const PublicPage = publicPages[location];
  if (PublicPage) {
    return (
      <>
        <RouterNavigation />
        <PublicPage />
      </>
    );
  }
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
  // While the signed-in console's code arrives: its frame, and the loading line where the page will be. The frame is
  // painted before that code runs, even when it is there already (preloaded at start): the title shows at once.
  if (!framePainted) return <LayoutLoading />;
  return (
    <LoadBoundary>
      <Suspense fallback={<LayoutLoading />}>
        <SignedInConsole />
      </Suspense>
    </LoadBoundary>
  );
}
