/* eslint-disable testing-library/no-manual-cleanup -- Vitest runs without globals here: Testing Library cannot register its own cleanup. */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { preloadEveryView } from '../../../src/views/lazy-view';

// MUI's DataGrid renders slowly in jsdom, and slower on a loaded machine: findBy/waitFor wait up to 15 s.
configure({ asyncUtilTimeout: 15_000 });

afterEach(cleanup);

// Every screen's code is a chunk of its own in the browser: fetched here before the tests, so each screen renders at
// once, as it does in the browser once its chunk is there (test/views/lazy-view.test.tsx covers the wait itself).
beforeAll(preloadEveryView, 60_000);
