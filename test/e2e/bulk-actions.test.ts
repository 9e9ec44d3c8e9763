import { describe, expect, it } from 'vitest';
import { apiSession, unique, type Page } from './api';
import { demo, signIn, usePage } from './browser';

interface UserRow {
  id: string;
  surname: string;
  enabled: boolean;
}

describe('bulk actions on a list (issue 29)', () => {
  const page = usePage();

  it('disables 25 users selected across three pages in one action, and says so', async () => {
    const admin = await apiSession(demo.company);
    // Users of this test's own, by a surname no other test uses: other tests on the same server change the demo users.
    const tag = unique('Bulk').replace(/\s/g, '');
    for (let index = 0; index < 25; index += 1) {
      const made = await admin.call<UserRow>('POST', 'users', {
        name: `Bulk${index}`,
        surname: tag,
        email: `bulk.${index}.${tag.toLowerCase()}@example.com`,
        scope: 'COMPANY',
      });
      expect(made.status).toBe(201);
    }

    await signIn(page(), demo.company);
    await page().goto(`/users?search=${tag}&pageSize=10`);
    const grid = page().getByRole('grid');
    await expect.poll(() => grid.innerText()).toContain(tag);
    // Each page's own "select all" checks its rows; the selection outlives the page.
    for (const pageNumber of [1, 2, 3]) {
      if (pageNumber > 1) {
        await page().getByRole('button', { name: 'Go to next page' }).click();
        await expect.poll(() => grid.innerText()).toContain(`Bulk${(pageNumber - 1) * 10}`);
      }
      await grid.getByRole('checkbox', { name: 'Select all rows' }).check();
    }
    await expect.poll(() => page().getByRole('region', { name: '25 selected' }).isVisible()).toBe(true);

    await page().getByRole('region', { name: '25 selected' }).getByRole('button', { name: 'Disable' }).click();
    const dialog = page().getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toContain('Disable 25 users?');
    await dialog.getByRole('button', { name: 'Disable' }).click();

    await expect
      .poll(() => page().getByRole('status').filter({ hasText: 'Done:' }).innerText())
      .toContain('Done: 25 of 25 succeeded, 0 skipped.');
    const listed = await admin.call<Page<UserRow>>('GET', `users?search=${tag}&pageSize=100`);
    expect(listed.body.items.map((user) => user.enabled)).toEqual(Array.from({ length: 25 }, () => false));
  }, 240_000);
});
