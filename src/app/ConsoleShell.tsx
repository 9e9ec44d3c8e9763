import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, type StorageManager } from '@mui/material/styles';
import type { i18n } from 'i18next';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ActorsProvider, type ConsoleActors } from '../views/actors';
import { Notifications } from '../views/notifications/Notifications';
import { NavigationProvider, type Navigation } from './navigation';
import { AppRoutes } from './routes';
import { theme } from './theme';

/**
 * The console's tree for given actors; routing follows the enclosing wouter <Router> (the browser by default), and
 * the machines' `navigate` goes to it through `navigation`.
 */
export function ConsoleShell({
  actors,
  i18n,
  navigation,
  colorSchemeStorage = null,
}: {
  actors: ConsoleActors;
  i18n: i18n;
  navigation: Navigation;
  /** Where the light/dark/system choice is kept; not kept when null. */
  colorSchemeStorage?: StorageManager | null;
}) {
  return (
    <NavigationProvider value={navigation}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme} defaultMode="system" storageManager={colorSchemeStorage}>
          <CssBaseline />
          <ActorsProvider value={actors}>
            {/* Nothing shows until the language's texts are there (its chunk, at the first start only). */}
            <Suspense fallback={null}>
              <AppRoutes />
              <Notifications />
            </Suspense>
          </ActorsProvider>
        </ThemeProvider>
      </I18nextProvider>
    </NavigationProvider>
  );
}
