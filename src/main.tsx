import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startBrowserConsole } from './app/App';
import { firstLoadOfThisPage } from './app/first-load';

const root = createRoot(document.getElementById('root')!);

// The first render waits for the language's texts (asked for at start, and there by now as a rule) and for the stored
// session to be read: without them it would render the shell or the loading screen, then everything again once
// they came (half a second on a slow phone). In a transition, it yields to the browser every few milliseconds.
void Promise.resolve(firstLoadOfThisPage().texts)
  .then((texts) => startBrowserConsole(texts ?? null))
  .then(() =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
  );
