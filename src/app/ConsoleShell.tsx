import type { i18n } from 'i18next';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ActorsProvider, type ConsoleActors } from '../views/actors';
import { Notifications } from '../views/notifications/Notifications';
import { NavigationProvider, type Navigation } from './navigation';
import { AppRoutes } from './routes';

/**
 * The console's tree for given actors (MUI's theme is the signed-in console's, see Themed); routing follows the enclosing wouter <Router> (the browser by default), and
 * the machines' `navigate` goes to it through `navigation`.
 */
export function ConsoleShell({ actors, i18n, navigation }: { actors: ConsoleActors; i18n: i18n; navigation: Navigation }) {
  return (
    <NavigationProvider value={navigation}>
    <I18nextProvider i18n={i18n}>
      <ActorsProvider value={actors}>
        {/* Nothing shows until the language's texts are there (its chunk, at the first start only). */}
        <Suspense fallback={null}>
          <AppRoutes />
          <Notifications />
        </Suspense>
      </ActorsProvider>
    </I18nextProvider>
    </NavigationProvider>
  );
}
