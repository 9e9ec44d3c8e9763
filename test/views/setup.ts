import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// MUI's DataGrid renders slowly in jsdom: give findBy/waitFor more than the default second.
configure({ asyncUtilTimeout: 3000 });

afterEach(cleanup);
