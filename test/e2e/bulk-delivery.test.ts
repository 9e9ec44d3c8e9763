import { describe, expect, it } from 'vitest';
import { apiSession, unique, type Page } from './api';
import { demo, signIn, usePage } from './browser';
import { seriousViolations } from './axe';

interface UserRow {
  id: string;
  name: string;
  surname: string;
  email: string;
}

describe('bulk delivery on the users list (issue 29)', () => {
  const page = usePage();

  it('adds 3 selected users to a group and assigns them a plan, from the selection', async () => {
    const admin = await apiSession(demo.company);
    // This test's own users, group and plan, by names no other test uses.
    const tag = unique('Bulkdel').replace(/[^A-Za-z0-9]/g, '');
    const learners: UserRow[] = [];
    for (const name of ['Gina', 'Guido', 'Greta']) {
      const made = await admin.call<UserRow>('POST', 'users', {
        name,
        surname: tag,
        email: `${name.toLowerCase()}.${tag.toLowerCase()}@example.com`,
        scope: 'COMPANY',
      });
      expect(made.status).toBe(201);
      learners.push(made.body);
    }
    const group = await admin.call<{ id: string; name: string }>('POST', 'groups', { name: `Group ${tag}` });
    const plan = await admin.call<{ id: string; name: string }>('POST', 'training-plans', { name: `Plan ${tag}`, status: 'PUBLISHED' });
    expect([group.status, plan.status]).toEqual([201, 201]);

    await signIn(page(), demo.company);
    const selectTheThree = async () => {
      await page().goto(`/users?search=${tag}`);
      const grid = page().getByRole('grid');
      await expect.poll(() => grid.innerText()).toContain('Greta');
      await grid.getByRole('checkbox', { name: 'Select all rows' }).check();
      return page().getByRole('region', { name: '3 selected' });
    };

    await (await selectTheThree()).getByRole('button', { name: 'Add to group' }).click();
    const dialog = page().getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toContain('Add 3 users to a group?');
    await dialog.getByRole('combobox', { name: 'Group' }).fill(tag);
    await page().getByRole('option', { name: group.body.name }).click();
    // The dialog with its picker, as a screen reader meets it.
    expect(await seriousViolations(page())).toEqual([]);
    await dialog.getByRole('button', { name: 'Add to group' }).click();
    await expect
      .poll(() => page().getByRole('status').filter({ hasText: 'Done:' }).innerText())
      .toContain('Done: 3 of 3 succeeded, 0 skipped.');

    await page().goto(`/groups/${group.body.id}`);
    const members = page().getByRole('region', { name: 'Members' });
    for (const learner of learners) await expect.poll(() => members.innerText()).toContain(learner.email);

    await (await selectTheThree()).getByRole('button', { name: 'Assign a plan' }).click();
    await dialog.getByRole('combobox', { name: 'Published training plan' }).fill(tag);
    await page().getByRole('option', { name: plan.body.name }).click();
    await dialog.getByLabel('Due date').fill('2030-12-31');
    await dialog.getByRole('button', { name: 'Assign a plan' }).click();
    await expect
      .poll(() => page().getByRole('status').filter({ hasText: 'Done:' }).innerText())
      .toContain('Done: 3 of 3 succeeded, 0 skipped.');

    await page().goto(`/training-plans/${plan.body.id}`);
    await page().getByRole('tab', { name: 'Learners' }).click();
    const table = page().getByRole('region', { name: 'Learners' });
    await table.getByRole('textbox', { name: 'Search' }).fill(tag);
    for (const learner of learners) await expect.poll(() => table.innerText()).toContain(learner.email);
    await expect.poll(() => table.innerText()).toContain('Dec 31, 2030');

    // The demo data is left as it was found: the plan (with its assignments) and the group, then the users.
    const enrolled = (await admin.call<Page<{ userId: string }>>('GET', `training-plans/${plan.body.id}/enrolments?pageSize=100`)).body
      .items;
    expect(enrolled.map((row) => row.userId).sort()).toEqual(learners.map((learner) => learner.id).sort());
    // Back to Draft (the one-row rule for deleting a plan), then deleted with its assignments.
    const stored = (await admin.call<{ version: number; freelyNavigable: boolean }>('GET', `training-plans/${plan.body.id}`)).body;
    const drafted = await admin.call('PUT', `training-plans/${plan.body.id}`, {
      name: plan.body.name,
      status: 'DRAFT',
      freelyNavigable: stored.freelyNavigable,
      version: stored.version,
    });
    expect(drafted.status).toBe(200);
    expect((await admin.call('DELETE', `training-plans/${plan.body.id}`)).status).toBe(204);
    expect((await admin.call('DELETE', `groups/${group.body.id}`)).status).toBe(204);
    for (const learner of learners) expect((await admin.call('DELETE', `users/${learner.id}`)).status).toBe(204);
  }, 240_000);
});
