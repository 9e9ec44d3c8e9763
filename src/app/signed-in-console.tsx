import { use, useState, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import type { ResourceName } from '../domain/resource';
import { MachinesProvider, useActors } from '../views/actors';
import { AppLayout } from '../views/layout/AppLayout';
import { lazyView, usePrefetchWhenIdle, type Preloadable } from '../views/lazy-view';
import { ListGrid } from '../views/list/ListView';
import { ScopeGate } from '../views/pages/NotAvailablePage';
import { HomeView } from '../views/pages/HomeView';
import { companiesResource } from '../views/resources/companies';
import { contentsResource } from '../views/resources/contents';
import { groupsResource } from '../views/resources/groups';
import type { ResourceConfig } from '../views/resources/resource-config';
import { quizzesResource } from '../views/resources/quizzes';
import { tenantsResource } from '../views/resources/tenants';
import { topicsResource } from '../views/resources/topics';
import { usersResource } from '../views/resources/users';
import { FormView, LazyPage, ListPage } from './lazy-pages';
import { LeaveGuard } from './LeaveGuard';
import { createListPlaces } from './list-places';
import { ListPlaceContext } from '../views/navigation/list-place';
import { RouterNavigation } from './navigation';
import { preloadable, screenCode } from './screen-code';
import { trainingPlanRoutes } from './training-plan-routes';

/** The signed-in machines come in this chunk: the console builds them from here (`providers.ts`). */
export { provideSignedInMachines } from './signed-in-machines';

const ContentWizardRoute = lazyView(() => screenCode.contentWizard().then((module) => module.ContentWizardRoute));
const ContentVideoRoute = lazyView(() => screenCode.contentWizard().then((module) => module.ContentVideoRoute));
const SettingsPage = lazyView(() => screenCode.settings().then((module) => module.SettingsPage));
const ActivityPage = lazyView(() => screenCode.activity().then((module) => module.ActivityPage));
const ReportsPage = lazyView(() => screenCode.reports().then((module) => module.ReportsPage));
const LrsCredentialsPage = lazyView(() => screenCode.lrsCredentials().then((module) => module.LrsCredentialsPage));

/** The users' list prefetches the CSV import's machines with the form: Import needs them. */
const userImportCode = preloadable(screenCode.screenMachines);

/** Home leads to a list: the grid's code is prefetched while the user reads the page. */
function HomePage() {
  usePrefetchWhenIdle(ListGrid);
  return <HomeView />;
}

/**
 * A resource's list, create and edit routes; `new` comes before `:id`, and each record gets a fresh form.
 * `newPage` replaces the create form (the content wizard), `newPageCode` is its code to prefetch; `listNext`, more
 * code the list prefetches.
 */
function resourceRoutes<Name extends ResourceName>(
  { name, list, form }: ResourceConfig<Name>,
  { newPage, newPageCode, listNext = [] }: { newPage?: ReactNode; newPageCode?: Preloadable; listNext?: Preloadable[] } = {},
) {
  return [
    <Route key={name} path={`/${name}`}>
      <ListPage resource={name} config={list} next={[FormView, ...(newPageCode ? [newPageCode] : []), ...listNext]} />
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
  const [places] = useState(createListPlaces);
  // Keys make each redirect a fresh element: a reused <Redirect> would not navigate again.
  return (
    <MachinesProvider value={machines}>
      <LeaveGuard resolve={places.resolve}>
        <ListPlaceContext.Provider value={places.remember}>
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
                <ScopeGate>
                  <Switch>
                    {resourceRoutes(companiesResource)}
                    {resourceRoutes(tenantsResource)}
                    {resourceRoutes(usersResource, { listNext: [userImportCode] })}
                    {resourceRoutes(topicsResource)}
                    {resourceRoutes(groupsResource)}
                    <Route key="contents/:id/video" path="/contents/:id/video">
                      {({ id }) => (
                        <LazyPage titleKey="pages.contentVideo">
                          <ContentVideoRoute key={id} id={id} />
                        </LazyPage>
                      )}
                    </Route>
                    {resourceRoutes(contentsResource, { newPage: <ContentWizardRoute />, newPageCode: ContentWizardRoute })}
                    {resourceRoutes(quizzesResource)}
                    {trainingPlanRoutes()}
                    <Route key="activity" path="/activity">
                      <LazyPage titleKey="pages.activity">
                        <ActivityPage />
                      </LazyPage>
                    </Route>
                    <Route key="reports" path="/reports/:view?">
                      {({ view }) => (
                        <LazyPage titleKey="menu.reports">
                          <ReportsPage view={view} />
                        </LazyPage>
                      )}
                    </Route>
                    <Route key="lrs-credentials" path="/lrs-credentials">
                      <LazyPage titleKey="lrs.title">
                        <LrsCredentialsPage />
                      </LazyPage>
                    </Route>
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
                </ScopeGate>
              </AppLayout>
            </Route>
          </Switch>
        </ListPlaceContext.Provider>
      </LeaveGuard>
    </MachinesProvider>
  );
}
