import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { assumedLogin, globalLogin, pending } from '../support/fixtures/session';
import { renderConsole } from '../support/views/render-console';
import { companies, tenants } from '../support/views/resource-fixtures';
import { notificationTexts } from '../support/views/screen-queries';

const banner = () => screen.queryByTestId('assumed-tenant-banner');
const menuLabels = () =>
  within(screen.getByTestId('sidebar-menu'))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('assumed tenant banner', () => {
  it('names the tenant and the root admin acting in it', async () => {
    renderConsole({ path: '/home', signedIn: assumedLogin, rootSession: globalLogin });
    await screen.findByTestId('assumed-tenant-banner');
    expect(banner()?.textContent).toContain('You are acting in tenant Acme Learning as Grace.');
    expect(within(banner()!).getByRole('button', { name: 'Back to root admin' })).toBeTruthy();
  });

  it('is not shown to anyone acting as themselves', async () => {
    renderConsole({ path: '/home', signedIn: globalLogin });
    await screen.findByTestId('sidebar-menu');
    expect(banner()).toBeNull();
  });

  it('brings the root admin back to the tenants, revoking the assumed session', async () => {
    const { user, fakes, location, queryClient } = renderConsole({
      path: '/companies',
      signedIn: assumedLogin,
      rootSession: globalLogin,
      resources: { companies: companies(), tenants: tenants() },
    });
    await screen.findByTestId('assumed-tenant-banner');
    queryClient().setQueryData(['companies', 'list'], 'seen as the tenant');
    await user.click(screen.getByRole('button', { name: 'Back to root admin' }));
    await waitFor(() => expect(location()).toBe('/tenants'));
    expect(fakes.logout).toHaveBeenCalledWith({ token: assumedLogin.token });
    expect(banner()).toBeNull();
    expect(menuLabels()).toEqual(['Tenants', 'Users', 'Activity', 'Reports']);
    expect(queryClient().getQueryData(['companies', 'list'])).toBeUndefined();
    await waitFor(() => expect(notificationTexts()).toEqual(['You are the root admin again']));
    expect(await screen.findByText('Beta Academy')).toBeTruthy();
  });

  it('waits for the revocation with its button disabled', async () => {
    const { user } = renderConsole({ path: '/home', signedIn: assumedLogin, rootSession: globalLogin, logout: pending });
    await screen.findByTestId('assumed-tenant-banner');
    await user.click(screen.getByRole('button', { name: 'Back to root admin' }));
    expect(screen.getByRole('button', { name: 'Back to root admin' }).hasAttribute('disabled')).toBe(true);
  });

  it('speaks Italian', async () => {
    renderConsole({ path: '/home', language: 'it', signedIn: assumedLogin, rootSession: globalLogin });
    await screen.findByTestId('assumed-tenant-banner');
    expect(banner()?.textContent).toContain('Stai operando nel tenant Acme Learning come Grace.');
    expect(screen.getByRole('button', { name: "Torna all'amministratore root" })).toBeTruthy();
  });
});
