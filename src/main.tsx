import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

// A transition: React renders the console in slices of a few milliseconds, between which the browser stays
// responsive (and the modules still arriving are run), rather than in one long task.
startTransition(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
