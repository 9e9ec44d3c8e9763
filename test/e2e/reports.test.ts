import type { Page as BrowserPage } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demo, signIn, usePage } from './browser';

const dataRows = (page: BrowserPage) => page.locator('[role="row"][data-id]');
/** The cells of the row whose first column says `name`, as the screen shows them. */
const cellsOf = async (page: BrowserPage, name: string) => {
  const row = dataRows(page).filter({ hasText: name }).first();
  await row.waitFor();
  return row.locator('[role="gridcell"]').allInnerTexts();
};

// Completion reports (issue 27), on the demo data: the onboarding plan assigned to "New hires" (five learners) and to
// one more learner directly, due a week before the seeding (overdue); the demo statements finished it for two learners,
// started it for two, and the overdue one stopped after the first item.
describe('the completion reports', () => {
  const page = usePage();

  it('show a TENANT admin its demo company’s enrolments', async () => {
    await signIn(page(), demo.tenant);
    await page().getByTestId('sidebar-menu').getByRole('link', { name: 'Reports' }).click();
    await page().waitForURL('**/reports');
    const company = await cellsOf(page(), 'Acme Robotics S.p.A.');
    expect(company.slice(0, 3)).toEqual(['Acme Robotics S.p.A.', 'Acme Learning', expect.stringMatching(/^\d+$/)]);
    expect(Number(company[2])).toBeGreaterThanOrEqual(6);
  });

  it('show a COMPANY admin its plans, then its groups', async () => {
    await signIn(page(), demo.company);
    await page().goto('/reports');
    await page().waitForURL('**/reports/plans');
    const plan = await cellsOf(page(), 'New hire onboarding');
    // Name, status, enrolled, not started, in progress, completed, overdue, completion rate.
    expect(plan.slice(0, 7)).toEqual(['New hire onboarding', 'Published', '6', '1', '2', '2', '1']);
    expect(plan[7]).toContain('33%');

    await page().getByRole('tab', { name: 'By group' }).click();
    await page().waitForURL('**/reports/groups');
    expect((await cellsOf(page(), 'New hires')).slice(0, 3)).toEqual(['New hires', '5', '5']);
  });

  it("name the demo company on a TENANT admin's home, most overdue first, leading to its line of the report", async () => {
    await signIn(page(), demo.tenant);
    await page().goto('/home');
    const attention = page().getByRole('region', { name: 'Needs attention' });
    await expect.poll(() => attention.getByTestId('attention-overdue').innerText(), { timeout: 30_000 }).toMatch(/^\d+ learners? overdue$/);
    const company = attention.getByRole('link', { name: /^Acme Robotics S\.p\.A\. \(Acme Learning\): \d+ learners? overdue/ });
    await company.click();
    await page().waitForURL(/\/reports\?search=Acme%20Robotics/);
    expect((await cellsOf(page(), 'Acme Robotics S.p.A.'))[0]).toBe('Acme Robotics S.p.A.');
    expect(await dataRows(page()).count()).toBe(1);
  });

  it("name the demo's overdue learner on a COMPANY admin's home, leading to the plan's overdue learners", async () => {
    await signIn(page(), demo.company);
    await page().goto('/home');
    const attention = page().getByRole('region', { name: 'Needs attention' });
    await expect.poll(() => attention.getByTestId('attention-overdue').innerText(), { timeout: 30_000 }).toMatch(/^\d+ learners? overdue$/);
    const learner = attention.getByRole('link', { name: /New hire onboarding/ }).first();
    const name = (await learner.innerText()).split(' — ')[0]!;
    await learner.click();
    await page().waitForURL(/\/training-plans\/[0-9a-f-]+\?learners=OVERDUE$/);
    const learners = page().getByRole('region', { name: 'Learners' });
    await expect
      .poll(() => learners.locator('[role="row"][data-id]').filter({ hasText: name }).innerText(), { timeout: 30_000 })
      .toContain('Overdue');
    // Filtered by Overdue: every row listed is overdue.
    const rows = await learners.locator('[role="row"][data-id]').allInnerTexts();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.includes('Overdue'))).toBe(true);
  });
});
