import { describe, expect, it } from 'vitest';
import { apiSession } from './api';
import { demo, menuLabels, signIn, usePage } from './browser';

describe('the small things of issue 16', () => {
  const page = usePage();

  it('has a favicon, served by the console and allowed by its policy', async () => {
    await page().goto('/login');
    const href = await page().locator('link[rel="icon"]').getAttribute('href');
    expect(href).toBe('/favicon.svg');

    const icon = await page().request.get(href!);

    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(await icon.text()).toMatch(/^<svg /);
    // The page itself shows it: no policy violation (usePage fails the test on one) and the icon decodes as an image.
    const decoded = await page().evaluate(async (url) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      return image.naturalWidth > 0;
    }, href!);
    expect(decoded).toBe(true);
  });

  it('switches to Italian on the sign-in page, keeps it after a reload, and signs in in Italian', async () => {
    await page().goto('/login');
    const choice = page().getByTestId('login-language');
    await choice.getByRole('button', { name: 'Italiano' }).click();
    await expect.poll(() => page().getByTestId('page-title').textContent()).toBe('Accedi');

    await page().reload();
    await expect.poll(() => page().getByTestId('page-title').textContent()).toBe('Accedi');
    expect(await choice.getByRole('button', { name: 'Italiano' }).getAttribute('aria-pressed')).toBe('true');
    await signIn(page(), demo.tenant);

    await expect.poll(() => menuLabels(page())).toContain('Aziende');
    await page().getByTestId('user-menu-button').click();
    expect(await page().getByTestId('language-it').getAttribute('class')).toContain('Mui-selected');
  });
});

describe('screens outside the account', () => {
  const page = usePage();

  it('says a hand-typed screen of another scope is not available, and leads home', async () => {
    const apiCalls: string[] = [];
    page().on('request', (request) => {
      if (/\/api\/(tenants|companies)\b/.test(request.url())) apiCalls.push(request.url());
    });
    await signIn(page(), demo.company);
    for (const path of ['/tenants', '/tenants/new', '/companies']) {
      await page().goto(path);
      await expect.poll(() => page().getByTestId('page-title').textContent()).toBe('Not available for your account');
      expect(new URL(page().url()).pathname).toBe(path);
      expect(await page().getByRole('button', { name: 'Save' }).count()).toBe(0);
    }
    expect(apiCalls).toEqual([]);

    await page().getByRole('link', { name: 'Go to home' }).click();
    await page().waitForURL('**/home');
  });
});

describe('screens outside the account, in Italian', () => {
  const page = usePage('it-IT');

  it('says so in Italian', async () => {
    await signIn(page(), demo.tenant);
    await page().goto('/tenants');
    await expect.poll(() => page().getByTestId('page-title').textContent()).toBe('Non disponibile per il tuo account');
    expect(await page().getByRole('link', { name: 'Vai alla home' }).getAttribute('href')).toBe('/home');
  });
});

describe('home', () => {
  const page = usePage();
  const expected = {
    GLOBAL: { account: demo.root, cards: ['Tenants', 'Users'], resources: ['tenants', 'users'] },
    TENANT: { account: demo.tenant, cards: ['Companies', 'Users'], resources: ['companies', 'users'] },
    COMPANY: {
      account: demo.company,
      cards: ['Users', 'Groups', 'Contents', 'Topics', 'Quizzes', 'Training plans'],
      resources: ['users', 'groups', 'contents', 'topics', 'training-plans'],
    },
  } as const;

  for (const [scope, { account, cards, resources }] of Object.entries(expected)) {
    it(`greets a ${scope} admin with the counts of their lists, and its shortcuts lead there`, async () => {
      const { call } = await apiSession(account);
      await signIn(page(), account);

      await expect.poll(() => page().getByTestId('home-greeting').textContent()).toMatch(/^Welcome, /);
      // Every admin's home leads with what needs attention (reports.test.ts follows its links).
      await expect.poll(() => page().locator('main h2').allTextContents()).toEqual(['Needs attention', ...cards]);
      for (const resource of resources) {
        const { body } = await call<{ total: number }>('GET', `${resource}?pageSize=10`);
        await expect.poll(() => page().getByTestId(`home-count-${resource}`).textContent()).toBe(`${body.total} records`);
      }

      const [first] = resources;
      await page().getByTestId(`home-card-${first}`).getByRole('link', { name: /^New / }).click();
      await page().waitForURL((url) => url.pathname === `/${first}/new`);
      await page().goBack();
      // Back on the home page, and its cards drawn again, before the second shortcut is clicked.
      await page().waitForURL((url) => url.pathname === '/home');
      await expect.poll(() => page().getByTestId(`home-count-${first}`).textContent()).toMatch(/ records$/);
      await page()
        .getByTestId(`home-card-${first}`)
        .getByRole('link', { name: /^Open / })
        .click();
      await page().waitForURL((url) => url.pathname === `/${first}`);
      await expect.poll(() => page().getByTestId('page-title').textContent()).toBe(cards[0]);
    });
  }
});

describe('tooltips in the lists', () => {
  const page = usePage();

  it('shows a cut email whole, and names the status and scope icons, when pointed at', async () => {
    const { call } = await apiSession(demo.tenant);
    const email = `a.very.long.mailbox.name.${Date.now().toString(36)}@training.department.example.com`;
    const created = await call('POST', 'users', { name: 'Long', surname: 'Address', email });
    expect(created.status).toBe(201);
    await page().setViewportSize({ width: 1024, height: 800 });
    await signIn(page(), demo.tenant);
    await page().goto(`/users?search=${encodeURIComponent(email)}`);
    const row = page().locator('[role="row"][data-id]').first();
    await row.waitFor();

    const text = row.locator('[data-field="email"] span').first();
    expect(await text.evaluate((element) => element.scrollWidth > element.clientWidth), 'the email is cut').toBe(true);
    await text.hover();
    // The browser's own tooltip: the title of the text pointed at.
    await expect.poll(() => text.getAttribute('title')).toBe(email);
    const name = row.locator('[data-field="name"] span').first();
    await name.hover();
    expect(await name.getAttribute('title'), 'a whole text has no tooltip').toBeNull();

    await row.locator('[data-field="status"] [data-testid="cell-icon"]').hover();
    await expect.poll(() => page().getByRole('tooltip').allTextContents()).toContain('Pending');
    await row.locator('[data-field="scope"] [data-testid="cell-icon"]').hover();
    await expect.poll(() => page().getByRole('tooltip').allTextContents()).toContain('Tenant');
  });
});
