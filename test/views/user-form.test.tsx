import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tenantLogin } from '../support/fixtures/session';
import { renderConsole } from '../support/views/render-console';
import { companies, users } from '../support/views/resource-fixtures';
import { dataRows } from '../support/views/screen-queries';

/** The form's grid cell holding the field named `label` (a text box, a switch or a select). */
const cellOf = (label: string) => {
  const control = screen.queryByLabelText(label, { selector: 'input' }) ?? screen.getByRole('combobox', { name: label, hidden: true });
  let cell: HTMLElement = control;
  while (cell.parentElement && getComputedStyle(cell.parentElement).display !== 'grid') cell = cell.parentElement;
  return cell;
};
const startsRow = (label: string) => getComputedStyle(cellOf(label)).gridColumnStart === '1';

describe("the user form's layout and texts", () => {
  it('pairs the passwords, then the two switches, each pair on its own row, and says a blank password is kept', async () => {
    renderConsole({ path: '/users/u2', signedIn: tenantLogin, resources: { users: users(), companies: companies(3) } });
    await screen.findByRole('button', { name: 'Save' });
    expect(await screen.findByRole('switch', { name: 'Enabled' })).toBeTruthy();

    expect(['Password', 'Confirm password', 'Enabled', 'Administrator', 'Scope'].map(startsRow)).toEqual([true, false, true, false, true]);
    const passwordHelp = (label: string) => {
      const input = screen.getByLabelText(label, { selector: 'input' });
      return document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
    };
    expect(passwordHelp('Password')).toBe('Leave blank to keep the current password');
    expect(passwordHelp('Confirm password')).toBe('Leave blank to keep the current password');
  });

  it('does not say so on a new user, who has no password to keep', async () => {
    renderConsole({ path: '/users/new', signedIn: tenantLogin, resources: { users: users(), companies: companies(3) } });
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.queryByText('Leave blank to keep the current password')).toBeNull();
  });

  it('shows a cross saying "Disabled" in the Enabled column of a disabled user', async () => {
    renderConsole({ path: '/users', signedIn: tenantLogin, resources: { users: users() } });
    await waitFor(() => expect(dataRows().length).toBeGreaterThan(1));
    const bruno = dataRows().find((row) => row.textContent?.includes('Bruno'))!;
    expect(within(bruno).getByRole('img', { name: 'Disabled', hidden: true })).toBeTruthy();
    const enabledOne = dataRows().find((row) => !row.textContent?.includes('Bruno'))!;
    expect(within(enabledOne).getByRole('img', { name: 'Enabled', hidden: true })).toBeTruthy();
  });
});
