import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { gridLocaleText } from '../../src/views/list/grid-locale';
import { createI18n } from '../../src/i18n';
import { loadTranslationsAtOnce } from '../support/translations';
import { tenantLogin } from '../support/fixtures/session';
import { renderConsole } from '../support/views/render-console';
import { activityEntry as entry, companies } from '../support/views/resource-fixtures';

/** Counts read the same on /home, in the grid and in History, in the page's language. */
describe('numbers and paging texts follow the language', () => {
  it.each([
    ['en', '12,345 records', '1–10 of 12,345'],
    ['it', '12.345 elementi', '1–10 di 12.345'],
  ] as const)('in %s: the home card and the grid write 12345 alike', async (language, homeText, pagerText) => {
    const many = companies(10);
    many.api.list.mockImplementation(async () => ({
      items: [...many.records.values()].slice(0, 10),
      total: 12_345,
      totalIsEstimate: false,
    }));
    const { history } = renderConsole({ path: '/home', language, signedIn: tenantLogin, resources: { companies: many } });

    expect((await screen.findByTestId('home-count-companies')).textContent).not.toBe('');
    expect((await screen.findByText(homeText, { selector: '[data-testid="home-count-companies"]' })).textContent).toBe(homeText);

    history.navigate('/companies');
    expect(await screen.findByText(pagerText)).toBeTruthy();
  });

  it("says History's pager in Italian on an Italian page", async () => {
    renderConsole({
      path: '/companies/c1',
      language: 'it',
      signedIn: tenantLogin,
      resources: { companies: companies(3) },
      activity: vi.fn(async () => ({ items: [entry], total: 1, totalIsEstimate: false })),
    });

    const history = await screen.findByRole('region', { name: 'Cronologia' });
    expect(await within(history).findByText('1–1 di 1')).toBeTruthy();
    expect(within(history).getByRole('button', { name: 'Vai alla pagina successiva' })).toBeTruthy();
  });

  it.each([
    ['en', '12,345 rows selected'],
    ['it', '12.345 righe selezionate'],
  ] as const)("writes the grid's own counts in %s, not in the browser's locale", async (language, text) => {
    const i18n = createI18n(language, { load: loadTranslationsAtOnce });
    expect(gridLocaleText(i18n.t, language, false).footerRowSelected!(12_345)).toBe(text);
  });
});
