import { use, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import type { ListItem } from '../machines/list.machine';
import { MachinesProvider, useActors } from '../views/actors';
import { AppLayout } from '../views/layout/AppLayout';
import { Themed } from '../views/layout/Themed';
import { lazyView, usePrefetchWhenIdle, type Preloadable } from '../views/lazy-view';
import { ListGrid } from '../views/list/ListView';
import { PlaceholderPage } from '../views/pages/PlaceholderPage';
import { companiesResource } from '../views/resources/companies';
import { contentsResource } from '../views/resources/contents';
import type { ResourceConfig } from '../views/resources/resource-config';
import { tenantsResource } from '../views/resources/tenants';
import { topicsResource } from '../views/resources/topics';
import { usersResource } from '../views/resources/users';
import { FormView, LazyPage, ListPage } from './lazy-pages';
import { LeaveGuard } from './LeaveGuard';
import { RouterNavigation } from './navigation';
import { screenCode } from './screen-code';
import { trainingPlanRoutes } from './training-plan-routes';

const ContentWizardRoute = lazyView(() => screenCode.contentWizard().then((module) => module.ContentWizardRoute));
const SettingsPage = lazyView(() => screenCode.settings().then((module) => module.SettingsPage));

/** Home leads to a list: the grid's code is prefetched while the user reads the page. */
function HomePage() {
  usePrefetchWhenIdle(ListGrid);
  return <PlaceholderPage titleKey="pages.home" />;
}

/**
 * A resource's list, create and edit routes; `new` comes before `:id`, and each record gets a fresh form.
 * `newPage` replaces the create form (the content wizard), `newPageCode` is its code to prefetch.
 */
function resourceRoutes<Row extends ListItem>(
  { name, list, form }: ResourceConfig<Row>,
  { newPage, newPageCode }: { newPage?: ReactNode; newPageCode?: Preloadable } = {},
) {
  return [
    <Route key={name} path={`/${name}`}>
      <ListPage resource={name} config={list} next={newPageCode ? [FormView, newPageCode] : [FormView]} />
    </Route>,
    <Route key={`${name}/new`} path={`/${name}/new`}>
      <LazyPage titleKey={form.newTitleKey}>{newPage ?? <FormView resource={name} config={form} id={null} />}</LazyPage>
    </Route>,
    <Route key={`${name}/:id`} path={`/${name}/:id`}>
      {({ id }) => (
        <LazyPage titleKey={form.editTitleKey}>
          <FormView key={id} resource={name} config={form} id={id} />
        </LazyPage>
      )}
    </Route>,
  ];
}

/**
 * The signed-in console: the layout around every screen of a signed-in user, and the leave guard of their forms.
 * It waits (suspends) while the screens' machines are on their way, the first time only.
 */
export function SignedInConsole() {
  const given = useActors().machines();
  const machines = given instanceof Promise ? use(given) : given;
  // Keys make each redirect a fresh element: a reused <Redirect> would not navigate again.
  return (
    <Themed>
    <MachinesProvider value={machines}>
    <LeaveGuard>
      <RouterNavigation />
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
              {resourceRoutes(companiesResource)}
              {resourceRoutes(tenantsResource)}
              {resourceRoutes(usersResource)}
              {resourceRoutes(topicsResource)}
              {resourceRoutes(contentsResource, { newPage: <ContentWizardRoute />, newPageCode: ContentWizardRoute })}
              {trainingPlanRoutes()}
              <Route key="settings" path="/settings">
                <LazyPage titleKey="settings.title">
                  <SettingsPage />
                </LazyPage>
              </Route>
              <Route key="home" path="/home">
                <HomePage />
              </Route>
              <Route>
                <Redirect to="/login" replace />
              </Route>
            </Switch>
          </AppLayout>
        </Route>
      </Switch>
    </LeaveGuard>
    </MachinesProvider>
    </Themed>
  );
}
