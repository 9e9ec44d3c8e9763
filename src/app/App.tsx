import type { i18n } from 'i18next';
import { waitFor } from 'xstate';
// Installed before the router's first render: see history-guard.ts.
import './history-guard';
import { ConsoleShell } from './ConsoleShell';
import { loadTranslationsOnDemand } from '../i18n/languages';
import { firstLoadOfThisPage, isPhoneWidth, type FirstTexts } from './first-load';
import { createConsole, type ConsoleRuntime } from './providers';
import { preloadRouteCode } from './route-code';

let browserConsole: ConsoleRuntime | undefined;

function reflectLanguage({ language, t }: i18n) {
  document.documentElement.lang = language;
  document.title = t('app.title');
}

/** One console per page, however often React renders <App/>; the first language's texts at once when given. */
function getBrowserConsole(firstTexts: FirstTexts | null): ConsoleRuntime {
  if (!browserConsole) {
    const runtime = createConsole({
      store: window.localStorage,
      browserLanguages: navigator.languages,
      primed: firstLoadOfThisPage().primed,
      translations: (language) => (language === firstTexts?.language ? firstTexts.translations : loadTranslationsOnDemand(language)),
    });
    // The page's language and title follow the console's: once the first language's texts are there, and on every switch.
    runtime.i18n.on('languageChanged', () => reflectLanguage(runtime.i18n));
    if (runtime.i18n.isInitialized) reflectLanguage(runtime.i18n);
    const { session } = runtime.actors;
    const preloadOnceSignedIn = session.subscribe((snapshot) => {
      if (!snapshot.matches('signedIn')) return;
      preloadOnceSignedIn.unsubscribe();
      // Restored at start, the route's code was asked for already (and is not fetched twice); just signed in, now.
      preloadRouteCode(window.location.pathname, { phone: isPhoneWidth() });
      Promise.resolve(runtime.actors.machines()).catch(() => undefined);
    });
    browserConsole = runtime;
  }
  return browserConsole;
}

/**
 * Starts the page's console before its first render, with the first language's texts (null: fetched by i18next), and
 * resolves once its session is read: a render before would paint the loading screen, then render everything again.
 */
export async function startBrowserConsole(firstTexts: FirstTexts | null): Promise<void> {
  const { session } = getBrowserConsole(firstTexts).actors;
  await waitFor(session, (snapshot) => !snapshot.matches('restoring'));
}

export function App() {
  const { actors, i18n, navigation, colorSchemeStorage } = getBrowserConsole(null);
  return <ConsoleShell actors={actors} i18n={i18n} navigation={navigation} colorSchemeStorage={colorSchemeStorage} />;
}
