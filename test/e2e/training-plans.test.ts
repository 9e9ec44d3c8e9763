import { describe, expect, it } from 'vitest';
import type { Page as BrowserPage } from 'playwright-core';
import { apiSession, unique, type Page } from './api';
import { demo, signIn, usePage } from './browser';

const titlesIn = async (page: BrowserPage, table: string, titles: string[]) => {
  const texts = await page.getByTestId(table).locator('tbody tr').allInnerTexts();
  return texts.map((text) => titles.find((title) => text.includes(title)) ?? `? ${text}`);
};

async function saveAndReturn(page: BrowserPage, toast: string, urlPattern: RegExp) {
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => page.getByTestId('notifications').innerText()).toContain(toast);
  await page.waitForURL(urlPattern);
}

describe('a COMPANY admin building a training plan', () => {
  const page = usePage();

  it('builds two modules and three items, reorders by drag and by keyboard, keeps the order, and publishes', async () => {
    const admin = await apiSession(demo.company);
    const contents = await admin.call<Page<{ id: string; title: string }>>('GET', 'contents?sortBy=title');
    const content = contents.body.items[0];
    expect(content, 'the demo data has contents').toBeDefined();
    if (!content) return;

    const planName = unique('Onboarding');
    await signIn(page(), demo.company);
    await page().getByTestId('sidebar-menu').getByRole('link', { name: 'Training plans' }).click();
    await page().getByRole('button', { name: 'Add' }).click();
    await page().waitForURL('**/training-plans/new');
    await page().getByRole('textbox', { name: 'Name' }).fill(planName);
    await saveAndReturn(page(), 'Training plan created', /\/training-plans\/[0-9a-f-]{36}$/);
    const planPath = new URL(page().url()).pathname;
    await expect.poll(() => page().getByTestId('modules-table').count()).toBe(1);

    const modules = ['Module Alpha', 'Module Beta'];
    for (const title of modules) {
      await page().getByRole('button', { name: 'Add module' }).click();
      await page().waitForURL(`**${planPath}/modules/new`);
      await page().getByRole('textbox', { name: 'Title' }).fill(title);
      await saveAndReturn(page(), 'Module created', new RegExp(`${planPath}$`));
    }
    await expect.poll(() => titlesIn(page(), 'modules-table', modules)).toEqual(modules);

    // items in the first module
    await page()
      .getByTestId('modules-table')
      .locator('tbody tr')
      .filter({ hasText: 'Module Alpha' })
      .getByRole('button', { name: 'Edit' })
      .click();
    await page().waitForURL(new RegExp(`${planPath}/modules/[0-9a-f-]{36}$`));
    const modulePath = new URL(page().url()).pathname;
    const items = ['Item One', 'Item Two', 'Item Three'];
    for (const [index, title] of items.entries()) {
      await page().getByRole('button', { name: 'Add item' }).click();
      await page().waitForURL(`**${modulePath}/items/new`);
      await page().getByRole('textbox', { name: 'Title' }).fill(title);
      if (index === 0) {
        await page().getByRole('combobox', { name: 'Content', exact: true }).fill(content.title.slice(0, 6));
        await page().getByRole('option', { name: content.title }).click();
      }
      if (index === 1) {
        await page().getByRole('combobox', { name: 'Type', exact: true }).click();
        await page().getByRole('option', { name: 'QUIZ' }).click();
      }
      await saveAndReturn(page(), 'Item created', new RegExp(`${modulePath}$`));
    }
    await expect.poll(() => titlesIn(page(), 'items-table', items)).toEqual(items);
    const [planId, moduleId] = [planPath.split('/')[2], modulePath.split('/')[4]];
    const apiItems = async () =>
      (
        await admin.call<Page<{ title: string; contentId: string | null; type: string }>>(
          'GET',
          `training-plans/${planId}/modules/${moduleId}/items`,
        )
      ).body.items;
    expect((await apiItems()).map((item) => [item.title, item.type, item.contentId])).toEqual([
      ['Item One', 'CONTENT', content.id],
      ['Item Two', 'QUIZ', null],
      ['Item Three', 'CONTENT', null],
    ]);

    // keyboard: pick up "Item Three", move it up twice, drop
    await page().getByRole('button', { name: 'Reorder Item Three' }).focus();
    await page().keyboard.press('Space');
    await page().keyboard.press('ArrowUp');
    await page().keyboard.press('ArrowUp');
    await page().keyboard.press('Space');
    const afterKeyboard = ['Item Three', 'Item One', 'Item Two'];
    await expect.poll(() => titlesIn(page(), 'items-table', items)).toEqual(afterKeyboard);
    await expect.poll(async () => (await apiItems()).map((item) => item.title)).toEqual(afterKeyboard);

    // drag: "Item Two" onto the first row
    await page().getByRole('button', { name: 'Reorder Item Two' }).dragTo(page().getByTestId('items-table').locator('tbody tr').first());
    const afterDrag = ['Item Two', 'Item Three', 'Item One'];
    await expect.poll(() => titlesIn(page(), 'items-table', items)).toEqual(afterDrag);
    await expect.poll(async () => (await apiItems()).map((item) => item.title)).toEqual(afterDrag);
    await page().reload();
    await expect.poll(() => titlesIn(page(), 'items-table', items)).toEqual(afterDrag);

    // modules: drag Beta above Alpha; the item count is fresh without a reload
    await page().goto(planPath);
    const alphaRow = page().getByTestId('modules-table').locator('tbody tr').filter({ hasText: 'Module Alpha' });
    await expect.poll(() => alphaRow.innerText()).toMatch(/\b3\b/);
    await page().getByRole('button', { name: 'Reorder Module Beta' }).dragTo(alphaRow);
    await expect.poll(() => titlesIn(page(), 'modules-table', modules)).toEqual(['Module Beta', 'Module Alpha']);
    await page().reload();
    await expect.poll(() => titlesIn(page(), 'modules-table', modules)).toEqual(['Module Beta', 'Module Alpha']);

    // publish: delete becomes unavailable and says why
    await page().getByRole('combobox', { name: 'Status', exact: true }).click();
    await page()
      .getByRole('option', { name: /published/i })
      .click();
    await page().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page().getByTestId('notifications').innerText()).toContain('Training plan updated');
    await page().goto(planPath);
    const deleteButton = page().locator('form').getByRole('button', { name: 'Delete', exact: true });
    await expect.poll(() => deleteButton.isDisabled()).toBe(true);
    await expect.poll(() => page().getByText('Set the plan back to Draft to delete it').count()).toBeGreaterThan(0);
    const refused = await admin.call<{ message: string }>('DELETE', `training-plans/${planId}`);
    expect(refused.status).toBe(409);

    await page().goto(`/training-plans?search=${encodeURIComponent(planName)}`);
    const row = page().locator('[role="row"][data-id]').first();
    await expect.poll(() => row.innerText()).toMatch(/published/i);
  });
});
