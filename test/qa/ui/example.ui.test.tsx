import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { sessionModel } from '../models/session';
import { memoryStore, openConsole } from './console';
import { describeUiPaths } from './paths';

describeUiPaths(
  { ...sessionModel, scenarios: [{ ...sessionModel.scenarios[0]!, events: sessionModel.scenarios[0]!.events.filter(([l]) => ['restore: nothing stored', 'sign in', 'login: 401'].includes(l)) }] },
  {
    open: () => ({ console: openConsole({ path: '/', store: memoryStore() }) }),
    perform: {
      'restore: nothing stored': async () => {},
      'sign in': async ({ console: c }) => {
        await c.user.clear(await screen.findByLabelText(/email/i));
        await c.user.type(screen.getByLabelText(/email/i), 'global@example.com');
        await c.user.clear(screen.getByLabelText(/password/i));
        await c.user.type(screen.getByLabelText(/password/i), 'secret');
        await c.user.click(screen.getByRole('button', { name: /sign in/i }));
      },
      'login: 401': async ({ console: c }) => (await c.network.next('POST', 'auth/login')).respond(401, { message: 'Invalid email or password' }),
    },
    show: {
      restoring: () => expect(screen.queryByRole('button', { name: /sign in/i })).toBeNull(),
      signedOut: () => expect(screen.getByRole('button', { name: /sign in/i })).toHaveProperty('disabled', false),
      loggingIn: () => expect(screen.getByRole('button', { name: /sign in/i })).toHaveProperty('disabled', true),
    },
  },
);
