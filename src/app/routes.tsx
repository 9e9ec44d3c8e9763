import { useSelector } from '@xstate/react';
import { Redirect, Route, Switch } from 'wouter';
import { selectSessionStatus } from '../machines/session.machine';
import { useSessionActor } from '../views/actors';
import { AppLayout } from '../views/layout/AppLayout';
import { LoginView } from '../views/login/LoginView';
import { LoadingScreen } from '../views/pages/LoadingScreen';
import { PlaceholderPage } from '../views/pages/PlaceholderPage';

/** Every signed-in route of spec §2; `new` comes before `:id`. */
const pages: ReadonlyArray<{ path: string; titleKey: string }> = [
  { path: '/home', titleKey: 'pages.home' },
  { path: '/companies', titleKey: 'pages.companies' },
  { path: '/companies/new', titleKey: 'pages.companyNew' },
  { path: '/companies/:id', titleKey: 'pages.companyEdit' },
  { path: '/tenants', titleKey: 'pages.tenants' },
  { path: '/tenants/new', titleKey: 'pages.tenantNew' },
  { path: '/tenants/:id', titleKey: 'pages.tenantEdit' },
  { path: '/users', titleKey: 'pages.users' },
  { path: '/users/new', titleKey: 'pages.userNew' },
  { path: '/users/:id', titleKey: 'pages.userEdit' },
  { path: '/contents', titleKey: 'pages.contents' },
  { path: '/contents/new', titleKey: 'pages.contentNew' },
  { path: '/contents/:id', titleKey: 'pages.contentEdit' },
  { path: '/topics', titleKey: 'pages.topics' },
  { path: '/topics/new', titleKey: 'pages.topicNew' },
  { path: '/topics/:id', titleKey: 'pages.topicEdit' },
  { path: '/training-plans', titleKey: 'pages.trainingPlans' },
  { path: '/training-plans/new', titleKey: 'pages.trainingPlanNew' },
  { path: '/training-plans/:id', titleKey: 'pages.trainingPlanEdit' },
  { path: '/training-plans/:id/modules/new', titleKey: 'pages.moduleNew' },
  { path: '/training-plans/:id/modules/:moduleId', titleKey: 'pages.moduleEdit' },
  { path: '/training-plans/:id/modules/:moduleId/items/new', titleKey: 'pages.itemNew' },
  { path: '/training-plans/:id/modules/:moduleId/items/:itemId', titleKey: 'pages.itemEdit' },
];

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
  // Keys make each redirect a fresh element: a reused <Redirect> would not navigate again.
  return (
    <Switch>
      <Route key="login" path="/login">
        <Redirect to="/" replace />
      </Route>
      <Route key="root" path="/">
        <Redirect to="/home" replace />
      </Route>
      <Route key="pages">
        <AppLayout>
          <Switch>
            {pages.map(({ path, titleKey }) => (
              <Route key={path} path={path}>
                <PlaceholderPage titleKey={titleKey} />
              </Route>
            ))}
            <Route>
              <Redirect to="/login" replace />
            </Route>
          </Switch>
        </AppLayout>
      </Route>
    </Switch>
  );
}
