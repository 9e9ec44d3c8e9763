import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyLogin, globalLogin, tenantLogin } from '../support/fixtures/session';
import { renderConsole } from '../support/views/render-console';
import { companies, tenants, users } from '../support/views/resource-fixtures';

const card = (resource: string) => within(screen.getByTestId(`home-card-${resource}`));
const countOf = async (resource: string, text: string) =>
  expect((await screen.findByText(text, { selector: `[data-testid="home-count-${resource}"]` })).textContent).toBe(text);

describe('home', () => {
  it('greets a TENANT admin with their companies and users, counted, and shortcuts to both', async () => {
    renderConsole({ path: '/home', signedIn: tenantLogin, resources: { companies: companies(23), users: users() } });

    expect((await screen.findByTestId('home-greeting')).textContent).toBe('Welcome, Tomaso');
    expect(screen.getByText('You manage the companies of Acme Learning and their users.')).toBeDefined();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Needs attention',
      'Companies',
      'Users',
    ]);
    await countOf('companies', '23 records');
    expect(card('companies').getByRole('link', { name: 'Open companies' }).getAttribute('href')).toBe('/companies');
    expect(card('companies').getByRole('link', { name: 'New company' }).getAttribute('href')).toBe('/companies/new');
    expect(card('users').getByRole('link', { name: 'New user' }).getAttribute('href')).toBe('/users/new');
  });

  it('shows a GLOBAL admin the tenants and users', async () => {
    const { resources } = renderConsole({ path: '/home', signedIn: globalLogin, resources: { tenants: tenants() } });
    expect((await screen.findByTestId('home-greeting')).textContent).toBe('Welcome, Grace');
    expect(screen.getByText('As the root admin you manage the tenants of the platform and their administrators.')).toBeDefined();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Needs attention',
      'Tenants',
      'Users',
    ]);
    await countOf('tenants', `${resources.tenants.records.size} records`);
  });

  it('shows a COMPANY admin the users, groups, contents, topics, quizzes and training plans', async () => {
    renderConsole({ path: '/home', signedIn: companyLogin });
    expect((await screen.findByTestId('home-greeting')).textContent).toBe('Welcome, Carla');
    expect(screen.getByText('You manage the users, groups, contents, topics, quizzes and training plans of Bianchi Srl.')).toBeDefined();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Needs attention',
      'Users',
      'Groups',
      'Contents',
      'Topics',
      'Quizzes',
      'Training plans',
    ]);
    await countOf('topics', '0 records');
  });

  it('speaks Italian, one record and many', async () => {
    renderConsole({ path: '/home', language: 'it', signedIn: tenantLogin, resources: { companies: companies(1), users: users() } });

    expect((await screen.findByTestId('home-greeting')).textContent).toBe('Benvenuto, Tomaso');
    expect(screen.getByText('Gestisci le aziende di Acme Learning e i loro utenti.')).toBeDefined();
    await countOf('companies', '1 elemento');
    expect(card('companies').getByRole('link', { name: 'Apri aziende' }).getAttribute('href')).toBe('/companies');
    expect(card('companies').getByRole('link', { name: 'Nuova azienda' })).toBeDefined();
  });

  it('ends the intro with one period when the company name ends with its own', async () => {
    const state = { ...companyLogin, company: { ...companyLogin.company!, name: 'Acme Robotics S.p.A.' } };
    renderConsole({ path: '/home', signedIn: state });
    expect(
      await screen.findByText('You manage the users, groups, contents, topics, quizzes and training plans of Acme Robotics S.p.A.', {
        exact: true,
      }),
    ).toBeDefined();
  });

  it("keeps each shortcut's label on one line, and wraps the second below the first with no offset", async () => {
    renderConsole({ path: '/home', signedIn: companyLogin });
    const plans = within(await screen.findByTestId('home-card-training-plans'));
    const shortcuts = plans.getAllByRole('link');
    expect(shortcuts.map((link) => link.textContent)).toEqual(['Open training plans', 'New training plan']);
    for (const link of shortcuts) expect(getComputedStyle(link).whiteSpace).toBe('nowrap');
    const actions = getComputedStyle(shortcuts[0]!.parentElement!);
    expect([actions.flexWrap, getComputedStyle(shortcuts[1]!).marginLeft]).toEqual(['wrap', '0px']);
  });

  it('says when a count cannot be had, and still offers the shortcuts', async () => {
    const failing = companies(3);
    failing.api.list.mockRejectedValue({ kind: 'http', status: 500, message: 'boom' });
    renderConsole({ path: '/home', signedIn: tenantLogin, resources: { companies: failing } });

    await countOf('companies', 'Count unavailable');
    expect(card('companies').getByRole('link', { name: 'Open companies' })).toBeDefined();
  });
});
