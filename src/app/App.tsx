import type { i18n } from 'i18next';
import { ConsoleShell } from './ConsoleShell';
import { createConsole, type ConsoleRuntime } from './providers';

let browserConsole: ConsoleRuntime | undefined;

function reflectLanguage({ language, t }: i18n) {
  document.documentElement.lang = language;
  document.title = t('app.title');
}

/** One console per page, however often React renders <App/>. */
function getBrowserConsole(): ConsoleRuntime {
  if (!browserConsole) {
    const runtime = createConsole({
      store: window.localStorage,
      browserLanguages: navigator.languages,
      onLanguageChange: () => reflectLanguage(runtime.i18n),
    });
    reflectLanguage(runtime.i18n);
    browserConsole = runtime;
  }
  return browserConsole;
}

export function App() {
  const { actors, i18n } = getBrowserConsole();
  return <ConsoleShell actors={actors} i18n={i18n} />;
}
