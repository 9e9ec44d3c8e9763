import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyLogin, tenantLogin } from '../support/fixtures/session';
import { fakeDelivery, type FakeCredential } from '../support/views/fake-delivery';
import { renderConsole, type RenderOptions } from '../support/views/render-console';
import { cellTexts, dataRows, notificationTexts } from '../support/views/screen-queries';

const open = async (options: RenderOptions = {}) => {
  const view = renderConsole({ path: '/lrs-credentials', signedIn: companyLogin, ...options });
  await screen.findByTestId('page-title');
  return view;
};

const credential = (id: string, label: string, revokedAt: string | null = null): FakeCredential => ({
  id,
  createdAt: '2026-11-20T09:00:00.000Z',
  label,
  key: `key-of-${id}`,
  createdBy: 'user-1',
  createdByName: 'Carla Bianchi',
  revokedAt,
  lastUsedAt: id === 'c1' ? '2026-11-27T15:00:00.000Z' : null,
});

const withCredentials = () =>
  fakeDelivery({ credentials: [credential('c1', 'Mobile app'), credential('c2', 'Old kiosk', '2026-11-21T09:00:00.000Z')] });

describe('the LRS credentials page', { timeout: 30_000 }, () => {
  it("is in a COMPANY admin's menu and lists the credentials, the endpoint to use, revoked ones without Revoke", async () => {
    await open({ delivery: withCredentials() });
    expect(screen.getByTestId('page-title').textContent).toBe('Learning record store');
    expect(screen.getAllByRole('link', { name: 'Learning record store', hidden: true }).length).toBeGreaterThan(0);
    expect(screen.getByTestId('lrs-endpoint').textContent).toBe(`${window.location.origin}/api/xapi/`);
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(cellTexts(dataRows()[0]!).slice(0, 5)).toEqual([
      'Mobile app',
      'key-of-c1',
      expect.stringContaining('Carla Bianchi'),
      expect.stringContaining('2026'),
      'Active',
    ]);
    expect(cellTexts(dataRows()[1]!)[3]).toBe('Never');
    expect(cellTexts(dataRows()[1]!)[4]).toBe('Revoked on Nov 21, 2026');
    expect(within(dataRows()[0]!).getByRole('button', { name: 'Revoke', hidden: true })).toHaveProperty('disabled', false);
    // A revoked credential cannot be revoked again: its Revoke is disabled and says why.
    expect(within(dataRows()[1]!).getByRole('button', { name: /Revoke/, hidden: true })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });

  it('creates a credential and shows its key and secret once, with the warning, then lists it', async () => {
    const delivery = fakeDelivery();
    const { user } = await open({ delivery });
    await user.click(screen.getByRole('button', { name: 'New credential' }));
    const dialog = await screen.findByRole('dialog');
    // The label is required: nothing is sent without it.
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(delivery.spies.createCredential).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Label' }), 'Learner app');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const shown = await within(dialog).findByTestId('lrs-new-credential');
    expect(delivery.spies.createCredential).toHaveBeenCalledWith('Learner app');
    expect(within(shown).getByText(/it will not be shown again/)).toBeTruthy();
    expect(within(shown).getByTestId('lrs-key').textContent).toBe('key-1');
    expect(within(shown).getByTestId('lrs-secret').textContent).toBe('secret-1');
    expect(within(shown).getByRole('button', { name: 'Copy Secret' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(cellTexts(dataRows()[0]!).slice(0, 2)).toEqual(['Learner app', 'key-1']);
    // The secret is nowhere on the page any more.
    expect(screen.queryByText('secret-1')).toBeNull();
  });

  it('revokes a credential after the confirmation, in Italian', async () => {
    const delivery = withCredentials();
    const { user } = await open({ delivery, language: 'it' });
    expect(screen.getByTestId('page-title').textContent).toBe('Archivio dei dati di apprendimento');
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    await user.click(within(dataRows()[0]!).getByRole('button', { name: 'Revoca', hidden: true }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('Revocare questa credenziale?');
    await user.click(within(confirm).getByRole('button', { name: 'Revoca' }));

    await waitFor(() => expect(delivery.spies.revokeCredential).toHaveBeenCalledWith('c1'));
    await waitFor(() => expect(notificationTexts()).toContain('Credenziale revocata'));
    await waitFor(() => expect(cellTexts(dataRows()[0]!)[4]).toMatch(/^Revocata il/));
  });

  it('is not in the menu of a TENANT admin', async () => {
    renderConsole({ path: '/home', signedIn: tenantLogin });
    await screen.findByTestId('page-title');
    expect(screen.queryByRole('link', { name: 'Learning record store', hidden: true })).toBeNull();
  });
});
