import { expect } from 'vitest';
import type { Page as BrowserPage } from 'playwright-core';
import { apiSession, unique, type Account, type Page } from './api';
import { demo } from './browser';

export type ScopeName = 'GLOBAL' | 'TENANT' | 'COMPANY';

/** Each scope's demo account. */
export const scopeAccounts: Record<ScopeName, Account> = { GLOBAL: demo.root, TENANT: demo.tenant, COMPANY: demo.company };

type Call = Awaited<ReturnType<typeof apiSession>>['call'];

const firstId = async (call: Call, path: string) => {
  const answer = await call<Page<{ id: string }> | { id: string }[]>('GET', path);
  expect(answer.status, path).toBe(200);
  const items = Array.isArray(answer.body) ? answer.body : answer.body.items;
  const id = items[0]?.id;
  expect(id, `the demo data has a record at ${path}`).toBeDefined();
  return id ?? '';
};

/**
 * Every screen of the console a scope's account can open: home, settings, each list with its create form and the
 * edit form of one of its records (and, for a COMPANY, the plan editor's module and item pages), learnt from the API.
 */
export async function screensOf(scope: ScopeName): Promise<string[]> {
  const { call } = await apiSession(scopeAccounts[scope]);
  const resource = async (name: string) => [`/${name}`, `/${name}/new`, `/${name}/${await firstId(call, `${name}?pageSize=1`)}`];
  const common = ['/home', '/settings', ...(await resource('users'))];
  if (scope === 'GLOBAL') return [...common, ...(await resource('tenants')), '/reports'];
  if (scope === 'TENANT') return [...common, ...(await resource('companies')), '/reports'];
  // The demo plan with modules and items.
  const plan = await firstId(call, 'training-plans?pageSize=1&search=New%20hire%20onboarding');
  // The user's page of a learner of that plan: its Training plans panel has rows.
  const learner = (await call<Page<{ userId: string }>>('GET', `training-plans/${plan}/enrolments?pageSize=1`)).body.items[0]?.userId;
  expect(learner, 'the demo plan has a learner').toBeDefined();
  const planModule = await firstId(call, `training-plans/${plan}/modules`);
  const item = await firstId(call, `training-plans/${plan}/modules/${planModule}/items`);
  const modulePath = `/training-plans/${plan}/modules/${planModule}`;
  return [
    ...common.filter((path) => !/^\/users\/[0-9a-f-]{36}$/.test(path)),
    `/users/${learner}`,
    ...(await resource('contents')),
    ...(await resource('topics')),
    ...(await resource('quizzes')),
    ...(await resource('groups')),
    '/training-plans',
    '/training-plans/new',
    `/training-plans/${plan}`,
    `/training-plans/${plan}/modules/new`,
    modulePath,
    `${modulePath}/items/new`,
    `${modulePath}/items/${item}`,
    '/reports/plans',
    '/reports/groups',
    '/lrs-credentials',
  ];
}

/** The screen at the current URL has its title and has nothing left loading (its code, its record, its rows). */
export async function waitForScreen(page: BrowserPage) {
  await page.getByTestId('page-title').first().waitFor();
  await expect
    .poll(() =>
      page
        .getByRole('status')
        .filter({ hasText: /Loading…|Caricamento…/ })
        .count(),
    )
    .toBe(0);
  // A grid's loading overlay holds no text; its "No rows" overlay (an empty list, a learner without plans) is drawn.
  const loadingOverlays = page.locator('.MuiDataGrid-overlay').filter({ hasNotText: /\S/ });
  await expect.poll(async () => (await loadingOverlays.count()) + (await page.locator('[role="progressbar"]').count())).toBe(0);
}

/**
 * Makes the screens show the rows that only some data brings, whatever ran before: a History row on the edit pages
 * of tenants, companies and topics (each record saved as it is), and, for a COMPANY, a video still waiting for its
 * video in the contents list (its warning chip). The widest and the most colourful things the screens can hold.
 */
export async function showEveryKindOfRow(scope: ScopeName, screens: string[]) {
  const { call } = await apiSession(scopeAccounts[scope]);
  for (const path of screens.filter((screen) => /^\/(tenants|companies|topics)\/[0-9a-f-]{36}$/.test(screen))) {
    // What each resource requires (a company its tax id and country), as they are.
    const { name, version, taxId, countryCode } = (await call<Record<string, unknown>>('GET', path.slice(1))).body;
    const saved = await call('PUT', path.slice(1), { name, version, taxId, countryCode });
    expect(saved.status, path).toBe(200);
  }
  if (scope === 'COMPANY') {
    const video = await call('POST', 'contents', { title: unique('Awaiting its video'), type: 'Video' });
    expect(video.status, JSON.stringify(video.body)).toBe(201);
    // The LRS page lists a credential, a revoked one beside it.
    const credential = await call<{ id: string }>('POST', 'lrs-credentials', { label: unique('Learner app') });
    expect(credential.status).toBe(201);
    await call('POST', 'lrs-credentials', { label: unique('Kiosk') });
    expect((await call('DELETE', `lrs-credentials/${credential.body.id}`)).status).toBe(204);
  }
}

/** How much wider than the window the page is: what the user would have to scroll sideways. */
export const sidewaysOverflow = (page: BrowserPage) =>
  page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);
