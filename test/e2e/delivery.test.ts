import { describe, expect, it } from 'vitest';
import { apiSession, unique, type Page } from './api';
import { demo, signIn, usePage } from './browser';

interface UserRow {
  id: string;
  name: string;
  surname: string;
  email: string;
  scope: string;
}

describe('a COMPANY admin delivering a plan (issue 27)', () => {
  const page = usePage();

  it('creates a group, adds two users, assigns the published plan to it with a due date, and sees the learners', async () => {
    const admin = await apiSession(demo.company);
    const plans = (await admin.call<Page<{ id: string; name: string; status: string }>>('GET', 'training-plans?pageSize=100')).body.items;
    const plan = plans.find((candidate) => candidate.status === 'PUBLISHED' && candidate.name === 'New hire onboarding');
    expect(plan, 'the demo data has a published plan').toBeDefined();
    if (!plan) return;
    // Two learners of this test's own: other tests on the same server create and delete users of the demo company.
    const tag = unique('Delivery');
    const learners: UserRow[] = [];
    for (const name of ['Dora', 'Dario']) {
      const made = await admin.call<UserRow>('POST', 'users', {
        name,
        surname: tag,
        email: `${name.toLowerCase()}.${tag.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`,
        password: 'Learner-Pass-2026!',
        scope: 'COMPANY',
      });
      expect(made.status).toBe(201);
      learners.push(made.body);
    }
    const groupName = unique('Delivery e2e');

    await signIn(page(), demo.company);
    await page().getByTestId('sidebar-menu').getByRole('link', { name: 'Groups' }).click();
    await page().waitForURL('**/groups');
    await page().getByRole('button', { name: 'Add' }).click();
    await page().waitForURL('**/groups/new');
    await page().getByRole('textbox', { name: 'Name' }).fill(groupName);
    await page().getByRole('button', { name: 'Save' }).click();
    await page().waitForURL(/\/groups\/[0-9a-f-]{36}$/);
    const groupId = new URL(page().url()).pathname.split('/')[2]!;

    await page().getByRole('button', { name: 'Add members' }).click();
    const addDialog = page().getByRole('dialog', { name: 'Add members' });
    for (const learner of learners) {
      await addDialog.getByRole('combobox', { name: 'Users to add' }).fill(learner.surname);
      await page()
        .getByRole('option', { name: `${learner.name} ${learner.surname} (${learner.email})` })
        .click();
    }
    await addDialog.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => page().getByTestId('notifications').innerText()).toContain('Members added');
    const members = page().getByRole('region', { name: 'Members' });
    for (const learner of learners) await expect.poll(() => members.innerText()).toContain(learner.email);

    await page().goto(`/training-plans/${plan.id}`);
    await page().getByRole('button', { name: 'Assign' }).click();
    const assignDialog = page().getByRole('dialog', { name: 'Assign the plan' });
    await assignDialog.getByRole('combobox', { name: 'Assign to' }).click();
    await page().getByRole('option', { name: 'Groups' }).click();
    await assignDialog.getByRole('combobox', { name: 'Groups' }).fill(groupName);
    await page().getByRole('option', { name: groupName }).click();
    await assignDialog.getByLabel('Due date').fill('2030-12-31');
    await assignDialog.getByRole('button', { name: 'Assign' }).click();
    await expect.poll(() => page().getByTestId('notifications').innerText()).toContain('Plan assigned');
    const assignments = page().getByRole('region', { name: 'Assignments' });
    await expect.poll(() => assignments.innerText()).toContain(`${groupName} (Groups)`);
    await expect.poll(() => assignments.innerText()).toContain('Dec 31, 2030');

    await page().getByRole('tab', { name: 'Learners' }).click();
    const table = page().getByRole('region', { name: 'Learners' });
    await table.getByRole('textbox', { name: 'Search' }).fill(learners[0]!.surname);
    await expect.poll(() => table.innerText()).toContain(learners[0]!.email);
    await expect.poll(() => table.innerText()).toContain('Dec 31, 2030');
    await table.getByRole('textbox', { name: 'Search' }).fill(learners[1]!.surname);
    await expect.poll(() => table.innerText()).toContain(learners[1]!.email);
    await expect.poll(() => page().getByRole('figure', { name: 'Status breakdown' }).count()).toBe(1);

    // The API agrees, then the demo data is left as it was found.
    const enrolled = (
      await admin.call<Page<{ userId: string; dueDate: string | null }>>('GET', `training-plans/${plan.id}/enrolments?pageSize=100`)
    ).body.items;
    for (const learner of learners) expect(enrolled.map((row) => row.userId)).toContain(learner.id);
    const created = (await admin.call<Page<{ id: string; groupId: string | null }>>('GET', `training-plans/${plan.id}/assignments`)).body
      .items;
    for (const assignment of created.filter((row) => row.groupId === groupId)) {
      expect((await admin.call('DELETE', `training-plans/${plan.id}/assignments/${assignment.id}`)).status).toBe(204);
    }
    expect((await admin.call('DELETE', `groups/${groupId}`)).status).toBe(204);
    for (const learner of learners) expect((await admin.call('DELETE', `users/${learner.id}`)).status).toBe(204);
  });
});
