import { describe, expect, it } from 'vitest';
import { apiSession, type Page as ListPage } from './api';
import { apiURL, demo, menuLabels, signIn, usePage } from './browser';

interface LoginAnswer {
  token: string;
  user: { name: string; scope: string };
  tenant: { name: string } | null;
  company: { name: string } | null;
}

async function apiLogin(account: { email: string; password: string }): Promise<LoginAnswer> {
  const reply = await fetch(`${apiURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(reply.status).toBe(200);
  return (await reply.json()) as LoginAnswer;
}

const scopes = [
  { account: demo.root, scope: 'GLOBAL', menu: ['Tenants', 'Users', 'Activity', 'Reports'], place: () => 'Root admin' },
  {
    account: demo.tenant,
    scope: 'TENANT',
    menu: ['Companies', 'Users', 'Activity', 'Reports'],
    place: (a: LoginAnswer) => a.tenant?.name ?? '',
  },
  {
    account: demo.company,
    scope: 'COMPANY',
    menu: ['Users', 'Groups', 'Contents', 'Topics', 'Quizzes', 'Training plans', 'Reports', 'Learning record store'],
    place: (a: LoginAnswer) => a.company?.name ?? '',
  },
] as const;

describe('signing in as each demo account', () => {
  const page = usePage();

  for (const { account, scope, menu, place } of scopes) {
    it(`${scope}: sees exactly its menu and its header`, async () => {
      const expected = await apiLogin(account);
      expect(expected.user.scope).toBe(scope);
      await signIn(page(), account);
      // First, while the toast is up: it goes away on its own, sooner than a loaded machine draws the rest.
      await expect.poll(() => page().getByTestId('notifications').innerText()).toContain('Login successful');
      await expect.poll(() => menuLabels(page())).toEqual(menu);
      const header = page().getByTestId('sidebar-header');
      await expect.poll(() => header.innerText()).toContain(expected.user.name);
      const text = await header.innerText();
      expect(text).toContain(expected.user.name.charAt(0).toUpperCase());
      expect(text).toContain(place(expected));
    });
  }

  it('a wrong password keeps the user on /login with the server message', async () => {
    await page().goto('/login');
    await page().getByLabel('Email').fill(demo.company.email);
    await page().getByLabel('Password').fill('not-the-password');
    await page().getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page().getByTestId('notifications').innerText()).toMatch(/invalid email or password/i);
    expect(new URL(page().url()).pathname).toBe('/login');
  });
});

describe('routing and the session', () => {
  const page = usePage();

  it('sends a visitor without a session from any route or unknown path to /login', async () => {
    for (const path of ['/companies', '/no/such/page', '/']) {
      await page().goto(path);
      await page().waitForURL('**/login');
    }
  });

  it('sends a signed-in user from an unknown path, via /login, to /home', async () => {
    await signIn(page(), demo.tenant);
    await page().goto('/no/such/page');
    await page().waitForURL('**/home');
    await expect.poll(() => menuLabels(page())).toEqual(['Companies', 'Users', 'Activity', 'Reports']);
  });

  it('keeps the session across a reload and shows the list routes with their titles', async () => {
    await signIn(page(), demo.company);
    await page().getByTestId('sidebar-menu').getByRole('link', { name: 'Topics' }).click();
    await page().waitForURL('**/topics');
    await page().reload();
    await expect.poll(() => page().getByTestId('page-title').innerText()).toBe('Topics');
    expect(new URL(page().url()).pathname).toBe('/topics');
    await expect.poll(() => page().title()).toBe('Topics — Learning Admin Console');
  });

  it("names the record and the screen in the browser tab's title", async () => {
    const admin = await apiSession(demo.tenant);
    const company = (await admin.call<ListPage<{ id: string; name: string }>>('GET', 'companies?pageSize=1')).body.items[0];
    expect(company).toBeDefined();
    await signIn(page(), demo.tenant);
    await page().goto(`/companies/${company?.id}`);
    await expect.poll(() => page().title()).toBe(`${company?.name} — Edit company — Learning Admin Console`);
    await page().goto('/companies/new');
    await expect.poll(() => page().title()).toBe('New company — Learning Admin Console');
  });

  it('logs out to /login and the old token is refused by the API', async () => {
    await signIn(page(), demo.root);
    const token = await page().evaluate(() => localStorage.getItem('access_token'));
    expect(token).toBeTruthy();
    const before = await fetch(`${apiURL}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(before.status).toBe(200);

    await page().getByTestId('user-menu-button').click();
    await page().getByTestId('logout').click();
    await page().waitForURL('**/login');
    expect(await page().evaluate(() => [localStorage.getItem('access_token'), localStorage.getItem('session_state')])).toEqual([
      null,
      null,
    ]);

    const after = await fetch(`${apiURL}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
    await page().goto('/home');
    await page().waitForURL('**/login');
  });
});

describe('language', () => {
  const page = usePage();

  it('keeps the chosen language across a reload', async () => {
    await signIn(page(), demo.company);
    await page().getByTestId('user-menu-button').click();
    await page().getByTestId('language-it').click();
    await expect
      .poll(() => menuLabels(page()))
      .toEqual(['Utenti', 'Gruppi', 'Contenuti', 'Argomenti', 'Quiz', 'Piani formativi', 'Report', 'Archivio apprendimento']);
    await page().reload();
    await expect
      .poll(() => menuLabels(page()))
      .toEqual(['Utenti', 'Gruppi', 'Contenuti', 'Argomenti', 'Quiz', 'Piani formativi', 'Report', 'Archivio apprendimento']);

    await page().getByTestId('user-menu-button').click();
    await page().getByTestId('language-en').click();
    await expect
      .poll(() => menuLabels(page()))
      .toEqual(['Users', 'Groups', 'Contents', 'Topics', 'Quizzes', 'Training plans', 'Reports', 'Learning record store']);
  });
});

describe('language of an Italian browser', () => {
  const page = usePage('it-IT');

  it('is Italian when nothing is stored', async () => {
    await page().goto('/login');
    await expect.poll(() => page().getByRole('button', { name: 'Accedi' }).count()).toBe(1);
  });
});
