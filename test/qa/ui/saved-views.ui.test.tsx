import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { SavedViewsContext } from '../../../src/machines/saved-views.machine';
import { tenantLogin } from '../../support/fixtures/session';
import {
  currentQuery,
  nameTaken,
  renamedView,
  roboticsView,
  savedView,
  savedViewsModel,
  typedName,
  viewGone,
  viewsUnreachable,
} from '../../support/models/saved-views';
import { openSignedIn, type OpenedConsole } from './console';
import { describeUiPaths } from './paths';

interface Harness {
  console: OpenedConsole;
}

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as SavedViewsContext;
const page = (items: unknown[]) => ({ items, total: items.length, totalIsEstimate: false });
// Hidden from the accessibility tree while the menu (a popover) is open over the page.
const viewsButton = (hidden = false) => screen.getByRole('button', { name: 'Views', hidden });
const menu = () => screen.queryByTestId('saved-views');
/** The dialog asking a name: "Save current view", or "Rename the view “…”". */
const saveDialog = () => screen.getByRole('dialog', { name: /^(Save current view|Rename the view “.+”)$/ });

/** The "Views" menu, opened unless it is. */
async function openMenu({ console: c }: Harness) {
  const open = menu();
  if (open) return within(open);
  await c.user.click(viewsButton());
  return within(await screen.findByTestId('saved-views'));
}

describeUiPaths(savedViewsModel, {
  // The users list at the address the model saves: its query is what "Save current view…" keeps.
  open: () => {
    const opened = openSignedIn(`/users?page=2&${currentQuery}`, tenantLogin);
    opened.network.always('GET', 'users', () => ({ status: 200, body: page([]) }));
    return { console: opened };
  },
  perform: {
    'views: loaded': async ({ console: c }) => {
      const request = await c.network.next('GET', 'saved-views');
      expect(request.url.searchParams.get('list')).toBe('/users');
      request.respond(200, page([roboticsView]));
    },
    'views: failed': async ({ console: c }) => {
      (await c.network.next('GET', 'saved-views')).respond(viewsUnreachable.status as number, { message: 'Service unavailable' });
    },
    Retry: async (harness) => {
      await harness.console.user.click((await openMenu(harness)).getByRole('button', { name: 'Retry' }));
    },
    'Save current view…': async (harness) => {
      await harness.console.user.click((await openMenu(harness)).getByRole('button', { name: 'Save current view…' }));
      await screen.findByRole('dialog', { name: 'Save current view' });
    },
    'type a name': async ({ console: c }) => {
      const field = within(saveDialog()).getByRole('textbox', { name: 'Name' });
      await c.user.clear(field);
      await c.user.type(field, typedName);
    },
    Save: async ({ console: c }) => {
      await c.user.click(within(saveDialog()).getByRole('button', { name: 'Save' }));
    },
    'save: saved': async ({ console: c }) => {
      const request = await c.network.next('POST', 'saved-views');
      // The address without its page, under the name typed; a key makes a repeat of it safe.
      expect(request.body).toEqual({ list: '/users', name: typedName, query: currentQuery });
      expect(request.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
      request.respond(201, savedView);
      await screen.findByText(`View “${typedName}” saved`);
    },
    'save: name taken': async ({ console: c }) => {
      const { status, message, code, params } = nameTaken as Extract<typeof nameTaken, { kind: 'http' }>;
      (await c.network.next('POST', 'saved-views')).respond(status, { statusCode: status, message, code, params });
      await within(saveDialog()).findByText(`This list already has a view named “${typedName}”: choose another name`);
    },
    Cancel: async ({ console: c }) => {
      await c.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    },
    'Rename the view': async (harness) => {
      await harness.console.user.click((await openMenu(harness)).getByRole('button', { name: `Rename view ${roboticsView.name}` }));
      await screen.findByRole('dialog', { name: `Rename the view “${roboticsView.name}”` });
    },
    'rename: renamed': async ({ console: c }) => {
      const request = await c.network.next('PUT', `saved-views/${roboticsView.id}`);
      expect(request.body).toEqual({ name: typedName });
      request.respond(200, renamedView);
      await screen.findByText(`View renamed “${typedName}”`);
    },
    'rename: name taken': async ({ console: c }) => {
      const { status, message, code, params } = nameTaken as Extract<typeof nameTaken, { kind: 'http' }>;
      (await c.network.next('PUT', `saved-views/${roboticsView.id}`)).respond(status, { statusCode: status, message, code, params });
      await within(saveDialog()).findByText(`This list already has a view named “${typedName}”: choose another name`);
    },
    'Delete the view': async (harness) => {
      await harness.console.user.click((await openMenu(harness)).getByRole('button', { name: `Delete view ${roboticsView.name}` }));
    },
    Confirm: async ({ console: c }) => {
      await c.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    },
    'delete: deleted': async ({ console: c }) => {
      (await c.network.next('DELETE', `saved-views/${roboticsView.id}`)).respond(204);
      await screen.findByText('View deleted');
    },
    'delete: gone': async ({ console: c }) => {
      const { status, message, code } = viewGone as Extract<typeof viewGone, { kind: 'http' }>;
      (await c.network.next('DELETE', `saved-views/${roboticsView.id}`)).respond(status, { statusCode: status, message, code });
      await screen.findByText('Delete failed: The view was not found: it may have been deleted');
    },
  },
  show: {
    loading: () => {
      const open = menu();
      if (open) expect(within(open).getByText('Loading…')).toBeDefined();
      expect(viewsButton(true)).toBeDefined();
    },
    error: () => {
      const open = menu();
      if (open) expect(within(open).getByText('The views could not be loaded')).toBeDefined();
      else expect(viewsButton(true)).toBeDefined();
    },
    idle: (_, snapshot) => {
      expect(screen.queryByRole('dialog')).toBeNull();
      const open = menu();
      if (open)
        for (const view of context(snapshot).views)
          expect(within(open).getByRole('link', { name: view.name }).getAttribute('href')).toBe(`/users?${view.query}`);
    },
    naming: (_, snapshot) => {
      const field = within(saveDialog()).getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
      expect(field.value).toBe(context(snapshot).name);
      const save = within(saveDialog()).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
      // Save waits for a name; a rename, for another name than the view's.
      const { name, renamingId, views } = context(snapshot);
      const typed = name.trim();
      expect(save.disabled).toBe(typed === '' || views.some((view) => view.id === renamingId && view.name === typed));
    },
    saving: () => {
      expect((within(saveDialog()).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    },
    renaming: () => {
      expect(screen.getByRole('dialog', { name: `Rename the view “${roboticsView.name}”` })).toBeDefined();
      expect((within(saveDialog()).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    },
    confirmingDelete: () => {
      expect(within(screen.getByRole('dialog')).getByText(`Delete the view “${roboticsView.name}”?`)).toBeDefined();
    },
    deleting: () => {
      expect((within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
    },
  },
});
