import { useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import type { ListItem } from '../machines/list.machine';
import { selectSessionStatus } from '../machines/session.machine';
import { useSessionActor } from '../views/actors';
import { FormView } from '../views/form/FormView';
import { AppLayout } from '../views/layout/AppLayout';
import { ListView } from '../views/list/ListView';
import { LoginView } from '../views/login/LoginView';
import { LoadingScreen } from '../views/pages/LoadingScreen';
import { PlaceholderPage } from '../views/pages/PlaceholderPage';
import { SettingsPage } from '../views/settings/SettingsPage';
import { companiesResource } from '../views/resources/companies';
import { contentsResource } from '../views/resources/contents';
import type { ResourceConfig } from '../views/resources/resource-config';
import { tenantsResource } from '../views/resources/tenants';
import { topicsResource } from '../views/resources/topics';
import { usersResource } from '../views/resources/users';
import { ContentWizardRoute } from './ContentWizardRoute';
import { trainingPlanRoutes } from './training-plan-routes';

/**
 * A resource's list, create and edit routes; `new` comes before `:id`, and each record gets a fresh form.
 * `newPage` replaces the create form (the content wizard).
 */
function resourceRoutes<Row extends ListItem>({ name, list, form }: ResourceConfig<Row>, newPage?: ReactNode) {
  return [
    <Route key={name} path={`/${name}`}>
      <ListView resource={name} config={list} />
    </Route>,
    <Route key={`${name}/new`} path={`/${name}/new`}>
      {newPage ?? <FormView resource={name} config={form} id={null} />}
    </Route>,
    <Route key={`${name}/:id`} path={`/${name}/:id`}>
      {({ id }) => <FormView key={id} resource={name} config={form} id={id} />}
    </Route>,
  ];
}

/** The signed-in routes of spec §2 still waiting for their screens; `new` comes before `:id`. */
const pages: ReadonlyArray<{ path: string; titleKey: string }> = [
  { path: '/home', titleKey: 'pages.home' },
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
        <FollowSessionChanges />
        <AppLayout>
          <Switch>
            {resourceRoutes(companiesResource)}
            {resourceRoutes(tenantsResource)}
            {resourceRoutes(usersResource)}
            {resourceRoutes(topicsResource)}
            {resourceRoutes(contentsResource, <ContentWizardRoute />)}
            {trainingPlanRoutes()}
            <Route key="settings" path="/settings">
              <SettingsPage />
            </Route>
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

/** Assuming a tenant leads home; coming back to the root admin leads to the tenants. */
function FollowSessionChanges() {
  const session = useSessionActor();
  const [, navigate] = useLocation();
  useEffect(() => {
    const subscriptions = [
      session.on('session.assumed', () => navigate('/home')),
      session.on('session.returnedToRoot', () => navigate('/tenants')),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [session, navigate]);
  return null;
}
