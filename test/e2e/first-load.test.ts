import type { Page, Response, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demo, menuLabels, signIn, usePage } from './browser';

/** Marks of what a script holds: the DataGrid's code, the record form's, the signed-in layout's, and each language's texts. */
const marks = {
  dataGrid: 'MuiDataGrid',
  recordForm: 'form.conflict',
  signedInLayout: 'sidebar-menu',
  english: 'Learning Admin Console',
  italian: 'Console di amministrazione formazione',
};

/** The machines of a few screens only (their ids in the built code), which a list of companies never runs. */
const screenMachines = {
  contentWizard: /id:["'`]contentWizard["'`]/,
  orderedList: /id:["'`]ordered["'`]/,
  videoAccess: /id:["'`]videoAccess["'`]/,
  userImport: /id:["'`]userImport["'`]/,
};

interface LoadedScript {
  url: string;
  encoding: string | undefined;
  cacheControl: string | undefined;
  text: string;
}

/** Every script the page loads from now on, with its body (decoded) and how it was sent. */
function recordScripts(page: Page) {
  const pending: Promise<LoadedScript>[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const headers = await response.allHeaders();
        return {
          url: response.url(),
          encoding: headers['content-encoding'],
          cacheControl: headers['cache-control'],
          // Chromium drops a body it no longer needs (a page navigated on): the same immutable file, fetched again.
          text: await response.text().catch(async () => (await fetch(response.url())).text()),
        };
      })(),
    );
  });
  return {
    all: () => Promise.all(pending),
    holding: async (mark: string | RegExp) =>
      (await Promise.all(pending)).some((script) => (typeof mark === 'string' ? script.text.includes(mark) : mark.test(script.text))),
  };
}

/**
 * Holds back every script whose code holds `mark` (or one of the marks) until `release()` (or, with `fail`, makes its
 * fetch fail); the others go through. Scripts are sent decoded (the test reads them to know what they are).
 */
async function holdScripts(page: Page, mark: string | string[], { fail = false } = {}) {
  const heldMarks = typeof mark === 'string' ? [mark] : mark;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(scriptFiles, async (route: Route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (heldMarks.some((one) => body.includes(one))) {
      held.push(route.request().url());
      if (fail) return route.abort('internetdisconnected');
      await released;
    }
    const headers = { ...response.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ status: response.status(), headers, body });
  });
  return { release, held: () => held.length };
}

const scriptFiles = /\/assets\/.*\.js$/;

async function waitForNetworkQuiet(page: Page) {
  await page.waitForLoadState('networkidle');
}

/**
 * Home prefetches the grid once the browser is idle, however long that takes on a loaded machine: waiting for that
 * fetch, then for the network to be quiet, is waiting for the page to have settled, with no guessed delay.
 */
async function waitForHomeSettled(page: Page, scripts: ReturnType<typeof recordScripts>) {
  await expect.poll(() => scripts.holding(marks.dataGrid)).toBe(true);
  await waitForNetworkQuiet(page);
}

describe('the first load of the console', () => {
  const page = usePage();

  it('signs in without the DataGrid or the forms, and with the English texts only, each script sent brotli-compressed and cached for good', async () => {
    const scripts = recordScripts(page());
    await page().goto('/login');
    await expect.poll(() => page().getByRole('button', { name: 'Sign in' }).count()).toBe(1);
    await waitForNetworkQuiet(page());

    const loaded = await scripts.all();
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((script) => script.text.includes(marks.dataGrid))).toEqual([]);
    expect(loaded.filter((script) => script.text.includes(marks.recordForm))).toEqual([]);
    expect(loaded.filter((script) => script.text.includes(marks.italian))).toEqual([]);
    expect(loaded.some((script) => script.text.includes(marks.english))).toBe(true);
    for (const script of loaded) {
      expect(script.encoding, script.url).toBe('br');
      expect(script.cacheControl, script.url).toBe('public, max-age=31536000, immutable');
    }
  });

  it('renders the sign-in page once: its first commit is the form, with the texts and the session known before it', async () => {
    // Each commit React makes, as its developer tools' hook is told of it: whether the sign-in form is on the page.
    await page().addInitScript(() => {
      const commits: boolean[] = [];
      Object.assign(window, {
        commits,
        __REACT_DEVTOOLS_GLOBAL_HOOK__: {
          supportsFiber: true,
          renderers: new Map(),
          inject: () => 1,
          checkDCE: () => undefined,
          onScheduleFiberRoot: () => undefined,
          onCommitFiberUnmount: () => undefined,
          onPostCommitFiberRoot: () => undefined,
          onCommitFiberRoot: () => commits.push(document.querySelector('#root form') !== null),
        },
      });
    });
    await page().goto('/login');
    await expect.poll(() => page().getByRole('button', { name: 'Sign in' }).count()).toBe(1);
    const commits = await page().evaluate(() => (window as unknown as { commits: boolean[] }).commits);
    expect(commits[0]).toBe(true);
  });

  it('fetches the DataGrid with the first list, and the record form once the list is idle', async () => {
    const scripts = recordScripts(page());
    await signIn(page(), demo.tenant);
    await waitForHomeSettled(page(), scripts);
    expect(await scripts.holding(marks.recordForm)).toBe(false);

    await page().getByTestId('sidebar-menu').getByRole('link', { name: 'Companies' }).click();
    await expect.poll(() => page().locator('[role="grid"] [role="row"][data-id]').count()).toBeGreaterThan(0);
    expect(await scripts.holding(marks.dataGrid)).toBe(true);
    await expect.poll(() => scripts.holding(marks.recordForm), { timeout: 15_000 }).toBe(true);
  });

  it('fetches the other language only when switched to, and then speaks it', async () => {
    const scripts = recordScripts(page());
    await signIn(page(), demo.tenant);
    await waitForHomeSettled(page(), scripts);
    expect(await scripts.holding(marks.italian)).toBe(false);

    await page().getByTestId('user-menu-button').click();
    await page().getByTestId('language-it').click();
    await expect.poll(() => menuLabels(page())).toEqual(['Aziende', 'Utenti', 'Attività', 'Report']);
    await expect.poll(() => page().title()).toContain(marks.italian);
    expect(await scripts.holding(marks.italian)).toBe(true);
  });
});

describe('a page opened at its address', () => {
  const page = usePage();

  it("asks for its list's rows at once, before the console's code has come, and only once", async () => {
    await signIn(page(), demo.tenant);
    const code = await holdScripts(page(), [marks.signedInLayout, marks.dataGrid]);
    const asked: URL[] = [];
    page().on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/companies') asked.push(url);
    });
    await page().goto('/companies?page=1&pageSize=10&sortBy=name&sortOrder=desc');

    await expect.poll(() => code.held()).toBeGreaterThan(0);
    await expect.poll(() => asked.length).toBe(1);
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({ page: '1', pageSize: '10', sortBy: 'name', sortOrder: 'desc' });
    expect(await page().locator('[role="grid"]').count()).toBe(0);

    code.release();
    await expect.poll(() => page().locator('[role="grid"] [role="row"][data-id]').count()).toBeGreaterThan(0);
    await waitForNetworkQuiet(page());
    expect(asked).toHaveLength(1);
  });

  it("a list of companies loads neither the content wizard's, the plan editor's, the player's nor the import's machines", async () => {
    await signIn(page(), demo.tenant);
    const scripts = recordScripts(page());
    await page().goto('/companies');
    await expect.poll(() => page().locator('[role="grid"] [role="row"][data-id]').count()).toBeGreaterThan(0);
    await waitForNetworkQuiet(page());

    for (const [machine, mark] of Object.entries(screenMachines)) expect(await scripts.holding(mark), machine).toBe(false);
    expect(await scripts.holding(marks.dataGrid)).toBe(true);
  });
});

describe('a screen whose code is slow to come', () => {
  const page = usePage();

  it('a list shows its title, its search and the loading line, never a blank page, until the grid is there', async () => {
    // Held from the start: home prefetches the grid when idle, and that fetch is the one held.
    const grid = await holdScripts(page(), marks.dataGrid);
    await signIn(page(), demo.tenant);
    await page().getByTestId('sidebar-menu').getByRole('link', { name: 'Companies' }).click();

    await expect.poll(() => grid.held()).toBeGreaterThan(0);
    await expect.poll(() => page().getByTestId('page-title').innerText()).toBe('Companies');
    expect(await page().getByRole('status').filter({ hasText: 'Loading…' }).count()).toBe(1);
    expect(await page().getByRole('textbox', { name: 'Search' }).count()).toBe(1);

    grid.release();
    await expect.poll(() => page().locator('[role="grid"] [role="row"][data-id]').count()).toBeGreaterThan(0);
  });

  it('a form shows its title and the loading line until its code is there, then the form', async () => {
    const form = await holdScripts(page(), marks.recordForm);
    await signIn(page(), demo.tenant);
    await page().goto('/companies/new');

    await expect.poll(() => form.held()).toBeGreaterThan(0);
    await expect.poll(() => page().getByTestId('page-title').innerText()).toBe('New company');
    expect(await page().getByRole('status').filter({ hasText: 'Loading…' }).count()).toBe(1);
    expect(await page().getByRole('textbox').count()).toBe(0);

    form.release();
    await expect.poll(() => page().getByRole('textbox', { name: 'Name' }).count()).toBe(1);
  });
});

describe('a screen whose code cannot be fetched', () => {
  const page = usePage();

  it('says so and offers Reload, inside the layout, instead of a blank page', async () => {
    await signIn(page(), demo.tenant);
    const form = await holdScripts(page(), marks.recordForm, { fail: true });
    await page().goto('/companies/new');

    await expect.poll(() => page().getByRole('alert').innerText()).toContain('This page could not be loaded');
    expect(await page().getByRole('button', { name: 'Reload' }).count()).toBe(1);
    expect(await page().getByTestId('sidebar-menu').getByRole('link', { name: 'Companies' }).count()).toBe(1);

    expect(form.held()).toBeGreaterThan(0);
    await page().unroute(scriptFiles);
    await page().getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => page().getByRole('textbox', { name: 'Name' }).count()).toBe(1);
  });
});
