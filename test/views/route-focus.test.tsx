import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tenantLogin } from '../support/fixtures/session';
import { renderConsole } from '../support/views/render-console';
import { companies } from '../support/views/resource-fixtures';

describe('keyboard and screen-reader users move through the pages', () => {
  it('meet "Skip to content" first, leading to the page', async () => {
    const { user } = renderConsole({ path: '/home', signedIn: tenantLogin, resources: { companies: companies(3) } });
    await screen.findByTestId('page-title');

    await user.tab();

    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    expect(skip.getAttribute('href')).toBe('#main-content');
    expect(document.getElementById('main-content')?.tagName).toBe('MAIN');
  });

  it('find the focus on the new page’s heading after a route change, not on the first page', async () => {
    const { user } = renderConsole({ path: '/home', signedIn: tenantLogin, resources: { companies: companies(3) } });
    await screen.findByTestId('page-title');
    expect(document.activeElement).toBe(document.body);

    await user.click(screen.getAllByRole('link', { name: 'Open companies' })[0]!);

    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Companies'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Companies' })));
  });
});
